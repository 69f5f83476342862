package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

func writeConfig(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadConfigYAML(t *testing.T) {
	p := writeConfig(t, "envgen.yaml", `# envgen settings
inputs: [schemas/, tool.json]
go:
  out: internal/envelope
  package: envelope
ts: {out: /abs/web, readonly_arrays: true}
ref_map:
  "https://example.com/schemas/": third_party/schemas
names:
  "schemas/tool.json#/$defs/item": ToolItem
  "https://example.com/x.json#/$defs/y": Y
imports:
  "https://example.com/lib/": {go: example.com/lib/gen/v2, go_package: lib, ts: "@example/lib"}
  "https://example.com/a/": {ts: ./a/index.js}
no_imports: true
no_canonical: true
`)
	dir := filepath.Dir(p)
	got, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	want := gen.Options{
		Inputs:           []string{filepath.Join(dir, "schemas"), filepath.Join(dir, "tool.json")},
		GoOut:            filepath.Join(dir, "internal/envelope"),
		GoPackage:        "envelope",
		TSOut:            "/abs/web",
		TSReadonlyArrays: true,
		RefMap:           map[string]string{"https://example.com/schemas/": filepath.Join(dir, "third_party/schemas")},
		Names:            map[string]string{filepath.ToSlash(filepath.Join(dir, "schemas/tool.json")) + "#/$defs/item": "ToolItem", "https://example.com/x.json#/$defs/y": "Y"},
		Imports: []gen.Import{
			{Prefix: "https://example.com/a/", TSModule: "./a/index.js"},
			{Prefix: "https://example.com/lib/", GoPath: "example.com/lib/gen/v2", GoPackage: "lib", TSModule: "@example/lib"},
		},
		NoImports:   true,
		NoCanonical: true,
	}
	if filepath.Separator != '/' {
		want.TSOut = filepath.Join(dir, "/abs/web")
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestLoadConfigJSON(t *testing.T) {
	p := writeConfig(t, "envgen.json", `{
  "inputs": ["a.json"],
  "go": {"out": "out", "package": "p"},
  "ts": {"out": null},
  "ref_map": {}
}`)
	dir := filepath.Dir(p)
	got, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	want := gen.Options{Inputs: []string{filepath.Join(dir, "a.json")}, GoOut: filepath.Join(dir, "out"), GoPackage: "p", RefMap: map[string]string{}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestLoadConfigRelativeToCWD(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("build", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("build/envgen.yaml", []byte("inputs: [../schemas]\ngo: {out: ./gen, package: p}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Load("build/envgen.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Inputs, []string{"schemas"}) || got.GoOut != filepath.Join("build", "gen") {
		t.Errorf("paths not relative to the config folder: %+v", got)
	}
}

func TestLoadConfigErrors(t *testing.T) {
	tests := []struct{ content, want string }{
		{"go:\n  out: x\n  pakage: p\n", `#/go/pakage: unknown key "pakage" (known: out, package)`},
		{"outputs: x\n", `#/outputs: unknown key "outputs" (known: inputs, go, ts, ref_map, names, imports, no_imports, no_canonical, assert_format)`},
		{"go: {out: [a, b]}\n", "#/go/out: expected a string, got a list"},
		{"go: {package: 3}\n", "#/go/package: expected a string, got the number 3"},
		{"inputs: schemas/\n", `#/inputs: expected a list of strings, got the string "schemas/"`},
		{"inputs: [a, {b: c}]\n", "#/inputs/1: expected a string, got a mapping"},
		{"ts: out\n", `#/ts: expected a mapping, got the string "out"`},
		{"- a\n", "#: expected a mapping, got a list"},
		{"inputs: [a\n", "#: invalid YAML at line 1: did not find expected ',' or ']'"},
		{"a: 1\n---\nb: 2\n", "#: invalid YAML at line 2, column 1: want one YAML document, found more"},
		{"inputs: " + strings.Repeat("[", 10001) + "\n", "#: nested deeper than 10000 levels at line 1, column 10009, more than envgen reads"},
		{"ref_map: {\"https://x/a\": 1}\n", "#/ref_map/https:~1~1x~1a: expected a string, got the number 1"},
		{"ref_map: {schemas: dir}\n", "#/ref_map/schemas: schemas is not an absolute URL prefix such as https://example.com/schemas/"},
		{"names: {\"a.json#/x\": my-name}\n", `#/names/a.json#~1x: "my-name" is not a valid Go identifier`},
		{"no_canonical: yes please\n", `#/no_canonical: expected a boolean, got the string "yes please"`},
		{"go: {out: a}\ngo: {out: b}\n", `#/go: duplicate key "go"`},
		{"go: {out: \"\"}\n", "#/go/out: expected a non-empty string"},
		{"imports: {\"https://x/\": {}}\n", "#/imports/https:~1~1x~1: an import needs a Go import path, a TypeScript module, or both"},
		{"imports: {\"https://x/\": {go: a/b, module: m}}\n", `#/imports/https:~1~1x~1/module: unknown key "module" (known: go, go_package, ts)`},
		{"imports: {\"https://x/\": {go: ../lib}}\n", `#/imports/https:~1~1x~1: "../lib" is not a Go import path such as example.com/lib/schemas`},
		{"imports: {\"https://x/\": {go: a/b, go_package: my-pkg}}\n", `#/imports/https:~1~1x~1: "my-pkg" is not a valid Go package name`},
		{"imports: [a]\n", "#/imports: expected a mapping, got a list"},
		{"no_imports: 1\n", "#/no_imports: expected a boolean, got the number 1"},
	}
	for _, tt := range tests {
		p := writeConfig(t, "envgen.yaml", tt.content)
		_, err := Load(p)
		if err == nil {
			t.Errorf("%q: no error", tt.content)
			continue
		}
		if want := p + tt.want; err.Error() != want {
			t.Errorf("%q:\n got %s\nwant %s", tt.content, err, want)
		}
		if !gen.IsInputError(err) {
			t.Errorf("%q: not an input error", tt.content)
		}
	}
}

func TestLoadConfigEmptyAndBroken(t *testing.T) {
	for _, content := range []string{"", "# nothing\n", "---\n", "---\n# nothing\n---\n"} {
		if got, err := Load(writeConfig(t, "e.yaml", content)); err != nil || !reflect.DeepEqual(got, gen.Options{}) {
			t.Errorf("%q: %+v, %v", content, got, err)
		}
	}
	p := writeConfig(t, "bad.yaml", "go: {out: [\n")
	if _, err := Load(p); err == nil || !strings.HasPrefix(err.Error(), p+"#: invalid YAML at line 1: ") {
		t.Errorf("syntax error: %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.yaml")); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: %v", err)
	}
}

// TestLoadConfigUnreadable: a config file that is missing, or a folder, is
// named as a schema file that cannot be read is, as an input error.
func TestLoadConfigUnreadable(t *testing.T) {
	dir := t.TempDir()
	for p, want := range map[string]string{
		filepath.Join(dir, "missing.yaml"): "#: cannot read: no such file or folder",
		dir:                                "#: cannot read: a folder, not a config file",
	} {
		_, err := Load(p)
		if err == nil || err.Error() != p+want {
			t.Errorf("Load(%s) = %v, want %s", p, err, p+want)
		}
		if !gen.IsInputError(err) {
			t.Errorf("Load(%s): not an input error", p)
		}
	}
}
