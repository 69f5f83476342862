package dialects

import (
	"strconv"
	"strings"
)

// fieldPointer turns a prov evidence field, a dotted path with [n] indexes
// ("plan[0]", "a.b[2].c"), into a JSON Pointer ("/plan/0", "/a/b/2/c").
func fieldPointer(field string) string {
	var tokens []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			tokens = append(tokens, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(field); i++ {
		switch c := field[i]; c {
		case '.':
			flush()
		case '[':
			end := strings.IndexByte(field[i:], ']')
			if end < 0 {
				cur.WriteString(field[i:])
				i = len(field)
				continue
			}
			flush()
			tokens = append(tokens, field[i+1:i+end])
			i += end
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return pointer(tokens)
}

// pointerField is the reverse of fieldPointer: digit-only tokens become
// [n] indexes, others are joined by dots.
func pointerField(ptr string) string {
	var b strings.Builder
	for _, tok := range splitPointer(ptr) {
		switch {
		case isIndex(tok):
			b.WriteString("[" + tok + "]")
		case b.Len() > 0:
			b.WriteString("." + tok)
		default:
			b.WriteString(tok)
		}
	}
	return b.String()
}

func isIndex(tok string) bool {
	_, err := strconv.ParseUint(tok, 10, 64)
	return err == nil && tok != "" && tok[0] != '+'
}
