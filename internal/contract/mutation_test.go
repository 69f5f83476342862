package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/schemas"
)

// mutationsFile holds random mutations of every valid example of
// schemas/examples, each with the ordered error list the generated Go
// reports for it. generated/ts/test/mutations.test.js checks that the
// TypeScript validators report the very same list and that the guards agree:
// a property test of the TypeScript against the Go, with the vectors
// committed so that npm test needs no Go. `go test ./internal/contract -run
// TestMutationParity -update-parity` rewrites it; read the diff.
var mutationsFile = filepath.Join("testdata", "mutations.json")

// mutationsPerExample is how many mutations each valid example gets.
const mutationsPerExample = 6

type mutation struct {
	Example  string           `json:"example"`
	Instance json.RawMessage  `json:"instance"`
	Errors   []envgenrt.Error `json:"errors"`
}

// TestMutationParity: for random mutations of the valid examples, the Go
// verdict is santhosh-tekuri's (for the canonical schemas, formats
// asserted), a valid mutation round-trips, and the error lists are those of
// testdata/mutations.json, which the TypeScript tests compare with theirs.
func TestMutationParity(t *testing.T) {
	valid, _ := filepath.Glob(filepath.Join("..", "..", "schemas", "examples", "valid", "*.json"))
	if len(valid) == 0 {
		t.Fatal("no valid examples")
	}
	ref := canonicalSchemas(t)
	got := map[string]mutation{}
	for _, f := range valid {
		name := filepath.Base(f)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		h := fnv.New64a()
		h.Write([]byte(name))
		rng := rand.New(rand.NewPCG(h.Sum64(), 15))
		for i := range mutationsPerExample {
			inst, what := mutate(rng, doc)
			text, err := json.Marshal(inst)
			if err != nil {
				t.Fatal(err)
			}
			v := decoderFor(name)
			errs := []envgenrt.Error{}
			err = v.UnmarshalJSON(text)
			var verr *envgenrt.ValidationError
			switch {
			case errors.As(err, &verr):
				errs = verr.Errors
			case err != nil:
				t.Errorf("%s %s: %v", name, what, err)
				continue
			default:
				if err := v.Validate(); err != nil {
					t.Errorf("%s %s: decoded, but Validate: %v", name, what, err)
				}
				out, _ := json.Marshal(v)
				if a, b := canonical(t, text), canonical(t, out); a != b {
					t.Errorf("%s %s does not round-trip:\n got %s\nwant %s", name, what, b, a)
				}
			}
			if sch := ref(name); sch != nil {
				inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(text))
				if serr := sch.Validate(inst); (serr == nil) != (len(errs) == 0) {
					t.Errorf("%s %s: envgen %v, santhosh-tekuri %v\n%s", name, what, errs, serr, text)
				}
			}
			got[fmt.Sprintf("%s#%d %s", strings.TrimSuffix(name, ".json"), i, what)] = mutation{name, text, errs}
		}
	}
	if *updateParity {
		out, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(mutationsFile, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(mutationsFile)
	if err != nil {
		t.Fatalf("%v: run `go test ./internal/contract -run TestMutationParity -update-parity`", err)
	}
	var want map[string]mutation
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	for _, k := range sortedKeys(got) {
		w, ok := want[k]
		g := got[k]
		var compact bytes.Buffer // the file holds the instance indented
		_ = json.Compact(&compact, w.Instance)
		if !ok || !bytes.Equal(compact.Bytes(), g.Instance) || !slices.Equal(w.Errors, g.Errors) {
			t.Errorf("%s: not as in %s (run with -update-parity and read the diff)", k, mutationsFile)
		}
	}
	if len(want) != len(got) {
		t.Errorf("%s has %d vectors, the examples give %d", mutationsFile, len(want), len(got))
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// canonicalSchemas returns the santhosh-tekuri schema an example is checked
// against by its name (decoderFor's rule), or nil for the example tool's.
func canonicalSchemas(t *testing.T) func(name string) *jsonschema.Schema {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	entries, err := fs.ReadDir(schemas.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := fs.ReadFile(schemas.FS, e.Name())
		if err != nil || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource("https://envgen.dev/schemas/v2/"+e.Name(), doc); err != nil {
			t.Fatal(err)
		}
	}
	compiled := map[string]*jsonschema.Schema{}
	for _, n := range []string{"envelope", "request", "provenance"} {
		sch, err := c.Compile("https://envgen.dev/schemas/v2/" + n + ".json")
		if err != nil {
			t.Fatal(err)
		}
		compiled[n] = sch
	}
	return func(name string) *jsonschema.Schema {
		switch {
		case strings.HasPrefix(name, "search-output-"):
			return nil
		case strings.HasPrefix(name, "request-"):
			return compiled["request"]
		case strings.HasPrefix(name, "provenance-"):
			return compiled["provenance"]
		}
		return compiled["envelope"]
	}
}

// mutate returns a copy of doc with one random change at a random place,
// and a word for it.
func mutate(rng *rand.Rand, doc any) (any, string) {
	var paths [][]any // the path of every value, the root first
	var walk func(v any, path []any)
	walk = func(v any, path []any) {
		paths = append(paths, slices.Clone(path))
		switch x := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(x) {
				walk(x[k], append(path, k))
			}
		case []any:
			for i, e := range x {
				walk(e, append(path, i))
			}
		}
	}
	walk(doc, nil)
	path := paths[rng.IntN(len(paths))]
	replacements := []any{nil, true, false, 0.0, -1.0, 1.5, 1e300, "", "x", strings.Repeat("é", 300),
		"2026-13-01T00:00:00Z", []any{}, map[string]any{}, []any{"a", "a"}, map[string]any{"zz": 1}}
	op := rng.IntN(4)
	out := deepCopy(doc)
	parent, last := locate(out, path)
	switch {
	case op == 0 && parent != nil: // delete
		if m, ok := parent.(map[string]any); ok {
			delete(m, last.(string))
			return out, "delete " + pointer(path)
		}
	case op == 1: // add a member, or an item
		switch x := get(out, path).(type) {
		case map[string]any:
			x["zz_extra"] = replacements[rng.IntN(len(replacements))]
			return out, "add " + pointer(append(path, "zz_extra"))
		case []any:
			if len(x) > 0 {
				return set(out, path, append(x, x[len(x)-1])), "repeat last item of " + pointer(path)
			}
		}
	}
	r := replacements[rng.IntN(len(replacements))]
	return set(out, path, r), fmt.Sprintf("replace %s with %s", pointer(path), abbrevJSON(r))
}

func abbrevJSON(v any) string {
	b, _ := json.Marshal(v)
	if r := []rune(string(b)); len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return string(b)
}

func pointer(path []any) string {
	var b strings.Builder
	for _, p := range path {
		fmt.Fprintf(&b, "/%v", p)
	}
	if b.Len() == 0 {
		return "the root"
	}
	return b.String()
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = deepCopy(e)
		}
		return a
	}
	return v
}

func get(v any, path []any) any {
	for _, p := range path {
		switch x := v.(type) {
		case map[string]any:
			v = x[p.(string)]
		case []any:
			v = x[p.(int)]
		}
	}
	return v
}

// locate returns the container of the value at path and its key, or nil for
// the root.
func locate(v any, path []any) (any, any) {
	if len(path) == 0 {
		return nil, nil
	}
	return get(v, path[:len(path)-1]), path[len(path)-1]
}

// set replaces the value at path with r and returns the (new) root.
func set(root any, path []any, r any) any {
	parent, last := locate(root, path)
	switch x := parent.(type) {
	case nil:
		return r
	case map[string]any:
		x[last.(string)] = r
	case []any:
		x[last.(int)] = r
	}
	return root
}
