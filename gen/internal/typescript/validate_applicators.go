package typescript

import (
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// allOf, anyOf, oneOf, not, if, then and else. The branches of anyOf, oneOf,
// not and if run quietly: they report one error for the keyword itself.

// allOf: each part in place, its errors the caller's.
func (f *vfn) allOf() []string {
	var out []string
	for _, r := range f.c.AllOf {
		out = append(out, sub(f.inPlace(r, false), "p")...)
	}
	return out
}

// anyOf: if (!(quietA || quietB)) { ok = false; if (rt.fail(…)) return false; }, each
// branch run quietly (see quietCall): (c.stop ? checkA(v, p, c) : rt.quiet(c, checkA, v, p)).
// Where annotations count, every branch runs, so that each that passes
// leaves what it evaluated.
func (f *vfn) anyOf() []string {
	if len(f.c.AnyOf) == 0 {
		return nil
	}
	msg := message(keywords.AnyOf())
	if f.eval {
		out := append([]string{"let anyOfMatches = 0;"}, f.countMatches("anyOfMatches", f.c.AnyOf)...)
		return append(out, failIf("anyOfMatches === 0", "p", f.sp("anyOf"), "anyOf", msg))
	}
	var tests []string
	for _, r := range f.c.AnyOf {
		switch t := f.inPlace(r, true); t {
		case "true":
			return nil
		case "false":
		default:
			tests = append(tests, operand(t))
		}
	}
	if len(tests) == 0 {
		return []string{failAlways("p", f.sp("anyOf"), "anyOf", msg)}
	}
	return []string{failIf("!("+strings.Join(tests, " || ")+")", "p", f.sp("anyOf"), "anyOf", msg)}
}

// oneOf counts the branches that pass:
//
//	let oneOfMatches = 0;
//	if (c.stop ? checkShapeOneOf0(v, p, c) : rt.quiet(c, checkShapeOneOf0, v, p)) oneOfMatches++;
//	if (c.stop ? checkShapeOneOf1(v, p, c) : rt.quiet(c, checkShapeOneOf1, v, p)) oneOfMatches++;
//	if (oneOfMatches !== 1) { ok = false; if (rt.fail(…)) return false; }
func (f *vfn) oneOf() []string {
	if len(f.c.OneOf) == 0 {
		return nil
	}
	out := append([]string{"let oneOfMatches = 0;"}, f.countMatches("oneOfMatches", f.c.OneOf)...)
	return append(out, failIf("oneOfMatches !== 1", "p", f.sp("oneOf"), "oneOf",
		message(keywords.OneOf(), "oneOfMatches")))
}

func (f *vfn) countMatches(counter string, branches []model.Ref) []string {
	var out []string
	for _, r := range branches {
		switch t := f.inPlace(r, true); t {
		case "true":
			out = append(out, counter+"++;")
		case "false":
		default:
			out = append(out, "if ("+t+") "+counter+"++;")
		}
	}
	return out
}

// not: if (c.stop ? checkXNot(v, p, c) : rt.quiet(c, checkXNot, v, p)) { ok = false; if (rt.fail(…, "not", …)) return false; }
func (f *vfn) not() []string {
	if f.c.Not == nil || f.c.False {
		return nil
	}
	msg := message(keywords.Not())
	switch t := f.inPlace(*f.c.Not, true); t {
	case "true":
		return []string{failAlways("p", f.sp("not"), "not", msg)}
	case "false":
		return nil
	default:
		return []string{failIf(t, "p", f.sp("not"), "not", msg)}
	}
}

// ifThenElse runs if quietly, then then or else in place:
//
//	if (c.stop ? checkEnvelopeIf(v, p, c) : rt.quiet(c, checkEnvelopeIf, v, p)) {
//	  if (checkEnvelopeThen(v, p, c) === false) { ok = false; if (c.stop) return false; }
//	} else {
//	  if (checkEnvelopeElse(v, p, c) === false) { ok = false; if (c.stop) return false; }
//	}
func (f *vfn) ifThenElse() []string {
	if f.c.If == nil {
		return nil
	}
	test := f.inPlace(*f.c.If, true)
	var then, els []string
	if f.c.Then != nil {
		then = sub(f.inPlace(*f.c.Then, false), "p")
	}
	if f.c.Else != nil {
		els = sub(f.inPlace(*f.c.Else, false), "p")
	}
	switch {
	case test == "true":
		return then
	case test == "false":
		return els
	case len(then) == 0 && len(els) == 0:
		if f.eval {
			return []string{test + ";"} // what if evaluates counts when it passes
		}
		return nil
	case len(els) == 0:
		return block("if ("+test+")", then...)
	case len(then) == 0:
		return block("if ("+operand(test)+" === false)", els...)
	}
	out := block("if ("+test+")", then...)
	out[len(out)-1] = "} else {"
	out = append(out, indent(els)...)
	return append(out, "}")
}
