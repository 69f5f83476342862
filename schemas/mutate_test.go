package schemas_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The parity vectors. Besides the hand-written invalid examples,
// examples/invalid holds one mutation of every valid example, named
// "<example>--<mutation>.json", whose expected errors come from
// santhosh-tekuri/jsonschema: an interpreter written independently of envgen.
// TestInvalidExamples (here), the generated Go (internal/contract) and the
// generated TypeScript (generated/ts/test) each check every file against its
// expected (instancePath, keyword) set, so the three agree on all of them;
// and the Go and TypeScript validators report the very same ordered list,
// messages included, which examples/parity.json holds.
// `go test ./schemas -run TestMutatedExamples -mutate` rewrites them.
var mutate = flag.Bool("mutate", false, "rewrite the mutated examples in examples/invalid")

func TestMutatedExamples(t *testing.T) {
	invalidDir := filepath.Join("examples", "invalid")
	if *mutate {
		old, _ := filepath.Glob(filepath.Join(invalidDir, "*--*.json"))
		for _, f := range old {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
		}
		compiled := compile(t)
		for i, file := range exampleFiles(t, "valid") {
			var name string
			var b []byte
			var errs []violation
			for try := 0; try < 3 && len(errs) == 0; try++ { // the next kind when one stays valid
				var doc any
				name, doc = mutation(t, file, i+try)
				b, _ = json.Marshal(doc)
				errs = violations(compiled[schemaFor(file)].Validate(readInstanceBytes(t, b)))
			}
			if len(errs) == 0 {
				t.Fatalf("%s: every mutation is still valid", file)
			}
			ex := invalidExample{
				Description: fmt.Sprintf("%s with %s; expected errors from santhosh-tekuri/jsonschema.", filepath.Base(file), strings.ReplaceAll(name, "-", " ")),
				Instance:    b,
				Errors:      errs,
			}
			out, _ := json.MarshalIndent(ex, "", "  ")
			base := strings.TrimSuffix(filepath.Base(file), ".json")
			if err := os.WriteFile(filepath.Join(invalidDir, base+"--"+name+".json"), append(out, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	valid := exampleFiles(t, "valid")
	invalid := exampleFiles(t, "invalid")
	mutated, _ := filepath.Glob(filepath.Join(invalidDir, "*--*.json"))
	if len(mutated) != len(valid) {
		t.Errorf("%d mutated examples for %d valid ones: run with -mutate", len(mutated), len(valid))
	}
	if n := len(valid) + len(invalid); n < 200 {
		t.Errorf("%d parity vectors, want at least 200", n)
	}
}

// mutation changes one thing in a valid example, chosen by its index so that
// the three kinds spread over all examples: a member of the wrong type, a
// member the schema does not know, or a required member taken away.
func mutation(t *testing.T, file string, i int) (string, any) {
	t.Helper()
	var doc any
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	root, ok := doc.(map[string]any)
	if !ok {
		t.Fatalf("%s: not an object", file)
	}
	switch i % 3 {
	case 0:
		if path, ok := firstScalar(root, ""); ok {
			return "wrong-type-at-" + slug(path), doc
		}
	case 1:
		target := deepestObject(root)
		target["unexpected_member"] = true
		return "unknown-member", doc
	}
	for _, k := range []string{"success", "run_id"} {
		if _, ok := root[k]; ok {
			delete(root, k)
			return "missing-" + k, doc
		}
	}
	root["unexpected_member"] = true
	return "unknown-member", doc
}

// open are members whose values any JSON (or any scalar) may take, so a
// mutation inside them proves nothing.
var open = map[string]bool{"data": true, "details": true, "context": true, "arguments": true, "labels": true}

// firstScalar replaces the first scalar below the root (members in name
// order, depth first) with a value of another JSON type, and says where.
func firstScalar(v any, path string) (string, bool) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if open[k] {
				continue
			}
			switch c := x[k].(type) {
			case map[string]any, []any:
				if p, ok := firstScalar(c, path+"/"+k); ok {
					return p, true
				}
			default:
				if path != "" { // leave the root's own members alone
					x[k] = otherType(c)
					return path + "/" + k, true
				}
			}
		}
	case []any:
		for i, c := range x {
			if p, ok := firstScalar(c, fmt.Sprintf("%s/%d", path, i)); ok {
				return p, true
			}
		}
	}
	return "", false
}

func otherType(v any) any {
	switch v.(type) {
	case string:
		return 42
	case float64:
		return "42"
	case bool:
		return "true"
	}
	return []any{}
}

// deepestObject is the first object at the greatest depth, members in name order.
func deepestObject(root map[string]any) map[string]any {
	best, bestDepth := root, 0
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		switch x := v.(type) {
		case map[string]any:
			if depth > bestDepth {
				best, bestDepth = x, depth
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if !open[k] {
					walk(x[k], depth+1)
				}
			}
		case []any:
			for _, c := range x {
				walk(c, depth+1)
			}
		}
	}
	walk(root, 0)
	return best
}

func slug(path string) string {
	return strings.Trim(strings.NewReplacer("/", "-", "_", "-").Replace(path), "-")
}

func readInstanceBytes(t *testing.T, b []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
