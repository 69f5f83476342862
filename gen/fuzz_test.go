package gen_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/internal/model"
)

// FuzzGenerate: for any schema text, Generate returns files or an input error
// (*model.Error, what the CLI prints with exit 1), never panics, and every Go
// file it returns parses.
func FuzzGenerate(f *testing.F) {
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, schema []byte) {
		in := filepath.Join(dir, "s.json")
		if err := os.WriteFile(in, schema, 0o644); err != nil {
			t.Fatal(err)
		}
		files, err := gen.Generate(gen.Options{Inputs: []string{in}, GoOut: "go", GoPackage: "p", TSOut: "ts", NoCanonical: true})
		if err != nil {
			if !model.IsInputError(err) {
				t.Fatalf("%q: not an input error: %v", schema, err)
			}
			return
		}
		for _, file := range files {
			if filepath.Ext(file.Path) != ".go" {
				continue
			}
			if _, err := parser.ParseFile(token.NewFileSet(), file.Path, file.Content, 0); err != nil {
				t.Fatalf("%q: %s does not parse: %v", schema, file.Path, err)
			}
		}
	})
}
