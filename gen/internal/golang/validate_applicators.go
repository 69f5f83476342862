package golang

import (
	"strconv"

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
//	if s.Stops(checkXAllOf0(s, n)) { return false }
func (f *vfn) allOf() []string {
	var out []string
	for _, r := range f.c.AllOf {
		if !f.always(r) {
			out = append(out, sub(f.inPlace(r, "n")))
		}
	}
	return out
}

// branches is n, then the validators of refs.
func (f *vfn) branches(refs []model.Ref) []string {
	out := append(make([]string, 0, len(refs)+2), "n")
	for _, r := range refs {
		out = append(out, f.funcText(r))
	}
	return out
}

// anyOf:
//
//	if !s.AnyOf(n, checkXAnyOf0, checkXAnyOf1) && s.Fail(n, "…/anyOf", "anyOf", "must match at least one schema of anyOf") { … }
func (f *vfn) anyOf() []string {
	if len(f.c.AnyOf) == 0 {
		return nil
	}
	for _, r := range f.c.AnyOf {
		if f.always(r) && !f.eval {
			return nil
		}
	}
	var cond string
	if f.eval {
		cond = call("s.CountOf", append([]string{"true"}, f.branches(f.c.AnyOf)...)...) + " == 0"
	} else {
		cond = "!" + call("s.AnyOf", f.branches(f.c.AnyOf)...)
	}
	return []string{f.failIf(cond, "n", f.sp("anyOf"), "anyOf", keywords.AnyOf())}
}

// oneOf:
//
//	if k := s.CountOf(false, n, checkXOneOf0, checkXOneOf1); k != 1 && s.Failf(n, "…/oneOf", "oneOf", "must match exactly one schema of oneOf, not %d", k) { … }
func (f *vfn) oneOf() []string {
	if len(f.c.OneOf) == 0 {
		return nil
	}
	count := call("s.CountOf", append([]string{strconv.FormatBool(f.eval)}, f.branches(f.c.OneOf)...)...)
	fail := f.failCall("n", f.sp("oneOf"), "oneOf", keywords.OneOf(), "k")
	return []string{ifFalse("k := " + count + "; k != 1 && " + fail)}
}

// not:
//
//	if s.Quiet(checkXNot, n) && s.Fail(n, "…/not", "not", "must not match the schema of not") { … }
func (f *vfn) not() []string {
	r := f.c.Not
	if r == nil || f.c.False {
		return nil
	}
	probe := "s.Quiet"
	if f.eval {
		probe = "s.Probe"
	}
	cond := call(probe, f.funcText(*r), "n")
	if f.always(*r) {
		cond = "true"
	}
	return []string{f.failIf(cond, "n", f.sp("not"), "not", keywords.Not())}
}

// ifThenElse:
//
//	if s.Quiet(checkXIf, n) {
//		if s.Stops(checkXThen(s, n)) { … }
//	} else {
//		if s.Stops(checkXElse(s, n)) { … }
//	}
func (f *vfn) ifThenElse() []string {
	c := f.c
	if c.If == nil || ((c.Then == nil || f.always(*c.Then)) && (c.Else == nil || f.always(*c.Else)) && !f.eval) {
		return nil
	}
	var then, els []string
	if c.Then != nil && !f.always(*c.Then) {
		then = append(then, sub(f.inPlace(*c.Then, "n")))
	}
	if c.Else != nil && !f.always(*c.Else) {
		els = append(els, sub(f.inPlace(*c.Else, "n")))
	}
	test := "s.Quiet"
	if f.eval {
		test = "s.Branch"
	}
	cond := call(test, f.funcText(*c.If), "n")
	if len(then) == 0 && len(els) == 0 {
		return []string{"_ = " + cond} // for its annotations
	}
	stmt := ifBlock(cond, then...)
	if len(els) > 0 {
		if len(then) == 0 {
			return []string{ifBlock("!"+cond, els...)}
		}
		stmt += " else " + block(els...)
	}
	return []string{stmt}
}
