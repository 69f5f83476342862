//go:build schemastore

package schemastore

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/internal/reference"
)

// TestEverySchema generates Go and TypeScript for every schema under
// _schemas (not only the cases with instances), as `envgen generate SCHEMA
// --ref-map …` does, vets (and with ENVGEN_SCHEMASTORE_BUILD=1 builds) all
// the Go in one module and type-checks all the TypeScript in one strict tsc
// run (the settings of TestCorpusTS).
// A schema that fails any step must be listed in exceptions.json with the
// reason it is not a valid schema, and every schema listed there must still
// fail: a refusal of a valid schema is a bug, and the list stays true.
//
// It takes many minutes on two cores (generating ~950 schemas, then
// building, vetting and type-checking the lot), so it is behind the build tag
// schemastore, out of go test ./... and make test: `make schemastore-schemas`
// runs it (go test -tags schemastore ./internal/schemastore -run TestEverySchema).
func TestEverySchema(t *testing.T) {
	dir := reference.Require(t, reference.SchemaStore)
	schemas := filepath.Join(dir, "_schemas")
	files, err := filepath.Glob(filepath.Join(schemas, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	refMap := map[string]string{"https://json.schemastore.org/": schemas, "https://www.schemastore.org/": schemas}
	work := os.Getenv("ENVGEN_SCHEMASTORE_WORK") // keep the output to look at
	if work == "" {
		work = t.TempDir()
	}
	mod, ts := filepath.Join(work, "mod"), filepath.Join(work, "ts")
	for _, d := range []string{mod, ts} {
		if err := os.RemoveAll(d); err != nil {
			t.Fatal(err)
		}
	}
	// Generation, on as many workers as there are CPUs: each schema is a
	// run of its own, and the results are kept by name.
	type job struct{ name, pkg, file string }
	var jobs []job
	pkgs := map[string]string{} // package → schema name
	var names []string
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		names = append(names, name)
		pkg := "s" + regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(name), "")
		for pkgs[pkg] != "" {
			pkg += "x"
		}
		pkgs[pkg] = name
		jobs = append(jobs, job{name, pkg, file})
	}
	failed := map[string]string{} // schema name → the first step that failed, and why
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan job)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				opts := gen.Options{Inputs: []string{j.file}, RefMap: refMap, NoCanonical: true,
					GoOut: filepath.Join(mod, j.pkg), GoPackage: j.pkg, TSOut: filepath.Join(ts, "src", j.pkg)}
				out, err := gen.Generate(opts)
				if err != nil {
					mu.Lock()
					failed[j.name] = "generate: " + oneLine(err)
					mu.Unlock()
					continue
				}
				for _, f := range out {
					if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
						panic(err) // the test's own folder: nothing to go on with
					}
					if err := os.WriteFile(f.Path, f.Content, 0o644); err != nil {
						panic(err)
					}
				}
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	generated := len(names) - len(failed)

	// Go: one module, every package built and then vetted; a failing
	// package is found by the "# corpus.test/pkg" header go prints before
	// its errors, or by its folder at the start of an error line.
	writeCorpusModule(t, mod)
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	// go vet type-checks every package as the compiler's front end does, and
	// runs the vet checks; compiling all of them too (hundreds of large
	// packages) takes over an hour on two cores, so only
	// ENVGEN_SCHEMASTORE_BUILD=1 adds go build.
	steps := []string{"vet"}
	if os.Getenv("ENVGEN_SCHEMASTORE_BUILD") == "1" {
		steps = []string{"build", "vet"}
	}
	for _, step := range steps {
		cmd := exec.Command("go", step, "./...")
		cmd.Dir, cmd.Env = mod, env
		out, _ := cmd.CombinedOutput()
		for pkg, msg := range goFailures(out) {
			if name := pkgs[pkg]; name != "" && failed[name] == "" {
				failed[name] = "go " + step + ": " + msg
			} else if name == "" {
				t.Errorf("go %s: a failure outside the generated packages:\n%s", step, msg)
			}
		}
	}
	goOK := len(names) - len(failed)

	// TypeScript: one strict tsc run over every module.
	tsc, err := filepath.Abs("../../generated/ts/node_modules/.bin/tsc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("no tsc at %s: run `npm ci --prefix generated/ts` first", tsc)
	}
	write(t, filepath.Join(ts, "tsconfig.json"), []byte(strings.Replace(tsconfig, `"rootDir": "src", "outDir": "dist"`, `"noEmit": true`, 1)))
	write(t, filepath.Join(ts, "package.json"), []byte(`{"type": "module"}`+"\n"))
	cmd := exec.Command(tsc, "-p", "tsconfig.json", "--pretty", "false")
	cmd.Dir = ts
	out, _ := cmd.CombinedOutput()
	tsErr := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := regexp.MustCompile(`^src/([^/]+)/`).FindStringSubmatch(line); m != nil {
			if name := pkgs[m[1]]; name != "" && tsErr[name] == "" {
				tsErr[name] = "tsc: " + line
			}
		} else if strings.Contains(line, "error TS") {
			t.Errorf("tsc: an error outside the generated modules: %s", line)
		}
	}
	tsOK := generated - len(tsErr)
	for name, msg := range tsErr {
		if failed[name] == "" {
			failed[name] = msg
		}
	}

	var exceptions map[string]string
	data, err := os.ReadFile("exceptions.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &exceptions); err != nil {
		t.Fatalf("exceptions.json: %v", err)
	}
	sort.Strings(names)
	for _, name := range names {
		msg, bad := failed[name]
		_, excused := exceptions[name]
		switch {
		case bad && !excused:
			t.Errorf("%s: %s", name, msg)
		case bad:
			t.Logf("%s (exception: %s): %s", name, exceptions[name], msg)
		case excused:
			t.Errorf("%s generates, builds and type-checks now: take it out of exceptions.json", name)
		}
	}
	for name := range exceptions {
		if !slices.Contains(names, name) {
			t.Errorf("exceptions.json lists %s, which is not a schema of the corpus", name)
		}
	}
	t.Logf("%d schemas: %d generate; Go %s for %d; TypeScript type-checks for %d of those generated; %d fail, %d of them listed in exceptions.json",
		len(names), generated, strings.Join(steps, " and "), goOK, tsOK, len(failed), len(exceptions))
}

// goFailures maps each package that go build or go vet complained about to
// its first error line.
func goFailures(out []byte) map[string]string {
	failures := map[string]string{}
	pkg := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "# corpus.test/"); ok {
			pkg = strings.Fields(p)[0]
			continue
		}
		if strings.HasPrefix(line, "go: ") || strings.TrimSpace(line) == "" {
			continue
		}
		if m := regexp.MustCompile(`^(?:\./)?(s[a-z0-9]+)/`).FindStringSubmatch(line); m != nil {
			pkg = m[1]
		}
		if pkg == "" {
			pkg = "?"
		}
		if failures[pkg] == "" {
			failures[pkg] = line
		}
	}
	return failures
}
