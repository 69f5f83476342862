package envgenrt

import (
	"strings"
	"unicode/utf8"
)

// regexp2 with its ECMAScript option still differs from ECMA-262 (with the u
// flag, without the s flag) in a few places, which ForRegexp2 rewrites:
//
//   - "." outside a class matches U+2028 and U+2029 there (it stops at \n
//     and \r only); ECMA-262's "." stops at every line terminator, so it
//     becomes [^\n\r\u2028\u2029], the class TranslateECMA gives RE2;
//   - \b and \B use Unicode word characters there; ECMA-262's are ASCII
//     (\w), so they become the lookaround that says the same;
//   - "[" inside a class is literal in ECMA-262, but "-[" starts a class
//     subtraction in regexp2: it is escaped.
//
// Escapes (\., \b in a class, which is a backspace, \u{…}) and everything
// else are kept as they are.
const (
	regexp2Dot         = `[^\n\r\u2028\u2029]`
	regexp2Word        = `[0-9A-Za-z_]`
	regexp2Boundary    = `(?:(?<=` + regexp2Word + `)(?!` + regexp2Word + `)|(?<!` + regexp2Word + `)(?=` + regexp2Word + `))`
	regexp2NonBoundary = `(?:(?<=` + regexp2Word + `)(?=` + regexp2Word + `)|(?<!` + regexp2Word + `)(?!` + regexp2Word + `))`
)

// ForRegexp2 rewrites an ECMA-262 pattern so that regexp2, compiled with
// ECMAOptions, matches exactly what ECMA-262 matches (see above).
// MustECMAPattern compiles what it returns.
func ForRegexp2(src string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			_, size := utf8.DecodeRuneInString(src[i+1:])
			switch next := src[i+1]; {
			case !inClass && next == 'b':
				b.WriteString(regexp2Boundary)
			case !inClass && next == 'B':
				b.WriteString(regexp2NonBoundary)
			default:
				b.WriteString(src[i : i+1+size])
			}
			i += 1 + size
			continue
		case inClass && c == ']':
			inClass = false
		case inClass && c == '[':
			b.WriteString(`\[`)
			i++
			continue
		case !inClass && c == '[':
			// "[]" and "[^]": the "]" right after closes the class in
			// ECMA-262, as it does in regexp2's ECMAScript mode.
			inClass = true
			j := i + 1
			if j < len(src) && src[j] == '^' {
				j++
			}
			if j < len(src) && src[j] == ']' {
				b.WriteString(src[i : j+1])
				i = j + 1
				inClass = false
				continue
			}
			b.WriteString(src[i:j])
			i = j
			continue
		case !inClass && c == '.':
			b.WriteString(regexp2Dot)
			i++
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}
