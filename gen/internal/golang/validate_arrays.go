package golang

import (
	"github.com/dave/jennifer/jen"

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
//			if !checkPairPrefixItems0(s, c) && s.Stop() {
//				return false
//			}
//		default:
//			if !checkPairItems(s, c) && s.Stop() {
//				return false
//			}
//		}
//		s.Mark(n, i) // when unevaluatedItems depends on it
//	}
//
// items: false fails once, at the array, when there are items past the
// prefix: if s.Count(n) > 1 && s.Fail(n, "…/items", "items", "must have at most 1 item") { … }
func (f *vfn) items() []jen.Code {
	prefix, items := f.c.PrefixItems, f.c.Items
	if len(prefix) == 0 && items == nil {
		return nil
	}
	var cases []jen.Code
	for i, r := range prefix {
		check := []jen.Code{}
		if !f.always(r) {
			check = append(check, sub(f.call(r, jen.Id("c"))))
		}
		cases = append(cases, jen.Case(jen.Id("i").Op("==").Lit(i)).Block(check...))
	}
	rest := []jen.Code{}
	var tooMany jen.Code // items: false
	switch {
	case items == nil:
		if !f.eval {
			if len(cases) == 0 {
				return nil
			}
		}
		// items past the prefix are not evaluated
		if f.eval {
			rest = append(rest, jen.Continue())
		}
	case f.never(*items): // fails once, at the array, after the loop
		tooMany = f.failIf(jen.Add(stateID).Dot("Count").Call(nodeID).Op(">").Lit(len(prefix)), nodeID, f.sp("items"), "items",
			keywords.ItemsFalse(len(prefix)))
		if f.eval && len(cases) > 0 { // the items past the prefix are not evaluated
			rest = append(rest, jen.Continue())
		}
	case !f.always(*items):
		rest = append(rest, sub(f.call(*items, jen.Id("c"))))
	}
	var body []jen.Code
	if len(cases) == 0 {
		body = rest
	} else {
		if len(rest) > 0 {
			cases = append(cases, jen.Default().Block(rest...))
		}
		body = []jen.Code{jen.Switch().Block(cases...)}
	}
	body = append(body, f.markItem()...)
	var out []jen.Code
	if len(body) > 0 && (len(cases) > 0 || len(rest) > 0 || tooMany == nil) {
		out = append(out, eachChild(len(cases) > 0 || f.eval, body...)) // i: for the cases and s.Mark
	}
	if tooMany != nil {
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
func (f *vfn) contains() []jen.Code {
	if f.c.Contains == nil {
		return nil
	}
	low, kw := 1, "contains"
	if f.c.MinContains != nil {
		low, kw = *f.c.MinContains, "minContains"
	}
	match := append([]jen.Code{jen.Id("matches").Op("++")}, f.markItem()...)
	out := []jen.Code{
		jen.Id("matches").Op(":=").Lit(0),
		eachChild(true, jen.If(jen.Add(stateID).Dot("Quiet").Call(f.funcValue(*f.c.Contains), jen.Id("c"))).Block(match...)),
	}
	if !f.eval {
		out[1] = eachChild(false, jen.If(jen.Add(stateID).Dot("Quiet").Call(f.funcValue(*f.c.Contains), jen.Id("c"))).Block(match...))
	}
	if low > 0 {
		out = append(out, f.failIf(jen.Id("matches").Op("<").Lit(low), nodeID, f.sp(kw), kw, keywords.MinContains(low)))
	}
	if f.c.MaxContains != nil {
		m := *f.c.MaxContains
		out = append(out, f.failIf(jen.Id("matches").Op(">").Lit(m), nodeID, f.sp("maxContains"), "maxContains", keywords.MaxContains(m)))
	}
	if low == 0 && f.c.MaxContains == nil && !f.eval {
		return nil // minContains 0 makes contains say nothing
	}
	return []jen.Code{jen.Block(out...)}
}

// minItems: if !s.MinItems(n, 1, "…/minItems") && s.Stop() { … }
func (f *vfn) minItems() []jen.Code { return stmt(f.minItemsOK(nodeID)) }

func (f *vfn) minItemsOK(node jen.Code) jen.Code {
	if f.c.MinItems == nil || *f.c.MinItems == 0 {
		return nil
	}
	return f.okCall("MinItems", node, "minItems", jen.Lit(*f.c.MinItems))
}

func (f *vfn) maxItems() []jen.Code { return stmt(f.maxItemsOK(nodeID)) }

func (f *vfn) maxItemsOK(node jen.Code) jen.Code {
	if f.c.MaxItems == nil {
		return nil
	}
	return f.okCall("MaxItems", node, "maxItems", jen.Lit(*f.c.MaxItems))
}

// uniqueItems:
//
//	if i, j, dup := s.Duplicate(n); dup && s.Failf(n, "…/uniqueItems", "uniqueItems", "must not have equal items, but items %d and %d are equal", i, j) { … }
func (f *vfn) uniqueItems() []jen.Code {
	if !f.c.UniqueItems {
		return nil
	}
	call := f.failCall(nodeID, f.sp("uniqueItems"), "uniqueItems", keywords.UniqueItems(), jen.Id("i"), jen.Id("j"))
	return []jen.Code{jen.If(
		jen.List(jen.Id("i"), jen.Id("j"), jen.Id("dup")).Op(":=").Add(stateID).Dot("Duplicate").Call(nodeID),
		jen.Id("dup").Op("&&").Add(call),
	).Block(jen.Return(jen.False()))}
}

// unevaluatedItems checks the items nothing else evaluated, then counts them
// as evaluated:
//
//	for c, i := … {
//		if !s.Evaluated(n, i) && !checkXUnevaluatedItems(s, c) && s.Stop() { … }
//	}
//	s.MarkAll(n)
func (f *vfn) unevaluatedItems() []jen.Code {
	u := f.c.UnevaluatedItems
	if u == nil {
		return nil
	}
	notEvaluated := jen.Op("!").Add(stateID).Dot("Evaluated").Call(nodeID, jen.Id("i"))
	var check jen.Code
	switch {
	case f.always(*u):
		return []jen.Code{jen.Add(stateID).Dot("MarkAll").Call(nodeID)}
	case f.never(*u):
		check = f.failIf(notEvaluated, nodeID, f.sp("unevaluatedItems"), "unevaluatedItems", keywords.UnexpectedItem(), jen.Id("i"))
	default:
		check = jen.If(jen.Add(notEvaluated).Op("&&").Op("!").Add(f.call(*u, jen.Id("c"))).Op("&&").Add(stateID).Dot("Stop").Call()).
			Block(jen.Return(jen.False()))
	}
	return []jen.Code{eachChild(true, check), jen.Add(stateID).Dot("MarkAll").Call(nodeID)}
}
