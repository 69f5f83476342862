package typescript

import (
	"regexp"
	"slices"
	"testing"
)

// TestIdentsOutsideStrings: the scanner finds what the regular expressions
// it replaced find (identifiers after blanking out string literals, and
// whole-word reads that are not property accesses), on lines that test its
// corners: escapes, unclosed quotes, digits before a name, $ and dots.
func TestIdentsOutsideStrings(t *testing.T) {
	literals := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	identifiers := regexp.MustCompile(`[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\x{200C}\x{200D}]*`)
	lines := []string{
		`if (!rt.isString(v)) { return fail(p, "a \"quoted\" v", v); }`,
		`const x1 = v.length + 1v + $v + _v2 + "unclosed v`,
		`"v" + v + "\\" + p.v + "x\\\"y" + p`,
		`p["v"]; q = "v\`,
		`vv v$ $ _ 9 a9b ∆v é`,
		`HeloísaMarketplace(v) + checkÆon_1(p)`,
		``,
		`"" "" v`,
	}
	for _, l := range lines {
		want := identifiers.FindAllString(literals.ReplaceAllString(l, `""`), -1)
		var got []string
		identsOutsideStrings(l, func(id string, _ byte) bool { got = append(got, id); return true })
		if !slices.Equal(got, want) {
			t.Errorf("%q: identifiers %q, want %q", l, got, want)
		}
		for _, id := range []string{"v", "p", "$", "_", "x1", "y"} {
			word := regexp.MustCompile(`(^|[^\w$.])` + regexp.QuoteMeta(id) + `($|[^\w$])`)
			if got, want := reads([]string{l}, id), word.MatchString(literals.ReplaceAllString(l, `""`)); got != want {
				t.Errorf("%q: reads %q %v, want %v", l, id, got, want)
			}
		}
	}
}
