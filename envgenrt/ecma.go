package envgenrt

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// JSON Schema patterns are ECMA-262 regular expressions; Go has RE2.
// TranslateECMA rewrites a pattern so that RE2 matches what ECMA-262 (with
// the u flag) matches, and refuses what RE2 cannot do:
//
//   - lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) and
//     backreferences (\1, \k<name>) are refused;
//   - "." matches any character but the line terminators \n, \r, U+2028 and
//     U+2029, as in ECMA-262 (RE2's "." stops at \n only);
//   - \s and \S are ECMA-262's white space (Unicode spaces, U+FEFF and the
//     line terminators), not RE2's ASCII one; \d, \w and \b are ASCII in
//     both;
//   - \uXXXX (with surrogate pairs), \u{…}, \cX, \0 and the General Category
//     and Script forms of \p{…} are rewritten to RE2's spellings;
//   - (?<name>…) becomes (?P<name>…); a "{" that starts no quantifier is a
//     literal, as ECMA-262 reads it.
func TranslateECMA(pattern string) (string, error) {
	t := ecma{src: pattern}
	if err := t.run(); err != nil {
		return "", fmt.Errorf("pattern %q: %w", pattern, err)
	}
	return t.out.String(), nil
}

// CompileECMA translates and compiles an ECMA-262 pattern.
func CompileECMA(pattern string) (*regexp.Regexp, error) {
	re, err := TranslateECMA(pattern)
	if err != nil {
		return nil, err
	}
	c, err := regexp.Compile(re)
	if err != nil {
		return nil, fmt.Errorf("pattern %q: RE2 cannot compile it: %w", pattern, err)
	}
	return c, nil
}

const (
	ecmaSpace    = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`
	ecmaDot      = `[^\n\r\x{2028}\x{2029}]`
	ecmaNotSpace = `[^` + ecmaSpace + `]`
)

type ecma struct {
	src      string
	i        int
	out      strings.Builder
	notSpace bool // the class being read has \S among its members
	// syntax only: accept what is valid ECMA-262 but not RE2 (lookaround,
	// backreferences), see CheckECMA
	syntax bool
}

// CheckECMA reports whether pattern is a valid ECMA-262 regular expression as
// far as TranslateECMA can tell, accepting lookaround and backreferences,
// which are valid there but have no RE2 translation. A schema loader checks
// patterns with it, so that what RE2 cannot do is refused by the Go backend,
// with its location, and not taken for an invalid schema.
func CheckECMA(pattern string) error {
	t := ecma{src: pattern, syntax: true}
	if err := t.run(); err != nil {
		return fmt.Errorf("pattern %q: %w", pattern, err)
	}
	// The translation keeps the pattern's structure, with lookaround and
	// backreferences made plain: what it gets wrong (parentheses, repeats),
	// ECMA-262 gets wrong too. RE2's own limits (such as repeat counts over
	// 1000) are not ECMA-262's and are left to the backends.
	if _, err := syntax.Parse(t.out.String(), syntax.Perl); err != nil {
		var se *syntax.Error
		if errors.As(err, &se) && structural[se.Code] {
			return fmt.Errorf("pattern %q: %s", pattern, se.Code)
		}
	}
	return nil
}

// structural are the RE2 parse errors that a translated pattern has only
// when the ECMA-262 pattern is invalid as well.
var structural = map[syntax.ErrorCode]bool{
	syntax.ErrMissingParen:          true,
	syntax.ErrUnexpectedParen:       true,
	syntax.ErrMissingBracket:        true,
	syntax.ErrMissingRepeatArgument: true,
	syntax.ErrInvalidRepeatOp:       true,
	syntax.ErrTrailingBackslash:     true,
	syntax.ErrInvalidCharRange:      true,
}

func (t *ecma) peek(s string) bool { return strings.HasPrefix(t.src[t.i:], s) }

func (t *ecma) run() error {
	for t.i < len(t.src) {
		c := t.src[t.i]
		switch c {
		case '\\':
			if err := t.escape(false); err != nil {
				return err
			}
		case '[':
			if err := t.class(); err != nil {
				return err
			}
		case '.':
			t.out.WriteString(ecmaDot)
			t.i++
		case '(':
			if err := t.group(); err != nil {
				return err
			}
		case '{':
			if !quantifier(t.src[t.i:]) {
				t.out.WriteString(`\{`)
				t.i++
				continue
			}
			j := strings.IndexByte(t.src[t.i:], '}')
			t.out.WriteString(t.src[t.i : t.i+j+1])
			t.i += j + 1
		case '}':
			t.out.WriteString(`\}`)
			t.i++
		case ']':
			t.out.WriteString(`\]`)
			t.i++
		default:
			_, size := utf8.DecodeRuneInString(t.src[t.i:])
			t.out.WriteString(t.src[t.i : t.i+size])
			t.i += size
		}
	}
	return nil
}

// quantifier reports whether s starts with {n}, {n,} or {n,m}.
func quantifier(s string) bool {
	i := 1
	digits := func() int {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == ',' {
		i++
		digits()
	}
	return i < len(s) && s[i] == '}'
}

func (t *ecma) group() error {
	switch {
	case (t.peek("(?=") || t.peek("(?!")) && t.syntax:
		t.out.WriteString("(?:")
		t.i += 3
	case (t.peek("(?<=") || t.peek("(?<!")) && t.syntax:
		t.out.WriteString("(?:")
		t.i += 4
	case t.peek("(?=") || t.peek("(?!"):
		return fmt.Errorf("lookahead %s…) is not supported by RE2", t.src[t.i:t.i+3])
	case t.peek("(?<=") || t.peek("(?<!"):
		return fmt.Errorf("lookbehind %s…) is not supported by RE2", t.src[t.i:t.i+4])
	case t.peek("(?<"):
		// (?<name>…): a name is an identifier closed by ">"
		end := strings.IndexByte(t.src[t.i+3:], '>')
		if end <= 0 || !isGroupName(t.src[t.i+3:t.i+3+end]) {
			return fmt.Errorf("invalid group name at %s", t.src[t.i:min(len(t.src), t.i+3+max(end, 0)+1)])
		}
		if name := t.src[t.i+3 : t.i+3+end]; !t.syntax && strings.ContainsFunc(name, func(r rune) bool {
			return r != '_' && (r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r))
		}) {
			return fmt.Errorf("group name %q is not supported by RE2 (ASCII letters, digits and _ only)", name)
		}
		t.out.WriteString("(?P<")
		t.i += 3
	case t.peek("(?:"):
		t.out.WriteString("(?:")
		t.i += 3
	case t.peek("(?"):
		return fmt.Errorf("unknown group %s", t.src[t.i:min(len(t.src), t.i+3)])
	default:
		t.out.WriteByte('(')
		t.i++
	}
	return nil
}

// class translates [...].
func (t *ecma) class() error {
	t.i++ // [
	negated := t.i < len(t.src) && t.src[t.i] == '^'
	if negated {
		t.i++
	}
	if t.i < len(t.src) && t.src[t.i] == ']' { // [] matches nothing, [^] anything
		t.i++
		if negated {
			t.out.WriteString(`[\x{0}-\x{10FFFF}]`)
		} else {
			t.out.WriteString(`[^\x{0}-\x{10FFFF}]`)
		}
		return nil
	}
	// A class that is only \S, \W or \D keeps its meaning as the escape.
	if !negated && t.peek(`\S]`) {
		t.i += 3
		t.out.WriteString(ecmaNotSpace)
		return nil
	}
	start := t.out.Len()
	t.notSpace = false
	t.out.WriteByte('[')
	for t.i < len(t.src) {
		c := t.src[t.i]
		switch c {
		case ']':
			t.out.WriteByte(']')
			t.i++
			return t.closeClass(start, negated)
		case '\\':
			if err := t.escape(true); err != nil {
				return err
			}
		case '[':
			t.out.WriteString(`\[`)
			t.i++
		default:
			_, size := utf8.DecodeRuneInString(t.src[t.i:])
			t.out.WriteString(t.src[t.i : t.i+size])
			t.i += size
		}
	}
	return fmt.Errorf("missing ] of a character class")
}

// closeClass finishes the class written from start ("[…]", its members
// translated, its "^" not yet written). RE2 has no \S inside a class, so a
// class with \S becomes an alternation, [a\S] → (?:[a]|[^spaces]), and a
// negated one the spaces its other members leave out: [^\S] → [spaces],
// [^a\s\S] → matches nothing.
func (t *ecma) closeClass(start int, negated bool) error {
	all := t.out.String()
	members := all[start+1 : len(all)-1]
	if !t.notSpace {
		if negated {
			t.out.Reset()
			t.out.WriteString(all[:start] + "[^" + members + "]")
		}
		return nil
	}
	t.notSpace = false
	t.out.Reset()
	t.out.WriteString(all[:start])
	if !negated {
		if members == "" {
			t.out.WriteString(ecmaNotSpace)
		} else {
			t.out.WriteString("(?:[" + members + "]|" + ecmaNotSpace + ")")
		}
		return nil
	}
	// [^X\S] is the white space that X does not match.
	var in *regexp.Regexp
	if members != "" {
		var err error
		if in, err = regexp.Compile("^[" + members + "]$"); err != nil {
			return fmt.Errorf("RE2 cannot compile the class [%s]: %w", members, err)
		}
	}
	var b strings.Builder
	for _, r := range ecmaSpaceRunes() {
		if in == nil || !in.MatchString(string(r)) {
			fmt.Fprintf(&b, `\x{%x}`, r)
		}
	}
	if b.Len() == 0 {
		t.out.WriteString(`[^\x{0}-\x{10FFFF}]`)
	} else {
		t.out.WriteString("[" + b.String() + "]")
	}
	return nil
}

// ecmaSpaceRunes lists ECMA-262's white space and line terminators: what \s
// matches.
func ecmaSpaceRunes() []rune {
	out := []rune{'\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff}
	for r := rune(0x2000); r <= 0x200a; r++ {
		out = append(out, r)
	}
	return out
}

// escape translates the escape at t.i, inside a character class or not.
func (t *ecma) escape(inClass bool) error {
	if t.i+1 >= len(t.src) {
		return fmt.Errorf("trailing backslash")
	}
	c := t.src[t.i+1]
	t.i += 2
	switch c {
	case 'd', 'D', 'w', 'W', 'n', 'r', 't', 'f', 'v':
		t.out.WriteByte('\\')
		t.out.WriteByte(c)
	case 'b', 'B':
		switch {
		case inClass && c == 'b':
			t.out.WriteString(`\x08`)
		case inClass:
			return fmt.Errorf(`\B in a character class`)
		default:
			t.out.WriteByte('\\')
			t.out.WriteByte(c)
		}
	case 's':
		if inClass {
			t.out.WriteString(ecmaSpace)
		} else {
			t.out.WriteString("[" + ecmaSpace + "]")
		}
	case 'S':
		if inClass {
			t.notSpace = true // closeClass adds it
			break
		}
		t.out.WriteString(ecmaNotSpace)
	case '0':
		if t.i < len(t.src) && t.src[t.i] >= '0' && t.src[t.i] <= '9' {
			return fmt.Errorf("octal escapes are not allowed")
		}
		t.out.WriteString(`\x00`)
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if t.syntax {
			break
		}
		return fmt.Errorf("backreference \\%c is not supported by RE2", c)
	case 'k':
		if t.syntax {
			if j := strings.IndexByte(t.src[t.i:], '>'); t.peek("<") && j > 0 {
				t.i += j + 1
				break
			}
			return fmt.Errorf(`bad \k<…> escape`)
		}
		return fmt.Errorf(`backreference \k<…> is not supported by RE2`)
	case 'x':
		if t.i+2 > len(t.src) || !isHex(t.src[t.i:t.i+2]) {
			return fmt.Errorf(`\x needs two hex digits`)
		}
		t.out.WriteString(`\x` + t.src[t.i:t.i+2])
		t.i += 2
	case 'u':
		r, err := t.unicodeEscape()
		if err != nil {
			return err
		}
		t.out.WriteString(`\x{` + strconv.FormatInt(int64(r), 16) + `}`)
	case 'c':
		if t.i >= len(t.src) || !isASCIILetter(t.src[t.i]) {
			return fmt.Errorf(`\c needs a letter`)
		}
		t.out.WriteString(`\x{` + strconv.FormatInt(int64(t.src[t.i]%32), 16) + `}`)
		t.i++
	case 'p', 'P':
		name, err := t.property()
		if err != nil {
			return err
		}
		t.out.WriteString(`\` + string(c) + `{` + name + `}`)
	default:
		if c >= utf8.RuneSelf || isASCIILetter(c) || (c >= '0' && c <= '9') {
			return fmt.Errorf("unknown escape \\%c", c)
		}
		// A syntax character or other punctuation: a literal in both.
		t.out.WriteByte('\\')
		t.out.WriteByte(c)
	}
	return nil
}

// unicodeEscape reads the rest of \uXXXX (a surrogate pair as one) or \u{…}.
func (t *ecma) unicodeEscape() (rune, error) {
	if t.peek("{") {
		j := strings.IndexByte(t.src[t.i:], '}')
		if j < 2 || !isHex(t.src[t.i+1:t.i+j]) {
			return 0, fmt.Errorf(`bad \u{…} escape`)
		}
		v, err := strconv.ParseInt(t.src[t.i+1:t.i+j], 16, 32)
		if err != nil || v > utf8.MaxRune {
			return 0, fmt.Errorf(`\u{…} beyond U+10FFFF`)
		}
		t.i += j + 1
		return rune(v), nil
	}
	r, ok := hex4([]byte(t.src[t.i:]))
	if !ok {
		return 0, fmt.Errorf(`\u needs four hex digits`)
	}
	t.i += 4
	if utf16.IsSurrogate(r) && t.peek(`\u`) {
		if r2, ok := hex4([]byte(t.src[t.i+2:])); ok {
			if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
				t.i += 6
				return d, nil
			}
		}
	}
	return r, nil
}

// property reads {Name} or {Name=Value} after \p and returns RE2's name.
func (t *ecma) property() (string, error) {
	if !t.peek("{") {
		return "", fmt.Errorf(`\p needs {…}`)
	}
	j := strings.IndexByte(t.src[t.i:], '}')
	if j < 0 {
		return "", fmt.Errorf(`missing } of \p{…}`)
	}
	body := t.src[t.i+1 : t.i+j]
	t.i += j + 1
	key, value, hasKey := strings.Cut(body, "=")
	category := func(name string) (string, bool) {
		if short, ok := categories[name]; ok {
			return short, true
		}
		for _, short := range categories {
			if short == name {
				return short, true
			}
		}
		return "", false
	}
	switch {
	case !hasKey:
		if short, ok := category(body); ok {
			return short, nil
		}
		if isScript(body) {
			return body, nil
		}
	case key == "General_Category" || key == "gc":
		if short, ok := category(value); ok {
			return short, nil
		}
	case key == "Script" || key == "sc":
		if isScript(value) {
			return value, nil
		}
	}
	return "", fmt.Errorf(`unicode property \p{%s} is not supported`, body)
}

func isScript(name string) bool {
	_, err := regexp.Compile(`\p{` + name + `}`)
	return err == nil && name != "" && strings.ToUpper(name[:1]) == name[:1] && len(name) > 2
}

// categories maps the long names of Unicode General Categories to RE2's.
var categories = map[string]string{
	"Letter": "L", "Cased_Letter": "L", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
	"Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
	"Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
	"Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc",
	"Dash_Punctuation": "Pd", "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
	"Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm",
	"Currency_Symbol": "Sc", "Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z",
	"Space_Separator": "Zs", "Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc",
	"cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs", "Private_Use": "Co",
}

// isGroupName reports whether s is an ECMA-262 group name: an identifier of
// letters, digits (not first), "_" and "$".
func isGroupName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return s != ""
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
