package typescript_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/typescript"
)

// TestMinLengthOne holds the test of minLength 1: v.length === 0 on a string, and !v where an enum or const
// may have narrowed the value, to literals or (none of them a string) to never, on which tsc refuses .length.
// Every form must compile under the strict configuration.
func TestMinLengthOne(t *testing.T) {
	schema := filepath.Join(t.TempDir(), "m.json")
	err := os.WriteFile(schema, []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://envgen.dev/test/m.json",
  "type": "object",
  "properties": {
    "plain": {"type": "string", "minLength": 1},
    "literals": {"enum": ["x", "y"], "minLength": 1},
    "numbers": {"enum": [1, 2], "minLength": 1},
    "five": {"const": 5, "minLength": 1}
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
	for _, want := range []string{
		`if (x.length === 0) { ok = false; if (rt.failLimit(c, rt.at(c, p, "plain"), sp + "/properties/*", "minLength", 1)) return false; }`,
	} {
		if !strings.Contains(code, want) {
			t.Errorf("m.ts lacks %s:\n%s", want, code)
		}
	}
	if n := strings.Count(code, "if (!v) {"); n != 3 {
		t.Errorf("m.ts tests !v %d times, want 3 (literals, numbers, five):\n%s", n, code)
	}
	typecheck(t, files, nil)
}
