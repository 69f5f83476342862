// Package gentest holds what the generator's tests share: the synthetic schema
// the generation benchmark measures, and a run of the Go backend over every
// schema the repository generates (golden cases, canonical schemas, dialects),
// for tests that check a stage of it on every file.
package gentest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/config"
	"github.com/envgen/envgen/internal/synthetic"
)

// Synthetic writes the synthetic schema of n definitions (package
// internal/synthetic) to a file and returns its path.
func Synthetic(tb testing.TB, n int) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), fmt.Sprintf("synthetic_%d.json", n))
	if err := os.WriteFile(path, synthetic.Schema(n), 0o644); err != nil {
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
