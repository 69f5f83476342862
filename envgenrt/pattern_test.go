package envgenrt

import (
	"regexp"
	"strings"
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

// TestECMAPattern: what RE2 cannot run (lookaround, backreferences) runs on
// regexp2, and a match that backtracks without end is no match, not a hang.
func TestECMAPattern(t *testing.T) {
	for _, c := range []struct {
		pattern string
		match   []string
		nomatch []string
	}{
		{`^(?!variables$).+$`, []string{"a", "variablesX"}, []string{"variables", ""}},
		{`(?<=a)b`, []string{"ab"}, []string{"cb"}},
		{`^(a)\1$`, []string{"aa"}, []string{"ab"}},
		{`^(?!.*\bnative\b)[a-z]+(\.[a-z]+)+$`, []string{"com.example"}, []string{"com.native.app"}},
		{`^(?=\p{L})\S+$`, []string{"éa"}, []string{"1a"}},
	} {
		p := MustECMAPattern(c.pattern)
		for _, s := range c.match {
			if !p.Match([]byte(s)) {
				t.Errorf("%s does not match %q", c.pattern, s)
			}
		}
		for _, s := range c.nomatch {
			if p.Match([]byte(s)) {
				t.Errorf("%s matches %q", c.pattern, s)
			}
		}
	}
	hostile := MustECMAPattern(`^(?!x)(a|aa)+$`)
	if hostile.Match([]byte(strings.Repeat("a", 60) + "b")) {
		t.Error("a hostile instance matched")
	}
}
