package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// decl is the rendering of one named type. Its type parameters are in scope in
// everything it declares.
type decl struct {
	*renderer
	t      model.Type
	name   string      // the Go name, e.g. "Envelope"
	params []typeParam // in the order of Common.TypeParams
	depth  int         // nesting of anonymous types being spelled, to stop a cycle
	// standIn is set when t is the anonymous target of the alias being
	// declared, which gets the alias's name and a declaration of its own.
	standIn bool
	id      model.TypeID // the declared type (t's ID unless standIn)
	check   model.TypeID // the type whose check function validates it
	wrap    bool         // an alias declared as a defined type over its named target, see newDecl
	nonNil  bool         // while encoding: the slice or map at hand is not nil (appendHeld)
	// defaulting holds the generic types whose parameters' defaults are
	// being spelled, to stop a default that leads back to its type.
	defaulting map[model.TypeID]bool
}

// typeParam is a type parameter of the declared type.
type typeParam struct {
	id   model.TypeID
	name string // as package naming names it: "T" when it is the only one, else e.g. "TData"
}

// maxDepth bounds the nesting of anonymous types, which only a cycle of
// anonymous types (a builder bug) reaches.
const maxDepth = 100

func (r *renderer) newDecl(t model.Type) *decl {
	c := t.Base()
	d := &decl{renderer: r, t: t, id: c.ID, check: c.ID, name: c.Name.Go}
	if a, ok := t.(*model.Alias); ok && r.vp.scoped(a) {
		// An alias that enters a schema resource of its own (which declares
		// $dynamicAnchors) before its target needs methods of its own when
		// the target is a plain named type: type Derived BaseSchema. (A
		// generic target gets its type arguments bound instead.)
		if target := r.vp.Resolve(a.Target.ID); target != nil && target.Base().Named &&
			target.Base().Kind != model.KindTypeParam && target.Base().Kind != model.KindAlias && len(target.Base().TypeParams) == 0 {
			d.wrap, d.check = true, a.ID
		}
	}
	if a, ok := t.(*model.Alias); ok && len(a.Target.Args) == 0 && !d.wrap {
		// A name for an anonymous type (a root that is only a $ref to a
		// schema without a name of its own) is a type of its own, with the
		// methods every generated type has: type Root int64, not = int64.
		// A name for a $dynamicRef is any JSON value, checked by the schema
		// the reference resolves to.
		if target := r.vp.Resolve(a.Target.ID); target != nil && (!target.Base().Named || target.Base().Kind == model.KindTypeParam) {
			d.t, d.standIn, d.check = target, true, target.Base().ID
			if r.vp.scoped(a) { // it enters a resource of its own first
				d.check = a.ID
			}
			for i := 0; i < maxDepth; i++ { // the shape is the final target's
				x, ok := d.t.(*model.Alias)
				if !ok {
					break
				}
				d.t = r.lookup(x.Target.ID)
			}
		}
	}
	names := naming.TypeParams(r.space, c)
	for i, id := range c.TypeParams {
		if _, ok := r.lookup(id).(*model.TypeParam); !ok {
			r.fail(c.Loc, "", "type parameter %d of %s is not a type parameter", i, d.name)
			continue
		}
		d.params = append(d.params, typeParam{id: id, name: names[i]})
	}
	return d
}

// loc is where the declared type comes from, for error messages.
func (d *decl) loc() model.Location { return d.t.Base().Loc }

// instantiate appends a bracketed list to a type name, if there is one:
// Envelope + [SearchResult] → Envelope[SearchResult]. (The list must be added
// to the name's own statement: a separate one would render "Envelope [T]".)
func instantiate(name *jen.Statement, list []jen.Code) *jen.Statement {
	if len(list) == 0 {
		return name
	}
	return name.Types(list...)
}

// typeCode spells the type that ref uses, without the pointer or wrapper that
// the position adds (see slot): a type parameter by its name, a named type by
// its name and type arguments, an anonymous type inline.
func (d *decl) typeCode(ref model.Ref) jen.Code {
	t := d.typeOf(ref)
	if t == nil {
		return jen.Null()
	}
	c := t.Base()
	if tp, ok := t.(*model.TypeParam); ok {
		if !d.declares(tp) {
			// A $dynamicRef that the declared type does not take as a type
			// parameter (its own resource binds the anchor, to a schema
			// whose type cannot be spelled here): any JSON value, which the
			// validator checks against the schema the reference resolves to.
			return jen.Qual(jsonPkg, "RawMessage")
		}
		return jen.Id(d.paramName(tp))
	}
	if c.Named {
		return instantiate(d.qualified(c), d.typeArgs(t, ref.Args))
	}
	if len(ref.Args) > 0 {
		d.fail(c.Loc, "", "type arguments given for an anonymous type")
	}
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > maxDepth {
		d.fail(c.Loc, "", "anonymous types nest without end")
		return jen.Null()
	}
	switch t := t.(type) {
	case *model.Scalar:
		return scalarCode(t.Scalar)
	case *model.Enum:
		return scalarCode(t.ValueType)
	case *model.Const:
		return scalarCode(t.ValueType)
	case *model.Any:
		return jen.Qual(jsonPkg, "RawMessage")
	case *model.Array:
		return jen.Index().Add(d.slot(t.Items, true)) // []T
	case *model.Map:
		return jen.Map(jen.String()).Add(d.slot(t.Values, true)) // map[string]T
	case *model.Object:
		if t.Extra != nil {
			d.needsName(t, "an object that allows extra members has methods")
		}
		return structCode(d.fields(t))
	case *model.Alias:
		return d.typeCode(t.Target)
	case *model.Union:
		d.needsName(t, "a union has methods")
	case *model.Tuple:
		d.needsName(t, "a tuple has methods")
	default:
		d.fail(c.Loc, "", "cannot spell a type of kind %s", c.Kind)
	}
	return jen.Null()
}

// needsName refuses an anonymous type that can only be declared, since it has
// methods.
func (d *decl) needsName(t model.Type, why string) {
	d.fail(t.Base().Loc, "package naming should mark such types Named",
		"anonymous %s inside %s: %s, so it needs a name", t.Base().Kind, d.name, why)
}

// typeOf returns the type ref points to, or nil (and fails) when there is none.
func (d *decl) typeOf(ref model.Ref) model.Type {
	t := d.lookup(ref.ID)
	if t == nil {
		d.fail(d.loc(), "", "%s refers to type %d, which is not in the space", d.name, ref.ID)
	}
	return t
}

// declares reports whether tp is a type parameter of the declared type.
func (d *decl) declares(tp *model.TypeParam) bool {
	for _, p := range d.params {
		if p.id == tp.ID {
			return true
		}
	}
	return false
}

// paramName is the name of a type parameter of the declared type.
func (d *decl) paramName(tp *model.TypeParam) string {
	for _, p := range d.params {
		if p.id == tp.ID {
			return p.name
		}
	}
	d.fail(d.loc(), "the builder should make the type generic in it",
		"%s uses type parameter %q but does not declare it", d.name, tp.Anchor)
	return "T"
}

// typeArgs spells the type arguments of a use of t: the given ones, or when
// none are given the defaults of t's type parameters.
func (d *decl) typeArgs(t model.Type, args []model.Ref) []jen.Code {
	params := t.Base().TypeParams
	if len(args) == 0 && len(params) > 0 {
		if d.defaulting[t.Base().ID] {
			// A default that leads back to t (Tree[T] whose default is
			// Tree[…]) has no end in Go: any JSON value stands for it; the
			// validators still check it through the dynamic scope.
			codes := make([]jen.Code, len(params))
			for i := range codes {
				codes[i] = jen.Qual(jsonPkg, "RawMessage")
			}
			return codes
		}
		if d.defaulting == nil {
			d.defaulting = map[model.TypeID]bool{}
		}
		d.defaulting[t.Base().ID] = true
		defer delete(d.defaulting, t.Base().ID)
		for _, id := range params {
			if tp, ok := d.lookup(id).(*model.TypeParam); ok {
				args = append(args, tp.Default)
			}
		}
	}
	if len(args) != len(params) {
		d.fail(d.loc(), "", "%s uses %s with %d type arguments, want %d",
			d.name, t.Base().Name.Go, len(args), len(params))
		return nil
	}
	codes := make([]jen.Code, len(args))
	for i, a := range args {
		codes[i] = d.slot(a, true)
	}
	return codes
}

// scalarCode spells a JSON scalar type.
func scalarCode(k model.ScalarKind) jen.Code {
	switch k {
	case model.ScalarString:
		return jen.String()
	case model.ScalarInteger:
		return jen.Int64()
	case model.ScalarNumber:
		return jen.Float64()
	case model.ScalarBoolean:
		return jen.Bool()
	case model.ScalarNull:
		return jen.Qual(runtimePkg, "Null")
	}
	return jen.Qual(jsonPkg, "RawMessage") // values of mixed types
}

// presence is how a position spells the type it holds, so that absent, null
// and a value stay apart.
type presence int

const (
	bare     presence = iota // T: always present, or nil-able itself
	pointer                  // *T: nil is absent (optional) or null (required)
	nullable                 // envgenrt.Nullable[T]: absent, null or a value
)

// class is what a type's Go spelling can say by itself.
type class int

const (
	plainClass class = iota // a value: absence and null need a wrapper
	nilClass                // a slice or map: nil is a state of its own
	jsonClass               // JSON text (json.RawMessage): nil-able, and holds null as "null"
	nullClass               // holds null itself: envgenrt.Null, a union with a null branch…
)

// slot spells ref in a position that is required or optional: a struct field
// or a tuple item. Array items, map values and type arguments are required
// positions. The rules are the presence policy of the package doc:
//
//	class  required   optional
//	plain  T or *T    *T or envgenrt.Nullable[T]   (the second when nullable)
//	nil    T          T or envgenrt.Nullable[T]
//	json   T          T
//	null   T          envgenrt.Nullable[T]
func (d *decl) slot(ref model.Ref, required bool) jen.Code {
	return wrap(d.typeCode(ref), d.presence(ref, required))
}

func (d *decl) presence(ref model.Ref, required bool) presence {
	t, null := d.resolve(ref)
	if t == nil {
		return bare
	}
	switch d.classOf(t) {
	case plainClass:
		switch {
		case required && null, !required && !null:
			return pointer
		case !required && null:
			return nullable
		}
	case nilClass:
		if !required && null {
			return nullable
		}
	case nullClass:
		if !required {
			return nullable
		}
	}
	return bare
}

// wrap adds what a presence adds to a type.
func wrap(code jen.Code, p presence) jen.Code {
	switch p {
	case pointer:
		return jen.Op("*").Add(code) // *T
	case nullable:
		return jen.Qual(runtimePkg, "Nullable").Types(code) // envgenrt.Nullable[T]
	}
	return code
}

// resolve follows aliases to the type ref finally stands for, and reports
// whether null is allowed at this use or at any alias on the way.
func (d *decl) resolve(ref model.Ref) (model.Type, bool) {
	null := ref.Nullable
	t := d.typeOf(ref)
	for i := 0; i < maxDepth; i++ {
		a, ok := t.(*model.Alias)
		if !ok {
			return t, null
		}
		null = null || a.Target.Nullable
		t = d.typeOf(a.Target)
	}
	d.fail(d.loc(), "", "aliases nest without end")
	return nil, null
}

// classOf tells what t's Go spelling says by itself.
func (d *decl) classOf(t model.Type) class {
	switch t := t.(type) {
	case *model.Array, *model.Map:
		return nilClass
	case *model.Any:
		return jsonClass
	case *model.Scalar:
		if t.Scalar == model.ScalarNull {
			return nullClass
		}
	case *model.Enum:
		return enumClass(t.Base(), t.ValueType, t.Values)
	case *model.Const:
		return enumClass(t.Base(), t.ValueType, []model.Value{t.Value})
	case *model.Union:
		if d.unionHoldsNull(t) {
			return nullClass
		}
	}
	return plainClass
}

// enumClass is the class of an enum or const: a named one of mixed types holds
// JSON text in a string (and so null, when null is a value); an anonymous one
// is spelled as its base type.
func enumClass(c *model.Common, base model.ScalarKind, values []model.Value) class {
	switch {
	case base == model.ScalarNull:
		return nullClass
	case base != model.ScalarAny:
		return plainClass
	case !c.Named:
		return jsonClass
	}
	for _, v := range values {
		if v.Go == nil {
			return nullClass
		}
	}
	return plainClass
}

// unionHoldsNull reports whether a branch of u admits null, so that the union
// decodes null by itself: a branch is nullable, or its type holds null or any
// JSON, or it is a union that holds null. Unions may reach each other in a
// cycle (a = [b, c, integer], b = [a, c, string]), so this is reachability:
// a depth-first walk that visits each union once, with answers remembered in
// nullUnions, which makes the whole render linear in the schema.
func (d *decl) unionHoldsNull(u *model.Union) bool {
	if v, ok := d.nullUnions[u]; ok {
		return v
	}
	seen := map[*model.Union]bool{}
	var walk func(u *model.Union) bool
	walk = func(u *model.Union) bool {
		if v, ok := d.nullUnions[u]; ok {
			return v
		}
		if seen[u] {
			return false // on the path, or already found not to reach null
		}
		seen[u] = true
		d.unionVisits++
		for _, b := range u.Branches {
			t, null := d.resolve(b)
			switch bt := t.(type) {
			case nil:
			case *model.Union:
				null = null || walk(bt)
			default:
				c := d.classOf(t)
				null = null || c == jsonClass || c == nullClass
			}
			if null {
				d.nullUnions[u] = true // so does every union on the path to it
				return true
			}
		}
		return false
	}
	if walk(u) {
		return true
	}
	for v := range seen { // none of them reaches a null: the walk saw all they reach
		d.nullUnions[v] = false
	}
	return false
}
