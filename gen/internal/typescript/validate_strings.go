package typescript

import (
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// minLength, maxLength, pattern and format; lengths are in code points.

// minLength: if (rt.codePoints(v) < 3 && rt.fail(…)) return false; (v === "" for 1)
func (f *vfn) minLength() []string {
	if f.c.MinLength == nil || *f.c.MinLength <= 0 {
		return nil
	}
	n := *f.c.MinLength
	cond := "rt.codePoints(" + f.v + ") < " + strconv.Itoa(n)
	if n == 1 {
		cond = f.v + ` === ""`
	}
	return []string{failIf(cond, f.p, f.sp("minLength"), "minLength", message(keywords.MinLength(n)))}
}

// maxLength: if (v.length > 8 && rt.codePoints(v) > 8 && rt.fail(…)) return false;
// (a string no longer in UTF-16 units is no longer in code points)
func (f *vfn) maxLength() []string {
	if f.c.MaxLength == nil {
		return nil
	}
	n := strconv.Itoa(*f.c.MaxLength)
	cond := f.v + ".length > " + n + " && rt.codePoints(" + f.v + ") > " + n
	return []string{failIf(cond, f.p, f.sp("maxLength"), "maxLength", message(keywords.MaxLength(*f.c.MaxLength)))}
}

// pattern: if (!patternWarningCode.test(v) && rt.fail(…)) return false; the
// RegExp is a module constant with the u flag.
func (f *vfn) pattern() []string {
	if f.c.Pattern == "" {
		return nil
	}
	cond := ""
	if chars, plus, ok := charClassPattern(f.c.Pattern); ok {
		set := f.w.moduleConst(keywords.PatternName(f.name), "/* @__PURE__ */ rt.charSet("+stringLiteral(chars)+")")
		cond = "!rt.allIn(" + f.v + ", " + set + ")"
		if plus {
			cond = "(" + f.v + ` === "" || ` + cond + ")"
		}
	} else {
		re := f.w.moduleConst(keywords.PatternName(f.name), regexLiteral(f.c.Pattern))
		cond = "!" + re + ".test(" + f.v + ")"
	}
	return []string{failIf(cond, f.p, f.sp("pattern"), "pattern", message(keywords.Pattern(f.c.Pattern)))}
}

// charClassPattern reads a pattern that is one class of ASCII characters,
// repeated: ^[a-z0-9_/.-]+$ or ^[…]*$. Such a pattern is checked a character
// at a time against a table (rt.allIn), several times faster than the
// RegExp, with the same verdict: a string matches when it is all characters
// of the class (and not empty, for +). It returns the class's characters.
func charClassPattern(p string) (chars string, plus, ok bool) {
	switch {
	case strings.HasPrefix(p, "^[") && strings.HasSuffix(p, "]+$"):
		plus = true
	case strings.HasPrefix(p, "^[") && strings.HasSuffix(p, "]*$"):
	default:
		return "", false, false
	}
	body := []byte(p[2 : len(p)-3])
	if len(body) == 0 || body[0] == '^' {
		return "", false, false
	}
	var set [128]bool
	var items []int // literal code units, or -1 for a range's hyphen
	for i := 0; i < len(body); i++ {
		b := body[i]
		switch {
		case b >= 128 || b < 32 || b == '[' || b == ']':
			return "", false, false
		case b == '\\':
			if i+1 == len(body) {
				return "", false, false
			}
			i++
			e := body[i]
			switch {
			case e == 'd':
				for c := '0'; c <= '9'; c++ {
					set[c] = true
				}
				items = append(items, -2)
			case e == 'w':
				for _, r := range [][2]byte{{'a', 'z'}, {'A', 'Z'}, {'0', '9'}} {
					for c := r[0]; c <= r[1]; c++ {
						set[c] = true
					}
				}
				set['_'] = true
				items = append(items, -2)
			case strings.IndexByte(`\/.-^$*+?()[]{}|`, e) >= 0:
				items = append(items, int(e))
			default:
				return "", false, false
			}
		case b == '-' && len(items) > 0 && i+1 < len(body):
			items = append(items, -1)
		default:
			items = append(items, int(b))
		}
	}
	for i := 0; i < len(items); i++ {
		switch {
		case items[i] == -2:
		case i+2 < len(items) && items[i+1] == -1:
			lo, hi := items[i], items[i+2]
			if lo < 0 || hi < 0 || lo > hi {
				return "", false, false
			}
			for c := lo; c <= hi; c++ {
				set[c] = true
			}
			i += 2
		case items[i] == -1:
			return "", false, false
		default:
			set[items[i]] = true
		}
	}
	var b strings.Builder
	for c, in := range set {
		if in {
			b.WriteByte(byte(c))
		}
	}
	return b.String(), plus, true
}

// format: if (!rt.isDateTime(v) && rt.fail(…)) return false; only with
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
