package typescript_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/typescript"
)

// validateCase is one value of testdata/validators/cases.json and the errors
// its type's validator must report, as [instancePath, keyword], in order.
type validateCase struct {
	Type   string          `json:"type"`
	Data   json.RawMessage `json:"data"`
	Errors [][2]string     `json:"errors"`
	Needs  string          `json:"needs,omitempty"` // "format": only where the model records formats
	Why    string          `json:"why,omitempty"`   // a note for the reader
}

// runCases is the node program that runs the cases through the compiled
// validators: validateX must report exactly the expected errors, isX must
// agree, and every error must have the documented shape.
const runCases = `import * as pkg from "./dist/index.js";
import { readFileSync } from "node:fs";
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = [];
for (const c of cases) {
  const errors = pkg["validate" + c.type](c.data);
  const is = pkg["is" + c.type](c.data);
  const got = errors.map((e) => [e.instancePath, e.keyword]);
  const shaped = errors.every((e) => Object.keys(e).sort().join() === "instancePath,keyword,message,schemaPath" &&
    Object.values(e).every((x) => typeof x === "string" && (x !== "" || e.instancePath === x)));
  out.push({ got, is, shaped, errors });
}
process.stdout.write(JSON.stringify(out));
`

// TestValidators renders testdata/validators/*.json with format assertion
// on, compiles the output under the strictest settings, and runs
// testdata/validators/cases.json through it in node.
func TestValidators(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	inputs, err := filepath.Glob(filepath.Join("testdata", "validators", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var schemas []string
	for _, in := range inputs {
		if filepath.Base(in) != "cases.json" {
			schemas = append(schemas, in)
		}
	}
	space := spaceOf(t, schemas...)
	files, err := typescript.Render(space, typescript.Options{AssertFormat: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := compileJS(t, files)

	data, err := os.ReadFile(filepath.Join("testdata", "validators", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []validateCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "cases.json"), data)
	write(t, filepath.Join(dir, "run.mjs"), []byte(runCases))
	cmd := exec.Command(node, "run.mjs", "cases.json")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node run.mjs: %v\n%s", err, err.(*exec.ExitError).Stderr)
	}
	var results []struct {
		Got    [][2]string       `json:"got"`
		Is     bool              `json:"is"`
		Shaped bool              `json:"shaped"`
		Errors []json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(out, &results); err != nil {
		t.Fatal(err)
	}
	formats := recordsFormats(space)
	for i, c := range cases {
		r := results[i]
		if c.Needs == "format" && !formats {
			t.Logf("case %d (%s %s): skipped, the model records no format", i, c.Type, c.Data)
			continue
		}
		if c.Errors == nil {
			c.Errors = [][2]string{}
		}
		if r.Got == nil {
			r.Got = [][2]string{}
		}
		if !equalPairs(r.Got, c.Errors) {
			t.Errorf("case %d: validate%s(%s)\n got: %v\nwant: %v\n%s", i, c.Type, c.Data, r.Got, c.Errors, r.Errors)
		}
		if r.Is != (len(c.Errors) == 0) {
			t.Errorf("case %d: is%s(%s) = %v", i, c.Type, c.Data, r.Is)
		}
		if !r.Shaped {
			t.Errorf("case %d: malformed errors %s", i, r.Errors)
		}
	}
}

func recordsFormats(space *model.Space) bool {
	for _, t := range space.Types[1:] {
		if t.Base().Checks.Format != "" {
			return true
		}
	}
	return false
}

func equalPairs(a, b [][2]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// compileJS writes the files to a temporary folder and compiles them to
// dist/ with the strictest settings; it returns the folder.
func compileJS(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	config := strings.Replace(strictConfig, `"noEmit": true,`, `"outDir": "dist", "rootDir": "src",`, 1)
	write(t, filepath.Join(dir, "package.json"), []byte(`{"type": "module"}`+"\n"))
	write(t, filepath.Join(dir, "tsconfig.json"), []byte(config))
	for name, b := range files {
		write(t, filepath.Join(dir, "src", name), b)
	}
	cmd := exec.Command(tscPath(t), "-p", "tsconfig.json", "--pretty", "false")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s\n%s", err, out, numbered(files))
	}
	return dir
}

// TestValidatorsDeterministic: the canonical schemas give the same bytes
// whatever the order of the roots, in one process any number of times.
func TestValidatorsDeterministic(t *testing.T) {
	first, err := typescript.Render(canonicalSpace(t), typescript.Options{AssertFormat: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		space := canonicalSpace(t)
		slices.Reverse(space.Roots)
		again, err := typescript.Render(space, typescript.Options{AssertFormat: true})
		if err != nil {
			t.Fatal(err)
		}
		if !maps.EqualFunc(first, again, bytes.Equal) {
			t.Fatalf("a second rendering differs: %v vs %v", sortedNames(first), sortedNames(again))
		}
	}
}

// TestRefutationNotShared: a pattern ^a, tested by its refutation /^(?!a)/u,
// and a patternProperties ^(?!a), tested as written, have one RegExp source
// and opposite meanings: each gets a constant of its own, named for what it
// matches (notX, patternX…), so that "if (notX.test(v))" fails what it says.
func TestRefutationNotShared(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "s.json")
	write(t, in, []byte(`{"type": "object", "properties": {"code": {"type": "string", "pattern": "^a"}},
		"patternProperties": {"^(?!a)": {"type": "string"}}}`))
	files, err := typescript.Render(spaceOf(t, in), typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var consts []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		for line := range strings.Lines(string(files[name])) {
			if strings.HasPrefix(line, "const ") && strings.Contains(line, "= /^(?!a)/u;") {
				consts = append(consts, strings.Fields(line)[1])
			}
		}
	}
	slices.Sort(consts)
	if len(consts) != 2 || !strings.HasPrefix(consts[0], "not") || !strings.HasPrefix(consts[1], "pattern") {
		t.Errorf("the RegExps /^(?!a)/u declared: %v, want a not… (the refutation of ^a) and a pattern… (patternProperties ^(?!a))", consts)
	}
}
