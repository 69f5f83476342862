package validate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/envgen/envgen/conformance"
	"github.com/envgen/envgen/conformance/suite"
	"github.com/envgen/envgen/gen/validate"
	"github.com/envgen/envgen/internal/reference"
)

// TestSuiteVerdicts gives validate every instance of JSON-Schema-Test-Suite
// (draft 2020-12, required files) and wants the verdict of the Go code
// envgen generates: the suite's, except for the cases that
// conformance/baseline-go.json lists as ones the generated Go gets wrong,
// where it wants the generated Go's (the opposite). TestConformance holds
// the generated Go to that list, so the two agree on every instance.
func TestSuiteVerdicts(t *testing.T) {
	dir := reference.Require(t, reference.JSONSchemaTestSuite)
	groups, err := suite.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	base, err := conformance.ReadBaseline(filepath.Join("..", "..", "conformance", "baseline-go.json"))
	if err != nil {
		t.Fatal(err)
	}
	wrong := map[string]bool{}
	for _, c := range base.Cases {
		wrong[fmt.Sprintf("%s/%d/%d", c.File, c.Group, c.Test)] = true
	}
	tmp := t.TempDir()
	refMap := map[string]string{"http://localhost:1234/": filepath.Join(dir, "remotes")}
	n := 0
	for _, g := range groups {
		file := filepath.Join(tmp, fmt.Sprintf("%s-%d.json", g.File, g.Index))
		if err := os.WriteFile(file, g.Schema, 0o644); err != nil {
			t.Fatal(err)
		}
		v, err := validate.New(validate.Options{Schemas: []string{file}, RefMap: refMap, NoCanonical: true})
		if err != nil {
			t.Errorf("%s/%d %s: %v", g.File, g.Index, g.Description, err)
			continue
		}
		for i, tc := range g.Tests {
			want := tc.Valid != wrong[fmt.Sprintf("%s/%d/%d", g.File, g.Index, i)]
			errs, err := v.Validate(tc.Data)
			got := err == nil && len(errs) == 0
			if got != want {
				t.Errorf("%s/%d/%d %s / %s: valid %v, the generated Go says %v (%v %v)",
					g.File, g.Index, i, g.Description, tc.Description, got, want, err, errs)
			}
			if !got && err == nil && len(errs) == 0 {
				t.Errorf("%s/%d/%d: invalid without an error", g.File, g.Index, i)
			}
			n++
		}
	}
	t.Logf("%d instances of %d groups", n, len(groups))
	if n < 1000 {
		t.Errorf("only %d instances: is the suite there?", n)
	}
}
