package dialects

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

// tsConfig is the strict setting of the npm package, with noEmit.
const tsConfig = `{
  "compilerOptions": {
    "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true,
    "isolatedDeclarations": true, "declaration": true, "verbatimModuleSyntax": true,
    "noUnusedLocals": true, "noUnusedParameters": true, "noEmit": true,
    "module": "nodenext", "target": "es2022", "lib": ["es2022"], "types": []
  },
  "include": ["src/**/*.ts"]
}
`

// TestTypeScriptExamples generates each dialect's TypeScript, as `envgen
// generate dialects/<folder>/ --ts-out ...` does, and type-checks that every
// valid seed example is assignable to its generated type, and that every
// invalid one is not (// @ts-expect-error).
func TestTypeScriptExamples(t *testing.T) {
	tsc, err := filepath.Abs(filepath.Join("..", "generated", "ts", "node_modules", ".bin", "tsc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tsc); err != nil {
		t.Skipf("no TypeScript compiler at %s: run `npm ci --prefix generated/ts` first (make test does)", tsc)
	}
	dir := t.TempDir()
	byFolder := map[string][]example{}
	for _, e := range loadExamples(t) {
		if e.Type != "" {
			byFolder[e.folder] = append(byFolder[e.folder], e)
		}
	}
	checked := 0
	for folder, examples := range byFolder {
		out := filepath.Join(dir, "src", folder)
		files, err := gen.Generate(gen.Options{Inputs: []string{folder}, TSOut: out})
		if err != nil {
			t.Fatalf("generating %s: %v", folder, err)
		}
		for _, f := range files {
			writeTestFile(t, f.Path, f.Content)
		}
		var types []string
		var b strings.Builder
		for i, e := range examples {
			if !slices.Contains(types, e.Type) {
				types = append(types, e.Type)
			}
			if !e.Valid {
				fmt.Fprintf(&b, "// @ts-expect-error %s is not valid\n", e.File)
			}
			tree, err := parseTree(e.doc) // on one line, so that @ts-expect-error covers all of it
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "export const example%d: %s = %s;\n", i, e.Type, tree.appendJSON(nil))
			checked++
		}
		slices.Sort(types)
		src := fmt.Sprintf("import type { %s } from \"./%s/index.js\";\n\n%s", strings.Join(types, ", "), folder, b.String())
		writeTestFile(t, filepath.Join(dir, "src", "check_"+folder+".ts"), []byte(src))
	}
	writeTestFile(t, filepath.Join(dir, "tsconfig.json"), []byte(tsConfig))
	writeTestFile(t, filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"))
	cmd := exec.Command(tsc, "-p", "tsconfig.json")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
	t.Logf("%d seed examples type-checked against their generated TypeScript types", checked)
}

func writeTestFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
