package validate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/validate"
)

// TestPolicies: what the generated code decides that a plain validator
// does not: a member given twice, 1.0 as an integer, format as an
// annotation, and under assertion only the formats it can check.
func TestPolicies(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "s.json")
	write := func(s string) {
		if err := os.WriteFile(schema, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"type": "object", "properties": {"n": {"type": "integer"}, "d": {"type": "string", "format": "date"}}}`)
	for _, tc := range []struct {
		assert bool
		doc    string
		valid  bool
	}{
		{false, `{"n": 1.0}`, true},
		{false, `{"n": 1.5}`, false},
		{false, `{"n": 1, "n": 1}`, false},
		{false, `{"d": "not a date"}`, true},
		{true, `{"d": "not a date"}`, false},
		{true, `{"d": "2026-11-25"}`, true},
	} {
		v, err := validate.New(validate.Options{Schemas: []string{schema}, NoCanonical: true, AssertFormat: tc.assert})
		if err != nil {
			t.Fatal(err)
		}
		errs, err := v.Validate([]byte(tc.doc))
		if got := err == nil && len(errs) == 0; got != tc.valid {
			t.Errorf("assert %v, %s: valid %v, want %v (%v %v)", tc.assert, tc.doc, got, tc.valid, err, errs)
		}
	}
	// format regex: an annotation too, in a draft-07 schema as well
	write(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "array", "items": {"type": "string", "format": "regex"}}`)
	for _, assert := range []bool{false, true} {
		v, err := validate.New(validate.Options{Schemas: []string{schema}, NoCanonical: true, AssertFormat: assert})
		if err != nil {
			t.Fatal(err)
		}
		errs, err := v.Validate([]byte(`["["]`))
		if got := err == nil && len(errs) == 0; got == assert {
			t.Errorf("format regex, asserted %v: valid %v (%v %v)", assert, got, err, errs)
		}
	}
	write(`{"type": "string", "format": "idn-email"}`)
	if _, err := validate.New(validate.Options{Schemas: []string{schema}, NoCanonical: true}); err != nil {
		t.Errorf("format unasserted: %v", err)
	}
	_, err := validate.New(validate.Options{Schemas: []string{schema}, NoCanonical: true, AssertFormat: true})
	if err == nil || !strings.Contains(err.Error(), `format "idn-email" cannot be asserted`) {
		t.Errorf("asserting idn-email: %v", err)
	}
}
