package bundle

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/schemas"
)

var update = flag.Bool("update", false, "rewrite testdata/*.bundle.json from the bundler")

const (
	toolSchema = "../../schemas/examples/search-output.json"
	examples   = "../../schemas/examples"
	golden     = "testdata/search-output.bundle.json"
)

func bundleSearch(t *testing.T) []byte {
	t.Helper()
	b, err := Bundle(Options{Input: toolSchema})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// noLoader fails every load: a schema must resolve from what was added.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) { return nil, fmt.Errorf("no network: %s", url) }

func newCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.UseLoader(noLoader{})
	return c
}

func decode(t *testing.T, b []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// compileAlone compiles a bundle with no other resource registered.
func compileAlone(t *testing.T, b []byte) *jsonschema.Schema {
	t.Helper()
	doc := decode(t, b)
	id, _ := doc.(map[string]any)["$id"].(string)
	c := newCompiler()
	if err := c.AddResource(id, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(id)
	if err != nil {
		t.Fatalf("the bundle does not compile on its own: %v", err)
	}
	return s
}

// compileUnbundled compiles the tool schema the way schemas_test does: every
// canonical schema and the tool schema registered by $id.
func compileUnbundled(t *testing.T, tool string) *jsonschema.Schema {
	t.Helper()
	c := newCompiler()
	added := map[string]bool{}
	add := func(b []byte) string {
		doc := decode(t, b)
		id := doc.(map[string]any)["$id"].(string)
		if added[id] {
			return id // the tool schema is a canonical one
		}
		added[id] = true
		if err := c.AddResource(id, doc); err != nil {
			t.Fatal(err)
		}
		return id
	}
	for _, name := range schemas.Files() {
		b, err := fs.ReadFile(schemas.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		add(b)
	}
	b, err := os.ReadFile(tool)
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(add(b))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSelfContained(t *testing.T) {
	b := bundleSearch(t)
	compileAlone(t, b)
	var root map[string]any
	if err := json.Unmarshal(b, &root); err != nil {
		t.Fatal(err)
	}
	if root["type"] != "object" {
		t.Errorf("root type = %v, want object", root["type"])
	}
	if id, _ := root["$id"].(string); CheckID(id) != nil || id != "https://example.com/search-output.json" {
		t.Errorf("root $id = %q, want the tool schema's absolute $id", id)
	}
	if root["$schema"] != Draft {
		t.Errorf("root $schema = %v", root["$schema"])
	}
	defs, _ := root["$defs"].(map[string]any)
	for _, want := range []string{"envelope", "error", "error_code", "meta", "meta_pagination", "provenance_digest", "search_results", "hit", "warning"} {
		if defs[want] == nil {
			t.Errorf("no $defs/%s", want)
		}
	}
	walkJSON(root, "", func(ptr, key string, v any) {
		switch key {
		case "$id", "$schema":
			if ptr != "/"+key {
				t.Errorf("%s at %s: only the root may have it", key, ptr)
			}
		case "$dynamicRef", "$dynamicAnchor", "$anchor", "$recursiveRef", "definitions":
			t.Errorf("%s at %s", key, ptr)
		case "$ref":
			if s, _ := v.(string); !strings.HasPrefix(s, "#/$defs/") && s != "#" {
				t.Errorf("$ref %q at %s is not local", v, ptr)
			}
		}
	})
}

// walkJSON calls fn for every member of every object in v.
func walkJSON(v any, ptr string, fn func(ptr, key string, v any)) {
	switch v := v.(type) {
	case map[string]any:
		for k, child := range v {
			p := ptr + "/" + escape(k)
			fn(p, k, child)
			walkJSON(child, p, fn)
		}
	case []any:
		for i, child := range v {
			walkJSON(child, fmt.Sprintf("%s/%d", ptr, i), fn)
		}
	}
}

func TestGolden(t *testing.T) {
	got := bundleSearch(t)
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./gen/bundle -run TestGolden -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the bundle of %s differs from %s; if the change is intended, run\n\tgo test ./gen/bundle -run TestGolden -update\nand review the diff", toolSchema, golden)
	}
	if again := bundleSearch(t); !bytes.Equal(got, again) {
		t.Error("two runs give different bytes")
	}
}

// TestEquivalence checks that the bundle says what the unbundled schemas say:
// every example instance, as it is and with its data replaced by a payload
// that fits the tool, gets the same leaf violations from both.
func TestEquivalence(t *testing.T) {
	bundled := compileAlone(t, bundleSearch(t))
	unbundled := compileUnbundled(t, toolSchema)
	fits := map[string]any{"hits": []any{map[string]any{"chunk_id": json.Number("7"), "score": json.Number("0.5"), "rank": json.Number("1")}}}
	var n, searchValid, searchInvalid int
	for _, dir := range []string{"valid", "invalid"} {
		files, err := filepath.Glob(filepath.Join(examples, dir, "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no examples in %s/%s: %v", examples, dir, err)
		}
		for _, file := range files {
			base := filepath.Base(file)
			if strings.HasPrefix(base, "request-") || strings.HasPrefix(base, "provenance-") {
				continue // other schemas
			}
			instance := readExample(t, file, dir == "invalid")
			variants := map[string]any{"as written": instance}
			if m, ok := instance.(map[string]any); ok && m["data"] != nil {
				wrapped := clone(m)
				wrapped["data"] = fits
				variants["with a fitting payload"] = wrapped
			}
			for name, v := range variants {
				n++
				want := violations(unbundled.Validate(v))
				got := violations(bundled.Validate(v))
				if !slices.Equal(got, want) {
					t.Errorf("%s (%s):\n bundle    %v\n unbundled %v", file, name, got, want)
				}
				if strings.HasPrefix(base, "search-output-") && name == "as written" {
					switch {
					case dir == "valid" && len(got) == 0:
						searchValid++
					case dir == "invalid" && len(got) > 0:
						searchInvalid++
					default:
						t.Errorf("%s: the bundle says %v", file, got)
					}
				}
			}
		}
	}
	if searchValid < 3 || searchInvalid < 5 {
		t.Errorf("checked %d valid and %d invalid search-output examples, want all of them", searchValid, searchInvalid)
	}
	t.Logf("%d instances, same verdicts", n)
}

// TestPayloadViolation: a payload that breaks the tool's payload schema but
// would pass the open envelope is rejected by both, at /data.
func TestPayloadViolation(t *testing.T) {
	bundled := compileAlone(t, bundleSearch(t))
	unbundled := compileUnbundled(t, toolSchema)
	instance := decode(t, []byte(`{"success": true, "data": {"hits": [{"chunk_id": 1, "score": 2, "rank": 1}], "extra": true}}`))
	want := []violation{{"/data", "additionalProperties"}, {"/data/hits/0/score", "maximum"}}
	for name, s := range map[string]*jsonschema.Schema{"bundle": bundled, "unbundled": unbundled} {
		if got := violations(s.Validate(instance)); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
}

func readExample(t *testing.T, file string, invalid bool) any {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if invalid {
		var ex struct {
			Instance json.RawMessage `json:"instance"`
		}
		if err := json.Unmarshal(b, &ex); err != nil {
			t.Fatal(err)
		}
		b = ex.Instance
	}
	return decode(t, b)
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// violation is one leaf error: where in the instance, and which keyword.
type violation struct{ InstancePath, Keyword string }

// violations returns the leaf errors of err as a sorted set, as
// schemas/schemas_test.go reads them.
func violations(err error) []violation {
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []violation{{Keyword: "not a validation error: " + err.Error()}}
	}
	var out []violation
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		keyword := "false"
		if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
			keyword = kp[len(kp)-1]
		}
		var p strings.Builder
		for _, tok := range e.InstanceLocation {
			p.WriteString("/" + escape(tok))
		}
		out = append(out, violation{p.String(), keyword})
	}
	walk(ve)
	slices.SortFunc(out, func(a, b violation) int {
		if c := strings.Compare(a.InstancePath, b.InstancePath); c != 0 {
			return c
		}
		return strings.Compare(a.Keyword, b.Keyword)
	})
	return slices.Compact(out)
}

// TestCanonicalSchemas bundles each canonical schema on its own and checks
// that the bundle gives the same violations as the unbundled schema: to the
// examples checked against it, and to the parts of every envelope example
// that it describes (/error, /meta, each of /warnings, /provenance).
func TestCanonicalSchemas(t *testing.T) {
	type instance struct {
		name  string
		value any
	}
	parts := map[string][]instance{} // schema file → instances
	for _, dir := range []string{"valid", "invalid"} {
		files, err := filepath.Glob(filepath.Join(examples, dir, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			v := readExample(t, file, dir == "invalid")
			switch base := filepath.Base(file); {
			case strings.HasPrefix(base, "request-"):
				parts["request.json"] = append(parts["request.json"], instance{file, v})
			case strings.HasPrefix(base, "provenance-"):
				parts["provenance.json"] = append(parts["provenance.json"], instance{file, v})
			default:
				parts["envelope.json"] = append(parts["envelope.json"], instance{file, v})
				m, _ := v.(map[string]any)
				for member, schema := range map[string]string{"error": "error.json", "meta": "meta.json", "provenance": "provenance.json"} {
					if part, ok := m[member]; ok {
						parts[schema] = append(parts[schema], instance{file + "#/" + member, part})
					}
				}
				warnings, _ := m["warnings"].([]any)
				for i, w := range warnings {
					parts["warning.json"] = append(parts["warning.json"], instance{fmt.Sprintf("%s#/warnings/%d", file, i), w})
				}
			}
		}
	}
	for _, name := range schemas.Files() {
		t.Run(name, func(t *testing.T) {
			b, err := Bundle(Options{Input: "../../schemas/" + name})
			if err != nil {
				t.Fatal(err)
			}
			walkJSON(decode(t, b), "", func(ptr, key string, _ any) {
				if key == "$dynamicRef" || key == "$dynamicAnchor" {
					t.Errorf("the bundle of %s keeps %s at %s", name, key, ptr)
				}
			})
			bundled := compileAlone(t, b)
			unbundled := compileUnbundled(t, "../../schemas/"+name)
			if len(parts[name]) < 5 {
				t.Fatalf("only %d instances for %s", len(parts[name]), name)
			}
			for _, in := range parts[name] {
				if got, want := violations(bundled.Validate(in.value)), violations(unbundled.Validate(in.value)); !slices.Equal(got, want) {
					t.Errorf("%s:\n bundle    %v\n unbundled %v", in.name, got, want)
				}
			}
			t.Logf("%d instances", len(parts[name]))
		})
	}
}
