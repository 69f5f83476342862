package envgenrt

import (
	"strings"
	"testing"
)

func TestTranslateECMA(t *testing.T) {
	for _, c := range []struct {
		pattern string
		match   []string
		nomatch []string
	}{
		{`^a*$`, []string{"", "aaa"}, []string{"b"}},
		{`^.$`, []string{"a", "é", "😀", "\t", "\u2027", "\u202a"}, []string{"\n", "\r", "\u2028", "\u2029", ""}},
		{`^a\.b$`, []string{"a.b"}, []string{"axb", "a\nb"}},
		{`^[.]$`, []string{"."}, []string{"a", "\u2028"}},
		{`^[^.]$`, []string{"a", "\u2028", "\n"}, []string{"."}},
		{`^\s$`, []string{" ", "\u00a0", "\ufeff", "\u2003"}, []string{"a"}},
		{`^\S$`, []string{"a"}, []string{" ", "\u00a0"}},
		{`^\d+$`, []string{"123"}, []string{"١٢٣"}},
		{`^\w$`, []string{"a", "_"}, []string{"é"}},
		{`^\u00e9$`, []string{"é"}, nil},
		{`^\ud83d\ude00$`, []string{"😀"}, nil},
		{`^\u{1F600}$`, []string{"😀"}, nil},
		{`^\p{Letter}+$`, []string{"aé"}, []string{"1"}},
		{`^\p{L}\p{Nd}$`, []string{"a1"}, nil},
		{`^\p{Script=Greek}$`, []string{"α"}, []string{"a"}},
		{`^(?<word>a)b$`, []string{"ab"}, nil},
		{`^a{2}$`, []string{"aa"}, []string{"a"}},
		{`^a{$`, []string{"a{"}, nil},
		{`^{foo}$`, []string{"{foo}"}, nil},
		{`^[^]$`, []string{"\n", "x"}, nil},
		{`^[]$`, nil, []string{"", "a"}},
		{`^[\s\d]$`, []string{"\u00a0", "1"}, []string{"a"}},
		{`^[\b]$`, []string{"\b"}, nil},
		{`^\/\.$`, []string{"/."}, nil},
		{`^\cJ$`, []string{"\n"}, nil},
		{`^[a-z\-]+$`, []string{"a-b"}, nil},
		{`^[\s\S]*$`, []string{"", "a\nb", " \u2028é"}, nil},
		{`^[\S\s]$`, []string{"\n", "x"}, []string{"xy"}},
		{`^[^\S]$`, []string{" ", "\u00a0", "\n"}, []string{"a"}},
		{`^[^\S\n]+$`, []string{" \t"}, []string{"\n", "a"}},
		{`^[^\s\S]$`, nil, []string{"a", " "}},
		{`^[a\S]$`, []string{"a", "b"}, []string{" "}},
		{`^[^a\S]$`, []string{" "}, []string{"a", "b"}},
	} {
		re, err := CompileECMA(c.pattern)
		if err != nil {
			t.Errorf("%s: %v", c.pattern, err)
			continue
		}
		for _, s := range c.match {
			if !re.MatchString(s) {
				t.Errorf("%s (RE2 %s) does not match %q", c.pattern, re, s)
			}
		}
		for _, s := range c.nomatch {
			if re.MatchString(s) {
				t.Errorf("%s (RE2 %s) matches %q", c.pattern, re, s)
			}
		}
	}
}

func TestTranslateECMARefuses(t *testing.T) {
	for pattern, want := range map[string]string{
		`a(?=b)`:       "lookahead",
		`a(?!b)`:       "lookahead",
		`(?<=a)b`:      "lookbehind",
		`(?<!a)b`:      "lookbehind",
		`(a)\1`:        "backreference",
		`(?<x>a)\k<x>`: "backreference",
		`(?<$x>a)`:     "not supported by RE2", // found by FuzzTranslateECMA
		`\p{Foo}`:      "not supported",
		`[a`:           "missing ]",
		`\q`:           "unknown escape",
		`a\`:           "trailing backslash",
	} {
		_, err := TranslateECMA(pattern)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", pattern, err, want)
		}
	}
	if _, err := CompileECMA(`a{1001}`); err == nil {
		t.Error("a{1001} compiled")
	}
}

// CheckECMA accepts what is valid ECMA-262 though RE2 cannot run it, and
// refuses what ECMA-262 refuses.
func TestCheckECMA(t *testing.T) {
	for _, valid := range []string{`a(?=b)`, `(?<!a)b`, `(a)\1`, `(?<x>a)\k<x>`, `a{1001}`, `^[a-z]+$`, `a{`} {
		if err := CheckECMA(valid); err != nil {
			t.Errorf("%s: %v", valid, err)
		}
	}
	for pattern, want := range map[string]string{
		`a(b`:      "missing closing )",
		`a)b`:      "unexpected )",
		`*a`:       "missing argument to repetition operator",
		`a**`:      "invalid nested repetition operator",
		`[z-a]`:    "invalid character class range",
		`[a`:       "missing ]",
		`(?<`:      "invalid group name", // found by FuzzTranslateECMA
		`(?<>a)`:   "invalid group name",
		`(?<1x>a)`: "invalid group name",
	} {
		if err := CheckECMA(pattern); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", pattern, err, want)
		}
	}
}
