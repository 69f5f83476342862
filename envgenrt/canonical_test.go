package envgenrt

import (
	"math/rand/v2"
	"testing"
)

// TestCanonicalScalarAgrees holds CanonicalJSON's shortcut for literals,
// numbers and plain strings to the decoding path it skips: on every input of
// up to two bytes, on numbers and strings built from the bytes that matter,
// and on random texts, whatever the shortcut answers is what the decoder
// answers, and the shortcut takes the inputs it was written for.
func TestCanonicalScalarAgrees(t *testing.T) {
	check := func(in string) bool {
		got, ok := canonicalScalar([]byte(in))
		if !ok {
			return false
		}
		want, err := canonicalDecoded([]byte(in))
		if err != nil || got != want {
			t.Errorf("canonicalScalar(%q) = %q; the decoder says %q, %v", in, got, want, err)
		}
		return true
	}
	for a := range 256 {
		check(string([]byte{byte(a)}))
		for b := range 256 {
			check(string([]byte{byte(a), byte(b)}))
		}
	}
	for _, in := range []string{`null`, `true`, `false`, `"a"`, `""`, `"<&> ~"`, `0`, `-0`, `1.50`, `1e2`, `-2.5E+1`, `1e999999999`} {
		if !check(in) {
			t.Errorf("canonicalScalar(%q) took the slow path", in)
		}
	}
	for _, in := range []string{` 1`, `1 `, `"\u0041"`, `"é"`, "\"\x7f\"", `01`, `1.`, `.5`, `-`, `1e`, `+1`, `"a`, `nul`, `true1`} {
		if _, ok := canonicalScalar([]byte(in)); ok {
			t.Errorf("canonicalScalar(%q) answered", in)
		}
	}
	const alphabet = "0123456789-+.eE \"\\aéu\x00\x1f\x7f{}[],:ntrufals"
	r := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		b := make([]byte, 1+r.IntN(8))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if r.IntN(3) == 0 {
			b[0], b[len(b)-1] = '"', '"'
		}
		check(string(b))
	}
}
