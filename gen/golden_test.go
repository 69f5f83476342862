package gen_test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/config"
)

// The golden harness. Each folder under golden/ is one case:
//
//	golden/<case>/envgen.yaml  what to generate, as a user's envgen.yaml says it (gen/config reads
//	                           it): inputs, ref_map, names, imports, no_imports, no_canonical,
//	                           assert_format, ts.readonly_arrays, go.package (default: the case's
//	                           name with _ for -). Output folders are the harness's: go/ and ts/.
//	golden/<case>/…            the input schemas it names
//	golden/<case>/want/…       the expected files, byte for byte, but for the runtime (below)
//	golden/<case>/want.err     or the expected error text, for a case that must fail
//
// `go test ./gen -run TestGolden -update` (make golden) rewrites want/ and
// want.err; without -update a missing expectation fails. Every Go output is
// then built and vetted in one throwaway module, and every TypeScript output
// type-checked in one strict tsc run.
//
// The TypeScript validators' runtime, ts/_envgen.ts, is the same file in
// every case that has one (a case whose TypeScript imports @envgen/envelope
// imports it from @envgen/envelope/runtime instead), so want/ does not hold
// it: one subtest checks that every copy is the npm package's,
// generated/ts/src/_envgen.ts.
var update = flag.Bool("update", false, "rewrite the golden files")

const (
	goldenDir   = "../golden"
	caseConfig  = "envgen.yaml"
	runtimeFile = "ts/_envgen.ts" // the TypeScript runtime, as a case's output names it
)

func TestGolden(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join(goldenDir, "*", caseConfig))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden cases under %s (%v)", goldenDir, err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	built, builtTS := t.TempDir(), t.TempDir()
	var goPackages []string
	tsCases := 0
	runtimes := map[string][]byte{} // case → its ts/_envgen.ts
	for _, c := range cases {
		dir := filepath.Dir(c)
		name := filepath.Base(dir)
		files, genErr := generateCase(t, dir)
		t.Run(name, func(t *testing.T) {
			if genErr != nil {
				checkError(t, dir, genErr)
				return
			}
			checkFiles(t, dir, withoutRuntime(files))
		})
		if genErr != nil {
			continue
		}
		pkg := strings.ReplaceAll(name, "-", "_")
		for _, f := range files {
			if f.Path == runtimeFile {
				runtimes[name] = f.Content
			}
			if strings.HasSuffix(f.Path, ".go") {
				writeFile(t, filepath.Join(built, pkg, filepath.Base(f.Path)), f.Content)
			} else {
				writeFile(t, filepath.Join(builtTS, "src", name, filepath.FromSlash(strings.TrimPrefix(f.Path, "ts/"))), f.Content)
			}
		}
		if hasGo(files) {
			goPackages = append(goPackages, "./"+pkg)
		}
		if len(files) > 0 {
			tsCases++
		}
	}
	t.Run("runtime", func(t *testing.T) {
		checkRuntimes(t, root, runtimes)
	})
	t.Run("go build and vet", func(t *testing.T) {
		if len(goPackages) == 0 {
			t.Fatal("no case produced Go code")
		}
		compileGo(t, built, root, goPackages)
	})
	t.Run("tsc strict", func(t *testing.T) {
		if tsCases == 0 {
			t.Fatal("no case produced TypeScript")
		}
		compileTS(t, builtTS, root)
	})
}

// generateCase runs the generator as the case's envgen.yaml says, from
// inside the case folder so that paths in messages are the ones a user would
// see, with Go written to go/ and TypeScript to ts/.
func generateCase(t *testing.T, dir string) (gen.Files, error) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := os.Chdir(wd); err != nil {
			t.Fatal(err)
		}
	}()
	opts, err := config.Load(caseConfig)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	if opts.GoOut != "" || opts.TSOut != "" {
		t.Fatalf("%s/%s: go.out and ts.out are the harness's (go/ and ts/); leave them out", dir, caseConfig)
	}
	opts.GoOut, opts.TSOut = "go", "ts"
	if opts.GoPackage == "" {
		opts.GoPackage = strings.ReplaceAll(filepath.Base(dir), "-", "_")
	}
	return gen.Generate(opts)
}

// withoutRuntime is files but ts/_envgen.ts, which want/ does not hold.
func withoutRuntime(files gen.Files) gen.Files {
	out := make(gen.Files, 0, len(files))
	for _, f := range files {
		if f.Path != runtimeFile {
			out = append(out, f)
		}
	}
	return out
}

// checkRuntimes checks that the runtime each case writes beside its
// TypeScript (by case name) is the npm package's: the one that output which
// imports @envgen/envelope uses instead of a copy.
func checkRuntimes(t *testing.T, root string, runtimes map[string][]byte) {
	t.Helper()
	pkgPath := filepath.Join(root, "generated", "ts", "src", "_envgen.ts")
	pkg, err := os.ReadFile(pkgPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(runtimes) == 0 {
		t.Fatal("no case writes the runtime beside its TypeScript")
	}
	var differ []string
	for _, name := range sortedKeys(runtimes) {
		if !bytes.Equal(runtimes[name], pkg) {
			differ = append(differ, name)
		}
	}
	if len(differ) > 0 {
		t.Errorf("the %s of %d case(s) differs from %s (run `make generate`):\n%s\n%s", runtimeFile, len(differ), pkgPath,
			strings.Join(differ, ", "), firstDifference(pkg, runtimes[differ[0]]))
	}
}

func checkError(t *testing.T, dir string, genErr error) {
	t.Helper()
	path := filepath.Join(dir, "want.err")
	got := genErr.Error() + "\n"
	if *update {
		writeFile(t, path, []byte(got))
		_ = os.RemoveAll(filepath.Join(dir, "want"))
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("generation failed with %q, and there is no want.err (run `make golden` if the failure is expected)", genErr)
	}
	if got != string(want) {
		t.Errorf("error text differs\n got: %s\nwant: %s", got, want)
	}
}

func checkFiles(t *testing.T, dir string, files gen.Files) {
	t.Helper()
	wantDir := filepath.Join(dir, "want")
	if *update {
		_ = os.RemoveAll(wantDir)
		_ = os.Remove(filepath.Join(dir, "want.err"))
		for _, f := range files {
			writeFile(t, filepath.Join(wantDir, filepath.FromSlash(f.Path)), f.Content)
		}
		return
	}
	if _, err := os.Stat(filepath.Join(dir, "want.err")); err == nil {
		t.Fatalf("the case expects an error (want.err), but generation succeeded")
	}
	want := map[string][]byte{}
	err := filepath.WalkDir(wantDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(wantDir, p)
		want[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatalf("no expected files (run `make golden`): %v", err)
	}
	for _, f := range files {
		w, ok := want[f.Path]
		switch {
		case !ok:
			t.Errorf("%s: generated but not in want/ (run `make golden` and read the diff)", f.Path)
		case !bytes.Equal(w, f.Content):
			t.Errorf("%s differs from want/ (run `make golden` and read the diff)\n%s", f.Path, firstDifference(w, f.Content))
		}
		delete(want, f.Path)
	}
	for _, p := range sortedKeys(want) {
		t.Errorf("%s: in want/ but no longer generated", p)
	}
}

// firstDifference shows the first line that differs, for a quick look.
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

func hasGo(files gen.Files) bool {
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".go") {
			return true
		}
	}
	return false
}

// compileGo builds and vets the generated packages in one module that uses
// this checkout for envgen's runtime.
func compileGo(t *testing.T, dir, root string, pkgs []string) {
	t.Helper()
	gomod := fmt.Sprintf("module golden.test\n\ngo 1.26\n\nrequire github.com/envgen/envgen v0.0.0\n\nreplace github.com/envgen/envgen => %s\n", root)
	writeFile(t, filepath.Join(dir, "go.mod"), []byte(gomod))
	copyFile(t, filepath.Join(root, "go.sum"), filepath.Join(dir, "go.sum"))
	for _, args := range [][]string{{"mod", "tidy"}, append([]string{"build"}, pkgs...), append([]string{"vet"}, pkgs...)} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", args[0], err, out)
		}
	}
}

// strictTSConfig is the strictest setting generated TypeScript must compile
// under (the settings of the npm package, with noEmit). Imports of the
// canonical package (@envgen/envelope) and of its runtime
// (@envgen/envelope/runtime) resolve to its sources in generated/ts/src, the
// paths formatted in.
const strictTSConfig = `{
  "compilerOptions": {
    "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true,
    "isolatedDeclarations": true, "declaration": true, "erasableSyntaxOnly": true, "verbatimModuleSyntax": true,
    "noPropertyAccessFromIndexSignature": true, "noUnusedLocals": true, "noUnusedParameters": true,
    "noImplicitReturns": true, "noFallthroughCasesInSwitch": true, "allowUnreachableCode": false,
    "noEmit": true, "module": "nodenext", "target": "es2022", "lib": ["es2022"], "types": [],
    "paths": {"@envgen/envelope": [%q], "@envgen/envelope/runtime": [%q]}
  },
  "include": ["src/**/*.ts"]
}
`

// compileTS type-checks every case's TypeScript with the tsc pinned in
// generated/ts (npm ci --prefix generated/ts installs it; make test does).
func compileTS(t *testing.T, dir, root string) {
	t.Helper()
	tsc := filepath.Join(root, "generated", "ts", "node_modules", ".bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("no TypeScript compiler at %s: run `npm ci --prefix generated/ts` first (make test does)", tsc)
	}
	src := filepath.Join(root, "generated", "ts", "src")
	canonical, runtime := filepath.ToSlash(filepath.Join(src, "index.ts")), filepath.ToSlash(filepath.Join(src, "_envgen.ts"))
	writeFile(t, filepath.Join(dir, "tsconfig.json"), []byte(fmt.Sprintf(strictTSConfig, canonical, runtime)))
	writeFile(t, filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"))
	cmd := exec.Command(tsc, "-p", "tsconfig.json")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, data)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
