package typescript

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// minLength, maxLength, pattern and format; lengths are in code points.

// minLength: if (rt.codePoints(v) < 3) { ok = false; if (rt.fail(…)) return false; }
// (!v for 1, true of the empty string only: not v === "", which tsc refuses
// where an enum or const has narrowed v to literals that do not include "",
// nor v.length === 0, which it refuses where v is never, a string check
// under "type": "array")
func (f *vfn) minLength() []string {
	if f.c.MinLength == nil || *f.c.MinLength <= 0 {
		return nil
	}
	n := *f.c.MinLength
	cond := "rt.codePoints(" + f.v + ") < " + strconv.Itoa(n)
	if n == 1 {
		cond = "!" + f.v
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
// RegExp is a module constant with the u flag.
func (f *vfn) pattern() []string {
	if f.c.Pattern == "" {
		return nil
	}
	re := f.w.moduleConst(keywords.PatternName(f.name), regexLiteral(f.c.Pattern))
	msg := message(keywords.Pattern(f.c.Pattern))
	if sourceSpells(f.c.Pattern) {
		msg.re = re
	}
	return []string{failIf("!"+re+".test("+f.v+")", f.p, f.sp("pattern"), "pattern", msg)}
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
