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
// from the RegExp's source (refuted or not, as pattern declares it), equal to
// the Go validators' (keywords.Pattern) for every pattern failSpells lets
// it spell, and checks that it refuses the patterns whose source would not
// give the pattern back.
func TestFailPatternMessage(t *testing.T) {
	spelled := []string{
		"^[a-z0-9_/.-]+$", "^(/([^~/]|~[01])*)*$", `^artifact:[^#\\s]+(#\\S+)?$`, `^a\\/b$`,
		`^[a-z0-9-]+:[0-9a-f]+(\.\.\.|…)?$`, "^[a-z😀]+$", `^"quoted"$`, `\d+\.\d*`, "[/]", "a//b",
		"^pos-", "^(?!a)b", "^a|b", "^(?=a)|b", `^\(a|b`, "^[(]a|b",
	}
	refused := []string{
		`^a\/b$`,   // an escaped slash of its own reads back as /
		"a\nb",     // a line terminator is written escaped
		"a\u2028b", // so is this one
		"a\xffb",   // not UTF-8
		"",         // the empty pattern is written (?:)
		"^(?!a)|b", // not refuted, but its source would read as one
	}
	for _, p := range refused {
		if _, refuted := refuteLiteral(p); failSpells(p, refuted) {
			t.Errorf("failSpells(%q) = true, want false", p)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	// The message as rt.failPattern writes it, for the RegExp re.
	const pattern = `re.source.replace(/^\^\(\?!(.*)\)$/, "^$1").replaceAll("\\/", "/")`
	const spell = `"must match the pattern " + JSON.stringify(` + pattern + `)`
	if !strings.Contains(string(templates.Runtime), "const pattern = "+pattern+";") {
		t.Fatalf("_envgen.ts's failPattern no longer spells its pattern as %s: update this test", pattern)
	}
	var program strings.Builder
	program.WriteString("const out = [];\n")
	for _, p := range spelled {
		if _, refuted := refuteLiteral(p); !failSpells(p, refuted) {
			t.Errorf("failSpells(%q) = false, want true", p)
			continue
		}
		program.WriteString("{ const re = " + literal(p) + "; out.push(" + spell + "); }\n")
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
		if _, refuted := refuteLiteral(p); !failSpells(p, refuted) {
			continue
		}
		if want := keywords.Pattern(p).String(); got[i] != want {
			t.Errorf("pattern %q: rt.failPattern says %q, Go says %q", p, got[i], want)
		}
		i++
	}
}

// literal is the RegExp pattern() declares for pattern: refuted where it can.
func literal(pattern string) string {
	if lit, ok := refuteLiteral(pattern); ok {
		return lit
	}
	return regexLiteral(pattern)
}

// refuteProgram is the node program TestRefutePattern runs after its cases:
// for every pattern, the strings where the pattern and its refutation agree
// (a string must match exactly one of them).
const refuteProgram = `
function* strings(alphabet, seed) {
  yield* ["", "\\n", "a\\n", "\\na", "a\\nb", "\\u2028", "\\0", "\\ud800", "\\udc00", "a\\ud800", "\\ud83d\\ude00", "a\\ud83d\\ude00", "\\u212a", "K", " "];
  for (let u = 0; u < 0x180; u++) { yield String.fromCharCode(u); yield "a" + String.fromCharCode(u); yield String.fromCharCode(u) + "0"; }
  let x = seed;
  for (let n = 0; n < 4000; n++) {
    x = (x * 1103515245 + 12345) >>> 0;
    let s = "";
    for (let k = x % 12; k > 0; k--) { x = (x * 1103515245 + 12345) >>> 0; s += alphabet[x % alphabet.length]; }
    yield s;
  }
}
const out = [];
for (const [i, c] of cases.entries()) {
  const alphabet = [...new Set([...c.pattern].flatMap((ch) => {
    const u = ch.charCodeAt(0);
    return [ch, String.fromCharCode(u - 1), String.fromCharCode(u + 1)];
  }).concat(["a", "Z", "5", "_", "-", "\\n", "\\ud800", "\\udc00", "\\u00e9"]))];
  const bad = [];
  for (const s of strings(alphabet, i + 1)) if (c.re.test(s) === c.refuted.test(s)) bad.push(s);
  out.push(bad.slice(0, 5));
}
process.stdout.write(JSON.stringify(out));
`

// TestRefutePattern holds refuteLiteral to its promise: for every pattern it
// refutes, a string matches the refutation exactly where it does not match
// the pattern (edge cases, and random strings over the pattern's characters
// and their neighbours); and it refutes no pattern that can match away from
// the start.
func TestRefutePattern(t *testing.T) {
	refuted := map[string]string{
		"^[a-z0-9_/.-]+$":                           `/^(?![a-z0-9_\/.-]+$)/u`,
		"^[A-Z][A-Z0-9]*([_.][A-Z0-9]+)*$":          `/^(?![A-Z][A-Z0-9]*([_.][A-Z0-9]+)*$)/u`,
		"^(sha256:[0-9a-f]{4}|blake3:[0-9a-f]{2})$": `/^(?!(sha256:[0-9a-f]{4}|blake3:[0-9a-f]{2})$)/u`,
		"^pos-":              `/^(?!pos-)/u`,
		"^(?=.*\\d).{3,}$":   `/^(?!(?=.*\d).{3,}$)/u`,
		"^[a-z_]*$":          `/^(?![a-z_]*$)/u`,
		"^(a)\\1$":           `/^(?!(a)\1$)/u`,
		"^(?<x>[ab])\\k<x>$": `/^(?!(?<x>[ab])\k<x>$)/u`,
		"^[|]a$":             `/^(?![|]a$)/u`,
		"^a\\|b$":            `/^(?!a\|b$)/u`,
		"^(?:a|b)c$":         `/^(?!(?:a|b)c$)/u`,
		"^\\S.*\\d$":         `/^(?!\S.*\d$)/u`,
		"^[^~/]*$":           `/^(?![^~\/]*$)/u`,
		"^.$":                `/^(?!.$)/u`,
		"^a$\n":              `/^(?!a$\n)/u`,
		"^(?!a)b":            `/^(?!(?!a)b)/u`,
		"^^a":                `/^(?!^a)/u`,
		"^[\\]|]a":           `/^(?![\]|]a)/u`,
	}
	others := []string{"", "^", "[a-z]+$", "a^", "^a|b", "^a|^b", "^(a)|b", "^[a]|b", "^\\(|a", "x^a", "(^a)", "^a)(b"}
	for _, p := range others {
		if lit, ok := refuteLiteral(p); ok {
			t.Errorf("refuteLiteral(%q) = %s, want it left as it is", p, lit)
		}
	}
	var cases strings.Builder
	cases.WriteString("const cases = [\n")
	var order []string
	for p, want := range refuted {
		lit, ok := refuteLiteral(p)
		if !ok || lit != want {
			t.Errorf("refuteLiteral(%q) = %s, %v; want %s", p, lit, ok, want)
			continue
		}
		pj, _ := json.Marshal(p)
		cases.WriteString("{ pattern: " + string(pj) + ", re: " + regexLiteral(p) + ", refuted: " + lit + " },\n")
		order = append(order, p)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	out, err := exec.Command(node, "-e", cases.String()+"];\n"+refuteProgram).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s\n%s", err, out, cases.String())
	}
	var bad [][]string
	if err := json.Unmarshal(out, &bad); err != nil {
		t.Fatal(err)
	}
	if len(bad) != len(order) {
		t.Fatalf("node answered for %d patterns, want %d", len(bad), len(order))
	}
	for i, p := range order {
		if len(bad[i]) > 0 {
			t.Errorf("%s: the pattern and its refutation agree on %q", p, bad[i])
		}
	}
}
