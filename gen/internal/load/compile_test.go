package load

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/internal/reference"
	"github.com/envgen/envgen/schemas"
)

// The compiler follows jsonschema.Compiler keyword for keyword (compile.go).
// These tests hold it to that: over the JSON-Schema-Test-Suite of every draft
// envgen reads, the published schemas of the seed conventions, the MCP
// specification's schema, envgen's own schemas and the golden cases' inputs,
// both compile every schema location, and the graphs they build must agree
// in every exported field; where one refuses a document, so must the other.

// corpus is a set of documents compiled together.
type corpus struct {
	name   string
	docs   map[string]any // by URL
	refMap map[string]string
}

func TestCompileAgreesWithSanthosh(t *testing.T) {
	mcpSpec := reference.Require(t, reference.MCPSpec)
	upstreamDir := reference.Require(t, reference.Upstream)
	var corpora []corpus
	suite := reference.Require(t, reference.JSONSchemaTestSuite)
	remotes := map[string]string{"http://localhost:1234/": filepath.Join(suite, "remotes")}
	// The suite has draft 2020-12 tests only; read in each older draft as
	// well (where a schema names none, or 2020-12), they exercise that
	// draft's rules: $ref hiding its siblings, items arrays, boolean
	// exclusiveMaximum, id anchors.
	for _, schema := range []string{
		"https://json-schema.org/draft/2020-12/schema",
		"https://json-schema.org/draft/2019-09/schema",
		"http://json-schema.org/draft-07/schema#",
		"http://json-schema.org/draft-06/schema#",
		"http://json-schema.org/draft-04/schema#",
	} {
		corpora = append(corpora, suiteCorpora(t, filepath.Join(suite, "tests", "draft2020-12"), schema, remotes)...)
	}
	files := map[string][]string{}
	upstream, _ := filepath.Glob(filepath.Join(upstreamDir, "*", "*.json"))
	for _, p := range upstream {
		project := filepath.Base(filepath.Dir(p))
		files[project] = append(files[project], p)
	}
	files["mcp-spec"] = []string{filepath.Join(mcpSpec, "schema.2026-07-28.json")}
	for _, name := range sortedKeys(files) {
		corpora = append(corpora, fileCorpus(t, name, files[name]))
	}
	corpora = append(corpora, canonicalCorpus(t))
	corpora = append(corpora, goldenCorpora(t)...)
	for i, doc := range olderDrafts {
		corpora = append(corpora, docsCorpus(t, fmt.Sprintf("olderDrafts[%d]", i), remotes,
			map[string]string{fmt.Sprintf("http://envgen.test/older/%d.json", i): doc}))
	}
	for i, docs := range dialects {
		corpora = append(corpora, docsCorpus(t, fmt.Sprintf("dialects[%d]", i), remotes, docs))
	}
	if len(corpora) < 1000 {
		t.Fatalf("only %d corpora: is the test suite complete?", len(corpora))
	}

	var locations, refused, unsupported, differences int
	for _, c := range corpora {
		n, diffs := compareCompilers(t, c)
		locations += n
		if len(diffs) == 1 && diffs[0] == refusedByBoth {
			refused++
			continue
		}
		if len(diffs) == 1 && diffs[0] == refusedByDesign {
			unsupported++
			continue
		}
		for _, d := range diffs {
			differences++
			if differences <= 20 {
				t.Errorf("%s: %s", c.name, d)
			}
		}
	}
	t.Logf("%d corpora (%d refused by both compilers, %d by envgen for an unsupported keyword), %d schema locations compiled by both; %d differences",
		len(corpora), refused, unsupported, locations, differences)
	if locations < 5000 {
		t.Errorf("only %d schema locations compared", locations)
	}
}

func docsCorpus(t *testing.T, name string, refMap map[string]string, docs map[string]string) corpus {
	c := corpus{name: name, docs: map[string]any{}, refMap: refMap}
	for u, text := range docs {
		v, err := decodeJSON([]byte(text))
		if err != nil {
			t.Fatalf("%s %s: %v", name, u, err)
		}
		c.docs[u] = v
	}
	return c
}

// dialects mix drafts in one document and use metaschemas of their own.
var dialects = []map[string]string{
	{"http://envgen.test/d/a.json": `{"$defs": {"e": {"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "http://envgen.test/d/e.json", "items": [{"type": "string"}], "additionalItems": false}}}`},
	{"http://envgen.test/d/b.json": `{"$schema": "http://json-schema.org/draft-04/schema#", "definitions": {"e":
		{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "http://envgen.test/d/e.json",
		 "exclusiveMinimum": 5, "prefixItems": [true]}}}`},
	{"http://envgen.test/d/c.json": `{"$defs": {"e": {"$schema": "http://json-schema.org/draft-04/schema#",
		"id": "http://envgen.test/d/e.json", "properties": {"a": {"exclusiveMaximum": true, "maximum": 3}}}}}`},
	{"http://envgen.test/d/d.json": `{"$defs": {"e": {"$schema": "http://json-schema.org/draft-04/schema#",
		"id": "http://envgen.test/d/e.json", "properties": {"a": true}}}}`},
	{ // a permissive metaschema of its own: the vocabularies' metaschemas still apply
		"http://envgen.test/d/e.json":    `{"$schema": "http://envgen.test/d/meta.json", "type": "foo", "minLength": "x"}`,
		"http://envgen.test/d/meta.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema"}`,
	},
	{ // $schema where no resource starts is not read, vocabularies and all
		"http://envgen.test/d/f.json": `{"properties": {"p": {"$schema": "http://envgen.test/d/meta.json", "type": "string"}}}`,
		"http://envgen.test/d/meta.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$vocabulary": {"http://envgen.test/vocab/unknown": true}}`,
	},
	{ // a metaschema without $schema is in the draft of the resource that names it
		"http://envgen.test/d/g.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"e":
			{"$id": "http://envgen.test/d/ge.json", "$schema": "http://envgen.test/d/meta.json",
			 "items": [{"type": "string"}], "additionalItems": false}}}`,
		"http://envgen.test/d/meta.json": `{"type": ["object", "boolean"]}`,
	},
	{ // a vocabulary turned off: its keywords are not compiled
		"http://envgen.test/d/h.json": `{"$schema": "http://envgen.test/d/meta.json", "minimum": 3, "type": "integer",
			"properties": {"a": {"maxLength": 2}}}`,
		"http://envgen.test/d/meta.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
			                "https://json-schema.org/draft/2020-12/vocab/applicator": true}}`,
	},
	{ // each vocabulary's metaschema is checked, not only the first (core): applicator's refuses an empty prefixItems
		"http://envgen.test/d/i.json": `{"$schema": "http://envgen.test/d/meta.json", "prefixItems": []}`,
		"http://envgen.test/d/meta.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema",
			"$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
			                "https://json-schema.org/draft/2020-12/vocab/applicator": true}}`,
	},
}

// olderDrafts use what the suite, read in an older draft, does not reach.
var olderDrafts = []string{
	`{"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://envgen.test/d4.json",
	  "definitions": {"a": {"id": "#alpha", "type": "integer", "maximum": 10, "exclusiveMaximum": true,
	                        "minimum": 1, "exclusiveMinimum": false},
	                  "b": {"$ref": "#alpha", "id": "#hidden", "description": "hidden"}},
	  "properties": {"x": {"$ref": "#alpha"}, "y": {"$ref": "#/definitions/b"}}}`,
	`{"$schema": "http://json-schema.org/draft-07/schema#",
	  "definitions": {"pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}],
	                           "additionalItems": false},
	                  "open": {"items": [{"const": 1}], "additionalItems": {"type": "boolean"}},
	                  "list": {"items": {"$ref": "#/definitions/pair"}, "contains": {"const": 2}},
	                  "deps": {"dependencies": {"a": ["b", "c"], "d": {"required": ["e"]}},
	                           "propertyNames": {"maxLength": 3}},
	                  "cond": {"if": true, "then": {"const": 1}, "else": {"const": 2}},
	                  "condFalse": {"if": false, "then": {"const": 1}, "else": {"const": 2}},
	                  "fmt": {"type": "string", "format": "email", "readOnly": true, "examples": ["a@b.c"],
	                          "$comment": "kept"},
	                  "refd": {"$ref": "#/definitions/fmt", "$id": "http://envgen.test/ignored.json",
	                           "format": "uri", "const": 3}},
	  "$ref": "#/definitions/list"}`,
	`{"$schema": "http://json-schema.org/draft-06/schema#",
	  "definitions": {"c": {"const": null, "contains": {"type": "null"}, "propertyNames": {"pattern": "^a"},
	                        "examples": [1], "if": {"type": "string"}}},
	  "properties": {"c": {"$ref": "#/definitions/c"}}}`,
	`{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "http://envgen.test/d2019.json",
	  "$defs": {"node": {"$anchor": "node", "type": "object", "deprecated": true,
	                     "properties": {"next": {"$ref": "#node"}},
	                     "dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {"minProperties": 2}},
	                     "unevaluatedProperties": false, "format": "date",
	                     "items": [{"type": "string"}], "additionalItems": false,
	                     "minContains": 2, "contains": {"type": "integer"}},
	            "d7": {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "http://envgen.test/d7.json",
	                   "definitions": {"x": {"$ref": "#/definitions/y", "maximum": 3}, "y": {"type": "number"}},
	                   "$ref": "#/definitions/x"}},
	  "properties": {"n": {"$ref": "#node"}, "o": {"$ref": "d7.json"}}}`,
	// refused by both: an id beside a $ref declares no anchor
	`{"$schema": "http://json-schema.org/draft-04/schema#",
	  "definitions": {"b": {"$ref": "#/definitions/c", "id": "#hidden"}, "c": {}},
	  "properties": {"x": {"$ref": "#hidden"}}}`,
	`{"$schema": "http://localhost:1234/draft2020-12/metaschema-no-validation.json",
	  "$id": "http://envgen.test/dialect.json",
	  "properties": {"a": {"minimum": 5, "type": "integer"}, "b": {"$dynamicRef": "#meta"}},
	  "$dynamicAnchor": "meta", "format": "uuid"}`,
}

// suiteCorpora makes one corpus of each test group's schema, written in the
// given draft unless it names one other than 2020-12.
func suiteCorpora(t *testing.T, dir, schema string, refMap map[string]string) []corpus {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no tests in %s", dir)
	}
	var out []corpus
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var groups []struct {
			Schema json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for i, g := range groups {
			doc, err := decodeJSON(g.Schema)
			if err != nil {
				t.Fatalf("%s #%d: %v", p, i, err)
			}
			if obj, ok := doc.(map[string]any); ok && (obj["$schema"] == nil || obj["$schema"] == draft2020.url) {
				obj["$schema"] = schema
			}
			name := fmt.Sprintf("%s#%d as %s", filepath.Base(p), i, schema)
			u := compileURL(fmt.Sprintf("/suite/%s/%d.json", filepath.Base(p), i), doc)
			out = append(out, corpus{name: name, docs: map[string]any{u: doc}, refMap: refMap})
		}
	}
	return out
}

func fileCorpus(t *testing.T, name string, paths []string) corpus {
	c := corpus{name: name, docs: map[string]any{}}
	for _, p := range paths {
		doc, _, err := readFile(filepath.ToSlash(p))
		if err != nil {
			t.Fatal(err)
		}
		c.docs[compileURL(filepath.ToSlash(p), doc)] = doc
	}
	return c
}

// goldenCorpora are the inputs of the golden cases, with the canonical
// schemas, as the generator sees them. Only inputs and ref_map of a case's
// envgen.yaml matter here, read with yaml directly: gen/config, which the
// golden harness reads them with, imports gen and so this package.
func goldenCorpora(t *testing.T) []corpus {
	cases, err := filepath.Glob(filepath.Join("..", "..", "..", "golden", "*", "envgen.yaml"))
	if err != nil || len(cases) < 25 {
		t.Fatalf("golden cases: %d found (%v)", len(cases), err)
	}
	canonical := canonicalCorpus(t)
	var out []corpus
	for _, p := range cases {
		dir := filepath.Dir(p)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var opts struct {
			Inputs []string          `yaml:"inputs"`
			RefMap map[string]string `yaml:"ref_map"`
		}
		if err := yaml.Unmarshal(data, &opts); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		c := corpus{name: "golden/" + filepath.Base(dir), docs: map[string]any{}, refMap: map[string]string{}}
		for u, doc := range canonical.docs {
			c.docs[u] = doc
		}
		for prefix, d := range opts.RefMap {
			c.refMap[prefix] = filepath.Join(dir, d)
		}
		for _, in := range opts.Inputs {
			doc, _, err := readFile(filepath.ToSlash(filepath.Join(dir, in)))
			if err != nil {
				continue // the error cases' unreadable inputs: TestGolden checks their messages
			}
			c.docs[compileURL(filepath.ToSlash(filepath.Join(dir, in)), doc)] = doc
		}
		out = append(out, c)
	}
	return out
}

func canonicalCorpus(t *testing.T) corpus {
	c := corpus{name: "envgen:schemas", docs: map[string]any{}}
	names, err := fs.Glob(schemas.FS, "*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no embedded schemas: %v", err)
	}
	for _, n := range names {
		data, _ := fs.ReadFile(schemas.FS, n)
		doc, err := decodeJSON(data)
		if err != nil {
			t.Fatal(err)
		}
		c.docs[compileURL(n, doc)] = doc
	}
	return c
}

// compareCompilers compiles every schema location of the corpus's documents
// with both compilers and compares what they built. It returns how many
// locations it compiled and the differences.
func compareCompilers(t *testing.T, c corpus) (int, []string) {
	newLoader := func() *loader {
		l := &loader{set: &Set{docs: map[string]*document{}}, refMap: normalizeRefMap(c.refMap), byURL: map[string]*document{}}
		for u, doc := range c.docs {
			l.byURL[u] = &document{path: u, doc: doc}
		}
		return l
	}
	ours := newCompiler(newLoader())
	theirs := jsonschema.NewCompiler()
	theirs.UseLoader(newLoader())
	theirs.UseRegexpEngine(ecmaEngine)

	cmp := &comparison{paired: map[*jsonschema.Schema]*jsonschema.Schema{}, docs: c.docs}
	n := 0
	for _, u := range sortedKeys(c.docs) {
		var ptrs []string
		walkSchemas(c.docs[u], func(ptr func() string, _ map[string]any, _ uint64) { ptrs = append(ptrs, ptr()) })
		for _, ptr := range ptrs {
			a, errA := ours.compile(u, ptr)
			b, errB := theirs.Compile(u + "#" + (&url.URL{Fragment: ptr}).EscapedFragment())
			var me *model.Error
			switch {
			case errA != nil && errB != nil:
				return n, []string{refusedByBoth} // both refuse the document
			case errB == nil && errors.As(errA, &me) && strings.HasPrefix(me.Message, "unsupported keyword ") && readsRecursion(c.docs[u]):
				return n, []string{refusedByDesign}
			case errA != nil || errB != nil:
				return n, []string{fmt.Sprintf("%s#%s: envgen says %v; santhosh-tekuri says %v", u, ptr, errA, errB)}
			}
			cmp.schema(a, b)
			n++
		}
	}
	return n, cmp.diffs
}

// readsRecursion reports whether doc declares draft 2019-09 or no draft: the
// documents envgen refuses $recursiveRef and $recursiveAnchor in.
func readsRecursion(doc any) bool {
	obj, _ := doc.(map[string]any)
	d, ok := obj["$schema"]
	return !ok || d == draft2019.url || d == draft2019.url+"#"
}

// refusedByBoth marks a corpus both compilers refuse; refusedByDesign one
// with a keyword envgen refuses to generate code for (refused, 2019-09's
// recursion) that santhosh-tekuri compiles.
const (
	refusedByBoth   = "refused by both"
	refusedByDesign = "unsupported keyword"
)

type comparison struct {
	paired map[*jsonschema.Schema]*jsonschema.Schema
	docs   map[string]any
	diffs  []string
}

func (c *comparison) fail(a *jsonschema.Schema, field, format string, args ...any) {
	c.diffs = append(c.diffs, fmt.Sprintf("%s %s: %s", a.Location, field, fmt.Sprintf(format, args...)))
}

// schema compares two compiled schemas field by field, and what they reach.
func (c *comparison) schema(a, b *jsonschema.Schema) {
	if (a == nil) != (b == nil) {
		c.diffs = append(c.diffs, fmt.Sprintf("one compiler has a schema the other has not: %v / %v", a, b))
		return
	}
	if a == nil {
		return
	}
	if prev, ok := c.paired[a]; ok {
		if prev != b {
			c.fail(a, "", "reached as %s and as %s", prev.Location, b.Location)
		}
		return
	}
	c.paired[a] = b
	if a.Location != b.Location {
		c.fail(a, "Location", "santhosh-tekuri has %s", b.Location)
	}
	// Before draft 2019-09 a $ref hides its siblings. santhosh-tekuri
	// still compiles the draft-06 and draft-07 keywords beside it (if,
	// const, examples and the like); envgen keeps none of them.
	hidden := a.DraftVersion < 2019 && a.Ref != nil
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := range va.NumField() {
		f := va.Type().Field(i)
		if !f.IsExported() {
			continue
		}
		if hidden && f.Name != "Ref" && f.Name != "DraftVersion" && f.Name != "Location" {
			if !va.Field(i).IsZero() {
				c.fail(a, f.Name, "set beside a $ref that hides it")
			}
			continue
		}
		c.field(a, f.Name, va.Field(i).Interface(), vb.Field(i).Interface())
	}
}

func (c *comparison) field(s *jsonschema.Schema, name string, x, y any) {
	switch x := x.(type) {
	case *jsonschema.Schema:
		if y := y.(*jsonschema.Schema); (x == nil) != (y == nil) {
			c.fail(s, name, "%v against %v", locationOf(x), locationOf(y))
		} else {
			c.schema(x, y)
		}
	case []*jsonschema.Schema:
		ys := y.([]*jsonschema.Schema)
		if len(x) != len(ys) {
			c.fail(s, name, "%d schemas against %d", len(x), len(ys))
			return
		}
		for i := range x {
			c.schema(x[i], ys[i])
		}
	case map[string]*jsonschema.Schema:
		ys := y.(map[string]*jsonschema.Schema)
		if !reflect.DeepEqual(sortedKeys(x), sortedKeys(ys)) || (x == nil) != (ys == nil) {
			c.fail(s, name, "members %v against %v", sortedKeys(x), sortedKeys(ys))
			return
		}
		for k := range x {
			c.schema(x[k], ys[k])
		}
	case map[jsonschema.Regexp]*jsonschema.Schema:
		c.field(s, name, byPattern(x), byPattern(y.(map[jsonschema.Regexp]*jsonschema.Schema)))
	case map[string]any: // Dependencies
		ys := y.(map[string]any)
		if !reflect.DeepEqual(sortedKeys(x), sortedKeys(ys)) || (x == nil) != (ys == nil) {
			c.fail(s, name, "members %v against %v", sortedKeys(x), sortedKeys(ys))
			return
		}
		for k := range x {
			c.field(s, name+"/"+k, x[k], ys[k])
		}
	case *jsonschema.DynamicRef:
		yd := y.(*jsonschema.DynamicRef)
		if (x == nil) != (yd == nil) {
			c.fail(s, name, "%v against %v", x, yd)
		} else if x != nil {
			if x.Anchor != yd.Anchor {
				c.fail(s, name, "anchor %q against %q", x.Anchor, yd.Anchor)
			}
			c.schema(x.Ref, yd.Ref)
		}
	case *jsonschema.Types:
		yt := y.(*jsonschema.Types)
		if (x == nil) != (yt == nil) || (x != nil && !reflect.DeepEqual(x.ToStrings(), yt.ToStrings())) {
			c.fail(s, name, "%v against %v", x, yt)
		}
	case *jsonschema.Enum:
		ye := y.(*jsonschema.Enum)
		if (x == nil) != (ye == nil) || (x != nil && !reflect.DeepEqual(x.Values, ye.Values)) {
			c.fail(s, name, "%v against %v", x, ye)
		}
	case *big.Rat:
		yr := y.(*big.Rat)
		if (x == nil) != (yr == nil) || (x != nil && x.Cmp(yr) != 0) {
			c.fail(s, name, "%v against %v", x, yr)
		}
	case *jsonschema.Format:
		// envgen keeps every format's name, asserted or not; santhosh-tekuri
		// keeps the formats it asserts, which package lower reads from the
		// document before.
		want := ""
		if yf := y.(*jsonschema.Format); yf != nil {
			want = yf.Name
		} else if s.Ref == nil || s.DraftVersion >= 2019 {
			want, _ = c.raw(s)["format"].(string)
		}
		if x != nil && want == "" && isMetaschema(s.Location) {
			return // the drafts' documents are compiled by santhosh-tekuri, asserting formats (meta.go)
		}
		got := ""
		if x != nil {
			got = x.Name
		}
		if got != want {
			c.fail(s, name, "%q against %q", got, want)
		}
	default:
		if x == nil && y == nil {
			return
		}
		if rx, ok := x.(jsonschema.Regexp); ok {
			ry, ok := y.(jsonschema.Regexp)
			if !ok || rx.String() != ry.String() {
				c.fail(s, name, "%v against %v", x, y)
			}
			return
		}
		if !reflect.DeepEqual(x, y) {
			c.fail(s, name, "%#v against %#v", x, y)
		}
	}
}

func locationOf(s *jsonschema.Schema) string {
	if s == nil {
		return "none"
	}
	return s.Location
}

func byPattern(m map[jsonschema.Regexp]*jsonschema.Schema) map[string]*jsonschema.Schema {
	if m == nil {
		return nil
	}
	out := map[string]*jsonschema.Schema{}
	for re, s := range m {
		out[re.String()] = s
	}
	return out
}

// raw is the schema object at a compiled schema's location, if the corpus
// has its document.
func (c *comparison) raw(s *jsonschema.Schema) map[string]any {
	u, frag, _ := strings.Cut(s.Location, "#")
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		return nil
	}
	v, _ := lookup(c.docs[u], ptr)
	m, _ := v.(map[string]any)
	return m
}
