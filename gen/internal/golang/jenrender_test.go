package golang_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/config"
	"github.com/envgen/envgen/gen/internal/golang"
)

// TestRenderBodyMatchesJennifer renders the Go of every golden case, the
// canonical schemas, the dialects and a synthetic schema of every kind of
// definition the benchmark uses, with every file written both by
// renderBody and by jennifer's File.Render; a difference, or a file
// renderBody cannot write, fails the generation.
func TestRenderBodyMatchesJennifer(t *testing.T) {
	stats := golang.CheckRenderBody()
	if _, ok := stats(); !ok {
		t.Fatal("renderBody's mirrors do not match jennifer's types: every file goes through File.Render")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := filepath.Glob(filepath.Join(root, "golden", "*", "envgen.yaml"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden cases (%v)", err)
	}
	for _, c := range cases {
		dir := filepath.Dir(c)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Chdir(dir)
			opts, err := config.Load("envgen.yaml")
			if err != nil {
				t.Fatal(err)
			}
			opts.GoOut, opts.TSOut = "go", ""
			if opts.GoPackage == "" {
				opts.GoPackage = strings.ReplaceAll(filepath.Base(dir), "-", "_")
			}
			if _, err := gen.Generate(opts); err != nil && strings.Contains(err.Error(), "renderBody") {
				t.Fatal(err) // other errors are the case's own (want.err)
			}
		})
	}
	inputs := []string{filepath.Join(root, "schemas"), synthetic(t, 120)} // 120 definitions: files of several chunks
	for _, d := range []string{"scalpel", "foundry", "mcpenvelope", "codegraph", "bmcis"} {
		inputs = append(inputs, filepath.Join(root, "dialects", d))
	}
	for _, in := range inputs {
		opts := gen.Options{Inputs: []string{in}, GoOut: "go", GoPackage: "p", AssertFormat: true}
		if _, err := gen.Generate(opts); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
	}
	if n, _ := stats(); n < 100 {
		t.Errorf("only %d files compared", n)
	}
}

// synthetic writes a schema of n definitions like gen's BenchmarkGenerate.
func synthetic(t *testing.T, n int) string {
	var defs []string
	for i := range n {
		defs = append(defs, fmt.Sprintf(`"def_%d": {"type": "object", "description": "Definition number %d.",
			"additionalProperties": false, "required": ["id", "name"], "properties": {
			"id": {"type": "string", "minLength": 1}, "name": {"type": "string", "maxLength": 200},
			"count": {"type": "integer", "minimum": 0}, "ratio": {"type": "number"}, "enabled": {"type": "boolean"},
			"kind": {"enum": ["a", "b", "c"]}, "tags": {"type": "array", "items": {"type": "string"}},
			"next": {"$ref": "#/$defs/def_%d"}, "children": {"type": "array", "items": {"$ref": "#/$defs/def_%d"}},
			"note": {"type": ["string", "null"]}}}`, i, i, (i+1)%n, (i*7+3)%n))
	}
	doc := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Synthetic", "$ref": "#/$defs/def_0",
		"$defs": {` + strings.Join(defs, ",") + `}}`
	path := filepath.Join(t.TempDir(), "synthetic.json")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
