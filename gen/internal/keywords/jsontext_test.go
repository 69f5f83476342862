package keywords

import "testing"

// TestJSONTextFastPath holds JSONText's shortcut to the decoder's answer:
// every text it passes through as it is, the decoder writes the same.
func TestJSONTextFastPath(t *testing.T) {
	texts := []string{"true", "false", "null", `""`, `"ok"`, `"a b"`, `"<&>"`, `"\u0041"`, `"a\"b"`, `"a\\b"`,
		`"\/"`, "1", "1.0", "-0", "1e3", `"x" `, ` "x"`, `"x"y"`, `"`, `"é"`, "\"\u2028\"", "\"\x7f\"", "[1]", `{"b":1,"a":2}`}
	for c := 0; c < 256; c++ {
		texts = append(texts, `"`+string(rune(c))+`"`, `"`+string([]byte{byte(c)})+`"`)
	}
	passed := 0
	for _, raw := range texts {
		if !plainJSONText(raw) {
			continue
		}
		passed++
		if got := decodedJSONText(raw); got != raw {
			t.Errorf("JSONText(%q): the shortcut keeps it, the decoder writes %q", raw, got)
		}
	}
	if passed < 90 { // the printable ASCII strings and the three literals
		t.Errorf("the shortcut took %d texts, want the printable ASCII strings and true, false, null", passed)
	}
	if got := JSONText(`{"b":1,"a":"\u0041"}`); got != `{"a":"A","b":1}` {
		t.Errorf("JSONText of an object = %q", got)
	}
}
