package envgenrt

import (
	"regexp"
	"time"

	"github.com/dlclark/regexp2"
)

// Pattern is a compiled pattern (already translated for RE2, see
// TranslateECMA). Generated code keeps one per pattern in a package-level
// variable. The anchored ASCII forms that schemas use most (^[a-z0-9-]+$,
// ^[A-Z][A-Z0-9]*([_.][A-Z0-9]+)*$, ^v[0-9]{1,3}$) are matched by a table
// (pattern_dfa.go); anything else by package regexp.
type Pattern struct {
	re   *regexp.Regexp
	dfa  *dfa            // the table, when re.String() has one
	ecma *regexp2.Regexp // for a pattern RE2 cannot run (MustECMAPattern)
	src  string          // the ECMA-262 source, with ecma
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

// MustPattern compiles an RE2 pattern; it panics on one that does not
// compile, which the generator never writes.
func MustPattern(re string) *Pattern {
	return &Pattern{re: regexp.MustCompile(re), dfa: compileDFA(re)}
}

// Match reports whether b contains a match of the pattern.
func (p *Pattern) Match(b []byte) bool {
	if p.ecma != nil {
		ok, err := p.ecma.MatchString(string(b))
		return ok && err == nil // a timeout is no match
	}
	if p.dfa != nil {
		return p.dfa.match(b)
	}
	return p.re.Match(b)
}

// String returns the RE2 source, or the ECMA-262 one for MustECMAPattern.
func (p *Pattern) String() string {
	if p.ecma != nil {
		return p.src
	}
	return p.re.String()
}
