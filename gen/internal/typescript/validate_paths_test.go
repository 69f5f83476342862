package typescript

import (
	"slices"
	"strings"
	"testing"
)

// TestRelativePaths holds how a check function spells the schema paths of its failures: through sp those at or
// below its own path (not one that merely begins with the same letters), the others as they are; no sp when
// none is.
func TestRelativePaths(t *testing.T) {
	const base = "a.json#/$defs/tool"
	body := []string{
		"if (!x) { ok = false; if (rt.failLimit(c, rt.at(c, p, \"n\"), " + pathLiteral(base+"/properties/*") + ", \"minLength\", 1)) return false; }",
		"if (rt.fail(c, p, " + pathLiteral(base+"/x") + ", \"x\", \"a \\\"quoted\\\" message\") || rt.fail(c, p, " + pathLiteral("a.json#/$defs/toolbox") + ", \"y\", \"m\")) return false;",
		"} else { rt.failType(c, p, " + pathLiteral(base) + ", \"object\", v); return false; }",
		"return ok;",
	}
	want := []string{
		`const sp = "a.json#/$defs/tool";`,
		`if (!x) { ok = false; if (rt.failLimit(c, rt.at(c, p, "n"), sp + "/properties/*", "minLength", 1)) return false; }`,
		`if (rt.fail(c, p, sp + "/x", "x", "a \"quoted\" message") || rt.fail(c, p, "a.json#/$defs/toolbox", "y", "m")) return false;`,
		`} else { rt.failType(c, p, sp, "object", v); return false; }`,
		"return ok;",
	}
	if got := relativePaths(body, base); !slices.Equal(got, want) {
		t.Errorf("relativePaths:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	other := []string{"rt.never(c, p, " + pathLiteral("b.json#/$defs/none") + ");"}
	if got := relativePaths(other, base); !slices.Equal(got, []string{`rt.never(c, p, "b.json#/$defs/none");`}) {
		t.Errorf("relativePaths of a path outside the function's = %q", got)
	}
}
