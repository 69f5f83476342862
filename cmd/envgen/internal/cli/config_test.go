package cli

import (
	"os"
	"reflect"
	"testing"

	"github.com/envgen/envgen/gen"
)

// The config file through the CLI: its errors, and flags over its settings.
// The file format itself is tested in gen/config.

func TestConfigErrorViaCLI(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("envgen.yaml", []byte("go:\n  pakage: p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runFake(t, fakeGenerate, "generate", "--config", "envgen.yaml")
	want := "envgen: envgen.yaml#/go/pakage: unknown key \"pakage\" (known: out, package)\n"
	if r.code != exitFailed || r.stderr != want {
		t.Errorf("got %+v, want exit 1 and %q", r, want)
	}
}

func TestFlagsOverrideConfig(t *testing.T) {
	t.Chdir(t.TempDir())
	config := `inputs: [a.json]
go: {out: goout, package: frompkg}
ts: {out: tsout}
ref_map: {"https://a/": adir, "https://b/": bdir}
names: {"a.json#/x": X}
imports: {"https://a/": {go: a/pkg}, "https://b/": {go: b/pkg}}
`
	if err := os.WriteFile("envgen.yaml", []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}

	var got gen.Options
	r := runFake(t, captured(&got), "generate", "--config", "envgen.yaml")
	if r.code != 0 {
		t.Fatalf("config only: %+v", r)
	}
	if !reflect.DeepEqual(got.Inputs, []string{"a.json"}) || got.GoPackage != "frompkg" || got.TSOut != "tsout" {
		t.Errorf("config only: %+v", got)
	}

	r = runFake(t, captured(&got), "check", "b.json", "--config", "envgen.yaml",
		"--go-package", "flagpkg", "--ts-out", "", "--ref-map", "https://b/=other", "--name", "a.json#/y=Y", "--no-canonical",
		"--import", "https://b/=b/other,@b/other", "--import", "https://c/=,@c/c", "--no-imports")
	if r.code != 0 {
		t.Fatalf("with flags: %+v", r)
	}
	want := gen.Options{
		Inputs:    []string{"b.json"},
		GoOut:     "goout",
		GoPackage: "flagpkg",
		RefMap:    map[string]string{"https://a/": "adir", "https://b/": "other"},
		Names:     map[string]string{"a.json#/x": "X", "a.json#/y": "Y"},
		Imports: []gen.Import{
			{Prefix: "https://a/", GoPath: "a/pkg"},
			{Prefix: "https://b/", GoPath: "b/other", TSModule: "@b/other"},
			{Prefix: "https://c/", TSModule: "@c/c"},
		},
		NoImports:   true,
		NoCanonical: true,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}
