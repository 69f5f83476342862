package dialects

import (
	"errors"
	"strings"
	"testing"
)

// TestSyntaxErrorPlace: a document that is not JSON is placed at the byte
// the reader stopped at, as the schema loader places it, under
// encoding/json and GOEXPERIMENT=jsonv2 alike (their offsets differ by one);
// a byte that is no UTF-8 is named as a byte, not as the character 'ÿ'.
func TestSyntaxErrorPlace(t *testing.T) {
	for _, tc := range []struct {
		doc       string
		line, col int
		says      string
	}{
		{"{\n  \"success\": true,\n  x\n}", 3, 3, "'x'"},
		{"{\"success\": true,\n\"data\": [1 2]}", 2, 12, ""},
		{"{\"success\": true,\n\"data\": \xff}", 2, 9, "invalid UTF-8 (byte 0xff)"},
		{"{\"success\": true,\n\"data\": [1", 2, 10, "unexpected end of file"}, // at the last byte
	} {
		err := Validate("canonical", []byte(tc.doc))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: want a *SyntaxError, got %v", tc.doc, err)
			continue
		}
		if se.Line != tc.line || se.Column != tc.col || !strings.Contains(se.Error(), tc.says) || strings.Contains(se.Error(), "ÿ") {
			t.Errorf("%q: got line %d, column %d, %q; want line %d, column %d, saying %q", tc.doc, se.Line, se.Column, se.Error(), tc.line, tc.col, tc.says)
		}
	}
}
