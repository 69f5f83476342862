package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// FuzzDecodeJSON: the JSON schema reader never panics; it accepts a document
// only if encoding/json does (after a leading BOM), and then the key order it
// records names exactly the members of every object. Its one-pass reader
// (fastDecode) agrees with the two-pass one.
func FuzzDecodeJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		agree(t, "fuzz", bytes.TrimPrefix(data, utf8BOM))
		doc, order, err := decode("s.json", data)
		if err != nil {
			var pe *pointerError
			if !strings.HasPrefix(err.Error(), "invalid JSON") && !errors.As(err, &pe) {
				t.Fatalf("error %q does not say invalid JSON", err)
			}
			return
		}
		if !json.Valid(bytes.TrimPrefix(data, utf8BOM)) {
			t.Fatalf("decode accepted %q, which encoding/json refuses", data)
		}
		checkOrder(t, doc, "", order)
	})
}

// FuzzDecodeYAML: the YAML schema reader never panics and stays within its
// alias budget; what it accepts is in the JSON data model (json.Marshal
// encodes it), with the key order of every mapping recorded.
func FuzzDecodeYAML(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, order, err := decode("s.yaml", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "invalid YAML") && !strings.HasPrefix(err.Error(), "nested deeper than") {
				t.Fatalf("error %q does not say invalid YAML", err)
			}
			return
		}
		if _, err := json.Marshal(doc); err != nil {
			t.Fatalf("decoded %q to %#v, which is not JSON: %v", data, doc, err)
		}
		// YAMLToJSON (envgen validate) writes the same value as JSON text.
		text, err := YAMLToJSON(data)
		if err != nil {
			t.Fatalf("decode accepts %q, YAMLToJSON refuses it: %v", data, err)
		}
		again, err := decodeJSON(text)
		if err != nil || !reflect.DeepEqual(again, doc) {
			t.Fatalf("YAMLToJSON(%q) = %s, which reads back as %#v (%v), not %#v", data, text, again, err, doc)
		}
		if n := countNodes(doc); n > aliasBudget(len(data)) {
			t.Fatalf("%d nodes from %d bytes, past the budget of %d", n, len(data), aliasBudget(len(data)))
		}
		checkOrder(t, doc, "", order)
	})
}

func checkOrder(t *testing.T, v any, ptr string, order map[string][]string) {
	t.Helper()
	switch v := v.(type) {
	case map[string]any:
		keys := order[ptr]
		if len(keys) != len(v) {
			t.Fatalf("%s: order %q for %d members", ptr, keys, len(v))
		}
		for _, k := range keys {
			c, ok := v[k]
			if !ok {
				t.Fatalf("%s: order names %q, which is not a member", ptr, k)
			}
			checkOrder(t, c, ptr+"/"+escape(k), order)
		}
	case []any:
		for i, c := range v {
			checkOrder(t, c, ptr+"/"+itoa(i), order)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

func countNodes(v any) int {
	n := 1
	switch v := v.(type) {
	case map[string]any:
		for _, c := range v {
			n += 1 + countNodes(c) // the key and the value
		}
	case []any:
		for _, c := range v {
			n += countNodes(c)
		}
	}
	return n
}
