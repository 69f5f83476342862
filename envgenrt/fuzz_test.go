package envgenrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse: Tree.Parse accepts a text if and only if encoding/json does, it
// has no member name twice in one object (after unescaping) and it nests no
// deeper than MaxDepth; it never panics.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, src []byte) {
		var tree Tree
		err := tree.Parse(src)
		want := json.Valid(src) && !duplicateOrDeep(src)
		if (err == nil) != want {
			t.Fatalf("Parse(%q) = %v; encoding/json with duplicate and depth checks says valid=%v", src, err, want)
		}
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok {
				t.Fatalf("Parse(%q): error %T, want *SyntaxError", src, err)
			}
			return
		}
		if msg := badSpan(&tree); msg != "" {
			t.Fatalf("Parse(%q): %s", src, msg)
		}
	})
}

// duplicateOrDeep reports, for a valid JSON text, whether an object has a
// member name twice or the nesting passes MaxDepth: the reference for Parse.
func duplicateOrDeep(src []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(src))
	type frame struct {
		object bool
		seen   map[string]bool
		key    bool // the next token of this object is a member name
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].key {
			if s, ok := tok.(string); ok {
				if stack[n-1].seen[s] {
					return true
				}
				stack[n-1].seen[s] = true
				stack[n-1].key = false
				continue
			}
		}
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].key = true // after this value, a name (or the end)
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, seen: map[string]bool{}, key: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > MaxDepth {
			return true
		}
	}
}

// FuzzTranslateECMA: the ECMA-262 translation never panics; what it
// produces for a pattern CheckECMA accepts compiles in RE2; and on
// patterns written in the syntax ECMA-262 and RE2 share with one meaning
// (literals, ASCII classes, \d \w, groups, alternation, quantifiers and
// anchors), the translation matches exactly what RE2 matches with the pattern
// as written, on any input.
func FuzzTranslateECMA(f *testing.F) {
	f.Fuzz(func(t *testing.T, pattern, input string) {
		if !utf8.ValidString(pattern) {
			return // a pattern comes from a JSON string: always UTF-8
		}
		tr, err := TranslateECMA(pattern)
		if err != nil || CheckECMA(pattern) != nil {
			return // TranslateECMA leaves the syntax of groups to RE2, CheckECMA checks it
		}
		re, err := regexp.Compile(tr)
		var se *syntax.Error
		if errors.As(err, &se) && (se.Code == syntax.ErrInvalidRepeatSize || se.Code == syntax.ErrLarge) {
			return // RE2's own limits, which CompileECMA reports (CheckECMA leaves them to the backends)
		}
		if err != nil {
			t.Fatalf("TranslateECMA(%q) = %q, which RE2 refuses: %v", pattern, tr, err)
		}
		if !sharedSyntax(pattern) || !utf8.ValidString(input) {
			return
		}
		ref, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		if got, want := re.MatchString(input), ref.MatchString(input); got != want {
			t.Fatalf("pattern %q (translated %q) on %q: %v, RE2 on the pattern as written: %v", pattern, tr, input, got, want)
		}
	})
}

// sharedSyntax reports whether pattern uses only constructs that mean the
// same in ECMA-262 and RE2 ([] and [^] do not, as FuzzTranslateECMA found
// with seed 7bb3fbb6cfde6c8e). "{" is left out: ECMA-262 reads a "{" that starts
// no quantifier as a literal, RE2 as an error or a literal in other places.
func sharedSyntax(p string) bool {
	if strings.Contains(p, "[]") || strings.Contains(p, "[^]") {
		return false // ECMA-262: an empty class; RE2: a "]" in the class
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("()|*+?^$-[] _,:;@#%&=<>!/'\"", c) >= 0:
			if c == '(' && i+1 < len(p) && p[i+1] == '?' {
				return false // group flags and named groups differ
			}
		case c == '\\' && i+1 < len(p) && strings.IndexByte(`dDwW.*+?()[]|\^$`, p[i+1]) >= 0:
			i++
		default:
			return false
		}
	}
	return true
}
