package contract

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// TestNullDataRoundTrip: "data": null is a value of an envelope whose payload
// admits null. Decoded, it marshals back to "data": null (not to an absent
// member, which the envelope forbids on success) and validates (issue 15.4).
func TestNullDataRoundTrip(t *testing.T) {
	for _, in := range []string{
		`{"success":true,"data":null}`,
		`{"success":false,"data":null,"error":{"code":"X","category":"internal","message":"y"}}`,
	} {
		var env EnvelopeAny
		if err := json.Unmarshal([]byte(in), &env); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if env.Data == nil || string(*env.Data) != "null" {
			t.Errorf("%s: Data = %v, want a pointer to null", in, env.Data)
		}
		out, err := json.Marshal(env)
		if err != nil {
			t.Fatalf("%s: Marshal: %v", in, err)
		}
		if string(out) != in {
			t.Errorf("round trip: %s, want %s", out, in)
		}
		if err := env.Validate(); err != nil {
			t.Errorf("%s: Validate: %v", in, err)
		}
	}
	// Absent stays absent: a failure without data.
	in := `{"success":false,"error":{"code":"X","category":"internal","message":"y"}}`
	var env EnvelopeAny
	if err := json.Unmarshal([]byte(in), &env); err != nil {
		t.Fatalf("%s: %v", in, err)
	}
	if out, _ := json.Marshal(env); env.Data != nil || string(out) != in {
		t.Errorf("absent data: Data %v, marshals %s", env.Data, out)
	}
}

// TestInvalidUTF8Data: invalid UTF-8 inside a payload kept as JSON text is
// read as U+FFFD, as in a string, and json.Marshal writes valid UTF-8.
func TestInvalidUTF8Data(t *testing.T) {
	in := "{\"success\":true,\"data\":{\"s\":\"a\xffb\"}}"
	var env EnvelopeAny
	if err := json.Unmarshal([]byte(in), &env); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(env)
	if err != nil || !utf8.Valid(out) || string(out) != `{"success":true,"data":{"s":"a\ufffdb"}}` {
		t.Errorf("Marshal: %q, %v", out, err)
	}
	if err := env.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}
