package gen_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/internal/reference"
)

// isSchemaDocument tells a schema from the examples and configs beside it:
// a schema names a json-schema.org metaschema in $schema.
func isSchemaDocument(t *testing.T, path string) bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Schema string `json:"$schema"`
	}
	return json.Unmarshal(data, &doc) == nil && strings.Contains(doc.Schema, "json-schema.org/")
}

// TestReferenceSchemas generates Go for every published schema of the seed
// conventions and for the MCP specification's schema, and builds and vets it.
func TestReferenceSchemas(t *testing.T) {
	mcpSpec := reference.Require(t, reference.MCPSpec)
	upstream, err := filepath.Glob(filepath.Join(reference.Require(t, reference.Upstream), "*", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	groups := map[string][]string{}
	for _, p := range upstream {
		if isSchemaDocument(t, p) {
			project := filepath.Base(filepath.Dir(p))
			groups[project] = append(groups[project], p)
		}
	}
	groups["mcp_spec"] = []string{filepath.Join(mcpSpec, "schema.2026-07-28.json")}
	if len(groups) < 5 {
		t.Fatalf("expected the four upstream projects and the MCP schema, found %v", sortedKeys(groups))
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	built := t.TempDir()
	var pkgs []string
	for _, name := range sortedKeys(groups) {
		pkg := strings.ReplaceAll(name, "-", "_")
		files, err := gen.Generate(gen.Options{Inputs: groups[name], GoOut: pkg, GoPackage: pkg, NoCanonical: true})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, f := range files {
			writeFile(t, filepath.Join(built, filepath.FromSlash(f.Path)), f.Content)
		}
		t.Logf("%s: %d schema files → %d Go files", name, len(groups[name]), len(files))
		pkgs = append(pkgs, "./"+pkg)
	}
	compileGo(t, built, root, pkgs)
}
