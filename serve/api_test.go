package serve_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/serve"
)

// serve keeps no state a caller can change: it exports no variables, and
// the lists it gives out are the caller's own.
func TestNoExportedVariables(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, s := range g.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						if n.IsExported() {
							t.Errorf("%s: exported variable %s: make it a function or unexport it", fset.Position(n.Pos()), n.Name)
						}
					}
				}
			}
		}
	}

	serve.Modes()[0] = "changed"
	serve.Profiles()[0] = "changed"
	serve.ConfigSchema()[0] = 'x'
	if slices.Contains(serve.Modes(), "changed") || slices.Contains(serve.Profiles(), "changed") || serve.ConfigSchema()[0] != '{' {
		t.Error("a caller changed serve's own list")
	}
}
