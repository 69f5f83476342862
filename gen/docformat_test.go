package gen_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

// TestDocCommentsAsGofmtPrintsThem: descriptions with Markdown lists, a
// line that go/doc reads as a heading, and indented code become doc
// comments that gofmt leaves as they are. gofmt rewrites top-level doc
// comments (go/doc/comment); the formatter's fast paths print comment lines
// as written, so 24 of 190 SchemaStore schemas came out not gofmt-clean
// (app-config.json among them) until the generator wrote the standard form.
// A list blank-parted only in places (pyproject's uv.json) needs go/printer's
// rewrite applied twice before it stops changing.
func TestDocCommentsAsGofmtPrintsThem(t *testing.T) {
	in := filepath.Join(t.TempDir(), "s.json")
	schema := `{"title": "Doc", "type": "object", "additionalProperties": false,
	  "description": "Controls how it is used:\n\n- ` + "`disabled`" + `: never.\n  Really never.\n- ` + "`optional`" + `: sometimes.\n\n1. one\n2. two\n\nUsage\n\nAfter a heading.\n\n    code block\n    more",
	  "properties": {"mode": {"enum": ["a", "b"], "description": "Modes:\n* a\n* b"},
	                 "list": {"type": "array", "items": {"type": "string"}, "description": "Items:\n+ x\n+ y"},
	                 "loose": {"type": "object", "properties": {"x": {"type": "string"}}, "description": "Kinds:\n\n- ` + "`a`" + `: one\n  more.\n- ` + "`b`" + `: two.\n\n    Warning: this may override files!\n\n- ` + "`c`" + `: three\n  more.\n- ` + "`d`" + `: four."}}}`
	if err := os.WriteFile(in, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := gen.Generate(gen.Options{Inputs: []string{in}, GoOut: "out", GoPackage: "p", NoCanonical: true})
	if err != nil {
		t.Fatal(err)
	}
	lists := 0
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		want, err := format.Source(f.Content)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if !bytes.Equal(f.Content, want) {
			t.Errorf("%s is not as gofmt prints it:\n%s", f.Path, f.Content)
		}
		lists += bytes.Count(f.Content, []byte("\n//   - "))
	}
	if lists < 2 {
		t.Errorf("%d list items in gofmt's indented form; the schema's lists were lost", lists)
	}
}
