package envgenrt

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

func TestPatternAgreesWithRegexp(t *testing.T) {
	patterns := []string{`^[a-z0-9-]+$`, `^[A-Z][A-Z0-9_]*$`, `^v[0-9]{1,3}$`, `^[0-9]{4}\-[0-9]{2}$`, `^a?$`,
		`^[a-z]{2,}$`, `^[\-_.]+$`, `^x$`, `^[a-z]+-[a-z]+$`, `a+`, `^[^a]+$`, `^(a|b)$`, `^[a-z]*?$`, `^\$$`,
		`^[A-Z][A-Z0-9]*([_.][A-Z0-9]+)*$`, `^[a-z0-9]+([._-][a-z0-9]+)*$`, `^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`,
		`^[a-z0-9_/.-]+$`, `^$`, `^(?i)k$`, `^a$|^b$`, `^a|b$`, `^(a$|b)c$`, `^[\x00-\x7f]+$`, `^.$`, `^[^~/]$`,
		`^[a-z]{0,3}x{2}$`, `^(ab|a)(bc|c)?$`, `^[0-9a-f]{1,200}$`, `^\d+(\.\d+)?$`, `^\w+$`, `^[\s]*$`}
	inputs := []string{"", "a", "abc", "a-b", "ABC_1", "A", "_A", "v1", "v1234", "v", "2024-01", "2024-1", "é", "aé",
		"aa", "-_.", "x", "xx", "$", "abc-def", "ABC", "b", "STALE_INDEX", "A.B_C", "A__B", "A_", "en-US", "e",
		"docs/ch0.md", "k", "K", "\u212a", "ab", "abc", "abbc", "axx", "abcxx", "1.5", "1.", "a\n", "\n", " \t", "\x00", "~"}
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "aAbBcCkKzZ09_-./~$ \t\n\x7fé"
	for range 400 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		inputs = append(inputs, string(b))
	}
	// Long runs, mostly of bytes that keep a state where it is, for the
	// table's steps of eight bytes (and the bytes after them).
	const run = "aaaaaaaazz09_-./AZ"
	for range 400 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			if b[i] = run[r.IntN(len(run))]; r.IntN(30) == 0 {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
		}
		inputs = append(inputs, string(b))
	}
	tables := 0
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		pat := MustPattern(p)
		if pat.dfa != nil {
			tables++
		}
		for _, in := range inputs {
			if got, want := pat.Match([]byte(in)), re.MatchString(in); got != want {
				t.Errorf("%s on %q: %v, regexp says %v (table: %v)", p, in, got, want, pat.dfa != nil)
			}
		}
	}
	if tables < 20 {
		t.Errorf("only %d patterns take the table", tables)
	}
	// Too many states for a table: package regexp runs it.
	if p := MustPattern(`^(a[0-9]{200}|b[0-9]{100})$`); p.dfa != nil || !p.Match([]byte("b"+strings.Repeat("7", 100))) {
		t.Error("a pattern of 300 states")
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
		// "." stops at every ECMA-262 line terminator, as RE2's translation
		// does (TestTranslateECMA); regexp2's own stops at \n and \r only.
		{`^(?!x).$`, []string{"a", "é", "😀", "\u2027"}, []string{"\n", "\r", "\u2028", "\u2029", "x"}},
		{`^(?!x)a.*b$`, []string{"ab", "a\tb"}, []string{"a\u2028b", "a\u2029b", "a\rb"}},
		{`^(?!x)a\.b$`, []string{"a.b"}, []string{"axb", "a\u2028b"}},
		{`^(?!x)[.]$`, []string{"."}, []string{"a", "\u2028"}},
		{`^(?!x)[^.]$`, []string{"a", "\u2028"}, []string{"."}},
		{`^(?!x)[\\.]+$`, []string{"\\.", "."}, []string{"a"}},
		// \b and \B are ASCII (\w) word boundaries; regexp2's are Unicode.
		{`(?=a)a\b`, []string{"aé", "a b", "a"}, []string{"ab", "a1"}},
		{`^(?=a)a\Bé$`, nil, []string{"aé"}},
		{`^(?!x)[\b]$`, []string{"\b"}, []string{"b"}},
		// "[" is literal in a class, never a subtraction.
		{`^(?!x)[a-c-[]+$`, []string{"a-[", "b"}, []string{"d"}},
		{`^(?!x)a[]$`, nil, []string{"a", "a]"}},
		{`^(?!x)[^]$`, []string{"\n", "\u2028"}, nil},
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

// TestRegexp2AgreesWithRE2: on patterns both engines run, regexp2 (given
// ForRegexp2's rewrite, as MustECMAPattern compiles it) and RE2 (given
// TranslateECMA's) agree on every input, line terminators and non-ASCII word
// characters included.
func TestRegexp2AgreesWithRE2(t *testing.T) {
	patterns := []string{`^.$`, `^a.b$`, `^.*$`, `a\b`, `\Bé`, `^\w+\b`, `^\s$`, `^\S+$`, `^[\s\S]$`, `^[^\S]$`,
		`^\d$`, `^[.]$`, `^a\.b$`, `^[\b]$`, `^[^]$`, `^[]$`, `^[a-c-[]+$`, `^\u{1F600}$`, `^\u2028$`, `^(a|b.)$`}
	inputs := []string{"", "a", "é", "😀", "\n", "\r", "\u2028", "\u2029", "\u00a0", "\ufeff", "\b", ".", "a.b", "a\rb",
		"a\u2028b", "aé", "a b", "ab", "1", "٣", "[", "-", "b\u2029", "\u2028\u2028"}
	for _, p := range patterns {
		re2, err := CompileECMA(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		ecma := MustECMAPattern(p)
		for _, in := range inputs {
			if got, want := ecma.Match([]byte(in)), re2.MatchString(in); got != want {
				t.Errorf("%s on %q: regexp2 (as %s) says %v, RE2 (as %s) %v", p, in, ForRegexp2(p), got, re2, want)
			}
		}
	}
}
