package typescript

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/templates"
)

// TestFailPatternMessage holds rt.failPattern's message, which node spells
// from the RegExp's source, equal to the Go validators' (keywords.Pattern)
// for every pattern sourceSpells lets it spell, and checks that it refuses the
// patterns whose source would not give the pattern back.
func TestFailPatternMessage(t *testing.T) {
	spelled := []string{
		"^[a-z0-9_/.-]+$", "^(/([^~/]|~[01])*)*$", `^artifact:[^#\\s]+(#\\S+)?$`, `^a\\/b$`,
		`^[a-z0-9-]+:[0-9a-f]+(\.\.\.|…)?$`, "^[a-z😀]+$", `^"quoted"$`, `\d+\.\d*`, "[/]", "a//b",
	}
	refused := []string{
		`^a\/b$`,   // an escaped slash of its own reads back as /
		"a\nb",     // a line terminator is written escaped
		"a\u2028b", // so is this one
		"a\xffb",   // not UTF-8
		"",         // the empty pattern is written (?:)
	}
	for _, p := range refused {
		if sourceSpells(p) {
			t.Errorf("sourceSpells(%q) = true, want false", p)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	// The message as rt.failPattern writes it, for the RegExp re.
	const spell = `"must match the pattern " + JSON.stringify(re.source.replaceAll("\\/", "/"))`
	if !strings.Contains(string(templates.Runtime), spell) {
		t.Fatalf("_envgen.ts's failPattern no longer spells its message as %s: update this test", spell)
	}
	var program strings.Builder
	program.WriteString("const out = [];\n")
	for _, p := range spelled {
		if !sourceSpells(p) {
			t.Errorf("sourceSpells(%q) = false, want true", p)
			continue
		}
		program.WriteString("{ const re = " + regexLiteral(p) + "; out.push(" + spell + "); }\n")
	}
	program.WriteString("process.stdout.write(JSON.stringify(out));\n")
	out, err := exec.Command(node, "-e", program.String()).Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, program.String())
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	i := 0
	for _, p := range spelled {
		if !sourceSpells(p) {
			continue
		}
		if want := keywords.Pattern(p).String(); got[i] != want {
			t.Errorf("pattern %q: rt.failPattern says %q, Go says %q", p, got[i], want)
		}
		i++
	}
}
