package golang_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/config"
	"github.com/envgen/envgen/gen/internal/golang"
)

// TestGoldenWithoutMirrors renders the Go of every golden case as a
// jennifer version that renderBody does not know would: every file through
// File.Render, and the types in the JSON methods' text spelled by a probe
// file (bodyRenderer.spell). The output must be the golden files, byte for
// byte, as with the mirrors.
func TestGoldenWithoutMirrors(t *testing.T) {
	defer golang.WithoutMirrors()()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := filepath.Glob(filepath.Join(root, "golden", "*", "envgen.yaml"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden cases (%v)", err)
	}
	compared := 0
	for _, c := range cases {
		dir := filepath.Dir(c)
		if _, err := os.Stat(filepath.Join(dir, "want.err")); err == nil {
			continue // a case that must fail
		}
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
			files, err := gen.Generate(opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if !strings.HasSuffix(f.Path, ".go") {
					continue
				}
				want, err := os.ReadFile(filepath.Join("want", f.Path))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(f.Content, want) {
					t.Errorf("%s differs from want/ without the mirrors", f.Path)
				}
				compared++
			}
		})
	}
	if compared < 100 {
		t.Errorf("only %d files compared", compared)
	}
}
