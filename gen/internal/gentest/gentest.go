// Package gentest holds what the generator's tests share: the synthetic schema
// the generation benchmark measures, and a run of the Go backend over every
// schema the repository generates (golden cases, canonical schemas, dialects),
// for tests that check a stage of it on every file.
package gentest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/config"
)

// Synthetic writes one schema file with n $defs of ten properties each:
// strings with limits, integers, enums, arrays and references to other
// definitions, so that every stage of the pipeline has real work. The
// definitions reference each other in one cycle.
func Synthetic(tb testing.TB, n int) string {
	tb.Helper()
	defs := make(map[string]any, n)
	for i := range n {
		defs[fmt.Sprintf("def_%d", i)] = map[string]any{
			"type":                 "object",
			"description":          fmt.Sprintf("Definition number %d.", i),
			"additionalProperties": false,
			"required":             []string{"id", "name"},
			"properties": map[string]any{
				"id":       map[string]any{"type": "string", "minLength": 1},
				"name":     map[string]any{"type": "string", "maxLength": 200},
				"count":    map[string]any{"type": "integer", "minimum": 0},
				"ratio":    map[string]any{"type": "number"},
				"enabled":  map[string]any{"type": "boolean"},
				"kind":     map[string]any{"enum": []string{"a", "b", "c"}},
				"tags":     map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
				"next":     map[string]any{"$ref": fmt.Sprintf("#/$defs/def_%d", (i+1)%n)},
				"children": map[string]any{"type": "array", "items": map[string]any{"$ref": fmt.Sprintf("#/$defs/def_%d", (i*7+3)%n)}},
				"note":     map[string]any{"type": []string{"string", "null"}},
			},
		}
	}
	doc := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"title":   "Synthetic",
		"$ref":    "#/$defs/def_0",
		"$defs":   defs,
	}
	data, err := json.Marshal(doc)
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), fmt.Sprintf("synthetic_%d.json", n))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// GenerateAllGo generates the Go of every golden case (under root/golden),
// then of the canonical schemas, the dialects and the extra inputs, each with
// format assertion on. A golden case's own error (its want.err) is expected;
// an error whose text contains marker, the stage under test, fails the test,
// and so does any error from the other inputs.
func GenerateAllGo(t *testing.T, root, marker string, extra ...string) {
	t.Helper()
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
			if _, err := gen.Generate(opts); err != nil && strings.Contains(err.Error(), marker) {
				t.Fatal(err)
			}
		})
	}
	inputs := append([]string{filepath.Join(root, "schemas")}, extra...)
	for _, d := range []string{"scalpel", "foundry", "mcpenvelope", "codegraph", "bmcis"} {
		inputs = append(inputs, filepath.Join(root, "dialects", d))
	}
	for _, in := range inputs {
		opts := gen.Options{Inputs: []string{in}, GoOut: "go", GoPackage: "p", AssertFormat: true}
		if _, err := gen.Generate(opts); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
	}
}
