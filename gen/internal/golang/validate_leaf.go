package golang

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/checkplan"
	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// Leaves: a schema whose checks are the type keyword, an enum of strings and
// at most one more keyword that envgenrt checks in one call (checks.go), of
// the one instance kind the type keyword leaves, is one expression,
//
//	s.Is(n, envgenrt.TypeString, "…/type") && s.MinLength(n, 1, "…/minLength")
//
// since type and enum return false at their error and the last check's
// result is the schema's; for one type and a keyword with an envgenrt typed
// check, one call that writes the schema location once (typedLeaf):
//
//	s.StringMinLength(n, 1, "…/properties/id")
//
// Its function returns it; a property or items schema used nowhere else has
// no function at all: the object's or array's function spells the
// expression in place (vplan.inline).

// laterCheck is a keyword with an envgenrt helper that may follow type and
// enum in a leaf.
type laterCheck struct {
	present func(c *model.Checks) bool
	ok      func(f *vfn, node string) string
	kind    keywords.Instance
	// typed is the helper that checks it with the type keyword in one call,
	// for the one type typ, and its arguments between node and the schema
	// location (typedLeaf); nil, or "": none.
	typed func(c *model.Checks, typ string) (string, []string)
	// limit is "minimum" or "maximum" for those two keywords, which a leaf
	// may have both of (rangeCheck)
	limit string
}

var laterChecks = []laterCheck{
	{func(c *model.Checks) bool { return c.MinLength != nil && *c.MinLength != 0 }, (*vfn).minLengthOK, keywords.String,
		func(c *model.Checks, typ string) (string, []string) {
			return typedCount("StringMinLength", typ, *c.MinLength)
		}, ""},
	{func(c *model.Checks) bool { return c.MaxLength != nil }, (*vfn).maxLengthOK, keywords.String,
		func(c *model.Checks, typ string) (string, []string) {
			return typedCount("StringMaxLength", typ, *c.MaxLength)
		}, ""},
	{func(c *model.Checks) bool { return c.Minimum != nil }, (*vfn).minimumOK, keywords.Number,
		func(c *model.Checks, typ string) (string, []string) { return typedLimit("Minimum", typ, c.Minimum) }, "minimum"},
	{func(c *model.Checks) bool { return c.Maximum != nil }, (*vfn).maximumOK, keywords.Number,
		func(c *model.Checks, typ string) (string, []string) { return typedLimit("Maximum", typ, c.Maximum) }, "maximum"},
	{func(c *model.Checks) bool { return c.ExclusiveMinimum != nil }, (*vfn).exclusiveMinimumOK, keywords.Number, nil, ""},
	{func(c *model.Checks) bool { return c.ExclusiveMaximum != nil }, (*vfn).exclusiveMaximumOK, keywords.Number, nil, ""},
	{func(c *model.Checks) bool { return c.MinItems != nil && *c.MinItems != 0 }, (*vfn).minItemsOK, keywords.Array, nil, ""},
	{func(c *model.Checks) bool { return c.MaxItems != nil }, (*vfn).maxItemsOK, keywords.Array, nil, ""},
	{func(c *model.Checks) bool { return c.MinProperties != nil && *c.MinProperties != 0 }, (*vfn).minPropertiesOK, keywords.Object, nil, ""},
	{func(c *model.Checks) bool { return c.MaxProperties != nil }, (*vfn).maxPropertiesOK, keywords.Object, nil, ""},
}

// rangeCheck is minimum and maximum together, for a leaf of the type
// integer or number with both, each of at most 18 digits: one call that
// records what the function of that schema would (typedRange),
//
//	s.NumberRange(n, 0, "0", 1, "1", "…/properties/score")
var rangeCheck = laterCheck{kind: keywords.Number, typed: typedRange}

// typedRange is rangeCheck's helper and its arguments, "" where the limits
// or the type do not allow it.
func typedRange(c *model.Checks, typ string) (string, []string) {
	lo, ok1 := smallInt(c.Minimum.Text)
	hi, ok2 := smallInt(c.Maximum.Text)
	if !ok1 || !ok2 || (typ != "integer" && typ != "number") {
		return "", nil
	}
	helper := "NumberRange"
	if typ == "integer" {
		helper = "IntegerRange"
	}
	return helper, []string{strconv.FormatInt(lo, 10), quote(c.Minimum.Text), strconv.FormatInt(hi, 10), quote(c.Maximum.Text)}
}

// typedCount is a typed check of a string's length, for the type string:
// s.StringMinLength(n, 1, "…/properties/id").
func typedCount(helper, typ string, m int) (string, []string) {
	if typ != "string" {
		return "", nil
	}
	return helper, []string{strconv.Itoa(m)}
}

// typedLimit is a typed check of a number against a limit of at most 18
// digits, for the type integer or number: s.IntegerMinimum(n, 0, "0",
// "…/properties/count").
func typedLimit(keyword, typ string, limit *model.Number) (string, []string) {
	v, ok := smallInt(limit.Text)
	if !ok || (typ != "integer" && typ != "number") {
		return "", nil
	}
	helper := map[string]string{"integer": "Integer", "number": "Number"}[typ] + keyword
	return helper, []string{strconv.FormatInt(v, 10), quote(limit.Text)}
}

// typedLeaf is the one call of the envgenrt typed checks (checks.go) for a
// leaf of one type and one later check, where the runtime has one: the
// same checks and errors as s.Is(…) && s.MinLength(…), with the schema
// location written once,
//
//	s.StringMinLength(n, 1, "…/properties/id")
func (f *vfn) typedLeaf(node string, later *laterCheck) string {
	helper, args := f.vp.typedHelper(f.c, later)
	if helper == "" {
		return ""
	}
	all := append(append(make([]string, 0, len(args)+2), node), args...)
	return call("s."+helper, append(all, f.sp())...)
}

// typed reports whether typedLeaf has a helper for c.
func (p *vplan) typed(c *model.Checks, later *laterCheck) bool {
	helper, _ := p.typedHelper(c, later)
	return helper != ""
}

// typedHelper is typedLeaf's helper and arguments, "" where there is none.
func (p *vplan) typedHelper(c *model.Checks, later *laterCheck) (string, []string) {
	if later == nil || later.typed == nil || c.Enum != nil || len(c.Types) != 1 || !p.factsOf(c).typeSpelt {
		return "", nil
	}
	return later.typed(c, c.Types[0])
}

// checkFacts are what the leaf tests ask of one schema's checks, found
// once for each (a copy of the Checks and reflect over all its fields,
// asked again at every use, cost 4% of a generation; TestRestZero holds
// restZero to what reflect.Value.IsZero said).
type checkFacts struct {
	leafRest  bool // no keyword but type, enum, format and those of laterChecks
	arrayRest bool // no keyword but type and items
	typeSpelt bool // the type keyword's message is envgenrt's (TypeFormat)
}

func (p *vplan) factsOf(c *model.Checks) checkFacts {
	if f, ok := p.facts[c]; ok {
		return f
	}
	var f checkFacts
	f.leafRest, f.arrayRest = restZero(c)
	if len(c.Types) > 0 {
		format, _ := messageFormat(keywords.Type(c.Types))
		f.typeSpelt = format == envgenrt.TypeFormat(typeSetOf(c.Types))
	}
	p.facts[c] = f
	return f
}

// restZero reports whether c has no keyword but those a leaf may have
// (type, enum, format and those of laterChecks), and whether it has none but
// type and items. A slice counts as present when it is not nil, as for
// reflect.Value.IsZero.
func restZero(c *model.Checks) (leaf, array bool) {
	others := !c.False && c.Const == nil && c.Ref == nil && c.DynamicRef == nil && c.Pattern == "" &&
		c.MultipleOf == nil && c.PrefixItems == nil && !c.UniqueItems && c.Contains == nil &&
		c.MinContains == nil && c.MaxContains == nil && c.Properties == nil && c.Required == nil &&
		c.AdditionalProperties == nil && c.PropertyNames == nil && c.PatternProperties == nil &&
		c.DependentRequired == nil && c.DependentSchemas == nil && c.AllOf == nil && c.AnyOf == nil &&
		c.OneOf == nil && c.Not == nil && c.If == nil && c.Then == nil && c.Else == nil &&
		c.UnevaluatedProperties == nil && c.UnevaluatedItems == nil
	if !others {
		return false, false
	}
	leafOnly := c.Enum != nil || c.Format != "" || c.MinLength != nil || c.MaxLength != nil ||
		c.MinItems != nil || c.MaxItems != nil || c.MinProperties != nil || c.MaxProperties != nil ||
		c.Minimum != nil || c.Maximum != nil || c.ExclusiveMinimum != nil || c.ExclusiveMaximum != nil
	return c.Items == nil, !leafOnly
}

// leafShape reports whether a schema with checks c is a leaf, and which
// later check it has (nil: none). Format is an annotation unless
// assertFormat.
func (p *vplan) leafShape(c *model.Checks, assertFormat bool) (bool, *laterCheck) {
	if c.False || (len(c.Types) == 0 && c.Enum == nil) {
		return false, nil
	}
	if c.Enum != nil && !allStrings(c.Enum) {
		return false, nil
	}
	if !p.factsOf(c).leafRest || (assertFormat && c.Format != "") { // (else format is an annotation)
		return false, nil
	}
	var later *laterCheck
	for i := range laterChecks {
		if laterChecks[i].present(c) {
			if later != nil {
				// (two: minimum and maximum, where one call checks both)
				if later.limit != "minimum" || laterChecks[i].limit != "maximum" || !p.typed(c, &rangeCheck) {
					return false, nil
				}
				later = &rangeCheck
				continue
			}
			later = &laterChecks[i]
		}
	}
	if later != nil {
		if kind, single := typeKind(c.Types); !single || kind != later.kind {
			return false, nil
		}
	}
	return true, later
}

// arrayItems is the items of an array leaf: a schema whose checks are
// {"type": "array", "items": …} alone, with items that envgenrt checks in
// one call, as Items (items with a check function of their own) or ItemsOf
// (items whose schema is the type keyword alone):
//
//	s.Items(n, checkHit, "…/type")
//	s.ItemsOf(n, envgenrt.TypeString, "…/type", "…/items/type")
//
// Used by one properties or items slot, such an array has no function
// either (vplan.inline). The items have a function where they are no leaf:
// an object, a schema with more checks (not trivial, not false).
func (p *vplan) arrayItems(c *model.Checks) (model.Type, bool) {
	items := c.Items
	if items == nil || items.OrNull || len(items.Args) > 0 || len(c.Types) != 1 || c.Types[0] != "array" {
		return nil, false
	}
	if !p.factsOf(c).arrayRest {
		return nil, false
	}
	t := p.Resolve(items.ID)
	if t == nil || t.Base().Checks.False || checkplan.Trivial(t) {
		return nil, false
	}
	ic := &t.Base().Checks
	if leaf, later := p.leafShape(ic, true); leaf {
		// the type keyword alone, whose message Is spells
		return t, later == nil && ic.Enum == nil && len(ic.Types) > 0 && p.factsOf(ic).typeSpelt
	}
	if _, nested := p.arrayItems(ic); nested { // an array leaf in turn: perhaps no function
		return nil, false
	}
	return t, true
}

// isArrayLeaf reports whether c is an array leaf (arrayItems).
func (p *vplan) isArrayLeaf(c *model.Checks) bool {
	_, ok := p.arrayItems(c)
	return ok
}

// leafExpr is the expression of a leaf on node, if f's schema is one.
func (f *vfn) leafExpr(node string) (string, bool) {
	if items, ok := f.vp.arrayItems(f.c); ok && !f.eval {
		ic := &items.Base().Checks
		if leaf, _ := f.vp.leafShape(ic, true); leaf {
			it := &vfn{renderer: f.renderer, t: items, c: ic, paths: f.paths}
			if it.spText("type") == f.spText("items", "type") { // s.ArrayOf(n, envgenrt.TypeString, "…/properties/tags")
				return call("s.ArrayOf", node, f.typeMaskCode(ic.Types), f.sp()), true
			}
			return call("s.ItemsOf", node, f.typeMaskCode(ic.Types), f.sp("type"), it.sp("type")), true
		}
		return call("s.Items", node, f.funcText(*f.c.Items), f.sp("type")), true
	}
	leaf, later := f.vp.leafShape(f.c, f.opts.AssertFormat)
	if !leaf {
		return "", false
	}
	if typed := f.typedLeaf(node, later); typed != "" {
		return typed, true
	}
	var out string
	if len(f.c.Types) > 0 {
		out = f.typeCheck(node)
	}
	and := func(e string) {
		if out != "" {
			out += " && "
		}
		out += e
	}
	if f.c.Enum != nil {
		and(f.enumOK(node))
	}
	if later != nil {
		and(later.ok(f, node))
	}
	return out, true
}

// leafBody is the body of a CheckNode method that checks node n against the
// leaf id in place: [const p = "…",] return s.Is(n, …) && ….
func (r *renderer) leafBody(id model.TypeID) []jen.Code {
	t := r.vp.Get(id)
	f := &vfn{renderer: r, t: t, c: &t.Base().Checks}
	f.paths = f.newPaths()
	e, ok := f.leafExpr("n")
	if !ok {
		panic("golang: not a leaf: " + t.Base().Loc.URL)
	}
	p := f.paths.resolve()
	body := []jen.Code{jen.Op(f.paths.fill("return " + e))}
	if p != "" {
		body = append([]jen.Code{jen.Op(p)}, body...)
	}
	return body
}
