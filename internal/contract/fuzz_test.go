package contract

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"math/big"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/schemas"
)

// canonicalEnvelope compiles the canonical envelope schema (data open) with
// santhosh-tekuri, formats asserted as make generate asserts them.
func canonicalEnvelope(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	entries, err := fs.ReadDir(schemas.FS, ".")
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range entries {
		data, err := fs.ReadFile(schemas.FS, e.Name())
		if err != nil || e.IsDir() {
			continue
		}
		var head struct {
			ID string `json:"$id"`
		}
		if json.Unmarshal(data, &head) != nil || head.ID == "" {
			continue
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			tb.Fatal(err)
		}
		if err := c.AddResource(head.ID, doc); err != nil {
			tb.Fatal(err)
		}
	}
	sch, err := c.Compile("https://envgen.dev/schemas/v2/envelope.json")
	if err != nil {
		tb.Fatal(err)
	}
	return sch
}

// FuzzEnvelope checks the generated Go envelope against the contracts of
// generated code (DESIGN.md) on any input: json.Unmarshal accepts exactly
// what santhosh-tekuri finds valid; a decoded value marshals back to the same
// JSON (member order aside, numbers by value) and validates.
//
// Inputs that are not UTF-8 are left out: what generated code does with
// invalid UTF-8 inside strings is issue 15's policy item, not this contract.
func FuzzEnvelope(f *testing.F) {
	sch := canonicalEnvelope(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return
		}
		var env envelope.Envelope[json.RawMessage]
		err := json.Unmarshal(data, &env)
		inst, perr := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		valid := perr == nil && sch.Validate(inst) == nil
		if perr == nil && hasDuplicateNames(data) {
			valid = false // generated code refuses a member name given twice; santhosh keeps the last
		}
		if (err == nil) != valid {
			t.Fatalf("%s\nenvgen: %v\nsanthosh-tekuri valid: %v (%v)", data, err, valid, perr)
		}
		if err != nil {
			return
		}
		out, err := json.Marshal(env)
		if err != nil {
			t.Fatalf("%s: Marshal: %v", data, err)
		}
		if !sameJSON(t, data, out) {
			t.Fatalf("round trip:\n in  %s\n out %s", data, out)
		}
		if err := env.Validate(); err != nil {
			t.Fatalf("%s: decoded, but Validate: %v", data, err)
		}
	})
}

// sameJSON compares two JSON texts as values: member order aside, numbers
// by their exact value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	for _, p := range []struct {
		src []byte
		dst *any
	}{{a, &x}, {b, &y}} {
		dec := json.NewDecoder(bytes.NewReader(p.src))
		dec.UseNumber()
		if err := dec.Decode(p.dst); err != nil {
			t.Fatalf("%s: %v", p.src, err)
		}
	}
	return equalJSON(x, y)
}

func equalJSON(x, y any) bool {
	switch x := x.(type) {
	case map[string]any:
		m, ok := y.(map[string]any)
		if !ok || len(m) != len(x) {
			return false
		}
		for k, v := range x {
			if w, ok := m[k]; !ok || !equalJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		a, ok := y.([]any)
		if !ok || len(a) != len(x) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], a[i]) {
				return false
			}
		}
		return true
	case json.Number:
		n, ok := y.(json.Number)
		if !ok {
			return false
		}
		p, ok1 := new(big.Rat).SetString(x.String())
		q, ok2 := new(big.Rat).SetString(n.String())
		return ok1 && ok2 && p.Cmp(q) == 0
	}
	return x == y
}

// hasDuplicateNames reports whether an object in the JSON text gives a member
// name twice.
func hasDuplicateNames(src []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(src))
	type frame struct {
		object bool
		seen   map[string]bool
		key    bool
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].key {
			if s, ok := tok.(string); ok {
				if stack[n-1].seen[s] {
					return true
				}
				stack[n-1].seen[s], stack[n-1].key = true, false
				continue
			}
		}
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].key = true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, seen: map[string]bool{}, key: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}
