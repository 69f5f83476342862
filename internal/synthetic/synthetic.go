// Package synthetic makes the schema the generation benchmarks read, gen's
// BenchmarkGenerate and the peer comparison in bench/, so that both measure the
// same input.
package synthetic

import (
	"encoding/json"
	"fmt"
)

// Schema is one schema document with n $defs of ten properties each:
// strings with limits, integers, enums, arrays and references to other
// definitions, so that every stage of a generator has real work. The
// definitions reference each other in one cycle.
func Schema(n int) []byte {
	defs := make(map[string]any, n)
	for i := range n {
		defs[fmt.Sprintf("def_%d", i)] = map[string]any{
			"type":                 "object",
			"description":          fmt.Sprintf("Definition number %d.", i),
			"additionalProperties": false,
			"required":             []string{"id", "name"},
			"properties": map[string]any{
				"id":       map[string]any{"type": "string", "minLength": 1},
				"name":     map[string]any{"type": "string", "maxLength": 200},
				"count":    map[string]any{"type": "integer", "minimum": 0},
				"ratio":    map[string]any{"type": "number"},
				"enabled":  map[string]any{"type": "boolean"},
				"kind":     map[string]any{"enum": []string{"a", "b", "c"}},
				"tags":     map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
				"next":     map[string]any{"$ref": fmt.Sprintf("#/$defs/def_%d", (i+1)%n)},
				"children": map[string]any{"type": "array", "items": map[string]any{"$ref": fmt.Sprintf("#/$defs/def_%d", (i*7+3)%n)}},
				"note":     map[string]any{"type": []string{"string", "null"}},
			},
		}
	}
	doc := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"title":   "Synthetic",
		"$ref":    "#/$defs/def_0",
		"$defs":   defs,
	}
	data, err := json.Marshal(doc)
	if err != nil {
		panic(err) // a map of strings always marshals
	}
	return data
}
