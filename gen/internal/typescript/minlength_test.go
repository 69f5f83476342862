package typescript_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/typescript"
)

// TestMinLengthOne holds the test of minLength 1, v.length === 0, also where an enum or const has
// narrowed the value to string literals. Where no enum or const value is a string, no string check is
// emitted: the enum or const stops any other value first, and tsc narrows v to never there, on which it
// refuses .length ({"enum": [1, 2], "maxLength": 3} did not compile). Every form must compile under the
// strict configuration.
func TestMinLengthOne(t *testing.T) {
	schema := filepath.Join(t.TempDir(), "m.json")
	err := os.WriteFile(schema, []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://envgen.dev/test/m.json",
  "type": "object",
  "properties": {
    "plain": {"type": "string", "minLength": 1},
    "literals": {"enum": ["x", "y"], "minLength": 1},
    "mixed": {"enum": ["x", 1], "minLength": 1},
    "numbers": {"enum": [1, 2], "minLength": 1, "maxLength": 3, "pattern": "a"},
    "five": {"const": 5, "minLength": 1},
    "word": {"const": "w", "maxItems": 1, "minProperties": 1},
    "none": {"enum": [], "minLength": 1}
  }
}`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	files, err := typescript.Render(spaceOf(t, schema), typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := string(files["m.ts"])
	// The keywords of a member's checks: in its own check function, or (a
	// leaf inlined in checkM) on the lines that name it.
	fail := regexp.MustCompile(`rt\.fail\w*\(.*?, "(type|enum|const|minLength|maxLength|pattern|maxItems|minProperties)"[,)]`)
	checks := func(member string) []string {
		body := ""
		if _, fn, ok := strings.Cut(code, "function checkM"+strings.ToUpper(member[:1])+member[1:]+"("); ok {
			body, _, _ = strings.Cut(fn, "\n}\n")
		} else {
			for _, line := range strings.Split(code, "\n") {
				if strings.Contains(line, `rt.at(c, p, "`+member+`")`) {
					body += line + "\n"
				}
			}
		}
		var kws []string
		for _, m := range fail.FindAllStringSubmatch(body, -1) {
			kws = append(kws, m[1])
		}
		return kws
	}
	for member, want := range map[string]string{
		"plain":    "minLength", // (its type check is rt.failType, which names no keyword)
		"literals": "enum minLength",
		"mixed":    "enum minLength",
		"numbers":  "enum",
		"five":     "const",
		"word":     "const",
		"none":     "enum minLength", // an empty enum fails every value without stopping the check
	} {
		if got := strings.Join(checks(member), " "); got != want {
			t.Errorf("%s: checks %q, want %q:\n%s", member, got, want, code)
		}
	}
	if n := strings.Count(code, `.length === 0) { ok = false; if (rt.failLimit(`); n != 4 {
		t.Errorf("m.ts tests .length === 0 %d times, want 4 (plain, literals, mixed, none):\n%s", n, code)
	}
	typecheck(t, files, nil)
}
