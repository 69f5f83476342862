// Package schemastore runs envgen over real-world schemas: SchemaStore's, with
// their own valid and invalid instances (../shared/reference/schemastore).
//
// TestCorpus generates Go and TypeScript for every case through gen.Generate,
// as `envgen generate` with --ref-map of SchemaStore's two URL prefixes to
// _schemas would, and counts the instances of the cases that do not
// generate. For a sample of the cases (every sampleEvery-th, in name order;
// ENVGEN_SCHEMASTORE_ALL=1 takes all) it builds and vets the Go in one module
// and decodes every instance with json.Unmarshal into the root type. The
// figures must not fall below baseline.json; a run that does better says so.
// Every instance the run gets wrong must be listed in misses.json, with why,
// and every listed instance the run decodes must still be got wrong.
// The sample keeps the test at about a minute on two cores: generation of all
// 313 cases takes ~45 s, and building every package would take several
// minutes more.
package schemastore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/internal/reference"
)

const sampleEvery = 8

// allEnv=1 makes TestCorpus and TestCorpusTS run every case, not the sample:
// a mode of the test (several minutes more), not a skip.
const allEnv = "ENVGEN_SCHEMASTORE_ALL"

// Figures are what a run measures; baseline.json holds the floor.
type Figures struct {
	Cases        int `json:"cases"`
	Instances    int `json:"instances"`
	NotGenerated int `json:"notGeneratedInstances"` // instances of cases that did not generate
	Sampled      int `json:"sampledInstances"`      // instances of the sample whose Go built
	GoPass       int `json:"goPass"`                // of those, decoded with the right verdict
	TSPass       int `json:"tsPass"`                // sampled instances the TypeScript validators judge right (TestCorpusTS)
}

type corpusCase struct {
	name, root, pkg string
	valid, invalid  []string
	err             error
}

func TestCorpus(t *testing.T) {
	dir := reference.Require(t, reference.SchemaStore)
	roots, err := filepath.Glob(filepath.Join(dir, "*", "root.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(roots)
	schemas := filepath.Join(dir, "_schemas")
	refMap := map[string]string{"https://json.schemastore.org/": schemas, "https://www.schemastore.org/": schemas}
	work := t.TempDir()
	mod := filepath.Join(work, "mod")
	all := os.Getenv(allEnv) == "1"

	var f Figures
	var sample []*corpusCase
	reasons := map[string]int{}
	for i, root := range roots {
		c := &corpusCase{name: filepath.Base(filepath.Dir(root)), root: root}
		c.pkg = "s" + regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(c.name), "")
		c.valid, _ = filepath.Glob(filepath.Join(filepath.Dir(root), "valid", "*.json"))
		c.invalid, _ = filepath.Glob(filepath.Join(filepath.Dir(root), "invalid", "*.json"))
		n := len(c.valid) + len(c.invalid)
		f.Cases++
		f.Instances += n
		opts := gen.Options{Inputs: []string{root}, RefMap: refMap, NoCanonical: true,
			GoOut: filepath.Join(mod, c.pkg), GoPackage: c.pkg, TSOut: filepath.Join(work, "ts", c.pkg)}
		files, err := gen.Generate(opts)
		if err != nil {
			f.NotGenerated += n
			reasons[oneLine(err)] += n
			continue
		}
		gofmtClean(t, c.name, files)
		if !all && i%sampleEvery != 0 {
			continue
		}
		rootTypes, err := gen.GoRootTypes(opts)
		if err != nil {
			t.Fatalf("%s: generated, but GoRootTypes fails: %v", c.name, err)
		}
		for _, file := range files {
			write(t, file.Path, file.Content)
		}
		write(t, filepath.Join(mod, c.pkg, "zz_corpus.go"), []byte(fmt.Sprintf(
			"package %s\n\nimport (\n\t\"encoding/json\"\n\n\t\"github.com/envgen/envgen/envgenrt\"\n)\n\n"+
				"var (\n\t_ json.RawMessage\n\t_ envgenrt.ValidationError\n)\n\n// New returns a new root value.\nfunc New() any { return new(%s) }\n",
			c.pkg, rootTypes[0].Go)))
		sample = append(sample, c)
	}
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return reasons[keys[i]] > reasons[keys[j]] || reasons[keys[i]] == reasons[keys[j]] && keys[i] < keys[j]
	})
	for _, k := range keys {
		t.Logf("not generated (%d instances): %s", reasons[k], k)
	}

	results := runGo(t, mod, sample)
	ran := map[string]bool{} // instance → whether Go gets its label
	for _, c := range sample {
		for _, r := range results[c.pkg] {
			ran[instanceKey(r.File)] = r.Pass
			f.Sampled++
			if r.Pass {
				f.GoPass++
			} else {
				t.Logf("Go %s: %s", c.name, r.Reason)
			}
		}
	}
	t.Logf("%d cases, %d instances; not generated: %d instances (%.1f%%); sample: %d of %d instances pass in Go",
		f.Cases, f.Instances, f.NotGenerated, 100*float64(f.NotGenerated)/float64(max(f.Instances, 1)), f.GoPass, f.Sampled)
	checkMisses(t, "Go", ran)
	if all {
		return
	}
	checkBaseline(t, f)
}

func checkBaseline(t *testing.T, f Figures) {
	data, err := os.ReadFile("baseline.json")
	if err != nil {
		t.Fatal(err)
	}
	var base Figures
	if err := json.Unmarshal(data, &base); err != nil {
		t.Fatal(err)
	}
	f.TSPass = base.TSPass // TestCorpusTS checks it
	switch {
	case f.Cases != base.Cases || f.Instances != base.Instances:
		t.Errorf("the corpus changed: %d cases, %d instances; baseline.json has %d, %d", f.Cases, f.Instances, base.Cases, base.Instances)
	case f.NotGenerated > base.NotGenerated:
		t.Errorf("%d instances belong to cases that do not generate; baseline.json allows %d", f.NotGenerated, base.NotGenerated)
	case f.GoPass < base.GoPass:
		t.Errorf("%d sampled instances pass in Go; baseline.json has %d", f.GoPass, base.GoPass)
	case f != base:
		got, _ := json.MarshalIndent(f, "", "  ")
		t.Logf("better than baseline.json; update it to:\n%s", got)
	}
}

type result struct {
	Pkg    string `json:"pkg"`
	File   string `json:"file"`
	Pass   bool   `json:"pass"`
	Reason string `json:"reason,omitempty"`
}

// writeCorpusModule writes the go.mod and go.sum of a module at mod that
// imports this checkout of envgen, offline.
func writeCorpusModule(t *testing.T, mod string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(mod, "go.mod"), []byte("module corpus.test\n\ngo 1.26\n\nrequire github.com/envgen/envgen v0.0.0\n\n"+
		"replace github.com/envgen/envgen => "+filepath.ToSlash(root)+"\n"))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(mod, "go.sum"), sum)
}

// runGo builds and vets the sample's module, with a main that decodes every
// instance, and returns each package's results. A package that does not
// build fails the test: generated Go must build.
func runGo(t *testing.T, mod string, sample []*corpusCase) map[string][]result {
	writeCorpusModule(t, mod)
	var imports, table bytes.Buffer
	type instance struct {
		Pkg, File string
		Valid     bool
	}
	var manifest []instance
	for _, c := range sample {
		fmt.Fprintf(&imports, "\t%q\n", "corpus.test/"+c.pkg)
		fmt.Fprintf(&table, "\t%q: %s.New,\n", c.pkg, c.pkg)
		for _, v := range c.valid {
			manifest = append(manifest, instance{c.pkg, v, true})
		}
		for _, v := range c.invalid {
			manifest = append(manifest, instance{c.pkg, v, false})
		}
	}
	m, _ := json.Marshal(manifest)
	write(t, filepath.Join(mod, "manifest.json"), m)
	write(t, filepath.Join(mod, "main.go"), []byte(`package main

import (
	"encoding/json"
	"fmt"
	"os"

`+imports.String()+`)

var roots = map[string]func() any{
`+table.String()+`}

func main() {
	var manifest []struct {
		Pkg, File string
		Valid     bool
	}
	data, _ := os.ReadFile(os.Args[1])
	if err := json.Unmarshal(data, &manifest); err != nil {
		panic(err)
	}
	type result struct {
		Pkg    string `+"`json:\"pkg\"`"+`
		File   string `+"`json:\"file\"`"+`
		Pass   bool   `+"`json:\"pass\"`"+`
		Reason string `+"`json:\"reason,omitempty\"`"+`
	}
	var out []result
	for _, m := range manifest {
		b, err := os.ReadFile(m.File)
		if err != nil {
			panic(err)
		}
		err = json.Unmarshal(b, roots[m.Pkg]())
		r := result{Pkg: m.Pkg, File: m.File, Pass: (err == nil) == m.Valid}
		if !r.Pass {
			r.Reason = fmt.Sprintf("%s: valid=%v, err=%v", m.File, m.Valid, err)
		}
		out = append(out, r)
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`))
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	bin := filepath.Join(mod, "corpus")
	for _, args := range [][]string{{"build", "-o", bin, "."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir, cmd.Env = mod, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", args[0], err, out)
		}
	}
	cmd := exec.Command(bin, filepath.Join(mod, "manifest.json"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the corpus: %v", err)
	}
	var rs []result
	if err := json.Unmarshal(out, &rs); err != nil {
		t.Fatal(err)
	}
	by := map[string][]result{}
	for _, r := range rs {
		by[r.Pkg] = append(by[r.Pkg], r)
	}
	return by
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

// oneLine is an error's first line with the corpus folder left out.
func oneLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// gofmtClean fails for a generated Go file that gofmt would change: the
// generator's formatter prints what go/format prints without running it on
// most declarations, and doc comments written from schema descriptions
// (lists, headings, code) are where it once did not (24 of 190 SchemaStore
// schemas).
func gofmtClean(t *testing.T, name string, files gen.Files) {
	t.Helper()
	for _, file := range files {
		if !strings.HasSuffix(file.Path, ".go") {
			continue
		}
		want, err := format.Source(file.Content)
		if err != nil {
			t.Errorf("%s: %s does not parse: %v", name, file.Path, err)
		} else if !bytes.Equal(want, file.Content) {
			t.Errorf("%s: %s is not as gofmt prints it", name, filepath.Base(file.Path))
		}
	}
}
