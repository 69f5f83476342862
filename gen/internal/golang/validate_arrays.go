package golang

import (
	"strconv"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// prefixItems, items, contains (with minContains and maxContains), minItems,
// maxItems, uniqueItems, unevaluatedItems: checks of arrays, run when the
// instance is an array.

// items checks each item against its prefixItems schema or, past them, the
// items schema:
//
//	for c, i := s.First(n), 0; c < s.End(n); c, i = s.Next(c), i+1 {
//		switch {
//		case i == 0:
//			if s.Stops(checkPairPrefixItems0(s, c)) {
//				return false
//			}
//		default:
//			if s.Stops(checkPairItems(s, c)) {
//				return false
//			}
//		}
//		s.Mark(n, i) // when unevaluatedItems depends on it
//	}
//
// items: false fails once, at the array, when there are items past the
// prefix: if s.Count(n) > 1 && s.Fail(n, "…/items", "items", "must have at most 1 item") { … }
func (f *vfn) items() []string {
	prefix, items := f.c.PrefixItems, f.c.Items
	if len(prefix) == 0 && items == nil {
		return nil
	}
	var cases []string
	for i, r := range prefix {
		var check []string
		if !f.always(r) {
			check = append(check, sub(f.call(r, "c")))
		}
		cases = append(cases, caseBlock("case i == "+strconv.Itoa(i), check...))
	}
	var rest []string
	tooMany := "" // items: false
	switch {
	case items == nil:
		if !f.eval {
			if len(cases) == 0 {
				return nil
			}
		}
		// items past the prefix are not evaluated
		if f.eval {
			rest = append(rest, "continue")
		}
	case f.never(*items): // fails once, at the array, after the loop
		tooMany = f.failIf("s.Count(n) > "+strconv.Itoa(len(prefix)), "n", f.sp("items"), "items",
			keywords.ItemsFalse(len(prefix)))
		if f.eval && len(cases) > 0 { // the items past the prefix are not evaluated
			rest = append(rest, "continue")
		}
	case !f.always(*items):
		rest = append(rest, sub(f.call(*items, "c")))
	}
	var body []string
	if len(cases) == 0 {
		body = rest
	} else {
		if len(rest) > 0 {
			cases = append(cases, caseBlock("default", rest...))
		}
		body = []string{"switch " + block(cases...)}
	}
	body = append(body, f.markItem()...)
	var out []string
	if len(body) > 0 && (len(cases) > 0 || len(rest) > 0 || tooMany == "") {
		out = append(out, eachChild(len(cases) > 0 || f.eval, body...)) // i: for the cases and s.Mark
	}
	if tooMany != "" {
		out = append(out, tooMany)
	}
	return out
}

// contains counts the items that match, in a branch that reports nothing,
// and fails once for the whole array:
//
//	matches := 0
//	for c, i := …  {
//		if s.Quiet(checkXContains, c) {
//			matches++
//			s.Mark(n, i) // when unevaluatedItems depends on it
//		}
//	}
//	if matches < 1 && s.Fail(n, "…/contains", "contains", "must contain at least 1 matching item") { … }
func (f *vfn) contains() []string {
	if f.c.Contains == nil {
		return nil
	}
	low, kw := 1, "contains"
	if f.c.MinContains != nil {
		low, kw = *f.c.MinContains, "minContains"
	}
	if low == 0 && f.c.MaxContains == nil && !f.eval {
		return nil // minContains 0 makes contains say nothing
	}
	match := append([]string{"matches++"}, f.markItem()...)
	out := []string{
		"matches := 0",
		eachChild(f.eval, ifBlock(call("s.Quiet", f.funcText(*f.c.Contains), "c"), match...)),
	}
	if low > 0 {
		out = append(out, f.failIf("matches < "+strconv.Itoa(low), "n", f.sp(kw), kw, keywords.MinContains(low)))
	}
	if f.c.MaxContains != nil {
		m := *f.c.MaxContains
		out = append(out, f.failIf("matches > "+strconv.Itoa(m), "n", f.sp("maxContains"), "maxContains", keywords.MaxContains(m)))
	}
	return []string{block(out...)}
}

// minItems: if s.Stops(s.MinItems(n, 1, "…/minItems")) { … }
func (f *vfn) minItems() []string { return stmt(f.minItemsOK("n")) }

func (f *vfn) minItemsOK(node string) string {
	if f.c.MinItems == nil || *f.c.MinItems == 0 {
		return ""
	}
	return f.okCall("MinItems", node, "minItems", strconv.Itoa(*f.c.MinItems))
}

func (f *vfn) maxItems() []string { return stmt(f.maxItemsOK("n")) }

func (f *vfn) maxItemsOK(node string) string {
	if f.c.MaxItems == nil {
		return ""
	}
	return f.okCall("MaxItems", node, "maxItems", strconv.Itoa(*f.c.MaxItems))
}

// uniqueItems:
//
//	if i, j, dup := s.Duplicate(n); dup && s.Failf(n, "…/uniqueItems", "uniqueItems", "must not have equal items, but items %d and %d are equal", i, j) { … }
func (f *vfn) uniqueItems() []string {
	if !f.c.UniqueItems {
		return nil
	}
	fail := f.failCall("n", f.sp("uniqueItems"), "uniqueItems", keywords.UniqueItems(), "i", "j")
	return []string{ifFalse("i, j, dup := s.Duplicate(n); dup && " + fail)}
}

// unevaluatedItems checks the items nothing else evaluated, then counts them
// as evaluated:
//
//	for c, i := … {
//		if !s.Evaluated(n, i) && s.Stops(checkXUnevaluatedItems(s, c)) { … }
//	}
//	s.MarkAll(n)
func (f *vfn) unevaluatedItems() []string {
	u := f.c.UnevaluatedItems
	if u == nil {
		return nil
	}
	const notEvaluated = "!s.Evaluated(n, i)"
	var check string
	switch {
	case f.always(*u):
		return []string{"s.MarkAll(n)"}
	case f.never(*u):
		check = f.failIf(notEvaluated, "n", f.sp("unevaluatedItems"), "unevaluatedItems", keywords.UnexpectedItem(), "i")
	default:
		check = ifFalse(notEvaluated + " && " + stops(f.call(*u, "c")))
	}
	return []string{eachChild(true, check), "s.MarkAll(n)"}
}
