package lower

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestPlainJSONIsMarshal: what plainJSON answers is json.Marshal's text, on
// every string of up to two bytes, on random strings, and on the other kinds
// of value; and it answers for the strings it was written for.
func TestPlainJSONIsMarshal(t *testing.T) {
	check := func(v any) bool {
		got, ok := plainJSON(v)
		if !ok {
			return false
		}
		want, err := json.Marshal(v)
		if err != nil || got != string(want) {
			t.Fatalf("plainJSON(%#v) = %s; json.Marshal says %s, %v", v, got, want, err)
		}
		return true
	}
	for a := range 256 {
		check(string([]byte{byte(a)}))
		for b := range 256 {
			check(string([]byte{byte(a), byte(b)}))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	const alphabet = "aZ09 -_./~\"\\<>&\x00\x1f\x7f\xc3\xa9\xe2\x80\xa8"
	for range 100_000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		check(string(b))
	}
	for _, v := range []any{nil, true, false, "", "a b", "warning", "x-y_z.1~"} {
		if !check(v) {
			t.Errorf("plainJSON(%#v) took json.Marshal's path", v)
		}
	}
	for _, v := range []any{"<", "é", "a\"", json.Number("1.5"), []any{}, map[string]any{}} {
		if _, ok := plainJSON(v); ok {
			t.Errorf("plainJSON(%#v) answered", v)
		}
	}
}
