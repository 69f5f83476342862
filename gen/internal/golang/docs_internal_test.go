package golang

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestStandardDocComment holds docComment's shortcut to go/doc/comment:
// every comment that standardDocComment passes as it is, docCommentOnce
// leaves as it is too. The comments are drawn from pieces that go/doc/comment
// treats specially (headings, lists, code, links, URLs, blank lines, the
// doubled backquotes and single quotes it prints as curly quotes) and plain
// sentences.
func TestStandardDocComment(t *testing.T) {
	pieces := []string{
		"// The value.", "// Heading", "// An Old Heading", "// Code is here", "// text, with (parens),",
		"// - item", "// * item", "// 1. item", "// 2) item", "//\tcode", "//  indented", "// # Heading",
		"// see [Name].", "// [link]: https://example.com", "// at https://example.com.", "//", "//", "//",
		"//x", "// ", "// trailing ", "// é is a letter.", "// ends in é", "// Deprecated: use other.",
		"// a.b.c", "// It's", "// 3 items.", "// x — y.", "// Several words here", "// line one", "// more text;",
		"// the ``reason`` value.", "// said ''so'' here.", "// a ```fence``` here.", "// one ` and ' only.",
		"// Heading\v", "// Heading\f", "// tab end.\t", "// Intro text.",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	taken := 0
	for range 20000 {
		lines := make([]string, 1+rng.IntN(7))
		for i := range lines {
			lines[i] = pieces[rng.IntN(len(pieces))]
		}
		if !standardDocComment(lines) {
			continue
		}
		taken++
		if got := docCommentOnce(slices.Clone(lines)); !slices.Equal(got, lines) {
			t.Fatalf("standardDocComment passes\n%s\nbut go/doc/comment writes\n%s",
				strings.Join(lines, "\n"), strings.Join(got, "\n"))
		}
	}
	if taken < 1000 {
		t.Errorf("the shortcut took %d of 20000 comments; the test says little", taken)
	}
	// Old-style headings, which go/doc/comment turns into "# Heading": one
	// ending in a letter, and ones whose \v or \f it trims before it looks.
	for _, h := range []string{"// Heading", "// Heading\v", "// Heading\f"} {
		if heading := []string{"// Intro text.", "//", h, "//", "// Body text."}; standardDocComment(heading) {
			t.Errorf("the old-style heading %q passed the shortcut", h)
		}
	}
}
