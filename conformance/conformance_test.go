package conformance

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/envgen/envgen/internal/reference"
)

// TestConformance runs JSON-Schema-Test-Suite (draft 2020-12, required files)
// through generated Go and fails when a case that baseline-go.json does not
// list fails: a case that passed has started failing.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and builds a module of 383 packages")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	suite := reference.Require(t, reference.JSONSchemaTestSuite)
	res, err := Run(Options{Suite: suite, Root: root, Work: t.TempDir(), Mutations: 8})
	if err != nil {
		t.Fatal(err)
	}
	passed, failed := res.Totals()
	t.Logf("%d of %d tests pass the decode contract; %d changed values compared with santhosh-tekuri",
		passed, passed+failed, res.Mutations)
	base, err := ReadBaseline("baseline-go.json")
	if err != nil {
		t.Fatal(err)
	}
	cur := res.Failures()
	for _, r := range Regressions(base, cur) {
		t.Errorf("regression: %s", r)
	}
	for _, f := range Fixed(base, cur) {
		t.Logf("passes now, remove it from baseline-go.json (make conformance-baseline): %s", f)
	}
	if t.Failed() {
		t.Log("run `make conformance` for the table and conformance/reports/go.json for every outcome")
	}
	if os.Getenv("ENVGEN_CONFORMANCE_REPORT") != "" {
		if err := WriteJSON(os.Getenv("ENVGEN_CONFORMANCE_REPORT"), res); err != nil {
			t.Error(err)
		}
	}
}
