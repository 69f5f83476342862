package schemastore

import (
	"encoding/json"
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

// tsconfig is the strict setting generated TypeScript must pass.
const tsconfig = `{
  "compilerOptions": {
    "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true,
    "noPropertyAccessFromIndexSignature": true, "noUnusedLocals": true, "noUnusedParameters": true,
    "noImplicitReturns": true, "noFallthroughCasesInSwitch": true, "verbatimModuleSyntax": true,
    "isolatedDeclarations": true, "declaration": true, "erasableSyntaxOnly": true,
    "module": "nodenext", "target": "es2022", "types": [], "rootDir": "src", "outDir": "dist"
  },
  "include": ["src/*/*.ts"]
}
`

// driver imports each sampled case's module and checks every instance with
// its validator: no error if and only if the instance is valid.
const driver = `import { readFileSync } from "node:fs";
const out = [];
for (const c of JSON.parse(readFileSync(process.argv[2], "utf8"))) {
  const m = await import("./dist/" + c.pkg + "/root.js");
  const validate = m["validate" + c.root];
  for (const [file, valid] of c.instances) {
    const errors = validate(JSON.parse(readFileSync(file, "utf8")));
    out.push({ pkg: c.pkg, file, pass: (errors.length === 0) === valid, reason: file + ": valid=" + valid + " errors=" + JSON.stringify(errors.slice(0, 1)) });
  }
}
process.stdout.write(JSON.stringify(out));
`

// TestCorpusTS type-checks, with the pinned strict tsc, the TypeScript of the
// same sample of cases as TestCorpus (ENVGEN_SCHEMASTORE_ALL=1: every case),
// and runs their instances through the generated validators in node. As in
// TestCorpus, every instance whose label TypeScript does not give must be
// listed in misses.json (which says why Go misses it: Go and TypeScript judge
// alike), and every listed instance of the run must still be missed; the
// sample must not fall below baseline.json's tsPass.
func TestCorpusTS(t *testing.T) {
	dir := reference.Require(t, reference.SchemaStore)
	tsc, err := filepath.Abs("../../generated/ts/node_modules/.bin/tsc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tsc); err != nil {
		t.Skipf("no tsc at %s: run `npm ci --prefix generated/ts` first (make test does)", tsc)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	roots, _ := filepath.Glob(filepath.Join(dir, "*", "root.json"))
	sort.Strings(roots)
	schemas := filepath.Join(dir, "_schemas")
	refMap := map[string]string{"https://json.schemastore.org/": schemas, "https://www.schemastore.org/": schemas}
	work := t.TempDir()
	all := os.Getenv(allEnv) == "1"
	type manifestCase struct {
		Pkg       string  `json:"pkg"`
		Root      string  `json:"root"`
		Instances [][]any `json:"instances"`
	}
	var manifest []manifestCase
	for i, root := range roots {
		if !all && i%sampleEvery != 0 {
			continue
		}
		name := filepath.Base(filepath.Dir(root))
		pkg := "s" + regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(name), "")
		opts := gen.Options{Inputs: []string{root}, RefMap: refMap, NoCanonical: true, TSOut: filepath.Join(work, "src", pkg)}
		files, err := gen.Generate(opts)
		if err != nil {
			continue // counted by TestCorpus
		}
		rootTypes, err := gen.GoRootTypes(opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			write(t, f.Path, f.Content)
		}
		c := manifestCase{Pkg: pkg}
		c.Root, _, _ = strings.Cut(rootTypes[0].Go, "[")
		for _, sub := range []string{"valid", "invalid"} {
			found, _ := filepath.Glob(filepath.Join(filepath.Dir(root), sub, "*.json"))
			for _, f := range found {
				c.Instances = append(c.Instances, []any{f, sub == "valid"})
			}
		}
		manifest = append(manifest, c)
	}
	write(t, filepath.Join(work, "tsconfig.json"), []byte(tsconfig))
	write(t, filepath.Join(work, "package.json"), []byte(`{"type": "module"}`+"\n"))
	write(t, filepath.Join(work, "driver.mjs"), []byte(driver))
	m, _ := json.Marshal(manifest)
	write(t, filepath.Join(work, "manifest.json"), m)
	cmd := exec.Command(tsc, "-p", "tsconfig.json", "--pretty", "false")
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
	cmd = exec.Command(node, "driver.mjs", "manifest.json")
	cmd.Dir = work
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node driver.mjs: %v", err)
	}
	var rs []result
	if err := json.Unmarshal(out, &rs); err != nil {
		t.Fatal(err)
	}
	pass := 0
	ran := map[string]bool{} // instance → whether TypeScript gets its label
	for _, r := range rs {
		ran[instanceKey(r.File)] = r.Pass
		if r.Pass {
			pass++
		} else {
			t.Logf("TS %s", r.Reason)
		}
	}
	t.Logf("%d cases: %d of %d instances pass in TypeScript", len(manifest), pass, len(rs))
	checkMisses(t, "TypeScript", ran)
	if all {
		return
	}
	data, err := os.ReadFile("baseline.json")
	if err != nil {
		t.Fatal(err)
	}
	var base Figures
	if err := json.Unmarshal(data, &base); err != nil {
		t.Fatal(err)
	}
	if pass < base.TSPass {
		t.Errorf("%d sampled instances pass in TypeScript; baseline.json has %d", pass, base.TSPass)
	}
}
