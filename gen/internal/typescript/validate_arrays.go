package typescript

import (
	"strconv"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// prefixItems, items, contains (minContains, maxContains), minItems,
// maxItems, uniqueItems and unevaluatedItems.

// itemPath is the instance path of item i: rt.at(c, p, i) (see descent).
const itemPath = "rt.at(c, p, i)"

// items checks the prefix items one by one, then the rest in a loop:
//
//	if (v.length > 0 && checkPointItems0(v[0], p + 1, c) === false) { ok = false; if (rt.up(c, p, 0)) return false; }
//	for (let i = 1; i < v.length; i++) {
//	  if (checkPointItems(v[i], p + 1, c) === false) { ok = false; if (rt.up(c, p, i)) return false; }
//	}
//
// items: false fails once, at the array.
func (f *vfn) items() []string {
	var out []string
	for i, r := range f.c.PrefixItems {
		n := strconv.Itoa(i)
		at := "rt.at(c, p, " + n + ")"
		call := f.call(r, "v["+n+"]", at)
		switch {
		case f.eval:
			out = append(out, block("if (v.length > "+n+")", append([]string{"rt.mark(c, v, " + n + ");"}, sub(call, at)...)...)...)
		case call != "":
			out = append(out, subIf("v.length > "+n+" && "+callFailed(call), at))
		}
	}
	if f.c.Items == nil {
		return out
	}
	if n := len(f.c.PrefixItems); f.never(*f.c.Items) { // items: false fails once, at the array
		return append(out, failIf("v.length > "+strconv.Itoa(n), "p", f.sp("items"), "items", message(keywords.ItemsFalse(n))))
	}
	if lines, ok := f.inline(*f.c.Items, "v[i]", itemPath); ok {
		out = append(out, block("for (let i = "+strconv.Itoa(len(f.c.PrefixItems))+"; i < v.length; i++)", lines...)...)
	} else if call := f.call(*f.c.Items, "v[i]", itemPath); call != "" {
		out = append(out, block("for (let i = "+strconv.Itoa(len(f.c.PrefixItems))+"; i < v.length; i++)", sub(call, itemPath)...)...)
	}
	if f.eval {
		out = append(out, "rt.markAll(c, v);")
	}
	return out
}

// contains counts the items that match, quietly, then checks the count:
//
//	let matches = 0;
//	for (let i = 0; i < v.length; i++) {
//	  if (c.stop ? checkListContains(v[i], p + 1, c) : rt.quiet(c, checkListContains, v[i], p + 1)) matches++;
//	}
//	if (matches < 1) { ok = false; if (rt.fail(c, p, "list.json#/contains", "contains", "must contain at least 1 matching item")) return false; }
func (f *vfn) contains() []string {
	if f.c.Contains == nil {
		return nil
	}
	min, minKeyword := 1, "contains"
	if f.c.MinContains != nil {
		min, minKeyword = *f.c.MinContains, "minContains"
	}
	var out []string
	matches := "matches"
	switch {
	case f.always(*f.c.Contains):
		matches = "v.length"
		if f.eval {
			out = append(out, "rt.markAll(c, v);")
		}
	case f.never(*f.c.Contains):
		matches = "0"
	default:
		depth, _ := descent(itemPath) // a quiet branch: no errors, no step to add
		test := quietCall(f.check(*f.c.Contains), "v[i]", depth)
		loop := []string{"if (" + test + ") matches++;"}
		if f.eval {
			loop = block("if ("+test+")", "matches++;", "rt.mark(c, v, i);")
		}
		out = append(out, "let matches = 0;")
		out = append(out, block("for (let i = 0; i < v.length; i++)", loop...)...)
	}
	if min > 0 {
		msg := message(keywords.MinContains(min))
		if matches == "0" {
			out = append(out, failAlways("p", f.sp(minKeyword), minKeyword, msg))
		} else {
			out = append(out, failIf(matches+" < "+strconv.Itoa(min), "p", f.sp(minKeyword), minKeyword, msg))
		}
	}
	if f.c.MaxContains != nil && matches != "0" {
		max := *f.c.MaxContains
		out = append(out, failIf(matches+" > "+strconv.Itoa(max), "p", f.sp("maxContains"), "maxContains",
			message(keywords.MaxContains(max))))
	}
	return out
}

func (f *vfn) minItems() []string {
	if f.c.MinItems == nil || *f.c.MinItems <= 0 {
		return nil
	}
	n := *f.c.MinItems
	return []string{failIf("v.length < "+strconv.Itoa(n), "p", f.sp("minItems"), "minItems", message(keywords.MinItems(n)))}
}

func (f *vfn) maxItems() []string {
	if f.c.MaxItems == nil {
		return nil
	}
	n := *f.c.MaxItems
	return []string{failIf("v.length > "+strconv.Itoa(n), "p", f.sp("maxItems"), "maxItems", message(keywords.MaxItems(n)))}
}

// uniqueItems: the first two equal items, by JSON equality.
//
//	const dup = rt.duplicates(v);
//	if (dup !== undefined) { ok = false; if (rt.fail(c, p, "…/uniqueItems", "uniqueItems", "must not have equal items, but items " + dup[0] + " and " + dup[1] + " are equal")) return false; }
func (f *vfn) uniqueItems() []string {
	if !f.c.UniqueItems {
		return nil
	}
	return []string{
		"const dup = rt.duplicates(v);",
		failIf("dup !== undefined", "p", f.sp("uniqueItems"), "uniqueItems", message(keywords.UniqueItems(), "dup[0]", "dup[1]")),
	}
}

// unevaluatedItems checks the items that nothing before it evaluated; false
// reports each at the array:
//
//	for (let i = 0; i < v.length; i++) {
//	  if (rt.evaluated(c, v, i)) continue;
//	  if (!checkListUnevaluatedItems(v[i], p + 1, c)) { ok = false; if (rt.up(c, p, i)) return false; }
//	}
//	rt.markAll(c, v);
func (f *vfn) unevaluatedItems() []string {
	u := f.c.UnevaluatedItems
	if u == nil {
		return nil
	}
	var out []string
	switch {
	case f.never(*u):
		out = block("for (let i = 0; i < v.length; i++)", "if (rt.evaluated(c, v, i)) continue;",
			failAlways("p", f.sp("unevaluatedItems"), "unevaluatedItems", message(keywords.UnexpectedItem(), "i")))
	case !f.always(*u):
		out = block("for (let i = 0; i < v.length; i++)", append([]string{"if (rt.evaluated(c, v, i)) continue;"},
			sub(f.call(*u, "v[i]", itemPath), itemPath)...)...)
	}
	return append(out, "rt.markAll(c, v);")
}
