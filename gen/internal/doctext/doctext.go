// Package doctext is the language-neutral prose of generated doc comments:
// a schema's description split at blank lines, prose wrapped to a width, and
// names compared with titles. Both backends read it: gen/internal/golang writes the
// result as // comments, gen/internal/typescript as JSDoc.
package doctext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Blocks splits prose at blank lines, into its paragraphs' lines, each
// without trailing space.
func Blocks(s string) [][]string {
	var out [][]string
	var block []string
	for _, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		l = strings.TrimRightFunc(l, unicode.IsSpace)
		if l == "" {
			if len(block) > 0 {
				out = append(out, block)
			}
			block = nil
			continue
		}
		block = append(block, l)
	}
	if len(block) > 0 {
		out = append(out, block)
	}
	return out
}

// Wrap breaks prose into lines of at most width columns (a longer word gets
// a line of its own).
func Wrap(s string, width int) []string {
	if oneLine(s, width) {
		return []string{s}
	}
	var lines []string
	var line strings.Builder
	n := 0 // the runes in line
	for _, w := range strings.Fields(s) {
		wn := utf8.RuneCountInString(w)
		if n > 0 && n+1+wn > width {
			lines = append(lines, line.String())
			line.Reset()
			n = 0
		}
		if n > 0 {
			line.WriteByte(' ')
			n++
		}
		line.WriteString(w)
		n += wn
	}
	if n > 0 {
		lines = append(lines, line.String())
	}
	return lines
}

// oneLine reports whether s is what Wrap makes of it: words parted by single
// spaces (no other white space, none at the ends), width runes at most.
func oneLine(s string, width int) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	runes, space := 0, false
	for _, r := range s {
		runes++
		if r == ' ' {
			if space {
				return false
			}
			space = true
			continue
		}
		space = false
		if r >= utf8.RuneSelf && unicode.IsSpace(r) || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r' {
			return false
		}
	}
	return runes <= width
}

// Squash folds a name or title for comparison: "Search result" and
// "SearchResult" are the same.
func Squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// Printable is l with each control character but tab, and each byte order
// mark, replaced by U+FFFD: in a Go comment go/scanner rejects NUL and a BOM
// (the file would neither format nor compile) and drops a carriage return;
// in either language a NUL makes the file binary to git and grep, and the
// rest would be invisible in the comment a user reads.
func Printable(l string) string {
	bad := func(r rune) bool { return r != '\t' && unicode.IsControl(r) || r == '\uFEFF' }
	if strings.IndexFunc(l, bad) < 0 {
		return l
	}
	return strings.Map(func(r rune) rune {
		if bad(r) {
			return utf8.RuneError
		}
		return r
	}, l)
}
