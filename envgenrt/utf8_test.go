package envgenrt

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// Invalid UTF-8 in JSON text kept as json.RawMessage: decoded and encoded
// with each bad byte as \ufffd, so json.Marshal never writes invalid UTF-8
// (issue 15.7; docs/validation.md).
func TestRawInvalidUTF8(t *testing.T) {
	in := []byte("{\"a\":\"x\xff\xe2\x82y\",\"b\":[\"\xc0\"]}")
	s := NewState()
	defer s.Release()
	if err := s.Parse(in); err != nil {
		t.Fatal(err)
	}
	raw := s.DecodeRaw(0)
	if want := `{"a":"x\ufffd\ufffd\ufffdy","b":["\ufffd"]}`; string(raw) != want {
		t.Errorf("DecodeRaw: %s, want %s", raw, want)
	}
	out, err := AppendRaw(nil, in)
	if err != nil || !utf8.Valid(out) {
		t.Fatalf("AppendRaw: %q, %v", out, err)
	}
	var back, viaStd map[string]any
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(in, &viaStd) // encoding/json's reading of the same bytes
	if b1, b2 := mustMarshal(t, back), mustMarshal(t, viaStd); b1 != b2 {
		t.Errorf("AppendRaw means %s, encoding/json reads %s", b1, b2)
	}
	if valid, _ := AppendRaw(nil, []byte(`"é"`)); string(valid) != `"é"` {
		t.Errorf("valid UTF-8 changed: %s", valid)
	}
}

func mustMarshal(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestAsSyntaxError(t *testing.T) {
	var v map[string]any
	stdErr := json.Unmarshal([]byte(`{"a":`), &v)
	se, ok := AsSyntaxError(stdErr)
	if !ok || se.Offset != 5 || !strings.Contains(se.Msg, "unexpected end") {
		t.Errorf("from *json.SyntaxError: %v %v", se, ok)
	}
	own := &SyntaxError{Offset: 3, Msg: "duplicate member name"}
	if se, ok := AsSyntaxError(errors.Join(errors.New("x"), own)); !ok || se != own {
		t.Errorf("wrapped *SyntaxError: %v %v", se, ok)
	}
	if _, ok := AsSyntaxError(errors.New("other")); ok {
		t.Error("matched a non-syntax error")
	}
}
