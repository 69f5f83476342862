package jsonpos

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestPlace(t *testing.T) {
	for _, tc := range []struct {
		doc       string
		line, col int
	}{
		{"x", 1, 1},
		{"{\n  \"a\": 1,\n  x\n}", 3, 3},
		{"[1,\n2 3]", 2, 3},
	} {
		var v any
		var se *json.SyntaxError
		if !errors.As(json.Unmarshal([]byte(tc.doc), &v), &se) {
			t.Fatalf("%q: no syntax error", tc.doc)
		}
		line, col := Position([]byte(tc.doc), Offset([]byte(tc.doc), se))
		if line != tc.line || col != tc.col {
			t.Errorf("%q: at line %d, column %d, want %d, %d", tc.doc, line, col, tc.line, tc.col)
		}
	}
}

func TestNameByte(t *testing.T) {
	for _, tc := range []struct {
		msg, doc string
		off      int
		want     string
	}{
		{"invalid character 'ÿ' looking for beginning of value", "\xff", 0, "invalid UTF-8 (byte 0xff) looking for beginning of value"},
		{"unexpected character 'ÿ'", "[\xff]", 1, "invalid UTF-8 (byte 0xff)"},
		{"jsontext: invalid character '\\xff' at start of value", "\xff", 0, "jsontext: invalid UTF-8 (byte 0xff) at start of value"},
		{"unexpected character 'Ã'", "[é]", 1, "unexpected character 'é'"},
		{"unexpected character 'x'", "[x]", 1, "unexpected character 'x'"},
		{"want a value", "[\xff]", 1, "want a value"},
	} {
		if got := NameByte(tc.msg, []byte(tc.doc), tc.off); got != tc.want {
			t.Errorf("NameByte(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}
