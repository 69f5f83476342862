package validate_test

import (
	"fmt"
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

// TestErrorOrderIsStable: the interpreter gives the errors of one keyword at
// several members (properties) in a Go map's order, different from run to
// run; validate reports them in the document's member order, every time.
func TestErrorOrderIsStable(t *testing.T) {
	schema := filepath.Join(t.TempDir(), "s.json")
	src := `{"type": "object", "required": ["x"], "additionalProperties": false, "properties": {` +
		`"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}, "d": {"minimum": 5}, "e": {"type": "string"}}}`
	if err := os.WriteFile(schema, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	v, err := validate.New(validate.Options{Schemas: []string{schema}, NoCanonical: true})
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for i := range 30 {
		errs, err := v.Validate([]byte(`{"e": 4, "c": 3, "a": 1, "d": 1, "b": 2, "z": 1}`))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, e := range errs {
			fmt.Fprintf(&b, "%s %s\n", e.InstancePath, e.Keyword)
		}
		if i == 0 {
			first = b.String()
			if want := "/e type\n/c type\n/a type\n/d minimum\n/b type\n additionalProperties\n required\n"; first != want {
				t.Fatalf("errors:\n%swant:\n%s", first, want)
			}
		} else if b.String() != first {
			t.Fatalf("run %d gave the errors in another order:\n%swant:\n%s", i, b.String(), first)
		}
	}
}
