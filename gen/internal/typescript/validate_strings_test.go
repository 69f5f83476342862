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

// charRunProgram is the node program TestCharRun runs after its cases: for
// every pattern, the strings where the generated loop and the RegExp
// disagree.
const charRunProgram = `
function* strings(alphabet, seed) {
  yield* ["", "\n", "a\n", "\na", "a\nb", "\r", "\u2028", "\0", "a\0", "\ud800", "\udc00", "a\ud800", "\udc00a",
    "\ud83d\ude00", "a\ud83d\ude00", "\u00e9", "\u0131", "\u017f", "\u212a", "K", "k", " ", "\t"];
  for (let u = 0; u < 0x300; u++) { yield String.fromCharCode(u); yield "a" + String.fromCharCode(u); yield String.fromCharCode(u) + "0"; }
  let x = seed;
  for (let n = 0; n < 4000; n++) {
    x = (x * 1103515245 + 12345) >>> 0;
    let s = "";
    for (let k = x % 9; k > 0; k--) { x = (x * 1103515245 + 12345) >>> 0; s += alphabet[x % alphabet.length]; }
    yield s;
  }
}
const out = [];
for (const [i, c] of cases.entries()) {
  // the characters of the pattern, their neighbours, and others
  const alphabet = [...new Set([...c.pattern].flatMap((ch) => {
    const u = ch.charCodeAt(0);
    return [ch, String.fromCharCode(u - 1), String.fromCharCode(u + 1)];
  }).concat(["a", "Z", "5", "_", "-", "\n", "\ud800", "\udc00", "\u00e9", "\uff41"]))];
  const bad = [];
  for (const s of strings(alphabet, i + 1)) if (c.re.test(s) !== c.run(s)) bad.push(s);
  out.push(bad.slice(0, 5));
}
process.stdout.write(JSON.stringify(out));
`

// TestCharRun holds the generated loop (charRun.fn) to the
// RegExp's verdict on edge cases (empty, line terminators, surrogates,
// non-ASCII letters that fold to ASCII under i) and on random strings over
// each pattern's characters and their neighbours; and checks that the
// patterns of another shape are left to the RegExp.
func TestCharRun(t *testing.T) {
	runs := []string{
		"^[a-z0-9_/.-]+$", "^[A-Za-z0-9._:-]+$", "^[a-z_]*$", "^[A-Z]+$", `^[\d\w.]*$`, `^[\]\\\-x]+$`,
		"^[--/]+$", "^[a-z-0]+$", "^[ !~]*$", `^[\^$]+$`, "^[a-]+$", "^[-a]+$", "^[(){}|?*+]+$", "^[0-9a-fA-F]+$",
		`^[\/]+$`, "^[a-b-c]+$", `^[\--\/]+$`,
	}
	others := []string{
		"^[^a-z]+$", "^[a-z]+", "[a-z]+$", "^[a-z]{2}$", "^[a-z]+?$", `^[\s]+$`, `^[\u0041]+$`, `^[\x41]+$`,
		`^[\b]+$`, "^[é]+$", "^[a-z][a-z]+$", "^[[]+$", "^[]+$", "^[z-a]+$", `^[\d-z]+$`, `^[a-\d]+$`, "^(?:[a-z])+$",
		"^[a-z]+$|^[b]+$", "^[a-z]+|[0-9]+$", `^[a\]+$`, "^[a\tb]+$", "^[a-z]+$\n", "^[a-z]+$$", "^[]a]+$", "^[a]",
	}
	for _, p := range others {
		if _, ok := parseCharRun(p); ok {
			t.Errorf("parseCharRun(%q) = ok, want it left to the RegExp", p)
		}
	}
	const want = "(s: string): boolean => { for (let i = 0; i < s.length; i++) { const u = s.charCodeAt(i); " +
		"if (!(u >= 97 && u <= 122 || u >= 45 && u <= 57 || u === 95)) return false; } return s.length > 0; }"
	if r, ok := parseCharRun("^[a-z0-9_/.-]+$"); !ok || r.fn() != want {
		t.Errorf("^[a-z0-9_/.-]+$ is tested by %s, want %s", r.fn(), want)
	}
	if r, ok := parseCharRun("^[a-z_]*$"); !ok || !strings.HasSuffix(r.fn(), "return true; }") {
		t.Errorf("^[a-z_]*$ is tested by %s, which wants \"\" to match", r.fn())
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	var program strings.Builder
	program.WriteString("const cases = [\n")
	for _, p := range runs {
		r, ok := parseCharRun(p)
		if !ok {
			t.Errorf("parseCharRun(%q) is not ok", p)
			continue
		}
		pj, _ := json.Marshal(p)
		fn := strings.Replace(r.fn(), "(s: string): boolean =>", "(s) =>", 1) // node reads no types
		program.WriteString("{ pattern: " + string(pj) + ", re: " + regexLiteral(p) + ", run: " + fn + " },\n")
	}
	program.WriteString("];\n" + charRunProgram)
	out, err := exec.Command(node, "-e", program.String()).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s\n%s", err, out, program.String())
	}
	var bad [][]string
	if err := json.Unmarshal(out, &bad); err != nil {
		t.Fatal(err)
	}
	if len(bad) != len(runs) {
		t.Fatalf("node answered for %d patterns, want %d", len(bad), len(runs))
	}
	for i, p := range runs {
		if len(bad[i]) > 0 {
			t.Errorf("%s: the loop and the RegExp disagree on %q", p, bad[i])
		}
	}
}
