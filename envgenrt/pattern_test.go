package envgenrt

import (
	"regexp"
	"testing"
)

func TestPatternAgreesWithRegexp(t *testing.T) {
	patterns := []string{`^[a-z0-9-]+$`, `^[A-Z][A-Z0-9_]*$`, `^v[0-9]{1,3}$`, `^[0-9]{4}\-[0-9]{2}$`, `^a?$`,
		`^[a-z]{2,}$`, `^[\-_.]+$`, `^x$`, `^[a-z]+-[a-z]+$`, `a+`, `^[^a]+$`, `^(a|b)$`, `^[a-z]*?$`, `^\$$`}
	inputs := []string{"", "a", "abc", "a-b", "ABC_1", "A", "_A", "v1", "v1234", "v", "2024-01", "2024-1", "é", "aé",
		"aa", "-_.", "x", "xx", "$", "abc-def", "ABC", "b"}
	simple := 0
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		pat := MustPattern(p)
		if pat.items != nil {
			simple++
		}
		for _, in := range inputs {
			if got, want := pat.Match([]byte(in)), re.MatchString(in); got != want {
				t.Errorf("%s on %q: %v, regexp says %v (simple: %v)", p, in, got, want, pat.items != nil)
			}
		}
	}
	if simple < 7 {
		t.Errorf("only %d patterns take the fast path", simple)
	}
}
