package typescript_test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/envgen/envgen/templates"
)

var update = flag.Bool("update", false, "rewrite the expected files under testdata/")

// runtimeFile is the validators' runtime that Render writes beside modules
// that import no package exporting one.
const runtimeFile = "_envgen.ts"

// tscPath is the TypeScript compiler pinned in generated/ts/package-lock.json.
// Without it the test fails: a TypeScript backend whose output is never
// compiled is not tested.
func tscPath(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", "..", "generated", "ts", "node_modules", ".bin", "tsc"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("no TypeScript compiler at %s: run `npm ci --prefix generated/ts` first", p)
	}
	return p
}

// strictConfig is the strictest setting the generated code must compile
// under, with the usage files that exercise it.
const strictConfig = `{
  "compilerOptions": {
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "isolatedDeclarations": true,
    "declaration": true,
    "erasableSyntaxOnly": true,
    "verbatimModuleSyntax": true,
    "noPropertyAccessFromIndexSignature": true,
    "noUnusedLocals": true,
    "noUnusedParameters": true,
    "noImplicitReturns": true,
    "noFallthroughCasesInSwitch": true,
    "allowUnreachableCode": false,
    "noEmit": true,
    "module": "nodenext",
    "target": "es2022",
    "types": []
  },
  "include": ["src/*.ts"]
}
`

// consumerConfig is a user's project without exactOptionalPropertyTypes, which
// still reads the generated declarations (skipLibCheck off).
const consumerConfig = `{
  "compilerOptions": {
    "strict": true,
    "noEmit": true,
    "module": "nodenext",
    "target": "es2022",
    "types": []
  },
  "include": ["src/*.ts"],
  "exclude": ["src/*.usage.ts"]
}
`

// typecheck compiles the generated files and the usage files (name →
// content, named *.usage.ts, importing "./index.js") with tsc, once under
// strictConfig and once, without the usage files, under consumerConfig.
func typecheck(t *testing.T, generated, usage map[string][]byte) {
	t.Helper()
	tsc := tscPath(t)
	dir := t.TempDir()
	write(t, filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"))
	write(t, filepath.Join(dir, "tsconfig.json"), []byte(strictConfig))
	write(t, filepath.Join(dir, "tsconfig.consumer.json"), []byte(consumerConfig))
	for name, b := range generated {
		write(t, filepath.Join(dir, "src", name), b)
	}
	for name, b := range usage {
		write(t, filepath.Join(dir, "src", name), b)
	}
	for _, config := range []string{"tsconfig.json", "tsconfig.consumer.json"} {
		cmd := exec.Command(tsc, "-p", config, "--pretty", "false")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("tsc -p %s: %v\n%s\n%s", config, err, out, numbered(generated, usage))
		}
	}
}

// numbered lists the files tsc read, with line numbers, so that a failure
// can be read from the test log alone.
func numbered(sets ...map[string][]byte) string {
	var b strings.Builder
	for _, files := range sets {
		for _, name := range sortedNames(files) {
			fmt.Fprintf(&b, "--- src/%s\n", name)
			for i, l := range strings.Split(strings.TrimSuffix(string(files[name]), "\n"), "\n") {
				fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
			}
		}
	}
	return b.String()
}

// checkGolden compares files with testdata/<dir>, byte for byte; -update
// rewrites the folder. A missing or extra file fails. The runtime,
// _envgen.ts, is not kept there: it must be templates/runtime/envgen.ts as it
// is.
func checkGolden(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	dir = filepath.Join("testdata", dir)
	files = maps.Clone(files)
	if rt, ok := files[runtimeFile]; !ok || !bytes.Equal(rt, templates.Runtime) {
		t.Errorf("%s is not templates/runtime/envgen.ts as it is (written: %t)", runtimeFile, ok)
	}
	delete(files, runtimeFile)
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		for name, b := range files {
			write(t, filepath.Join(dir, name), b)
		}
		return
	}
	want := readDir(t, dir)
	if len(want) == 0 {
		t.Fatalf("no expected files in %s (run `go test ./gen/typescript -update` and read the diff)", dir)
	}
	for _, name := range sortedNames(files) {
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("%s: generated but not in %s", name, dir)
		case !bytes.Equal(w, files[name]):
			t.Errorf("%s differs from %s/%s (run with -update and read the diff):\n%s", name, dir, name, firstDifference(w, files[name]))
		}
		delete(want, name)
	}
	for _, name := range sortedNames(want) {
		t.Errorf("%s/%s: expected but not generated", dir, name)
	}
}

func firstDifference(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d\n want: %s\n  got: %s", i+1, w, g)
		}
	}
	return ""
}

// readDir reads the regular files of dir (not recursively); none when it
// does not exist.
func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Type()&fs.ModeType != 0 {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func sortedNames(m map[string][]byte) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
