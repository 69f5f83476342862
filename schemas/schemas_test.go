package schemas_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/schemas"
)

// The example tool schema that fixes the envelope's payload; see
// examples/README.md for how example files pick the schema they are checked
// against.
const (
	toolSchemaFile = "examples/search-output.json"
	toolSchemaID   = "https://example.com/search-output.json"
)

// wantFiles is the canonical set; a file added or removed must be a decision.
var wantFiles = []string{"envelope.json", "error.json", "meta.json", "provenance.json", "request.json", "warning.json"}

// compile registers every embedded schema and the example tool schema under
// their $id, so that nothing is fetched, and compiles them all.
func compile(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.UseLoader(noLoader{})

	ids := map[string]string{} // file → $id
	for _, name := range schemas.Files() {
		b, err := fs.ReadFile(schemas.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		ids[name] = addResource(t, c, name, b)
	}
	b, err := os.ReadFile(toolSchemaFile)
	if err != nil {
		t.Fatal(err)
	}
	ids[toolSchemaFile] = addResource(t, c, toolSchemaFile, b)

	compiled := map[string]*jsonschema.Schema{}
	for name, id := range ids {
		s, err := c.Compile(id)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		compiled[name] = s
	}
	return compiled
}

func addResource(t *testing.T, c *jsonschema.Compiler, name string, b []byte) string {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	id, _ := doc.(map[string]any)["$id"].(string)
	if id == "" {
		t.Fatalf("%s: no $id", name)
	}
	if err := c.AddResource(id, doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return id
}

// noLoader fails every load: all references must resolve to added resources.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) { return nil, fmt.Errorf("no network: %s", url) }

func TestFiles(t *testing.T) {
	if got := schemas.Files(); !slices.Equal(got, wantFiles) {
		t.Fatalf("Files() = %q, want %q", got, wantFiles)
	}
}

// TestHeaders checks the members every canonical schema's root must have.
func TestHeaders(t *testing.T) {
	for _, name := range schemas.Files() {
		b, err := fs.ReadFile(schemas.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checks := []struct {
			member, want string
		}{
			{"$schema", "https://json-schema.org/draft/2020-12/schema"},
			{"$id", schemas.BaseURI + name},
			{"type", "object"},
		}
		for _, c := range checks {
			if got := doc[c.member]; got != c.want {
				t.Errorf("%s: %s = %v, want %q", name, c.member, got, c.want)
			}
		}
		if title, _ := doc["title"].(string); title == "" || strings.ContainsAny(title, " _-.") {
			t.Errorf("%s: title %q is not one PascalCase word", name, title)
		}
		if doc["additionalProperties"] != false {
			t.Errorf("%s: root is not closed (additionalProperties: false)", name)
		}
	}
}

// TestDescriptions checks that every property, every $defs entry and every
// schema root is described, and that every object we define is closed or an
// explicit map. It skips the constraint-only fragments inside if/then/else.
func TestDescriptions(t *testing.T) {
	files := append(schemas.Files(), toolSchemaFile)
	for _, name := range files {
		doc := readSchema(t, name)
		if doc["description"] == nil {
			t.Errorf("%s: no description", name)
		}
		walkSchema(doc, "", func(ptr string, s map[string]any) {
			if s["type"] == "object" {
				if _, ok := s["additionalProperties"]; !ok {
					t.Errorf("%s#%s: object without additionalProperties", name, ptr)
				}
			}
		}, func(ptr string, s any) {
			if m, ok := s.(map[string]any); !ok || m["description"] == nil {
				t.Errorf("%s#%s: no description", name, ptr)
			}
		})
	}
}

func readSchema(t *testing.T, name string) map[string]any {
	t.Helper()
	var b []byte
	var err error
	if strings.HasPrefix(name, "examples/") {
		b, err = os.ReadFile(name)
	} else {
		b, err = fs.ReadFile(schemas.FS, name)
	}
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

// walkSchema calls each for every schema object reachable through the
// keywords that define types, and described for every property and $defs
// entry, which must carry a description.
func walkSchema(s map[string]any, ptr string, each func(string, map[string]any), described func(string, any)) {
	each(ptr, s)
	for _, kw := range []string{"properties", "$defs"} {
		members, _ := s[kw].(map[string]any)
		for _, k := range sortedKeys(members) {
			p := ptr + "/" + kw + "/" + k
			described(p, members[k])
			if sub, ok := members[k].(map[string]any); ok {
				walkSchema(sub, p, each, described)
			}
		}
	}
	for _, kw := range []string{"items", "additionalProperties"} {
		if sub, ok := s[kw].(map[string]any); ok {
			walkSchema(sub, ptr+"/"+kw, each, described)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// schemaFor picks the schema an example is checked against by its file name;
// see examples/README.md.
func schemaFor(file string) string {
	base := filepath.Base(file)
	switch {
	case strings.HasPrefix(base, "request-"):
		return "request.json"
	case strings.HasPrefix(base, "provenance-"):
		return "provenance.json"
	case strings.HasPrefix(base, "search-output-"):
		return toolSchemaFile
	default:
		return "envelope.json"
	}
}

func exampleFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("examples", dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no examples in examples/%s", dir)
	}
	return files
}

func readInstance(t *testing.T, file string) any {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return v
}

func TestValidExamples(t *testing.T) {
	compiled := compile(t)
	for _, file := range exampleFiles(t, "valid") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			if err := compiled[schemaFor(file)].Validate(readInstance(t, file)); err != nil {
				t.Errorf("%s against %s:\n%v", file, schemaFor(file), err)
			}
		})
	}
}

// violation is one leaf error: where in the instance, and which keyword.
type violation struct {
	InstancePath string `json:"instancePath"`
	Keyword      string `json:"keyword"`
}

// invalidExample is the shape of every file in examples/invalid.
type invalidExample struct {
	Description string          `json:"description"`
	Instance    json.RawMessage `json:"instance"`
	Errors      []violation     `json:"errors"`
}

func TestInvalidExamples(t *testing.T) {
	compiled := compile(t)
	files := exampleFiles(t, "invalid")
	if len(files) < 40 {
		t.Errorf("%d invalid examples, want at least 40", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ex, instance := readInvalid(t, file)
			got := violations(compiled[schemaFor(file)].Validate(instance))
			want := sortViolations(ex.Errors)
			if !slices.Equal(got, want) {
				t.Errorf("%s against %s:\n got %v\nwant %v", file, schemaFor(file), got, want)
			}
		})
	}
}

// readInvalid reads an invalid example strictly, and its instance with the
// validator's own number handling.
func readInvalid(t *testing.T, file string) (invalidExample, any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var ex invalidExample
	if err := dec.Decode(&ex); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if ex.Description == "" || ex.Instance == nil || len(ex.Errors) == 0 {
		t.Fatalf("%s: needs a description, an instance and at least one expected error", file)
	}
	instance, err := jsonschema.UnmarshalJSON(bytes.NewReader(ex.Instance))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return ex, instance
}

// violations returns the leaf errors of err as a sorted set. A leaf is an
// error without causes; its keyword is the last element of its keyword path,
// or "false" for the false schema, which has none.
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
		out = append(out, violation{InstancePath: pointer(e.InstanceLocation), Keyword: keyword})
	}
	walk(ve)
	return sortViolations(out)
}

func sortViolations(vs []violation) []violation {
	vs = slices.Clone(vs)
	slices.SortFunc(vs, func(a, b violation) int {
		if c := strings.Compare(a.InstancePath, b.InstancePath); c != 0 {
			return c
		}
		return strings.Compare(a.Keyword, b.Keyword)
	})
	return slices.Compact(vs)
}

// pointer spells an instance location as an RFC 6901 JSON Pointer.
func pointer(tokens []string) string {
	var b strings.Builder
	for _, tok := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(tok))
	}
	return b.String()
}

// TestToolSchemaFixesData checks the generics: the example tool schema's
// $dynamicAnchor "data" replaces the envelope's open payload. Every invalid
// search-output example fails only under /data, and the same instance is a
// valid plain envelope, so it is the anchor, not the envelope, that rejects it.
func TestToolSchemaFixesData(t *testing.T) {
	compiled := compile(t)
	envelope := compiled["envelope.json"]
	var valid, invalid int
	for _, file := range exampleFiles(t, "valid") {
		if schemaFor(file) == toolSchemaFile {
			valid++
		}
	}
	for _, file := range exampleFiles(t, "invalid") {
		if schemaFor(file) != toolSchemaFile || strings.Contains(filepath.Base(file), "--") {
			continue // (mutated examples break the envelope itself: see mutate_test.go)
		}
		invalid++
		_, instance := readInvalid(t, file)
		vs := violations(compiled[toolSchemaFile].Validate(instance))
		if len(vs) == 0 {
			t.Errorf("%s: accepted by %s, so data is not fixed", file, toolSchemaFile)
		}
		for _, v := range vs {
			if v.InstancePath != "/data" && !strings.HasPrefix(v.InstancePath, "/data/") {
				t.Errorf("%s: violation %v is outside /data", file, v)
			}
		}
		if err := envelope.Validate(instance); err != nil {
			t.Errorf("%s: not a valid plain envelope, so it does not isolate the payload:\n%v", file, err)
		}
	}
	if valid == 0 || invalid == 0 {
		t.Fatalf("want valid and invalid search-output examples, have %d and %d", valid, invalid)
	}
}

// TestMinimalOverhead pins the cost of the smallest envelope around a payload.
func TestMinimalOverhead(t *testing.T) {
	const payload = `{"n":1}`
	doc := `{"success":true,"data":` + payload + `}`
	if err := compile(t)["envelope.json"].Validate(mustUnmarshal(t, doc)); err != nil {
		t.Fatal(err)
	}
	if got := len(doc) - len(payload); got != 24 {
		t.Errorf("overhead = %d bytes, want 24", got)
	}
}

func mustUnmarshal(t *testing.T, s string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestDebugCarriesEveryMetaMember keeps examples/valid/debug.json complete: it
// must hold every member of meta, and every member of each of those, so that a
// member added to meta.json without an example fails here.
func TestDebugCarriesEveryMetaMember(t *testing.T) {
	b, err := os.ReadFile("examples/valid/debug.json")
	if err != nil {
		t.Fatal(err)
	}
	var debug struct {
		Meta map[string]any `json:"meta"`
	}
	if err := json.Unmarshal(b, &debug); err != nil {
		t.Fatal(err)
	}
	for _, missing := range missingMetaMembers(t, debug.Meta) {
		t.Errorf("debug.json has no %s", missing)
	}
}

// notInResponses are the meta members a tool's own response never has, by
// pointer, with the reason.
var notInResponses = map[string]string{
	"/meta/source": "written only by a conversion from another convention (docs/dialects.md), for the way back to it",
}

// missingMetaMembers walks meta.json's properties, and those of every $defs
// entry they reference, and returns the paths (e.g. "/meta/timing/started_at",
// "item in /meta/next_calls") that meta does not carry.
func missingMetaMembers(t *testing.T, meta map[string]any) []string {
	t.Helper()
	metaSchema := readSchema(t, "meta.json")
	defs, _ := metaSchema["$defs"].(map[string]any)
	var missing []string
	var check func(path string, s map[string]any, v any)
	check = func(path string, s map[string]any, v any) {
		if ref, ok := s["$ref"].(string); ok && strings.HasPrefix(ref, "#/$defs/") {
			s, _ = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		}
		if props, ok := s["properties"].(map[string]any); ok {
			obj, _ := v.(map[string]any)
			for _, k := range sortedKeys(props) {
				if _, ok := notInResponses[path+"/"+k]; ok {
					continue
				}
				child, ok := obj[k]
				if !ok {
					missing = append(missing, path+"/"+k)
					continue
				}
				sub, _ := props[k].(map[string]any)
				check(path+"/"+k, sub, child)
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			arr, _ := v.([]any)
			if len(arr) == 0 {
				missing = append(missing, "item in "+path)
				return
			}
			check(path+"/0", items, arr[0])
		}
	}
	check("/meta", metaSchema, meta)
	return missing
}

// TestSeedMappingPointers checks that every schema location the seed mapping
// cites, e.g. `meta.json#/$defs/pagination/properties/cursor`, exists.
func TestSeedMappingPointers(t *testing.T) {
	b, err := os.ReadFile("../docs/seed-mapping.md")
	if err != nil {
		t.Skipf("no seed mapping: %v", err)
	}
	refs := regexp.MustCompile("`([a-z]+\\.json)(#[^`,]*)?`").FindAllStringSubmatch(string(b), -1)
	if len(refs) < 100 {
		t.Fatalf("found %d schema locations in the seed mapping, want at least 100", len(refs))
	}
	docs := map[string]map[string]any{}
	for _, name := range schemas.Files() {
		docs[name] = readSchema(t, name)
	}
	for _, ref := range refs {
		doc, ok := docs[ref[1]]
		if !ok {
			t.Errorf("%s: no such schema", ref[0])
			continue
		}
		if _, ok := resolvePointer(doc, strings.TrimPrefix(ref[2], "#")); !ok {
			t.Errorf("%s: no such location", ref[0])
		}
	}
}

// resolvePointer follows an RFC 6901 JSON Pointer through decoded JSON.
func resolvePointer(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[tok]; !ok {
			return nil, false
		}
	}
	return v, true
}
