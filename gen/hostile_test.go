package gen_test

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

// chainSchema is d_i = anyOf[$ref d_{i-1}, $ref d_{i-1}] for i up to n: 2^n
// paths through the unions, which the Go backend once walked one by one
// (n=28 took 31 s). golden/union-cycle holds the other shape that hung it.
func chainSchema(n int) []byte {
	defs := map[string]any{"d0": map[string]any{"type": "integer"}}
	for i := 1; i <= n; i++ {
		prev := map[string]any{"$ref": fmt.Sprintf("#/$defs/d%d", i-1)}
		defs[fmt.Sprintf("d%d", i)] = map[string]any{"anyOf": []any{prev, prev}}
	}
	b, err := json.Marshal(map[string]any{"$defs": defs, "type": "object",
		"properties": map[string]any{"x": map[string]any{"$ref": fmt.Sprintf("#/$defs/d%d", n)}}})
	if err != nil {
		panic(err)
	}
	return b
}

// TestUnionChain generates the 40-level chain in Go; before unionHoldsNull
// was memoized this did not finish within the test timeout.
func TestUnionChain(t *testing.T) {
	in := filepath.Join(t.TempDir(), "chain.json")
	if err := os.WriteFile(in, chainSchema(40), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := gen.Generate(gen.Options{Inputs: []string{in}, GoOut: "out", GoPackage: "chain", NoCanonical: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, 0); err != nil {
			t.Errorf("%s: %v", f.Path, err)
		}
	}
	if len(files) == 0 || !strings.Contains(string(files[0].Content)+string(files[len(files)-1].Content), "D40") {
		t.Errorf("no D40 in the output: %v", files)
	}
}
