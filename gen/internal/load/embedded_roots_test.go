package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestRoots: Options.Roots compiles embedded schemas as inputs, with no
// input file needed; an input with a root's $id is compiled once, as the
// input; a $id that no embedded schema has is an error.
func TestRoots(t *testing.T) {
	emb := fstest.MapFS{"r.json": {Data: []byte(`{"$id": "https://x.test/r.json", "$defs": {"a": {"type": "string"}}}`)}}
	set, err := Load(Options{Embedded: emb, EmbeddedName: "emb", Roots: []string{"https://x.test/r.json"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Files) != 1 || set.Files[0].Path != "emb/r.json" || len(set.Files[0].Defs) != 1 {
		t.Fatalf("files %+v, want emb/r.json with its one $defs entry", set.Files)
	}

	in := filepath.Join(t.TempDir(), "mine.json")
	if err := os.WriteFile(in, []byte(`{"$id": "https://x.test/r.json"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err = Load(Options{Inputs: []string{in}, Embedded: emb, EmbeddedName: "emb", Roots: []string{"https://x.test/r.json"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Files) != 1 || set.Files[0].Path != in {
		t.Fatalf("files %+v, want only the input", set.Files)
	}

	_, err = Load(Options{Embedded: emb, EmbeddedName: "emb", Roots: []string{"https://x.test/nope.json"}})
	if err == nil || !strings.Contains(err.Error(), "no built-in schema has the $id https://x.test/nope.json") {
		t.Fatalf("unknown root: %v", err)
	}
}
