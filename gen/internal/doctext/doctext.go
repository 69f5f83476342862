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
	var lines []string
	var line strings.Builder
	for _, w := range strings.Fields(s) {
		if line.Len() > 0 && utf8.RuneCountInString(line.String())+1+utf8.RuneCountInString(w) > width {
			lines = append(lines, line.String())
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	if line.Len() > 0 {
		lines = append(lines, line.String())
	}
	return lines
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
