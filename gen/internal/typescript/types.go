package typescript

import (
	"slices"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// expr is a spelled TypeScript type and how tightly it binds, so that it is
// parenthesised only where it has to be: (A | B)[], readonly (readonly T[])[].
type expr struct {
	text string
	prec precedence
	null bool     // the type admits null already (null, unknown, a union with null)
	alts []string // the members of a union (prec == precUnion), flattened
}

type precedence int

const (
	precUnion   precedence = iota // A | B
	precPrefix                    // readonly T[]
	precPrimary                   // a name, a keyword, a literal, T[], { … }, [ … ]
)

func primary(text string) expr { return expr{text: text, prec: precPrimary} }

// at spells e where an expression binding at least as tight as p is needed.
func (e expr) at(p precedence) string {
	if e.prec < p {
		return "(" + e.text + ")"
	}
	return e.text
}

// union spells A | B | …, flattening unions among the parts and without
// repeating a member; a single member is returned as it is.
func union(parts ...expr) expr {
	var out []expr
	var alts []string
	null := false
	for _, p := range parts {
		null = null || p.null
		if p.prec == precUnion {
			for _, a := range p.alts {
				if !slices.Contains(alts, a) {
					alts = append(alts, a)
					out = append(out, expr{text: a, prec: precPrefix}) // a member of a union binds at least this tight
				}
			}
			continue
		}
		if !slices.Contains(alts, p.text) {
			alts = append(alts, p.text)
			out = append(out, p)
		}
	}
	if len(out) == 1 {
		return out[0]
	}
	return expr{text: strings.Join(alts, " | "), prec: precUnion, null: null, alts: alts}
}

var (
	exprUnknown = expr{text: "unknown", prec: precPrimary, null: true}
	exprNever   = primary("never")
	exprNull    = expr{text: "null", prec: precPrimary, null: true}
)

// scope maps the type parameters in reach to what they are spelled as: their
// names inside a generic declaration, the arguments of a use elsewhere.
type scope map[model.TypeID]expr

// typeExpr spells a use of a type: a named type by its name and type
// arguments, any other type by its shape, with "| null" when the use allows
// null besides.
//
//	Ref{Envelope, Args: [SearchResults]}  → Envelope<SearchResults>
//	Ref{string scalar, Nullable}          → string | null
//	Ref{array of Warning}                 → Warning[]
func (w *moduleWriter) typeExpr(r model.Ref, sc scope) expr {
	t := w.r.space.Get(r.ID)
	c := t.Base()
	if c.Named && c.Kind != model.KindTypeParam {
		w.use(t)
		return w.nullable(primary(w.r.name(c)+w.typeArgs(t, r.Args, sc)), r)
	}
	// An anonymous type is spelled out where it is used, so it must not
	// contain itself: a recursive type needs a name to refer to.
	if w.spelling[c.ID] {
		w.r.fail(c.Loc, "move the schema to $defs, so that the type has a name to refer to itself by",
			"this %s refers to itself but has no name", c.Kind)
		return exprUnknown
	}
	w.spelling[c.ID] = true
	defer delete(w.spelling, c.ID)
	var e expr
	if p, ok := t.(*model.TypeParam); ok {
		e = w.paramExpr(p, sc)
	} else {
		e = w.shapeExpr(t, w.argScope(t, r.Args, sc))
	}
	return w.nullable(e, r)
}

// nullable adds null to e where the use allows it and e does not already.
func (w *moduleWriter) nullable(e expr, r model.Ref) expr {
	if r.Nullable && !e.null {
		e = union(e, exprNull)
	}
	return e
}

// shapeExpr spells the structure of t: the right-hand side of a named type's
// declaration, or an anonymous type inline.
func (w *moduleWriter) shapeExpr(t model.Type, sc scope) expr {
	switch t := t.(type) {
	case *model.Object:
		return w.inlineObject(t, sc)
	case *model.Enum:
		if len(t.Values) == 0 {
			return exprNever // an empty enum admits no value
		}
		parts := make([]expr, len(t.Values))
		for i, v := range t.Values {
			parts[i] = valueType(v)
		}
		return union(parts...)
	case *model.Const:
		return valueType(t.Value)
	case *model.Union:
		parts := make([]expr, len(t.Branches))
		for i, b := range t.Branches {
			parts[i] = w.typeExpr(b, sc)
		}
		return union(parts...)
	case *model.Array:
		return w.arrayOf(w.typeExpr(t.Items, sc))
	case *model.Tuple:
		return w.tupleExpr(t, sc)
	case *model.Map:
		return primary("{ [key: string]: " + w.typeExpr(t.Values, sc).text + " }")
	case *model.Scalar:
		return scalarExpr(t.Scalar)
	case *model.Any:
		return w.anyExpr(t)
	case *model.Alias:
		return w.typeExpr(t.Target, sc)
	case *model.TypeParam:
		return w.paramExpr(t, sc)
	}
	return exprUnknown
}

// paramExpr spells a type parameter: its name or argument where one is in
// scope, else (a use outside any generic declaration) its default.
func (w *moduleWriter) paramExpr(p *model.TypeParam, sc scope) expr {
	if e, ok := sc[p.ID]; ok {
		return e
	}
	return w.typeExpr(p.Default, sc)
}

// typeArgs spells the type arguments of a use of a generic named type,
// "<SearchResults>"; "" when there are none (the defaults apply).
func (w *moduleWriter) typeArgs(t model.Type, args []model.Ref, sc scope) string {
	if len(t.Base().TypeParams) == 0 || len(args) == 0 {
		return ""
	}
	texts := make([]string, len(args))
	for i, a := range args {
		texts[i] = w.typeExpr(a, sc).text
	}
	return "<" + strings.Join(texts, ", ") + ">"
}

// argScope is the scope inside an anonymous generic type spelled inline: its
// parameters stand for the arguments of the use.
func (w *moduleWriter) argScope(t model.Type, args []model.Ref, outer scope) scope {
	params := t.Base().TypeParams
	if len(params) == 0 || len(args) == 0 {
		return outer
	}
	sc := make(scope, len(outer)+len(params))
	for id, e := range outer {
		sc[id] = e
	}
	for i, p := range params {
		if i < len(args) {
			sc[p] = w.typeExpr(args[i], outer)
		}
	}
	return sc
}

func (w *moduleWriter) arrayOf(item expr) expr {
	if w.r.opts.ReadonlyArrays {
		return expr{text: "readonly " + item.at(precPrimary) + "[]", prec: precPrefix}
	}
	return primary(item.at(precPrimary) + "[]")
}

// tupleExpr spells prefixItems: the items from minItems on are optional, and
// items beyond the prefix are a rest element.
//
//	prefixItems [string, number], minItems 1, items boolean → [string, number?, ...boolean[]]
func (w *moduleWriter) tupleExpr(t *model.Tuple, sc scope) expr {
	required := 0
	if m := t.Checks.MinItems; m != nil {
		required = *m
	}
	var items []string
	for i, it := range t.Items {
		e := w.typeExpr(it, sc)
		if i >= required {
			items = append(items, e.at(precPrimary)+"?")
			continue
		}
		items = append(items, e.text)
	}
	if t.Rest != nil {
		items = append(items, "..."+w.typeExpr(*t.Rest, sc).at(precPrimary)+"[]")
	}
	text := "[" + strings.Join(items, ", ") + "]"
	if w.r.opts.ReadonlyArrays {
		return expr{text: "readonly " + text, prec: precPrefix}
	}
	return primary(text)
}

func scalarExpr(k model.ScalarKind) expr {
	switch k {
	case model.ScalarString:
		return primary("string")
	case model.ScalarInteger, model.ScalarNumber:
		return primary("number")
	case model.ScalarBoolean:
		return primary("boolean")
	case model.ScalarNull:
		return exprNull
	}
	return exprUnknown
}

// anyExpr spells a type with no single shape: never for the false schema,
// the union of its JSON types when the schema lists several, else unknown.
func (w *moduleWriter) anyExpr(t *model.Any) expr {
	if not := t.Checks.Not; not != nil && isTrivialAny(w.r.space.Get(not.ID)) {
		return exprNever
	}
	var parts []expr
	for _, name := range t.Checks.Types {
		switch name {
		case "array":
			parts = append(parts, w.arrayOf(exprUnknown))
		case "object":
			parts = append(parts, primary("{ [key: string]: unknown }"))
		default:
			parts = append(parts, scalarExpr(scalarKinds[name]))
		}
	}
	if len(parts) == 0 {
		return exprUnknown
	}
	return union(parts...)
}

var scalarKinds = map[string]model.ScalarKind{
	"string": model.ScalarString, "integer": model.ScalarInteger, "number": model.ScalarNumber,
	"boolean": model.ScalarBoolean, "null": model.ScalarNull,
}

// isTrivialAny reports whether t accepts every JSON value and says nothing.
func isTrivialAny(t model.Type) bool {
	a, ok := t.(*model.Any)
	if !ok {
		return false
	}
	k := a.Checks
	return len(k.Types) == 0 && k.Not == nil && k.Ref == nil && len(k.AllOf) == 0 && len(k.AnyOf) == 0 &&
		len(k.OneOf) == 0 && k.If == nil && k.Enum == nil && k.Const == nil
}

// inlineObject spells an anonymous object type on one line:
// { id: string; note?: string | null }.
func (w *moduleWriter) inlineObject(o *model.Object, sc scope) expr {
	members := w.members(o, sc)
	if len(members) == 0 {
		return primary("{}")
	}
	parts := make([]string, len(members))
	for i, m := range members {
		parts[i] = m.Key + ": " + m.Type
	}
	return primary("{ " + strings.Join(parts, "; ") + " }")
}

// members spells the members of an object, then its index signature: the
// Extra type where members beyond the named ones are allowed, widened to the
// member types (an index signature must admit every member; undefined too
// for optional ones, so that the declaration also compiles without
// exactOptionalPropertyTypes), or never for a closed object with no members.
func (w *moduleWriter) members(o *model.Object, sc scope) []memberView {
	var out []memberView
	types := []expr{}
	optional := false
	for _, f := range o.Fields {
		e := w.typeExpr(f.Type, sc)
		key := propertyKey(f.JSONName)
		if !f.Required {
			key += "?"
			optional = true
		}
		if f.Doc.ReadOnly {
			key = "readonly " + key
		}
		out = append(out, memberView{Doc: w.fieldDoc(f), Key: key, Type: e.text})
		types = append(types, e)
	}
	var index expr
	switch {
	case o.Extra != nil:
		index = w.typeExpr(*o.Extra, sc)
		if index.text == exprUnknown.text || (index.text == exprNever.text && len(types) == 0) {
			break
		}
		if optional {
			types = append(types, primary("undefined"))
		}
		index = union(append([]expr{index}, types...)...)
	case len(o.Fields) == 0 && o.Closed:
		index = exprNever
	default:
		return out
	}
	return append(out, memberView{Key: "[key: string]", Type: index.text})
}

// typeParam is one type parameter of a generic declaration.
type typeParam struct {
	id   model.TypeID
	name string // "T" when it is the only one, else "T" + its anchor: "TData"
	def  model.Ref
}

// typeParams lists the type parameters t is declared with.
func (r *renderer) typeParams(t model.Type) []typeParam {
	ids := t.Base().TypeParams
	names := naming.TypeParams(r.space, t.Base())
	out := make([]typeParam, len(ids))
	for i, id := range ids {
		p := r.space.Get(id).(*model.TypeParam)
		out[i] = typeParam{id: id, name: names[i], def: p.Default}
	}
	return out
}

// declScope is the scope inside t's declaration and the parameter list it
// is declared with, "<T = unknown>" ("" when t is not generic). A default
// that accepts any value, or is t itself, is spelled unknown; another is
// spelled as its type.
func (w *moduleWriter) declScope(t model.Type) (scope, string) {
	params := w.r.typeParams(t)
	if len(params) == 0 {
		return nil, ""
	}
	sc := make(scope, len(params))
	for _, p := range params {
		sc[p.id] = primary(p.name)
	}
	texts := make([]string, len(params))
	for i, p := range params {
		def := exprUnknown
		// A default that is the type itself (a recursive schema, "$dynamicAnchor"
		// at its own root) would be a circular default: unknown it is.
		if d := w.r.space.Resolve(p.def); !isTrivialAny(d) && d.Base().ID != t.Base().ID {
			def = w.typeExpr(p.def, nil)
		}
		texts[i] = p.name + " = " + def.text
	}
	return sc, "<" + strings.Join(texts, ", ") + ">"
}
