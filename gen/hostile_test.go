package gen_test

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

// chainSchema is d_i = anyOf[$ref d_{i-1}, $ref d_{i-1}] for i up to n: 2^n
// paths through the unions, which the Go backend once walked one by one
// (n=28 took 31 s). golden/union-cycle holds the other shape that hung it.
func chainSchema(n int) []byte {
	defs := map[string]any{"d0": map[string]any{"type": "integer"}}
	for i := 1; i <= n; i++ {
		prev := map[string]any{"$ref": fmt.Sprintf("#/$defs/d%d", i-1)}
		defs[fmt.Sprintf("d%d", i)] = map[string]any{"anyOf": []any{prev, prev}}
	}
	b, err := json.Marshal(map[string]any{"$defs": defs, "type": "object",
		"properties": map[string]any{"x": map[string]any{"$ref": fmt.Sprintf("#/$defs/d%d", n)}}})
	if err != nil {
		panic(err)
	}
	return b
}

// cycleSchema is three unions that reference each other, 298 bytes; the Go
// backend once never finished it.
const cycleSchema = `{"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/b"},{"$ref":"#/$defs/c"},{"type":"integer"}]},` +
	`"b":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/c"},{"type":"string"}]},` +
	`"c":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"},{"type":"boolean"}]}},` +
	`"type":"object","properties":{"x":{"$ref":"#/$defs/a"}}}`

// TestUnionChain generates the 40-level chain in Go; before unionHoldsNull
// was memoized this did not finish within the test timeout.
func TestUnionChain(t *testing.T) {
	generateGo(t, chainSchema(40), "D40")
}

// TestUnionCycle generates cycleSchema in Go.
func TestUnionCycle(t *testing.T) {
	generateGo(t, []byte(cycleSchema), "type A ")
}

// generateGo generates schema in Go, and checks that the output parses and
// contains want.
func generateGo(t *testing.T, schema []byte, want string) {
	t.Helper()
	in := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(in, schema, 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := gen.Generate(gen.Options{Inputs: []string{in}, GoOut: "out", GoPackage: "p", NoCanonical: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, 0); err != nil {
			t.Errorf("%s: %v", f.Path, err)
		}
	}
	var all strings.Builder
	for _, f := range files {
		all.Write(f.Content)
	}
	if !strings.Contains(all.String(), want) {
		t.Errorf("no %q in the output", want)
	}
}

// TestAnonymousCycle: an anonymous type that contains itself gets a name of
// its own to refer to itself by, in both languages (the Go backend once
// overflowed the stack on it, found by FuzzGenerate; both backends then
// refused it). golden/anonymous-cycle builds, vets and type-checks the output.
func TestAnonymousCycle(t *testing.T) {
	in := filepath.Join(t.TempDir(), "s.json")
	schema := `{"oneOf": [{"type": "null"}, {"type": "array", "items": {"$ref": "#"}}]}`
	if err := os.WriteFile(in, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := gen.Generate(gen.Options{Inputs: []string{in}, GoOut: "out", GoPackage: "p", TSOut: "ts", NoCanonical: true})
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		all.Write(f.Content)
	}
	if !regexp.MustCompile(`(?m)^type \w+ \[\]\w+$`).MatchString(all.String()) {
		t.Errorf("no named Go slice type that refers to itself in:\n%s", all.String())
	}
}

// TestDeepNesting: 300 arrays nested in one property is a valid schema; the
// Go backend refused it ("anonymous types nest without end") until types
// nested past lower's maxInline levels got names of their own. Those names
// count the repeated word (DeepXItem29: x, then 29 items) rather than spell
// it 29 times.
func TestDeepNesting(t *testing.T) {
	inner := `{"type":"string"}`
	for range 300 {
		inner = `{"type":"array","items":` + inner + `}`
	}
	schema := `{"title":"Deep","type":"object","properties":{"x":` + inner + `}}`
	generateGo(t, []byte(schema), "type Deep struct")
	names, err := generateNames(t, schema, nil)
	if err != nil {
		t.Fatal(err)
	}
	types := slices.DeleteFunc(names, func(n string) bool { return strings.Contains(n, "=") }) // not the fields
	want := []string{"Deep"}
	for n := 29; n < 300; n += 30 {
		want = append(want, fmt.Sprintf("DeepXItem%d", n))
	}
	slices.Sort(want)
	if !slices.Equal(types, want) {
		t.Errorf("got types %q\nwant %q", types, want)
	}
}
