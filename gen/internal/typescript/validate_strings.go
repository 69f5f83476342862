package typescript

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// minLength, maxLength, pattern and format; lengths are in code points.

// minLength: if (rt.codePoints(v) < 3) { ok = false; if (rt.fail(…)) return false; }
// For 1, v.length === 0: a string has no code point when it has no UTF-16
// unit (not !v, which V8 tests as any value's truth, a dozen instructions
// more; not v === "", which tsc refuses where an enum or const has narrowed
// v to literals that do not include ""). Where no enum or const value is a
// string there is no string check at all (typeAllows): tsc would have
// narrowed v to never.
func (f *vfn) minLength() []string {
	if f.c.MinLength == nil || *f.c.MinLength <= 0 {
		return nil
	}
	n := *f.c.MinLength
	cond := "rt.codePoints(" + f.v + ") < " + strconv.Itoa(n)
	if n == 1 {
		cond = f.v + ".length === 0"
	}
	return []string{failIf(cond, f.p, f.sp("minLength"), "minLength", message(keywords.MinLength(n)))}
}

// maxLength: if (v.length > 8 && rt.codePoints(v) > 8) { ok = false; if (rt.fail(…)) return false; }
// (a string no longer in UTF-16 units is no longer in code points)
func (f *vfn) maxLength() []string {
	if f.c.MaxLength == nil {
		return nil
	}
	n := strconv.Itoa(*f.c.MaxLength)
	cond := f.v + ".length > " + n + " && rt.codePoints(" + f.v + ") > " + n
	return []string{failIf(cond, f.p, f.sp("maxLength"), "maxLength", message(keywords.MaxLength(*f.c.MaxLength)))}
}

// pattern: if (!patternWarningCode.test(v)) { ok = false; if (rt.fail(…)) return false; } the
// RegExp is a module constant with the u flag. A pattern anchored at the
// start is refuted instead (see refuteLiteral):
//
//	const notWarningCode = /^(?![A-Z][A-Z0-9_]*$)/u;
//	if (notWarningCode.test(v)) { ok = false; if (rt.fail(…)) return false; }
func (f *vfn) pattern() []string {
	if f.c.Pattern == "" {
		return nil
	}
	var re, cond string
	lit, refuted := refuteLiteral(f.c.Pattern)
	if refuted { // shared with no RegExp of the same source that means the opposite
		re = f.w.moduleConstKeyed(keywords.RefutationName(f.name), "refutes "+lit, lit)
		cond = re + ".test(" + f.v + ")"
	} else {
		re = f.w.moduleConst(keywords.PatternName(f.name), regexLiteral(f.c.Pattern))
		cond = "!" + re + ".test(" + f.v + ")"
	}
	msg := message(keywords.Pattern(f.c.Pattern))
	if failSpells(f.c.Pattern, refuted) {
		msg.re = re
	}
	return []string{failIf(cond, f.p, f.sp("pattern"), "pattern", msg)}
}

// failSpells reports whether rt.failPattern spells the message of pattern
// from the RegExp pattern() declares for it, refuted or not: it reads a
// source ^(?!…) as a refutation, so a pattern not refuted that begins so
// (one with a | outside groups) is spelled in the call instead.
func failSpells(pattern string, refuted bool) bool {
	return sourceSpells(pattern) && (refuted || !strings.HasPrefix(pattern, "^(?!"))
}

// refuteLiteral spells a pattern ^R that can match only at the start of a
// string (no | outside a group or class offers an alternative without the
// ^) as the RegExp ^(?!R): it matches, at the start, exactly the strings ^R
// does not match (there ^R can match nowhere else), so a string is valid
// where it does not match. ok is false for other patterns.
//
// A valid string then takes the RegExp's failure path, which costs less than
// a match: a match records the last match (RegExp.lastMatch and the like,
// with a write barrier for the string), a failure records nothing. On the
// bench's 1.2 KB envelope (13 pattern tests) a validation takes 3.8% fewer
// instructions; on the 104 KB one 3.7% fewer. The u flag is kept: R reads code
// points as before, and no capture group is added (back references keep their
// numbers).
func refuteLiteral(pattern string) (string, bool) {
	if len(pattern) < 2 || pattern[0] != '^' || topLevelAlternative(pattern) {
		return "", false
	}
	lit := regexLiteral(pattern[1:])
	return "/^(?!" + strings.TrimSuffix(lit[1:], "/u") + ")/u", true
}

// topLevelAlternative reports whether pattern has a | outside every group
// and class (an escaped \| is a literal; with the u flag a [ inside a class
// is one too), or a ) that closes no group.
func topLevelAlternative(pattern string) bool {
	depth, class := 0, false
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case class:
			class = c != ']'
		case c == '[':
			class = true
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 { // unbalanced (load refuses it): not refuted
				return true
			}
		case c == '|' && depth == 0:
			return true
		}
	}
	return false
}

// sourceSpells reports whether rt.failPattern spells the message of pattern
// from its RegExp's source: the literal's text with \/ read as /, quoted as
// JSON.stringify quotes it. It does when the literal escapes nothing but the
// slashes (no line terminator) and the pattern has no \/ of its own, and it
// is valid UTF-8 (keywords.Quote and JSON.stringify then agree).
func sourceSpells(pattern string) bool {
	lit := regexLiteral(pattern)
	body := strings.TrimSuffix(strings.TrimPrefix(lit, "/"), "/u")
	return pattern != "" && utf8.ValidString(pattern) && strings.ReplaceAll(body, `\/`, "/") == pattern
}

// format: if (!rt.isDateTime(v)) { ok = false; if (rt.fail(…)) return false; } only with
// format assertion on; a format it cannot check fails generation. The
// formats are keywords.Formats; rt.is<Func> checks each.
func (f *vfn) format() []string {
	if f.c.Format == "" || !f.w.r.opts.AssertFormat {
		return nil
	}
	fn, ok := keywords.FormatFunc(f.c.Format)
	if !ok {
		loc := f.t.Base().Loc
		loc.Pointer += "/format"
		f.w.r.fail(loc, "turn format assertion off, or use one of the formats docs/validation.md lists",
			"format %q cannot be asserted", f.c.Format)
		return nil
	}
	return []string{failIf("!rt.is"+fn+"("+f.v+")", f.p, f.sp("format"), "format", message(keywords.Format(f.c.Format)))}
}

// regexLiteral spells an ECMA-262 pattern as a RegExp literal with the u
// flag: / and line terminators are escaped, everything else is kept.
func regexLiteral(pattern string) string {
	if pattern == "" {
		return "/(?:)/u"
	}
	var b strings.Builder
	b.WriteByte('/')
	escaped := false
	for _, r := range pattern {
		switch {
		case escaped:
			escaped = false
			if lt, ok := lineTerminators[r]; ok {
				b.WriteString(lt[1:]) // the backslash is written already
				continue
			}
		case r == '\\':
			escaped = true
		case r == '/':
			b.WriteString(`\/`)
			continue
		default:
			if lt, ok := lineTerminators[r]; ok {
				b.WriteString(lt)
				continue
			}
		}
		b.WriteRune(r)
	}
	b.WriteString("/u")
	return b.String()
}

var lineTerminators = map[rune]string{'\n': `\n`, '\r': `\r`, '\u2028': `\u2028`, '\u2029': `\u2029`}
