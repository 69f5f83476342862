package golang

import (
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

// if !checkXRef(s, n) && s.Stop() { return false }
func (f *vfn) ref() []jen.Code {
	r := f.c.Ref
	if r == nil || f.always(*r) {
		return nil
	}
	return []jen.Code{sub(f.inPlace(*r, nodeID))}
}

func (f *vfn) dynamicRef() []jen.Code {
	d := f.c.DynamicRef
	if d == nil {
		return nil
	}
	if !f.vp.Bookended(d.Anchor, d.Default) {
		if f.always(d.Default) {
			return nil
		}
		return []jen.Code{sub(f.inPlace(d.Default, nodeID))}
	}
	if f.eval { // s.TrackDynamic(n, "anchor", checkDefault), see inPlace
		return []jen.Code{sub(jen.Add(stateID).Dot("TrackDynamic").Call(nodeID, jen.Lit(d.Anchor), f.funcValue(d.Default)))}
	}
	return []jen.Code{sub(f.dynamicExpr(d.Anchor, d.Default, nodeID))}
}

// dynamicExpr is s.Dynamic(n, "anchor", checkDefault).
func (f *vfn) dynamicExpr(anchor string, def model.Ref, node jen.Code) jen.Code {
	return jen.Add(stateID).Dot("Dynamic").Call(node, jen.Lit(anchor), f.funcValue(def))
}

// dynamicCall is the body of a type parameter's function: return s.Dynamic(…).
func (f *vfn) dynamicCall(anchor string, def model.Ref, node jen.Code) jen.Code {
	return jen.Return(f.dynamicExpr(anchor, def, node))
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
	var cases []jen.Code
	for _, a := range res.Anchors {
		cases = append(cases, jen.Case(jen.Lit(a.Name)).Block(jen.Return(r.funcValue(a.Type))))
	}
	return jen.Comment(name+" returns the validators of the $dynamicAnchors of "+res.Loc+".").Line().
		Func().Id(name).Params(jen.Id("anchor").String()).Qual(runtimePkg, "CheckFunc").Block(
		jen.Switch(jen.Id("anchor")).Block(cases...),
		jen.Return(jen.Nil()),
	)
}
