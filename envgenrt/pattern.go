package envgenrt

import (
	"regexp"
	"strconv"
	"time"

	"github.com/dlclark/regexp2"
)

// Pattern is a compiled pattern (already translated for RE2, see
// TranslateECMA). Generated code keeps one per pattern in a package-level
// variable. The anchored forms that schemas use most, a fixed sequence of
// ASCII characters or classes with only the last one repeated
// (^[a-z0-9-]+$, ^[A-Z][A-Z0-9_]*$, ^v[0-9]{1,3}$), are matched byte by
// byte; anything else by package regexp.
type Pattern struct {
	re    *regexp.Regexp
	items []patternItem   // the simple form, when re.String() has one
	ecma  *regexp2.Regexp // for a pattern RE2 cannot run (MustECMAPattern)
	src   string          // the ECMA-262 source, with ecma
}

// ECMAMatchTimeout bounds one match of a pattern that RE2 cannot run
// (MustECMAPattern): regexp2 backtracks, and a hostile instance must not
// stall a server. A match that takes longer counts as no match, so the value
// gets a validation error for the pattern.
const ECMAMatchTimeout = 100 * time.Millisecond

// ECMAOptions are the regexp2 options MustECMAPattern compiles with:
// ECMAScript syntax and semantics, with the u flag (\u{…}, \p{…}).
const ECMAOptions = regexp2.ECMAScript | regexp2.Unicode

// MustECMAPattern compiles an ECMA-262 pattern that RE2 cannot run
// (lookahead, lookbehind, backreferences) with github.com/dlclark/regexp2;
// it panics on one that does not compile, which the generator never writes.
// RE2 (MustPattern) stays the engine for every other pattern: it runs in
// linear time. The pattern is rewritten first where regexp2 would match
// otherwise than ECMA-262 (ForRegexp2).
func MustECMAPattern(src string) *Pattern {
	re := regexp2.MustCompile(ForRegexp2(src), ECMAOptions)
	re.MatchTimeout = ECMAMatchTimeout
	return &Pattern{ecma: re, src: src}
}

type patternItem struct {
	set      [2]uint64 // ASCII bytes
	min, max int       // max < 0: no bound
}

// MustPattern compiles an RE2 pattern; it panics on one that does not
// compile, which the generator never writes.
func MustPattern(re string) *Pattern {
	p := &Pattern{re: regexp.MustCompile(re)}
	p.items, _ = simplePattern(re)
	return p
}

// Match reports whether b contains a match of the pattern.
func (p *Pattern) Match(b []byte) bool {
	if p.ecma != nil {
		ok, err := p.ecma.MatchString(string(b))
		return ok && err == nil // a timeout is no match
	}
	if p.items == nil {
		return p.re.Match(b)
	}
	i := 0
	for _, it := range p.items {
		n := 0
		for i < len(b) && (it.max < 0 || n < it.max) && b[i] < 128 && it.set[b[i]>>6]&(1<<(b[i]&63)) != 0 {
			i++
			n++
		}
		if n < it.min {
			return false
		}
	}
	return i == len(b)
}

// String returns the RE2 source, or the ECMA-262 one for MustECMAPattern.
func (p *Pattern) String() string {
	if p.ecma != nil {
		return p.src
	}
	return p.re.String()
}

// simplePattern parses ^atoms$ where every atom is an ASCII literal or a
// class of ASCII literals and ranges, with a count; only the last atom's count
// may vary, so that matching needs no backtracking.
func simplePattern(re string) ([]patternItem, bool) {
	if len(re) < 2 || re[0] != '^' || re[len(re)-1] != '$' || (len(re) >= 3 && re[len(re)-2] == '\\') {
		return nil, false
	}
	body := re[1 : len(re)-1]
	var items []patternItem
	for i := 0; i < len(body); {
		var it patternItem
		switch c := body[i]; {
		case c == '[':
			j, ok := parseClass(body, i+1, &it.set)
			if !ok {
				return nil, false
			}
			i = j
		case c == '\\':
			if i+1 >= len(body) || !isPunct(body[i+1]) {
				return nil, false
			}
			it.set[body[i+1]>>6] |= 1 << (body[i+1] & 63)
			i += 2
		case c < 128 && (isASCIILetter(c) || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '/' || c == ':' || c == '@' || c == ' '):
			it.set[c>>6] |= 1 << (c & 63)
			i++
		default:
			return nil, false
		}
		it.min, it.max = 1, 1
		if i < len(body) {
			switch body[i] {
			case '+':
				it.min, it.max = 1, -1
				i++
			case '*':
				it.min, it.max = 0, -1
				i++
			case '?':
				it.min, it.max = 0, 1
				i++
			case '{':
				j, lo, hi, ok := parseCount(body, i)
				if !ok {
					return nil, false
				}
				it.min, it.max, i = lo, hi, j
			}
			if i < len(body) && (body[i] == '?' || body[i] == '+') { // lazy or possessive
				return nil, false
			}
		}
		if len(items) > 0 && items[len(items)-1].min != items[len(items)-1].max {
			return nil, false // only the last atom may repeat a varying number of times
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return nil, false
	}
	return items, true
}

// parseClass reads a class body from i (after "[") to its "]".
func parseClass(s string, i int, set *[2]uint64) (int, bool) {
	if i < len(s) && s[i] == '^' {
		return 0, false
	}
	add := func(lo, hi byte) {
		for c := lo; c <= hi; c++ {
			set[c>>6] |= 1 << (c & 63)
		}
	}
	first := true
	for i < len(s) {
		c := s[i]
		if c == ']' && !first {
			return i + 1, true
		}
		first = false
		switch {
		case c == '\\':
			if i+1 >= len(s) || !isPunct(s[i+1]) {
				return 0, false
			}
			c = s[i+1]
			i += 2
		case c >= 128 || c == '[':
			return 0, false
		default:
			i++
		}
		if i+1 < len(s) && s[i] == '-' && s[i+1] != ']' {
			hi := s[i+1]
			if hi == '\\' || hi >= 128 || hi < c {
				return 0, false
			}
			add(c, hi)
			i += 2
			continue
		}
		add(c, c)
	}
	return 0, false
}

// parseCount reads {n}, {n,} or {n,m} at i.
func parseCount(s string, i int) (next, lo, hi int, ok bool) {
	j := i + 1
	num := func() (int, bool) {
		start := j
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		v, err := strconv.Atoi(s[start:j])
		return v, err == nil
	}
	lo, ok = num()
	if !ok {
		return 0, 0, 0, false
	}
	hi = lo
	if j < len(s) && s[j] == ',' {
		j++
		if j < len(s) && s[j] == '}' {
			hi = -1
		} else if hi, ok = num(); !ok {
			return 0, 0, 0, false
		}
	}
	if j >= len(s) || s[j] != '}' {
		return 0, 0, 0, false
	}
	return j + 1, lo, hi, true
}

func isPunct(c byte) bool {
	return c < 128 && !isASCIILetter(c) && !(c >= '0' && c <= '9') && c > ' '
}
