package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
)

// Types that an imported package declares (model.Common.Imported) are
// spelled from it, envelope.Envelope[SearchResult], and declared nowhere
// here. Their validators are their package's: a check function of this
// package that calls one goes through an adapter, which calls the type's
// exported CheckNode with the same state, so that errors, the dynamic scope
// and the error limit are shared:
//
//	// checkEnvelope validates a value against envelope.json# with the validator of envelope.Envelope.
//	func checkEnvelope(s *envgenrt.State, n int32) bool {
//		return (*envelope.Envelope[json.RawMessage])(nil).CheckNode(s, n)
//	}
//
// The type arguments are json.RawMessage, which binds no $dynamicAnchor
// (runtime.Bind): the type parameters keep the meaning the dynamic scope
// gives them, as in a call of the check function within the package. The
// adapters, the functions of anonymous schemas in imported documents that
// this package validates itself, and the $dynamicAnchors of their resources
// are declared in the file of the first input (importsFile).

// imported reports whether t is declared by an imported package.
func imported(t model.Type) bool { return t != nil && t.Base().Imported() }

// qualified spells the name of a named type: its identifier, or the
// identifier from its package for an imported one (envelope.Envelope).
func (r *renderer) qualified(c *model.Common) *jen.Statement {
	if !c.Imported() {
		return jen.Id(c.Name.Go)
	}
	if c.External.GoPath == "" {
		r.fail(c.Loc, "give the import of "+c.External.Prefix+" a Go import path, or generate no Go",
			"%s is declared by the package imported for %s, which has no Go import path", c.Name.Go, c.External.Prefix)
	}
	return jen.Qual(c.External.GoPath, c.Name.Go)
}

// importsFile is the file that declares the validator code for imported
// documents: that of the first input.
func (r *renderer) importsFile() string {
	if len(r.space.Roots) == 0 {
		return docFile
	}
	return goFileName(r.space.Roots[0].File)
}

// adapter is the body of the check function of an imported type:
//
//	return (*envelope.Envelope[json.RawMessage])(nil).CheckNode(s, n)
func (r *renderer) adapter(t model.Type) []jen.Code {
	c := t.Base()
	if loc, ok := r.vp.EvalBy[c.ID]; ok {
		r.fail(loc, "declare the type here instead (--no-imports), or drop unevaluatedProperties and unevaluatedItems",
			"unevaluatedProperties and unevaluatedItems cannot see what the validator of %s, from the package imported for %s, evaluates",
			c.Name.Go, c.External.Prefix)
	}
	args := make([]jen.Code, len(c.TypeParams))
	for i := range args {
		args[i] = jen.Qual(jsonPkg, "RawMessage")
	}
	recv := jen.Parens(jen.Op("*").Add(instantiate(r.qualified(c), args))).Call(jen.Nil())
	return []jen.Code{jen.Return(recv.Dot("CheckNode").Call(stateID, nodeID))}
}

// externalResource reports whether the schema resource at loc is in an
// imported document.
func (p *vplan) externalResource(loc string) bool {
	for _, t := range p.space.Types[1:] {
		if c := t.Base(); c.Resource == loc {
			return c.External != nil
		}
	}
	return false
}

// entered reports whether a function of this package enters the schema
// resource at loc, and so uses its $dynamicAnchors.
func (p *vplan) entered(loc string) bool {
	for _, id := range p.order {
		if t := p.Get(id); t.Base().Resource == loc && p.enters(t) {
			return true
		}
	}
	return false
}
