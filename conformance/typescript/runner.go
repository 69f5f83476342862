// Package tsconformance runs the official JSON-Schema-Test-Suite (draft
// 2020-12, the required files) through the TypeScript validators envgen
// generates.
//
// Run generates one folder of TypeScript per test group with gen.Generate,
// compiles them all in one run of the pinned tsc, and runs them all in one
// node process (driver.mjs): for every test, validate<Root> must return no
// error if and only if the instance is valid, and is<Root> must agree.
// Cases that do not pass are listed, with their reasons, in baseline.json; the
// test in this package fails when a case that passed starts failing.
package tsconformance

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"

	"github.com/envgen/envgen/conformance/suite"
	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen"
)

// Options says where things are.
type Options struct {
	Suite string    // the JSON-Schema-Test-Suite folder
	TSC   string    // the pinned TypeScript compiler
	Node  string    // the node executable
	Work  string    // an empty folder for the generated code
	Log   io.Writer // progress, or nil
}

// Case is one test of the suite and its outcome.
type Case struct {
	File             string `json:"file"`
	Group            int    `json:"group"`
	Test             int    `json:"test"`
	GroupDescription string `json:"groupDescription"`
	Description      string `json:"description"`
	Valid            bool   `json:"valid"`
	Pass             bool   `json:"pass"`
	Reason           string `json:"reason,omitempty"`
	// Errors are what validate<Root> reports for an invalid instance, in
	// order (conformance/parity_test.go compares them with the Go's).
	Errors []envgenrt.Error `json:"errors,omitempty"`
}

func (c Case) key() string { return fmt.Sprintf("%s/%d/%d", c.File, c.Group, c.Test) }

// remotePrefix is where the suite's remote schemas claim to live.
const remotePrefix = "http://localhost:1234/"

//go:embed driver.mjs
var driver []byte

// group is one test group: a schema and its tests.
type group struct {
	File        string          `json:"file"`
	Index       int             `json:"group"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"-"`
	Tests       []test          `json:"tests"`
	Root        string          `json:"root"`             // the root type's name, e.g. "Root": the driver calls validateRoot
	Name        string          `json:"name"`             // folder and module, e.g. "dynamicref_12"
	Reason      string          `json:"reason,omitempty"` // why there is no code to run: generation or compilation failed
}

type test = suite.Test

func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}

// Run generates, compiles and runs every group, and returns every case.
func Run(o Options) ([]Case, error) {
	groups, err := readSuite(o.Suite)
	if err != nil {
		return nil, err
	}
	o.logf("generating %d groups", len(groups))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, g := range groups {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if err := generate(o, g); err != nil {
				g.Reason = "generation failed: " + oneLine(err.Error())
			}
		}()
	}
	wg.Wait()
	o.logf("compiling")
	if err := compile(o, groups); err != nil {
		return nil, err
	}
	o.logf("running")
	return run(o, groups)
}

func readSuite(dir string) ([]*group, error) {
	groups, err := suite.Read(dir)
	if err != nil {
		return nil, err
	}
	out := make([]*group, len(groups))
	for i, g := range groups {
		out[i] = &group{File: g.File, Index: g.Index, Description: g.Description, Schema: g.Schema, Tests: g.Tests, Name: groupName(g.File, g.Index)}
	}
	return out, nil
}

// groupName is the folder and module of a group: "additionalproperties_3".
func groupName(file string, i int) string {
	base := strings.ToLower(strings.TrimSuffix(file, ".json"))
	base = regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(base, "")
	return fmt.Sprintf("%s_%d", base, i)
}

// generate writes the group's schema and generates its TypeScript with
// gen.Generate, exactly as `envgen generate --ts-out` would: no names given.
func generate(o Options, g *group) error {
	schemaFile := filepath.Join(o.Work, "schemas", g.Name+".json")
	if err := write(schemaFile, g.Schema); err != nil {
		return err
	}
	opts := gen.Options{
		Inputs:      []string{schemaFile},
		RefMap:      map[string]string{remotePrefix: filepath.Join(o.Suite, "remotes")},
		NoCanonical: true,
		TSOut:       filepath.Join(o.Work, "src", g.Name),
	}
	roots, err := gen.GoRootTypes(opts)
	if err != nil {
		return err
	}
	g.Root, _, _ = strings.Cut(roots[0].Go, "[")
	files, err := gen.Generate(opts)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := write(filepath.FromSlash(f.Path), f.Content); err != nil {
			return err
		}
	}
	return nil
}

// tsconfig is the strictest setting the package is built with.
const tsconfig = `{
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
    "module": "nodenext",
    "target": "es2022",
    "types": [],
    "rootDir": "src",
    "outDir": "dist"
  },
  "include": ["src/*/*.ts"]
}
`

var diagnostic = regexp.MustCompile(`(?m)^src/([a-z0-9_]+)/(\S+\(\d+,\d+\): error .*)$`)

// compile runs tsc once over every group. A group whose code tsc reports
// errors in fails, with the first error as the reason; tsc still writes
// JavaScript for the others.
func compile(o Options, groups []*group) error {
	if err := write(filepath.Join(o.Work, "tsconfig.json"), []byte(tsconfig)); err != nil {
		return err
	}
	if err := write(filepath.Join(o.Work, "package.json"), []byte(`{"type": "module"}`+"\n")); err != nil {
		return err
	}
	cmd := exec.Command(o.TSC, "-p", "tsconfig.json", "--pretty", "false")
	cmd.Dir = o.Work
	out, err := cmd.CombinedOutput()
	if err == nil {
		return nil
	}
	byName := map[string]*group{}
	for _, g := range groups {
		byName[g.Name] = g
	}
	found := false
	for _, m := range diagnostic.FindAllStringSubmatch(string(out), -1) {
		if g := byName[m[1]]; g != nil {
			found = true
			if g.Reason == "" {
				g.Reason = "tsc: " + m[2]
			}
		}
	}
	if !found {
		return fmt.Errorf("tsc: %v\n%s", err, out)
	}
	return nil
}

// run writes the manifest of every group that compiled and runs the driver
// over it in one node process.
func run(o Options, groups []*group) ([]Case, error) {
	manifest, err := json.Marshal(groups)
	if err != nil {
		return nil, err
	}
	if err := write(filepath.Join(o.Work, "manifest.json"), manifest); err != nil {
		return nil, err
	}
	if err := write(filepath.Join(o.Work, "driver.mjs"), driver); err != nil {
		return nil, err
	}
	cmd := exec.Command(o.Node, "driver.mjs", "manifest.json")
	cmd.Dir = o.Work
	cmd.Stderr = o.Log
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node driver.mjs: %v", err)
	}
	var cases []Case
	if err := json.Unmarshal(out, &cases); err != nil {
		return nil, fmt.Errorf("reading the driver's report: %v", err)
	}
	return cases, nil
}

func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
