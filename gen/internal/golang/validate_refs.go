package golang

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
)

// $ref and $dynamicRef: the referenced schema applies to the same instance,
// and its errors are the referrer's.
//
// A $dynamicRef whose static target declares the same $dynamicAnchor
// resolves in the dynamic scope: s.Dynamic finds the outermost schema
// resource evaluation has entered that declares the anchor (functions of
// resources with $dynamicAnchors enter theirs, see vplan.enters), or a type
// argument bound to it (the CheckNode of a generic type binds its type
// parameters), and falls back to the static target.

// if s.Stops(checkXRef(s, n)) { return false }
func (f *vfn) ref() []string {
	r := f.c.Ref
	if r == nil || f.always(*r) {
		return nil
	}
	return []string{sub(f.inPlace(*r, "n"))}
}

func (f *vfn) dynamicRef() []string {
	d := f.c.DynamicRef
	if d == nil {
		return nil
	}
	if !f.vp.Bookended(d.Anchor, d.Default) {
		if f.always(d.Default) {
			return nil
		}
		return []string{sub(f.inPlace(d.Default, "n"))}
	}
	if f.eval { // s.TrackDynamic(n, "anchor", checkDefault), see inPlace
		return []string{sub(call("s.TrackDynamic", "n", quote(d.Anchor), f.funcText(d.Default)))}
	}
	return []string{sub(f.dynamicExpr(d.Anchor, d.Default, "n"))}
}

// dynamicExpr is s.Dynamic(n, "anchor", checkDefault).
func (f *vfn) dynamicExpr(anchor string, def model.Ref, node string) string {
	return call("s.Dynamic", node, quote(anchor), f.funcText(def))
}

// dynamicCall is the body of a type parameter's function: return s.Dynamic(…).
func (f *vfn) dynamicCall(anchor string, def model.Ref, node string) string {
	return "return " + f.dynamicExpr(anchor, def, node)
}

// anchorsFunc renders the $dynamicAnchors of a schema resource:
//
//	func anchorsTree(anchor string) runtime.CheckFunc {
//		switch anchor {
//		case "node":
//			return checkTree
//		}
//		return nil
//	}
func (r *renderer) anchorsFunc(res *model.Resource) jen.Code {
	name := r.vp.anchors[res.Loc]
	doc := name + " returns the validators of the $dynamicAnchors of " + res.Loc + "."
	if strings.Contains(doc, "\n") { // (jennifer writes it as a /* */ comment)
		doc = r.text.spell(jen.Comment(doc))
	} else {
		doc = "// " + doc
	}
	cases := make([]string, 0, len(res.Anchors))
	for _, a := range res.Anchors {
		cases = append(cases, caseBlock("case "+quote(a.Name), "return "+r.funcText(a.Type)))
	}
	head := "func " + name + "(anchor string) " + r.text.rt("CheckFunc") + " "
	return jen.Op(doc + " \n " + head + block("switch anchor "+block(cases...), "return nil"))
}
