package reference

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoOptInSkips holds the tests that `go test ./...` builds to the rule
// that nothing skips under CI=true: a test that runs only when an environment
// variable asks for it (a slow or measuring one) skips in every other run,
// CI's included, where make test's summary does not see it. Such a test lives
// behind a build tag instead (//go:build schemastore, run by its make target
// with -tags), out of `go test ./...` altogether. The check is on the
// source: a t.Skip under an if whose condition reads os.Getenv or
// os.LookupEnv, directly or through a variable set from one.
func TestNoOptInSkips(t *testing.T) {
	root, ok := moduleRoot()
	if !ok {
		t.Fatal("not inside the envgen checkout")
	}
	var found []string
	files := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "node_modules" || name == "testdata" || name == "golden" ||
				strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, "_test.go") {
			return nil
		}
		if match, err := build.Default.MatchFile(filepath.Dir(p), name); err != nil || !match {
			return err // a file of another platform or behind a build tag
		}
		files++
		rel, _ := filepath.Rel(root, p)
		for _, s := range optInSkips(t, p) {
			found = append(found, filepath.ToSlash(rel)+":"+s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("found %d test files under %s, want the repository's", files, root)
	}
	for _, f := range found {
		t.Errorf("%s skips unless an environment variable is set: put the test behind a build tag", f)
	}
}

// optInSkips lists "line: function" for each skip in the file at path that
// depends on the environment.
func optInSkips(t *testing.T, path string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		fromEnv := map[string]bool{} // variables set from the environment
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if readsEnv(n, nil) {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							fromEnv[id.Name] = true
						}
					}
				}
			case *ast.ValueSpec:
				if readsEnv(n, nil) {
					for _, id := range n.Names {
						fromEnv[id.Name] = true
					}
				}
			case *ast.CallExpr: // fmt.Sscan(os.Getenv(…), &n)
				if readsEnv(n, nil) {
					for _, a := range n.Args {
						if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
							if id, ok := u.X.(*ast.Ident); ok {
								fromEnv[id.Name] = true
							}
						}
					}
				}
			case *ast.IfStmt:
				if readsEnv(n.Cond, fromEnv) && skips(n.Body) {
					out = append(out, strings.TrimPrefix(fset.Position(n.Pos()).String(), path+":")+": "+fn.Name.Name)
				}
			}
			return true
		})
	}
	return out
}

// readsEnv reports whether n calls os.Getenv or os.LookupEnv, or names a
// variable in vars.
func readsEnv(n ast.Node, vars map[string]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "os" && (n.Sel.Name == "Getenv" || n.Sel.Name == "LookupEnv") {
				found = true
			}
		case *ast.Ident:
			found = found || vars[n.Name]
		}
		return !found
	})
	return found
}

// skips reports whether n calls a Skip method (Skip, Skipf, SkipNow).
func skips(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if s, ok := c.Fun.(*ast.SelectorExpr); ok && strings.HasPrefix(s.Sel.Name, "Skip") {
				found = true
			}
		}
		return !found
	})
	return found
}
