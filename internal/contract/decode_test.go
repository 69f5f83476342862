package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/envgen/envgen/envgenrt"
)

// TestDecode: envgenrt.Decode, the recommended entry point, decodes what
// json.Unmarshal decodes, refuses what it refuses with the same validation
// errors, leaves the value alone when it refuses, and reports text that is
// not JSON as a *envgenrt.SyntaxError.
func TestDecode(t *testing.T) {
	data := reference(t)
	var got, want Envelope
	if err := envgenrt.Decode(data, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if !bytes.Equal(a, b) {
		t.Errorf("Decode gives\n%s\njson.Unmarshal\n%s", a, b)
	}
	broken := bytes.Replace(data, []byte(`"rank":3`), []byte(`"rank":0`), 1)
	kept := got
	errDecode := envgenrt.Decode(broken, &got)
	errUnmarshal := json.Unmarshal(broken, &want)
	var v1, v2 *envgenrt.ValidationError
	if !errors.As(errDecode, &v1) || !errors.As(errUnmarshal, &v2) || v1.Error() != v2.Error() {
		t.Errorf("Decode: %v; json.Unmarshal: %v", errDecode, errUnmarshal)
	}
	if a, _ := json.Marshal(got); !bytes.Equal(a, b) || got.Data != kept.Data {
		t.Error("Decode changed the value it refused")
	}
	var se *envgenrt.SyntaxError
	if err := envgenrt.Decode(data[:len(data)-1], &got); !errors.As(err, &se) {
		t.Errorf("truncated text: %v", err)
	}
}
