package golang

import (
	"strconv"
	"strings"
	"testing"
)

// TestPathsFill: the schema paths of a check function are placeholders
// until resolve has seen them all; fill then writes each as resolve spelt
// it, p+"/…" when the function declares p, else the literal, whatever the
// number of paths (placeholders of two digits and more) and text between.
func TestPathsFill(t *testing.T) {
	const prefix = "a.json#/$defs/thing"
	collect := func(n int, outside bool) (*paths, string) {
		ps := &paths{prefix: prefix}
		var text strings.Builder
		text.WriteString("start ")
		for i := range n {
			mark := pathMark + strconv.Itoa(len(ps.lits)) + pathMark
			ps.lits = append(ps.lits, prefix+"/properties/p"+strconv.Itoa(i)+"/type")
			text.WriteString("s.Is(c, " + mark + ")\n")
		}
		if outside {
			mark := pathMark + strconv.Itoa(len(ps.lits)) + pathMark
			ps.lits = append(ps.lits, "b.json#/type")
			text.WriteString(mark)
		}
		return ps, text.String()
	}

	ps, text := collect(1, true)
	if decl := ps.resolve(); decl != "" {
		t.Errorf("one path under the prefix declares %q; it would not save a byte", decl)
	}
	want := "start s.Is(c, \"" + prefix + "/properties/p0/type\")\n\"b.json#/type\""
	if got := ps.fill(text); got != want {
		t.Errorf("fill = %q, want %q", got, want)
	}

	ps, text = collect(12, true)
	if decl, want := ps.resolve(), `const p = "`+prefix+`"`; decl != want {
		t.Errorf("resolve = %q, want %q", decl, want)
	}
	got := ps.fill(text)
	if strings.Contains(got, pathMark) {
		t.Fatalf("a placeholder is left: %q", got)
	}
	for i := range 12 {
		if w := `s.Is(c, p+"/properties/p` + strconv.Itoa(i) + `/type")`; !strings.Contains(got, w) {
			t.Errorf("fill wrote no %s in %q", w, got)
		}
	}
	if !strings.HasPrefix(got, "start ") || !strings.HasSuffix(got, `)`+"\n"+`"b.json#/type"`) {
		t.Errorf("fill changed the text around the paths: %q", got)
	}
	if got := ps.fill("no paths"); got != "no paths" {
		t.Errorf("fill of a text without paths = %q", got)
	}
}
