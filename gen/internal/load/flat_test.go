package load

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/internal/reference"
)

// metaPair is draft 2020-12's metaschema and flat2020, compiled as Load
// compiles them (ECMA-262 patterns, formats asserted), and the flatChecker
// that stands for flat2020 where it can; checked counts the documents it
// said were valid.
type metaPair struct {
	real, flat *jsonschema.Schema
	checker    *flatChecker
	checked    *int
}

func newMetaPair(t *testing.T) metaPair {
	t.Helper()
	m := newMetaschemas(&loader{})
	real, err := m.schema(draft2020.url)
	if err != nil {
		t.Fatal(err)
	}
	flat, err := m.flatFor(dialect{draft: draft2020})
	if err != nil || flat == nil {
		t.Fatalf("flat metaschema: %v, %v", flat, err)
	}
	return metaPair{real: real, flat: flat, checker: m.checker, checked: new(int)}
}

// agree fails the test when the two metaschemas' verdicts on v differ; it
// returns the verdict.
func (p metaPair) agree(t *testing.T, what string, v any) bool {
	t.Helper()
	realErr, flatErr := p.real.Validate(v), p.flat.Validate(v)
	if (realErr == nil) != (flatErr == nil) {
		data, _ := json.Marshal(v)
		if len(data) > 300 {
			data = append(data[:300], "…"...)
		}
		t.Errorf("%s: the metaschema says %v, the flat one %v, on %s", what, realErr, flatErr, data)
	}
	if p.checker.schema(v) {
		*p.checked++
		if realErr != nil {
			data, _ := json.Marshal(v)
			t.Errorf("%s: the metaschema says %v, the flatChecker valid, on %.300s", what, realErr, data)
		}
	}
	return realErr == nil
}

// probes are values put in place of each keyword's: one of each JSON type,
// and the edge values the metaschema tells apart (negative, fractional and
// zero numbers, empty and repeated arrays, strings that are or are not URIs,
// anchors and ECMA-262 patterns).
var probes = []string{
	`null`, `true`, `false`, `0`, `1`, `-1`, `1.5`, `1.0`, `-0.5`, `1e400`, `""`, `"x"`, `"string"`,
	`"#"`, `"#/a"`, `"a#b"`, `"http://x/y"`, `"http://x/y#"`, `"http://x/y#f"`, `"x:y"`, `"http://[::1"`,
	`"%zz"`, `"a b"`, `"_a-b.c"`, `"1a"`, `"["`, `"a{2}"`, `"\\p{L}"`, `"(?<n>a)"`, `[]`, `[1]`, `["a"]`,
	`["a","a"]`, `["a","b"]`, `["string"]`, `["string","string"]`, `["integer","null"]`, `["nope"]`,
	`[{}]`, `[true,false]`, `[{"type":1}]`, `{}`, `{"a":{}}`, `{"a":1}`, `{"a":true}`, `{"a":["b"]}`,
	`{"a":["b","b"]}`, `{"a":{"type":"nope"}}`, `{"[":{}}`, `{"http://x/y":true}`, `{"x":true}`,
	`{"type":"string"}`, `{"minLength":-1}`, `{"$ref":"#"}`,
	`"#/$defs/a~1b_c.d"`, `"a.json#/$defs/x"`, `"a#b#c"`, `"//x"`, `"//[::1"`, `"a\\b"`, `"#a%2"`, `["null"]`,
}

// keywords2020 are the keywords draft 2020-12's metaschema says something
// about, and a few it does not.
var keywords2020 = []string{
	"$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
	"prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
	"dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
	"unevaluatedItems", "unevaluatedProperties", "type", "const", "enum", "multipleOf", "maximum",
	"exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
	"minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
	"dependentRequired", "title", "description", "default", "deprecated", "readOnly", "writeOnly",
	"examples", "format", "contentEncoding", "contentMediaType", "contentSchema", "definitions",
	"dependencies", "$recursiveAnchor", "$recursiveRef", "x-unknown", "id",
}

// mutate checks every keyword set to every probe, on base and nested one
// level down (under properties, items and $defs), where the flat metaschema's
// $ref "#" stands for the metaschema's $dynamicRef "#meta".
func (p metaPair) mutate(t *testing.T, what string, base map[string]any) (valid, invalid int) {
	t.Helper()
	for _, kw := range keywords2020 {
		for _, probe := range probes {
			v, err := decodeJSON([]byte(probe))
			if err != nil {
				t.Fatal(err)
			}
			s := clone(base)
			s[kw] = v
			for _, doc := range []any{
				s,
				map[string]any{"properties": map[string]any{"p": s}},
				map[string]any{"items": s},
				map[string]any{"$defs": map[string]any{"d": s}},
				map[string]any{"allOf": []any{true, s}},
			} {
				if p.agree(t, what+" with "+kw+": "+probe, doc) {
					valid++
				} else {
					invalid++
				}
			}
		}
	}
	return valid, invalid
}

func clone(m map[string]any) map[string]any {
	c := make(map[string]any, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	return c
}

// TestFlatMetaschemaAgrees: flat2020 gives draft 2020-12's metaschema's
// verdict on each keyword set to each probe value, at the top and nested.
func TestFlatMetaschemaAgrees(t *testing.T) {
	p := newMetaPair(t)
	valid, invalid := p.mutate(t, "{}", map[string]any{})
	v2, i2 := p.mutate(t, `{"type":"object"}`, map[string]any{"type": "object", "properties": map[string]any{"a": true}})
	valid, invalid = valid+v2, invalid+i2
	for _, v := range []any{true, false, nil, 1.0, "x", []any{}} {
		p.agree(t, "a non-schema", v)
	}
	// Both verdicts must occur often, or the comparison says little; and
	// the flatChecker must decide most valid documents itself.
	if valid < 1000 || invalid < 1000 {
		t.Errorf("%d valid, %d invalid documents: the probes do not exercise both verdicts", valid, invalid)
	}
	if *p.checked < valid/2 {
		t.Errorf("the flatChecker decided %d of %d valid documents", *p.checked, valid)
	}
}

// TestFlatMetaschemaAgreesOnReference: the same on every schema of the
// JSON-Schema-Test-Suite's draft 2020-12 tests, every instance in them taken
// as a schema, and every SchemaStore schema.
func TestFlatMetaschemaAgreesOnReference(t *testing.T) {
	suite := reference.Require(t, reference.JSONSchemaTestSuite)
	store := reference.Require(t, reference.SchemaStore)
	p := newMetaPair(t)
	var valid, invalid int
	count := func(ok bool) {
		if ok {
			valid++
		} else {
			invalid++
		}
	}
	err := filepath.WalkDir(filepath.Join(suite, "tests", "draft2020-12"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		var groups []struct {
			Schema any `json:"schema"`
			Tests  []struct {
				Data any `json:"data"`
			} `json:"tests"`
		}
		if err := readJSON(path, &groups); err != nil {
			return err
		}
		for i, g := range groups {
			count(p.agree(t, path+" schema "+strings.Repeat("#", i), g.Schema))
			for _, test := range g.Tests {
				count(p.agree(t, path+" data", test.Data))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(store, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") || !strings.Contains(filepath.ToSlash(path), "/_schemas/") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		v, err := decodeJSON(data)
		if err != nil {
			return nil // not JSON: not a schema either
		}
		count(p.agree(t, path, v))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d valid (%d decided by the flatChecker), %d invalid", valid, *p.checked, invalid)
	if valid < 1000 || invalid < 1000 {
		t.Errorf("%d valid, %d invalid documents: the corpus does not exercise both verdicts", valid, invalid)
	}
}

// readJSON decodes the file at path into v, numbers as json.Number as
// decodeJSON reads them.
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}
