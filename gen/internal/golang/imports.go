package golang

import (
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

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

// goImport is how the files of the package import one Go package.
type goImport struct {
	path, name string
	alias      bool // written: import name "path"
}

// goImports are the packages that imported types come from, sorted by path,
// each with the name every file of the package spells it by. A package keeps
// its own name (import "…/envelope") unless a local of generated code would
// shadow it (importAlias: spkg) or a package earlier in path order has it;
// then it gets an alias from its import path, as one would write by hand:
//
//	import (
//		"example.com/a/envelope"
//		benvelope "example.com/b/envelope"
//		"example.com/go-lib/v2"                // package lib
//		libv3 "example.com/lib/v3"             // package lib
//		libb "golden.test/import_shadow_lib_b" // package lib, beside …_lib_a
//	)
//
// The names depend on the set of imported paths only, never on which file
// uses which, so a package has one name in every file.
func goImports(space *model.Space) []goImport {
	pkgs := map[string]*model.Import{}
	for _, t := range space.Types[1:] {
		if imp := t.Base().External; imp != nil && imp.GoPath != "" {
			pkgs[imp.GoPath] = imp
		}
	}
	paths := make([]string, 0, len(pkgs))
	for p := range pkgs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	taken := map[string]bool{"envgenrt": true, "json": true, "jsontext": true}
	free := func(n string) bool {
		return token.IsIdentifier(n) && !token.IsKeyword(n) && types.Universe.Lookup(n) == nil && !isGoLocal(n) && !taken[n]
	}
	out := make([]goImport, 0, len(paths))
	for _, p := range paths {
		imp := pkgs[p]
		name := imp.Package()
		gi := goImport{path: p, name: name, alias: imp.GoPackage == ""} // a name guessed from the path, which an alias makes true: lib "…/go-lib/v2"
		if !free(name) {
			gi.alias = true
			if gi.name = importAlias(name); !free(gi.name) {
				gi.name = pathAlias(p, name, free)
			}
		}
		taken[gi.name] = true
		out = append(out, gi)
	}
	return out
}

// imports is goImports of the renderer's space, computed on first use.
func (r *renderer) imports() []goImport {
	if r.goImports == nil {
		r.goImports = goImports(r.space)
	}
	return r.goImports
}

// importName is the name the files of the package spell imp's package by
// (goImports), which doc comments use too: "the validator of libb.Item".
func (r *renderer) importName(imp *model.Import) string {
	for _, gi := range r.imports() {
		if gi.path == imp.GoPath {
			return gi.name
		}
	}
	return imp.Package()
}

// pathAlias is the first name free leaves for the package name of the
// import path p, made from p's words (its runs of letters and digits) from
// the last that is the name on: libb for golden.test/import_shadow_lib_b,
// libv3 for example.com/lib/v3, corev1 for k8s.io/api/core/v1 (package v1),
// then benvelope for example.com/b/envelope when envelope is taken; or, for
// a path without the name, from its last word on (schemas for
// example.com/schemas, package envelope). Only when every such name is taken
// (two paths that differ only in punctuation) is a number appended.
func pathAlias(p, name string, free func(string) bool) string {
	words := strings.FieldsFunc(strings.ToLower(p), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	})
	start := len(words) - 1
	for i, w := range words {
		if w == name {
			start = i
		}
	}
	alias := name
	for i := start; i >= 0; i-- {
		if alias = strings.Join(words[i:], ""); free(alias) {
			return alias
		}
	}
	// The numbered names must be identifiers that are no local with its
	// depth (s2 is s): pkg7zjson for 7z/json, pkgs for a path that is s.
	if !token.IsIdentifier(alias) || isGoLocal(alias) {
		if alias = "pkg" + alias; free(alias) {
			return alias
		}
	}
	for n := 2; ; n++ { // ends: alias+n is an identifier and no local, and only finitely many names are taken
		if a := alias + strconv.Itoa(n); free(a) {
			return a
		}
	}
}

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
