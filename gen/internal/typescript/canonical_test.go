package typescript_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/internal/lower"
	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
	"github.com/envgen/envgen/gen/internal/typescript"
)

const schemasDir = "../../../schemas"

// canonicalSpace is the model of the canonical schemas and the example tool
// schema that fixes the envelope's payload (Envelope<SearchResults>).
func canonicalSpace(t *testing.T) *model.Space {
	t.Helper()
	inputs, err := filepath.Glob(filepath.Join(schemasDir, "*.json"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no canonical schemas in %s (%v)", schemasDir, err)
	}
	return spaceOf(t, append(inputs, filepath.Join(schemasDir, "examples", "search-output.json"))...)
}

// spaceOf is the named model of the schemas inputs, as generate builds it.
func spaceOf(t *testing.T, inputs ...string) *model.Space {
	t.Helper()
	set, err := load.Load(load.Options{Inputs: inputs})
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
	return space
}

// TestCanonical renders the canonical schemas and checks that every valid
// example document (schemas/examples/valid) is assignable, as a literal, to
// the type of the schema it is valid against: the types refuse no valid
// document.
func TestCanonical(t *testing.T) {
	files, err := typescript.Render(canonicalSpace(t), typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"envelope.ts", "error.ts", "meta.ts", "provenance.ts", "request.ts", "warning.ts", "search-output.ts", "index.ts"} {
		if files[want] == nil {
			t.Errorf("no %s among %v", want, sortedNames(files))
		}
	}
	typecheck(t, files, map[string][]byte{"examples.usage.ts": examplesUsage(t)})
}

// examplesUsage declares one constant per valid example, typed by the file
// name's prefix as schemas/examples/README.md says.
func examplesUsage(t *testing.T) []byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(schemasDir, "examples", "valid", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no valid examples (%v)", err)
	}
	sort.Strings(paths)
	var b strings.Builder
	b.WriteString("import type { Envelope, Provenance, Request, SearchOutput } from \"./index.js\";\n\n")
	for i, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		typ := "Envelope"
		for prefix, name := range map[string]string{"request-": "Request", "provenance-": "Provenance", "search-output-": "SearchOutput"} {
			if strings.HasPrefix(filepath.Base(p), prefix) {
				typ = name
			}
		}
		fmt.Fprintf(&b, "// %s\nexport const example%d: %s = %s;\n\n", filepath.Base(p), i, typ, strings.TrimSpace(string(data)))
	}
	return []byte(b.String())
}
