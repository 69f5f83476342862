// Package conformance runs the official JSON-Schema-Test-Suite (draft
// 2020-12, the required files) through Go code that envgen generates.
//
// Run generates one package per test group, all in one temporary module with
// one main program (package harness does the checking), builds it once and
// runs it: for every test, json.Unmarshal must return nil if and only if the
// instance is valid; every valid instance must round-trip and pass
// Validate; and changed values must get the same verdict from Validate as
// from santhosh-tekuri/jsonschema. Cases that do not pass are listed, with
// their reasons, in baseline-go.json; the test in this package fails when a
// case that passed starts failing.
package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/conformance/harness"
	"github.com/envgen/envgen/conformance/suite"
	"github.com/envgen/envgen/gen"
)

// Options says where things are.
type Options struct {
	Suite     string    // the JSON-Schema-Test-Suite folder
	Root      string    // the envgen checkout (its go.mod)
	Work      string    // an empty folder for the generated module
	Mutations int       // changed values per valid instance for the property test
	Log       io.Writer // progress, or nil
}

// Result is every outcome.
type Result struct {
	Cases     []Case             `json:"cases"`
	RoundTrip []harness.Case     `json:"roundTrip"`
	Property  []harness.Mismatch `json:"propertyMismatches"`
	Mutations int                `json:"mutations"`
}

// Case is one test of the suite and its outcome.
type Case struct {
	harness.Case
	GroupDescription string `json:"groupDescription"`
	Description      string `json:"description"`
	Valid            bool   `json:"valid"`
}

// remotePrefix is where the suite's remote schemas claim to live.
const remotePrefix = "http://localhost:1234/"

// SuitePath finds the suite: $ENVGEN_JSTS, else
// ../shared/reference/JSON-Schema-Test-Suite relative to the checkout root.
func SuitePath(root string) (string, error) {
	candidates := []string{os.Getenv("ENVGEN_JSTS"), filepath.Join(root, "..", "shared", "reference", "JSON-Schema-Test-Suite")}
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(c, "tests", "draft2020-12")); err == nil {
			return filepath.Abs(c)
		}
	}
	return "", fmt.Errorf("JSON-Schema-Test-Suite not found: set ENVGEN_JSTS, or put it at %s", candidates[1])
}

type group struct {
	file        string
	index       int
	description string
	schema      json.RawMessage
	tests       []suite.Test
	pkg         string
	reason      string // why there is no code to run: generation or compilation failed
}

func (o Options) logf(format string, args ...any) {
	if o.Log != nil {
		fmt.Fprintf(o.Log, format+"\n", args...)
	}
}

// Run generates, builds and runs.
func Run(o Options) (*Result, error) {
	groups, err := readSuite(o.Suite)
	if err != nil {
		return nil, err
	}
	mod := filepath.Join(o.Work, "mod")
	o.logf("generating %d groups", len(groups))
	for _, g := range groups {
		if err := generate(o, g, mod); err != nil {
			g.reason = "generation failed: " + oneLine(err.Error())
		}
	}
	bin, err := build(o, groups, mod)
	if err != nil {
		return nil, err
	}
	o.logf("running")
	cmd := exec.Command(bin, "-suite", o.Suite, "-mutations", fmt.Sprint(o.Mutations))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("running the generated code: %v\n%s", err, stderr.Bytes())
	}
	var rep harness.Report
	if err := json.Unmarshal(out, &rep); err != nil {
		return nil, fmt.Errorf("reading the harness report: %v", err)
	}
	return merge(groups, &rep), nil
}

func readSuite(dir string) ([]*group, error) {
	groups, err := suite.Read(dir)
	if err != nil {
		return nil, err
	}
	out := make([]*group, len(groups))
	for i, g := range groups {
		out[i] = &group{file: g.File, index: g.Index, description: g.Description, schema: g.Schema, tests: g.Tests, pkg: packageName(g.File, g.Index)}
	}
	return out, nil
}

// packageName is the Go package of a group: "additionalproperties_3".
func packageName(file string, i int) string {
	base := strings.ToLower(strings.TrimSuffix(file, ".json"))
	base = regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(base, "")
	return fmt.Sprintf("%s_%d", base, i)
}

// generate writes the group's schema and generates its package, with a
// helper that makes a new value of the root type.
func generate(o Options, g *group, mod string) error {
	schemaFile := filepath.Join(o.Work, "schemas", g.pkg+".json")
	if err := write(schemaFile, g.schema); err != nil {
		return err
	}
	opts, err := options(o, schemaFile)
	if err != nil {
		return err
	}
	opts.GoOut, opts.GoPackage = filepath.Join(mod, g.pkg), g.pkg
	files, err := gen.Generate(opts)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := write(filepath.FromSlash(f.Path), f.Content); err != nil {
			return err
		}
	}
	roots, err := gen.GoRootTypes(opts)
	if err != nil {
		return err
	}
	// The root's type may name encoding/json or envgenrt (json.RawMessage
	// as a default type argument, envgenrt.Nullable); the blank uses keep
	// both imports legal when it does not.
	src := fmt.Sprintf(`// Code generated by the conformance runner. DO NOT EDIT.

package %s

import (
	"encoding/json"

	"github.com/envgen/envgen/envgenrt"
)

var (
	_ json.RawMessage
	_ envgenrt.ValidationError
)

// EnvgenConformanceRoot returns a new value of the root type.
func EnvgenConformanceRoot() any { return new(%s) }
`, g.pkg, roots[0].Go)
	return write(filepath.Join(mod, g.pkg, "zz_conformance.go"), []byte(src))
}

// options are the generation options of a group's schema. Test schemas reuse $defs
// keys in nested resources and use keys that make no name ("$defs/": {}),
// which envgen refuses until a name is given: the runner gives one, as a user
// would with --name, and tries again.
func options(o Options, schemaFile string) (gen.Options, error) {
	names := map[string]string{}
	for i := 1; ; i++ {
		opts := gen.Options{
			Inputs:      []string{schemaFile},
			RefMap:      map[string]string{remotePrefix: filepath.Join(o.Suite, "remotes")},
			NoCanonical: true,
			Names:       names,
		}
		_, err := gen.GoRootTypes(opts)
		var me *gen.Error
		if err == nil || i > 20 || !errors.As(err, &me) || me.Loc.File == "" ||
			!(strings.Contains(me.Message, "is wanted by") || strings.Contains(me.Message, "cannot name this type")) {
			return opts, err
		}
		names[me.Loc.String()] = fmt.Sprintf("Renamed%d", i)
	}
}

var brokenPackage = regexp.MustCompile(`(?m)^# jsts\.test/([a-z0-9_]+)$`)

// build writes the module's main program and builds it; packages that do not
// compile are dropped (and their groups fail) until the rest does.
func build(o Options, groups []*group, mod string) (string, error) {
	gomod := "module jsts.test\n\ngo 1.26\n\nrequire github.com/envgen/envgen v0.0.0\n\n" +
		"replace github.com/envgen/envgen => " + filepath.ToSlash(o.Root) + "\n"
	if err := write(filepath.Join(mod, "go.mod"), []byte(gomod)); err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(o.Root, "go.sum"))
	if err != nil {
		return "", err
	}
	if err := write(filepath.Join(mod, "go.sum"), sum); err != nil {
		return "", err
	}
	bin := filepath.Join(o.Work, "runner")
	for round := 0; round < 20; round++ {
		if err := writeMain(groups, mod); err != nil {
			return "", err
		}
		o.logf("building")
		cmd := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		if err == nil {
			return bin, nil
		}
		broken := brokenPackage.FindAllStringSubmatch(string(out), -1)
		if len(broken) == 0 {
			return "", fmt.Errorf("go build: %v\n%s", err, out)
		}
		for _, m := range broken {
			for _, g := range groups {
				if g.pkg == m[1] && g.reason == "" {
					g.reason = "generated Go does not compile: " + firstError(string(out), m[1])
				}
			}
		}
	}
	return "", errors.New("go build: too many packages do not compile")
}

// firstError is the first compiler message about pkg in out.
func firstError(out, pkg string) string {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if l == "# jsts.test/"+pkg && i+1 < len(lines) {
			return oneLine(lines[i+1])
		}
	}
	return "see go build"
}

func writeMain(groups []*group, mod string) error {
	f := jen.NewFile("main")
	f.HeaderComment("Code generated by the conformance runner. DO NOT EDIT.")
	entries := jen.Dict{}
	for _, g := range groups {
		if g.reason != "" {
			continue
		}
		entries[jen.Lit(harness.Key(g.file, g.index))] = jen.Values(jen.Dict{
			jen.Id("New"): jen.Qual("jsts.test/"+g.pkg, "EnvgenConformanceRoot"),
		})
	}
	f.Func().Id("main").Params().Block(
		jen.Qual("github.com/envgen/envgen/conformance/harness", "Main").Call(
			jen.Map(jen.String()).Qual("github.com/envgen/envgen/conformance/harness", "Group").Values(entries)),
	)
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return err
	}
	return write(filepath.Join(mod, "main.go"), buf.Bytes())
}

// merge puts the harness's outcomes and the groups without code together.
func merge(groups []*group, rep *harness.Report) *Result {
	got := map[[3]int]harness.Case{}
	fileIndex := map[string]int{}
	for _, g := range groups {
		if _, ok := fileIndex[g.file]; !ok {
			fileIndex[g.file] = len(fileIndex)
		}
	}
	for _, c := range rep.Cases {
		got[[3]int{fileIndex[c.File], c.Group, c.Test}] = c
	}
	r := &Result{RoundTrip: rep.RoundTrip, Property: rep.Property, Mutations: rep.Mutations}
	for _, g := range groups {
		for ti, t := range g.tests {
			c, ok := got[[3]int{fileIndex[g.file], g.index, ti}]
			if !ok {
				c = harness.Case{File: g.file, Group: g.index, Test: ti, Reason: g.reason}
				if c.Reason == "" {
					c.Reason = "not run"
				}
			}
			r.Cases = append(r.Cases, Case{Case: c, GroupDescription: g.description, Description: t.Description, Valid: t.Valid})
		}
	}
	return r
}

func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
