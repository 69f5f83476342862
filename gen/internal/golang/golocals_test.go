package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestGoLocalsCoverGeneratedCode collects the names that the functions of
// every generated file under golden/, generated/ and internal/contract
// declare, and wants each in goLocals: an imported package of a name not
// listed would be shadowed where a function declares it (golden
// import-shadow), and the code would not compile.
func TestGoLocalsCoverGeneratedCode(t *testing.T) {
	root := repoRoot(t)
	files := 0
	missing := map[string]string{} // name → a file that declares it
	for _, dir := range []string{"golden", "generated", filepath.Join("internal", "contract")} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if !strings.HasPrefix(string(src), "// "+generatedHeader) {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, src, 0)
			if err != nil {
				return err
			}
			files++
			for _, name := range declaredLocals(f) {
				if !isGoLocal(name) {
					missing[name] = path
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 50 {
		t.Fatalf("only %d generated files found", files)
	}
	names := make([]string, 0, len(missing))
	for n := range missing {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Errorf("generated code declares %s (%s), which goLocals does not list", n, missing[n])
	}
}

// declaredLocals are the names that the functions of f declare: receivers,
// parameters, results, variables and constants.
func declaredLocals(f *ast.File) []string {
	var names []string
	fields := func(l *ast.FieldList) {
		if l == nil {
			return
		}
		for _, field := range l.List {
			for _, id := range field.Names {
				names = append(names, id.Name)
			}
		}
	}
	idents := func(es ...ast.Expr) {
		for _, e := range es {
			if id, ok := e.(*ast.Ident); ok {
				names = append(names, id.Name)
			}
		}
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		fields(fd.Recv)
		fields(fd.Type.Params)
		fields(fd.Type.Results)
		if fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.AssignStmt:
				if s.Tok == token.DEFINE {
					idents(s.Lhs...)
				}
			case *ast.RangeStmt:
				if s.Tok == token.DEFINE {
					idents(s.Key, s.Value)
				}
			case *ast.ValueSpec:
				for _, id := range s.Names {
					names = append(names, id.Name)
				}
			case *ast.FuncLit:
				fields(s.Type.Params)
				fields(s.Type.Results)
			}
			return true
		})
	}
	return names
}
