package doctext

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// wrapReference is Wrap as it was first written: strings.Fields, then a line
// broken where the next word would pass width.
func wrapReference(s string, width int) []string {
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

// TestWrap holds Wrap, and its shortcut for text that is one line already,
// to the reference on random prose: words of ASCII and other runes, parted
// by spaces, runs of them, tabs, newlines and Unicode spaces.
func TestWrap(t *testing.T) {
	pieces := []string{"a", "word", "longerword", "é", "日本語", "x.", " ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u0085", "\r\n"}
	rng := rand.New(rand.NewPCG(3, 4))
	short := 0
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s, width := b.String(), 1+rng.IntN(30)
		if oneLine(s, width) {
			short++
		}
		if got, want := Wrap(s, width), wrapReference(s, width); !slices.Equal(got, want) {
			t.Fatalf("Wrap(%q, %d) = %q, want %q", s, width, got, want)
		}
	}
	if short < 1000 {
		t.Errorf("the one-line shortcut took %d of 50000 texts; the test says little of it (want 1000)", short)
	}
}

// TestPrintable: control characters but tab, and a BOM, become U+FFFD;
// everything else, other scripts included, is kept.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain":              "plain",
		"a\x00b\ufeffc\td\r": "a\ufffdb\ufffdc\td\ufffd",
		"\x1b[31m日本\u0085":   "\ufffd[31m日本\ufffd",
		"tab\there, é and 😀": "tab\there, é and 😀",
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}
