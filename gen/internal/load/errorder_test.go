package load

import (
	"fmt"
	"strings"
	"testing"
)

// manyInvalid is a draft-07 schema with eight members whose "description" is
// not a string, as SchemaStore's utcm-monitor has two: the metaschema check
// finds all eight, in the order santhosh-tekuri walks its maps.
func manyInvalid() string {
	var props []string
	for _, name := range []string{"Hotel", "Alpha", "Golf", "Charlie", "Foxtrot", "Bravo", "Echo", "Delta"} {
		props = append(props, fmt.Sprintf("%q: {\"type\": \"string\", \"description\": null}", name))
	}
	return `{"$schema": "http://json-schema.org/draft-07/schema#", "$defs": {"policy": {"type": "object", "properties": {` +
		strings.Join(props, ", ") + `}}}, "properties": {"p": {"$ref": "#/$defs/policy"}}}`
}

// TestInvalidSchemaErrorIsDeterministic loads schemas with several metaschema
// errors again and again: the error reported must be the same every time, the
// first by JSON Pointer (then message) among the most precise.
func TestInvalidSchemaErrorIsDeterministic(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{{
		name:  "several members",
		files: map[string]string{"a.json": manyInvalid()},
		want:  "a.json#/$defs/policy/properties/Alpha/description: not a valid schema: got null, want string",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			write(t, tc.files)
			seen := map[string]int{}
			for range 30 {
				_, err := Load(Options{Inputs: []string{"a.json"}})
				if err == nil {
					t.Fatal("no error for an invalid schema")
				}
				msg, _, _ := strings.Cut(err.Error(), "\n")
				seen[msg]++
			}
			if len(seen) != 1 {
				t.Fatalf("30 loads gave %d different errors: %v", len(seen), seen)
			}
			for msg := range seen {
				if msg != tc.want {
					t.Errorf("got  %s\nwant %s", msg, tc.want)
				}
			}
		})
	}
}
