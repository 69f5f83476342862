package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// allOf, anyOf, oneOf, not, if/then/else: applicators that combine schemas
// for the same instance. allOf, then and else report the errors of their
// subschemas; anyOf, oneOf and not report one error of their own, since the
// errors of the branches say nothing useful; if reports nothing.
//
// In a function that records annotations for unevaluated* (vfn.eval), a
// branch that fails must leave none: s.Branch and s.CountOf keep the
// annotations of a passing branch only, s.Probe (for not) never keeps them.

// allOf:
//
//	if !checkXAllOf0(s, n) && s.Stop() { return false }
func (f *vfn) allOf() []jen.Code {
	var out []jen.Code
	for _, r := range f.c.AllOf {
		if !f.always(r) {
			out = append(out, sub(f.inPlace(r, nodeID)))
		}
	}
	return out
}

func (f *vfn) branches(refs []model.Ref) []jen.Code {
	out := []jen.Code{nodeID}
	for _, r := range refs {
		out = append(out, f.funcValue(r))
	}
	return out
}

// anyOf:
//
//	if !s.AnyOf(n, checkXAnyOf0, checkXAnyOf1) && s.Fail(n, "…/anyOf", "anyOf", "must match at least one schema of anyOf") { … }
func (f *vfn) anyOf() []jen.Code {
	if len(f.c.AnyOf) == 0 {
		return nil
	}
	for _, r := range f.c.AnyOf {
		if f.always(r) && !f.eval {
			return nil
		}
	}
	var cond jen.Code
	if f.eval {
		cond = jen.Add(stateID).Dot("CountOf").Call(append([]jen.Code{jen.True()}, f.branches(f.c.AnyOf)...)...).Op("==").Lit(0)
	} else {
		cond = jen.Op("!").Add(stateID).Dot("AnyOf").Call(f.branches(f.c.AnyOf)...)
	}
	return []jen.Code{f.failIf(cond, nodeID, f.sp("anyOf"), "anyOf", keywords.AnyOf())}
}

// oneOf:
//
//	if k := s.CountOf(false, n, checkXOneOf0, checkXOneOf1); k != 1 && s.Failf(n, "…/oneOf", "oneOf", "must match exactly one schema of oneOf, not %d", k) { … }
func (f *vfn) oneOf() []jen.Code {
	if len(f.c.OneOf) == 0 {
		return nil
	}
	count := jen.Add(stateID).Dot("CountOf").Call(append([]jen.Code{jen.Lit(f.eval)}, f.branches(f.c.OneOf)...)...)
	fail := f.failCall(nodeID, f.sp("oneOf"), "oneOf", keywords.OneOf(), jen.Id("k"))
	return []jen.Code{jen.If(jen.Id("k").Op(":=").Add(count), jen.Id("k").Op("!=").Lit(1).Op("&&").Add(fail)).Block(jen.Return(jen.False()))}
}

// not:
//
//	if s.Quiet(checkXNot, n) && s.Fail(n, "…/not", "not", "must not match the schema of not") { … }
func (f *vfn) not() []jen.Code {
	r := f.c.Not
	if r == nil || f.c.False {
		return nil
	}
	probe := "Quiet"
	if f.eval {
		probe = "Probe"
	}
	cond := jen.Add(stateID).Dot(probe).Call(f.funcValue(*r), nodeID)
	if f.always(*r) {
		cond = jen.True()
	}
	return []jen.Code{f.failIf(cond, nodeID, f.sp("not"), "not", keywords.Not())}
}

// ifThenElse:
//
//	if s.Quiet(checkXIf, n) {
//		if !checkXThen(s, n) && s.Stop() { … }
//	} else {
//		if !checkXElse(s, n) && s.Stop() { … }
//	}
func (f *vfn) ifThenElse() []jen.Code {
	c := f.c
	if c.If == nil || ((c.Then == nil || f.always(*c.Then)) && (c.Else == nil || f.always(*c.Else)) && !f.eval) {
		return nil
	}
	var then, els []jen.Code
	if c.Then != nil && !f.always(*c.Then) {
		then = append(then, sub(f.inPlace(*c.Then, nodeID)))
	}
	if c.Else != nil && !f.always(*c.Else) {
		els = append(els, sub(f.inPlace(*c.Else, nodeID)))
	}
	test := "Quiet"
	if f.eval {
		test = "Branch"
	}
	cond := jen.Add(stateID).Dot(test).Call(f.funcValue(*c.If), nodeID)
	if len(then) == 0 && len(els) == 0 {
		return []jen.Code{jen.Id("_").Op("=").Add(cond)} // for its annotations
	}
	stmt := jen.If(cond).Block(then...)
	if len(els) > 0 {
		if len(then) == 0 {
			return []jen.Code{jen.If(jen.Op("!").Add(cond)).Block(els...)}
		}
		stmt.Else().Block(els...)
	}
	return []jen.Code{stmt}
}
