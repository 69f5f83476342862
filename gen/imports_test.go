package gen

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/schemas"
	"github.com/envgen/envgen/templates"
)

// TestImportedNames: a downstream schema that references every root and
// $defs entry of the canonical schemas imports each type under the name the
// canonical package (make generate) gives it: package lower declares the
// imported documents as that run declares its inputs, and package naming
// applies the same rules to them. A name that differed would be an
// identifier the package does not declare.
func TestImportedNames(t *testing.T) {
	home, err := buildSpace(Options{Inputs: []string{filepath.Join("..", "schemas")}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]model.Type{}
	for _, ty := range home.Named() {
		if slices.ContainsFunc(home.Roots, func(r model.Root) bool { return r.Default == ty.Base().ID }) {
			continue // EnvelopeDefault: declared for the input's root only, never imported
		}
		if ty.Base().External != nil {
			t.Errorf("%s is external in a run whose inputs are the canonical schemas", ty.Base().Loc)
		}
		want[ty.Base().Loc.URL] = ty
	}

	space, err := buildSpace(Options{Inputs: []string{downstreamOfEverything(t)}})
	if err != nil {
		t.Fatal(err)
	}
	imported := 0
	for _, ty := range space.Types[1:] {
		c := ty.Base()
		if !c.Imported() {
			continue
		}
		imported++
		if *c.External != canonicalImport {
			t.Errorf("%s is imported from %+v", c.Loc, *c.External)
		}
		w, ok := want[c.Loc.URL]
		switch {
		case !ok:
			t.Errorf("%s is imported as %s, but the canonical package declares no type for it", c.Loc.URL, c.Name.Go)
		case w.Base().Name != c.Name:
			t.Errorf("%s is imported as %+v, the canonical package calls it %+v", c.Loc.URL, c.Name, w.Base().Name)
		default:
			if e, ok := ty.(*model.Enum); ok && !slices.Equal(e.Members, w.(*model.Enum).Members) {
				t.Errorf("%s: constants %v, the canonical package has %v", c.Name.Go, e.Members, w.(*model.Enum).Members)
			}
		}
	}
	if imported != len(want) {
		t.Errorf("%d types imported, the canonical package declares %d: the test schema should reach every one", imported, len(want))
	}
}

// downstreamOfEverything writes a schema whose members reference every root
// and $defs entry of the canonical schemas, by $id.
func downstreamOfEverything(t *testing.T) string {
	t.Helper()
	files, err := fs.Glob(schemas.FS, "*.json")
	if err != nil {
		t.Fatal(err)
	}
	props := map[string]any{}
	add := func(ref string) { props["m"+strconv.Itoa(len(props))] = map[string]any{"$ref": ref} }
	for _, f := range files {
		data, err := fs.ReadFile(schemas.FS, f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			ID   string                     `json:"$id"`
			Defs map[string]json.RawMessage `json:"$defs"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		add(doc.ID)
		for key := range doc.Defs {
			add(doc.ID + "#/$defs/" + key)
		}
	}
	data, err := json.Marshal(map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/everything.json",
		"title": "Everything", "type": "object", "properties": props,
	})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "everything.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestNoImports: without imports every type is declared here, as it was
// before imports existed; with --no-canonical the canonical import does not
// apply either.
func TestNoImports(t *testing.T) {
	tool := filepath.Join("..", "golden", "canonical-ref", "tool.json")
	for _, opts := range []Options{
		{Inputs: []string{tool}, NoImports: true},
		{Inputs: []string{tool}, Imports: []Import{{Prefix: canonicalImport.Prefix}}, NoImports: true},
	} {
		space, err := buildSpace(opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, ty := range space.Types[1:] {
			if ty.Base().External != nil {
				t.Errorf("%s is external with NoImports", ty.Base().Loc)
			}
		}
	}
	space, err := buildSpace(Options{Inputs: []string{tool}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(space.Types[1:], func(ty model.Type) bool { return ty.Base().Imported() }) {
		t.Error("nothing is imported from the canonical package by default")
	}
}

// TestImportedNameTaken: a type here may have the name of an imported type:
// Go spells the imported one with its package, TypeScript, which imports it
// by name, imports it under another (naming.TSDeclared.ImportNames).
func TestImportedNameTaken(t *testing.T) {
	p := filepath.Join(t.TempDir(), "tool.json")
	schema := `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://example.com/tool.json",
  "$ref": "https://envgen.dev/schemas/v2/envelope.json",
  "$defs": {
    "envelope": {"$dynamicAnchor": "data", "type": "object", "properties": {"id": {"type": "string"}}}
  }
}`
	if err := os.WriteFile(p, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := Generate(Options{Inputs: []string{p}, GoOut: "out", GoPackage: "tool"})
	if err != nil {
		t.Fatalf("Go: %v", err)
	}
	if !slices.ContainsFunc(files, func(f File) bool {
		return strings.Contains(string(f.Content), "type Tool = envelope.Envelope[Envelope]")
	}) {
		t.Error("no alias of the imported envelope with the local Envelope as its payload")
	}
	files, err = Generate(Options{Inputs: []string{p}, TSOut: "ts"})
	if err != nil {
		t.Fatalf("TypeScript: %v", err)
	}
	i := slices.IndexFunc(files, func(f File) bool { return f.Path == filepath.Join("ts", "tool.ts") })
	if i < 0 {
		t.Fatal("no ts/tool.ts")
	}
	lines := strings.Split(string(files[i].Content), "\n")
	for _, want := range []string{
		`import { type Envelope as EnvgenEnvelope, checkEnvelope as checkEnvgenEnvelope$ } from "@envgen/envelope";`,
		"export type Tool = EnvgenEnvelope<Envelope>;",
		"export interface Envelope {",
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("ts/tool.ts has no line %s:\n%s", want, files[i].Content)
		}
	}
}

// TestImportedUnevaluated: unevaluatedProperties cannot see what an imported
// type's validator evaluates, so a schema that needs it to is refused, with
// the way out.
func TestImportedUnevaluated(t *testing.T) {
	p := filepath.Join(t.TempDir(), "tool.json")
	schema := `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://example.com/tool.json",
  "type": "object",
  "properties": {"answer": {"allOf": [{"$ref": "https://envgen.dev/schemas/v2/warning.json"}], "unevaluatedProperties": false}}
}`
	if err := os.WriteFile(p, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, opts := range []Options{{GoOut: "out", GoPackage: "tool"}, {TSOut: "ts"}} {
		opts.Inputs = []string{p}
		_, err := Generate(opts)
		if err == nil || !strings.Contains(err.Error(), "unevaluatedProperties and unevaluatedItems cannot see what the validator of Warning") ||
			!strings.Contains(err.Error(), "--no-imports") {
			t.Errorf("got %v", err)
		}
		opts.NoImports = true
		if _, err := Generate(opts); err != nil {
			t.Errorf("with NoImports: %v", err)
		}
	}
}

// TestSharedRuntime: TypeScript that imports from the canonical package
// imports the validators' runtime from it too (@envgen/envelope/runtime) and
// gets no _envgen.ts; output that imports from no package exporting a
// runtime, with no imports or an import of the canonical prefix that names
// another module, gets the runtime written beside it.
func TestSharedRuntime(t *testing.T) {
	tool := filepath.Join("..", "golden", "canonical-ref", "tool.json")
	for _, c := range []struct {
		name    string
		opts    Options
		module  string // what the modules import the types from, "" for nothing
		runtime string // where they import the runtime from
	}{
		{"canonical", Options{}, `"@envgen/envelope"`, `"@envgen/envelope/runtime"`},
		{"no imports", Options{NoImports: true}, "", `"./_envgen.js"`},
		{"no runtime", Options{Imports: []Import{{Prefix: canonicalImport.Prefix, TSModule: "@example/envelope"}}},
			`"@example/envelope"`, `"./_envgen.js"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.opts.Inputs, c.opts.TSOut = []string{tool}, "ts"
			files, err := Generate(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			byPath := map[string]string{}
			for _, f := range files {
				byPath[f.Path] = string(f.Content)
			}
			rt, written := byPath["ts/_envgen.ts"]
			if shared := c.runtime != `"./_envgen.js"`; written == shared || (written && rt != string(templates.Runtime)) {
				t.Errorf("ts/_envgen.ts written: %t, want %t, as templates/runtime/envgen.ts", written, !shared)
			}
			for _, want := range []string{
				"ts/tool.ts:import * as rt from " + c.runtime + ";",
				"ts/index.ts:export type { Guard, ValidationError, Validator } from " + c.runtime + ";",
			} {
				path, line, _ := strings.Cut(want, ":")
				if !slices.Contains(strings.Split(byPath[path], "\n"), line) {
					t.Errorf("%s has no line %s:\n%s", path, line, byPath[path])
				}
			}
			switch toolTS := byPath["ts/tool.ts"]; {
			case c.module == "" && strings.Contains(toolTS, "@envgen/envelope"):
				t.Errorf("ts/tool.ts imports from @envgen/envelope with NoImports:\n%s", toolTS)
			case c.module != "" && !strings.Contains(toolTS, "} from "+c.module+";"):
				t.Errorf("ts/tool.ts imports nothing from %s:\n%s", c.module, toolTS)
			}
		})
	}
}
