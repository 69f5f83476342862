package typescript_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/internal/lower"
	"github.com/envgen/envgen/gen/internal/naming"
	"github.com/envgen/envgen/gen/internal/typescript"
)

// TestPatternLoopOnlyForRuns renders patterns and patternProperties of one
// anchored ASCII class run next to others: the runs are tested by a loop
// named after the pattern (and after a comment naming it), the others by
// their RegExp as before, and a run's RegExp is kept only for its message.
func TestPatternLoopOnlyForRuns(t *testing.T) {
	schema := `{"type": "object", "properties": {
		"slug": {"type": "string", "pattern": "^[a-z0-9-]+$"},
		"word": {"type": "string", "pattern": "^[a-z][a-z0-9]*$"},
		"tail": {"type": "string", "pattern": "^[a-z]+$\\n"}},
	  "patternProperties": {"^[a-z_]*$": {"type": "integer"}, "^x-": {"type": "string"}}}`
	in := filepath.Join(t.TempDir(), "shapes.json")
	write(t, in, []byte(schema))
	set, err := load.Load(load.Options{Inputs: []string{in}})
	if err != nil {
		t.Fatal(err)
	}
	space, err := lower.Build(set)
	if err != nil {
		t.Fatal(err)
	}
	if err := naming.Assign(space, nil); err != nil {
		t.Fatal(err)
	}
	files, err := typescript.Render(space, typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := string(files["shapes.ts"])
	for _, want := range []string{
		"// ^[a-z0-9-]+$\n", "if (!matchShapesPropertiesSlug(x))", "const patternShapesPropertiesSlug = /^[a-z0-9-]+$/u;", // the message's RegExp
		"if (!patternShapesPropertiesWord.test(x))", "if (!patternShapesPropertiesTail.test(x))",
		"// ^[a-z_]*$\n", "if (matchShapesProperties0(k))", "if (patternShapesProperties1.test(k))",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("shapes.ts has no %q", want)
		}
	}
	for _, not := range []string{"matchShapesPropertiesWord", "matchShapesPropertiesTail", "matchShapesProperties1", "patternShapesProperties0"} {
		if strings.Contains(src, not) {
			t.Errorf("shapes.ts has %q", not)
		}
	}
	if t.Failed() {
		t.Log(src)
	}
}
