package load

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/envgen/envgen/gen/internal/model"
	"go.yaml.in/yaml/v3"
)

// write creates files in a temp dir and changes into it, so that paths in
// messages are short and relative, as a user would see them.
func write(t *testing.T, files map[string]string) {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]string
		inputs []string
		want   string // the whole message, location first
	}{{
		name:   "missing file",
		inputs: []string{"nope.json"},
		want:   "nope.json#: cannot read: no such file or folder",
	}, {
		name:   "file under a file",
		files:  map[string]string{"a.json": "{}"},
		inputs: []string{"a.json/x.json"},
		want:   "a.json/x.json#: cannot read: a.json is a file, not a folder",
	}, {
		name:   "reference to a folder",
		files:  map[string]string{"a.json": `{"$ref": "sub.json"}`, "sub.json/x.json": "{}"},
		inputs: []string{"a.json"},
		want:   `a.json#/$ref: $ref "sub.json" does not resolve: cannot read sub.json: a folder, not a file`,
	}, {
		name:  "invalid JSON",
		files: map[string]string{"a.json": "{\n  \"type\": \"object\",\n}"},
		want:  "a.json#: invalid JSON at line 3, column 1: invalid character '}' looking for beginning of object key string",
	}, {
		name:  "malformed YAML",
		files: map[string]string{"a.yaml": "type: object\nproperties:\n  a: [1, 2\n"},
		want:  "a.yaml#: invalid YAML at line 3: did not find expected ',' or ']'",
	}, {
		// yaml.v3 names the line of the mapping (2), not of the problem
		name:  "malformed YAML, a parser error below its context",
		files: map[string]string{"a.yaml": "type: object\nproperties:\n  a: {}\n\n  - b\n"},
		want:  "a.yaml#: invalid YAML at line 5: did not find expected key",
	}, {
		name:  "malformed YAML, a scanner error on line 1",
		files: map[string]string{"a.yaml": "type: object: x\n"},
		want:  "a.yaml#: invalid YAML at line 1: mapping values are not allowed in this context",
	}, {
		name:  "JSON, not UTF-8",
		files: map[string]string{"a.json": "{\"type\": \xff}"},
		want:  "a.json#: invalid JSON at line 1, column 10: invalid UTF-8 (byte 0xff)",
	}, {
		name:  "YAML, not UTF-8",
		files: map[string]string{"a.yaml": "type: object\ntitle: caf\xe9\n"},
		want:  "a.yaml#: invalid YAML at line 2, column 11: invalid UTF-8 (byte 0xe9)",
	}, {
		name:  "YAML, a control character",
		files: map[string]string{"a.yaml": "type: object\ntitle: \x07\n"},
		want:  "a.yaml#: invalid YAML at line 2, column 8: the control character U+0007, which YAML does not allow",
	}, {
		name:  "duplicate YAML key",
		files: map[string]string{"a.yaml": "type: object\ntype: string\n"},
		want:  "a.yaml#: invalid YAML at line 2, column 1: duplicate key \"type\"",
	}, {
		name:  "duplicate JSON key",
		files: map[string]string{"a.json": "{\"type\": \"object\", \"type\": \"string\"}"},
		want:  `a.json#: invalid JSON at line 1: duplicate key "type"`,
	}, {
		name:  "duplicate JSON key, nested",
		files: map[string]string{"a.json": "{\"properties\": {\"a~b\": {\"type\": \"string\",\n\"minLength\": 1, \"type\": \"integer\"}}}"},
		want:  `a.json#/properties/a~0b: invalid JSON at line 2: duplicate key "type"`,
	}, {
		name:  "second YAML document",
		files: map[string]string{"a.yaml": "type: object\n---\ntype: string\n"},
		want:  "a.yaml#: invalid YAML at line 2, column 1: want one YAML document, found more; give each schema its own file",
	}, {
		name:  "second YAML document, malformed",
		files: map[string]string{"a.yaml": "type: object\n---\ntype: [string\n"},
		want:  "a.yaml#: invalid YAML at line 3: did not find expected ',' or ']'",
	}, {
		name:  "empty YAML",
		files: map[string]string{"a.yaml": "# nothing yet\n"},
		want:  "a.yaml#: invalid YAML: the document is empty",
	}, {
		name:  "too deep",
		files: map[string]string{"a.json": strings.Repeat(`{"items":`, 10001) + "{}" + strings.Repeat("}", 10001)},
		want:  "a.json#: nested deeper than 10000 levels at line 1, column 90001, more than envgen reads",
	}, {
		name:  "too deep, YAML flow",
		files: map[string]string{"a.yaml": "type: array\nitems: " + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + "\n"},
		want:  "a.yaml#: nested deeper than 10000 levels at line 2, column 10008, more than envgen reads",
	}, {
		name:  "too deep, YAML flow, brackets in quotes and comments before",
		files: map[string]string{"a.yaml": "title: \"[{\\\"[\"\ndescription: '[['  # [[[\nitems: " + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + "\n"},
		want:  "a.yaml#: nested deeper than 10000 levels at line 3, column 10008, more than envgen reads",
	}, {
		name:  "too deep, YAML block",
		files: map[string]string{"a.yaml": "x:\n" + strings.Repeat("- ", 10001) + "1\n"},
		want:  "a.yaml#: nested deeper than 10000 levels at line 2, column 20001, more than envgen reads",
	}, {
		name:  "truncated JSON",
		files: map[string]string{"a.json": "{\"type\": \"object\",\n \"properties\": {"},
		want:  "a.json#: invalid JSON at line 2, column 17: unexpected end of file",
	}, {
		// past maxDepthSearch, found by the guess, not by bisection
		name:  "too deep, YAML block, a large file",
		files: map[string]string{"a.yaml": "description: " + strings.Repeat("a", maxDepthSearch) + "\nx:\n" + strings.Repeat("- ", 10001) + "1\n"},
		want:  "a.yaml#: nested deeper than 10000 levels at line 3, column 20001, more than envgen reads",
	}, {
		name:  "too deep, YAML block keys, a large file",
		files: map[string]string{"a.yaml": "description: " + strings.Repeat("a", maxDepthSearch) + "\nx:\n  " + strings.Repeat("- ", 9998) + "a:\n" + strings.Repeat(" ", 20000) + "b: 1\n"},
		want:  "a.yaml#: nested deeper than 10000 levels at line 4, column 20002, more than envgen reads",
	}, {
		name:  "too deep, YAML through aliases",
		files: map[string]string{"a.yaml": "a: &a " + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + "\nb: " + strings.Repeat("[", 2000) + "*a" + strings.Repeat("]", 2000) + "\n"},
		want:  "a.yaml#: nested deeper than 10000 levels at line 2, column 2004, more than envgen reads (through the alias *a)",
	}, {
		name:  "second YAML document after an empty one",
		files: map[string]string{"a.yaml": "type: object\n---\n# nothing\n---\ntype: string\n"},
		want:  "a.yaml#: invalid YAML at line 4, column 1: want one YAML document, found more; give each schema its own file",
	}, {
		name:  "second YAML document, a written null",
		files: map[string]string{"a.yaml": "type: object\n---\n~\n"},
		want:  "a.yaml#: invalid YAML at line 2, column 1: want one YAML document, found more",
	}, {
		name:  "only an empty YAML document",
		files: map[string]string{"a.yaml": "---\n# nothing yet\n"},
		want:  "a.yaml#: invalid YAML: the document is empty",
	}, {
		name:  "YAML billion laughs",
		files: map[string]string{"a.yaml": billionLaughs},
		want:  "a.yaml#: invalid YAML at line 4, column 50: the alias *a2 expands the document past 12280 nodes",
	}, {
		name:  "metaschema",
		files: map[string]string{"a.json": `{"type": "object", "properties": {"n": {"type": "integr"}}}`},
		want:  "a.json#/properties/n/type: not a valid schema: ",
	}, {
		name:  "unresolvable pointer",
		files: map[string]string{"a.json": `{"properties": {"n": {"$ref": "#/$defs/missing"}}}`},
		want:  `a.json#/properties/n/$ref: $ref "#/$defs/missing" does not resolve: no such location in a.json`,
	}, {
		name:  "missing file reference",
		files: map[string]string{"a.json": `{"properties": {"n": {"$ref": "other.json"}}}`},
		want:  `a.json#/properties/n/$ref: $ref "other.json" does not resolve: cannot read other.json: no such file or folder`,
	}, {
		name:  "network reference",
		files: map[string]string{"a.json": `{"items": {"$ref": "https://example.com/s.json"}}`},
		want:  `a.json#/items/$ref: $ref "https://example.com/s.json" needs the network, and envgen never fetches`,
	}, {
		name:  "refused keyword",
		files: map[string]string{"a.json": `{"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true}`},
		want:  `a.json#/$recursiveAnchor: unsupported keyword "$recursiveAnchor"`,
	}, {
		name:  "missing anchor",
		files: map[string]string{"a.json": `{"$defs": {"a": {"$anchor": "here"}}, "items": {"$ref": "#there"}}`},
		want:  `a.json#/items/$ref: $ref "#there" does not resolve: no anchor "there" in a.json`,
	}, {
		name:  "missing location in another file",
		files: map[string]string{"a.json": `{"items": {"$ref": "b.json#/$defs/x"}}`, "b.json": `{"$defs": {}}`},
		want:  `a.json#/items/$ref: $ref "b.json#/$defs/x" does not resolve: no such location in b.json`,
	}, {
		name:  "dynamic reference",
		files: map[string]string{"a.json": `{"items": {"$dynamicRef": "#/$defs/none"}}`},
		want:  `a.json#/items/$dynamicRef: $dynamicRef "#/$defs/none" does not resolve: no such location in a.json`,
	}, {
		name:  "invalid pattern",
		files: map[string]string{"a.json": `{"properties": {"s": {"type": "string", "pattern": "a(b"}}}`},
		want:  `a.json#/properties/s/pattern: invalid pattern "a(b": missing closing )`,
	}, {
		name:  "invalid pattern property",
		files: map[string]string{"a.json": `{"patternProperties": {"[": {}}}`},
		want:  `a.json#/patternProperties/[: invalid pattern "[": missing ] of a character class`,
	}, {
		name:  "same anchor twice",
		files: map[string]string{"a.json": `{"$defs": {"a": {"$anchor": "x"}, "b": {"$anchor": "x"}}}`},
		want:  `a.json#/$defs/b/$anchor: anchor "x" is also declared at /$defs/a`,
	}, {
		name:  "same embedded $id twice",
		files: map[string]string{"a.json": `{"$defs": {"a": {"$id": "https://x.test/e"}, "b": {"$id": "https://x.test/e"}}}`},
		want:  `a.json#/$defs/b: identifier "https://x.test/e" is also the identifier of /$defs/a`,
	}, {
		name:   "metaschema of a referenced file",
		files:  map[string]string{"a.json": `{"items": {"$ref": "b.json"}}`, "b.json": `{"minLength": -1}`},
		inputs: []string{"a.json"},
		want:   `b.json#/minLength: not a valid schema: `,
	}, {
		name:  "metaschema on the network",
		files: map[string]string{"a.json": `{"$schema": "https://x.test/meta", "type": "string"}`},
		want:  `a.json#/$schema: $schema "https://x.test/meta" needs the network, and envgen never fetches`,
	}, {
		name: "unknown vocabulary",
		files: map[string]string{
			"a.json":    `{"$schema": "https://x.test/meta", "type": "string"}`,
			"meta.json": `{"$id": "https://x.test/meta", "$vocabulary": {"https://x.test/vocab/units": true}}`,
		},
		want: `a.json#/$schema: metaschema "https://x.test/meta" requires the vocabulary "https://x.test/vocab/units", which envgen does not know`,
	}, {
		name:  "identifier of the root again",
		files: map[string]string{"a.json": `{"$id": "https://x.test/a.json", "$defs": {"x": {"$id": "a.json"}}}`},
		want:  `a.json#/$defs/x: identifier "https://x.test/a.json" is also the identifier of the document's root`,
	}, {
		name:  "missing json-schema.org document",
		files: map[string]string{"a.json": `{"items": {"$ref": "http://json-schema.org/draft-03/schema#"}}`},
		want:  `a.json#/items/$ref: $ref "http://json-schema.org/draft-03/schema#" needs the network, and envgen never fetches`,
	}, {
		name:  "bad pointer escape",
		files: map[string]string{"a.json": `{"$defs": {"a~2b": {}}, "items": {"$ref": "#/$defs/a~2b"}}`},
		want:  `a.json#/items/$ref: $ref "#/$defs/a~2b" does not resolve: no such location in a.json`,
	}, {
		name:  "reference to a value that is not a schema",
		files: map[string]string{"a.json": `{"$defs": {"x": {"enum": ["s"]}}, "items": {"$ref": "#/$defs/x/enum/0"}}`},
		want:  "a.json#/$defs/x/enum/0: not a valid schema: got string, want boolean or object\n\tthe $ref at a.json#/items/$ref leads to a.json#/$defs/x/enum/0, which is not a schema",
	}, {
		name:  "same $id twice",
		files: map[string]string{"a.json": `{"$id": "https://x.test/a"}`, "b.json": `{"$id": "https://x.test/a"}`},
		want:  `b.json#: $id "https://x.test/a" is also the $id of a.json`,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			write(t, tc.files)
			inputs := tc.inputs
			if inputs == nil {
				for name := range tc.files {
					inputs = append(inputs, name)
				}
			}
			_, err := Load(Options{Inputs: inputs})
			var me *model.Error
			if !errors.As(err, &me) {
				t.Fatalf("want a *model.Error, got %v", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %s\nwant %s…", err, tc.want)
			}
		})
	}
}

// TestFlowDepthAt: the guess skips brackets in quotes and comments.
func TestFlowDepthAt(t *testing.T) {
	deep := strings.Repeat("[", maxDepth+1)
	for src, want := range map[string]int{
		"a: " + deep:                                3 + maxDepth,
		"a: '[[' # [[\nb: \"\\\"[\"\nc: " + deep:    25 + maxDepth,
		"a: [1]\n" + strings.Repeat("[]", maxDepth): -1,
	} {
		if got := flowDepthAt([]byte(src)); got != want {
			t.Errorf("%.40q: got %d, want %d", src, got, want)
		}
	}
}

// TestYAMLTrailingEmptyDocument: a stream that ends in "---" followed by
// nothing, or by comments, is one document.
func TestYAMLTrailingEmptyDocument(t *testing.T) {
	for _, src := range []string{
		"type: string\n---\n",
		"type: string\n---",
		"type: string\n---\n# more to come\n\n",
		"type: string\n--- # more to come\n---\n",
		"type: string\n---\n...\n",
	} {
		doc, _, err := decode("a.yaml", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if m, _ := doc.(map[string]any); m["type"] != "string" {
			t.Errorf("%q: got %v", src, doc)
		}
	}
}

// TestYAMLToJSON: a YAML document comes out as JSON text in written member
// order, and its errors are the loader's, with line and column.
func TestYAMLToJSON(t *testing.T) {
	got, err := YAMLToJSON([]byte("zeta: 1.0\nalpha: [a, {y: null, x: true}]\n\"<&>\": \"\\u00e9\"\nn: 0x10\n---\n"))
	if want := `{"zeta":1.0,"alpha":["a",{"y":null,"x":true}],"<&>":"é","n":16}`; err != nil || string(got) != want {
		t.Errorf("got %s, %v; want %s", got, err, want)
	}
	for src, want := range map[string]string{
		"a: .inf\n":       `invalid YAML at line 1, column 4: ".inf" is not a JSON number`,
		"? [a, b]\n: 1\n": "invalid YAML at line 1, column 3: a mapping key must be a string",
		"a: 1\na: 2\n":    `invalid YAML at line 2, column 1: duplicate key "a"`,
		"# empty\n":       "invalid YAML: the document is empty",
	} {
		_, err := YAMLToJSON([]byte(src))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Error() != want {
			t.Errorf("%q: got %v, want %s", src, err, want)
		}
	}
}

// TestYAMLMergeKeys: a merge key (<<) brings the members of a mapping, or
// of a list of them, that the mapping does not set itself, where it is
// written; earlier mappings of the list win, as do the members of a merged
// mapping over its own merges. Integers up to 2^64-1 read exactly. (validate
// read both through yaml.v3's own decoding before it used this reader.)
func TestYAMLMergeKeys(t *testing.T) {
	src := "b: &b {x: 1, z: 0}\nm: &m {w: 5, x: 9}\nn: &n {<<: *m, v: 4}\n" +
		"d: {y: 2, <<: [*b, *n], z: 3}\nbig: 18446744073709551615\nneg: -9223372036854775808\n"
	got, err := YAMLToJSON([]byte(src))
	want := `{"b":{"x":1,"z":0},"m":{"w":5,"x":9},"n":{"w":5,"x":9,"v":4},"d":{"y":2,"x":1,"v":4,"w":5,"z":3},` +
		`"big":18446744073709551615,"neg":-9223372036854775808}`
	if err != nil || string(got) != want {
		t.Errorf("got %s, %v\nwant %s", got, err, want)
	}
	for src, want := range map[string]string{
		"a: {<<: 1}\n":              "invalid YAML at line 1, column 9: a merge key (<<) takes a mapping or a list of mappings",
		"a: {<<: [{x: 1}, 2]}\n":    "invalid YAML at line 1, column 9: a merge key (<<) takes a mapping or a list of mappings",
		"a: {x: 1, x: 2, <<: {}}\n": `invalid YAML at line 1, column 11: duplicate key "x"`,
	} {
		_, err := YAMLToJSON([]byte(src))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Error() != want {
			t.Errorf("%q: got %v, want %s", src, err, want)
		}
	}
	// merges of merges count against the node budget: 10 levels, each
	// merging the previous ten times, are refused, not multiplied.
	var b strings.Builder
	b.WriteString("a0: &a0 {x: 1}\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "a%d: &a%d {<<: [%s]}\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "))
	}
	if _, err := YAMLToJSON([]byte(b.String())); err == nil || !strings.Contains(err.Error(), "merge keys (<<) expand the document past") {
		t.Errorf("merge bomb: got %v, want the node budget's refusal", err)
	}
}

// TestYAMLAliasDepth: through aliases, as in JSON, 10,000 nested containers
// read and the 10,001st is refused, at the alias.
func TestYAMLAliasDepth(t *testing.T) {
	doc := func(n int) []byte { // the root mapping, 2,000 lists, the alias: n more
		return []byte("a: &a " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\nb: " +
			strings.Repeat("[", 2000) + "*a" + strings.Repeat("]", 2000) + "\n")
	}
	if _, _, err := decode("a.yaml", doc(7999)); err != nil {
		t.Errorf("10,000 levels: %v", err)
	}
	_, _, err := decode("a.yaml", doc(8000))
	if want := "nested deeper than 10000 levels at line 2, column 2004, more than envgen reads (through the alias *a)"; err == nil || err.Error() != want {
		t.Errorf("10,001 levels: got %v, want %s", err, want)
	}
}

// billionLaughs is 10 anchors, each a list of ten of the previous: 10¹⁰ nodes
// when its aliases are expanded, from a few hundred bytes.
const billionLaughs = `a0: &a0 [x, x, x, x, x, x, x, x, x, x]
a1: &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]
a2: &a2 [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]
a3: &a3 [*a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2]
a4: &a4 [*a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3]
a5: &a5 [*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]
a6: &a6 [*a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5, *a5]
a7: &a7 [*a6, *a6, *a6, *a6, *a6, *a6, *a6, *a6, *a6, *a6]
a8: &a8 [*a7, *a7, *a7, *a7, *a7, *a7, *a7, *a7, *a7, *a7]
a9: &a9 [*a8, *a8, *a8, *a8, *a8, *a8, *a8, *a8, *a8, *a8]
`

// TestYAMLAliasBudget: the budget counts nodes reached through aliases each
// time, so a few levels of sharing pass and the billion laughs stops early.
func TestYAMLAliasBudget(t *testing.T) {
	shared := "$defs:\n  s: &s {type: string, minLength: 1}\nproperties:\n  a: *s\n  b: *s\n  c: *s\n"
	if _, _, err := decode("a.yaml", []byte(shared)); err != nil {
		t.Fatalf("a shared anchor: %v", err)
	}
	// a document, not a schema, is not told to use $ref
	if _, err := YAMLToJSON([]byte(billionLaughs)); err == nil || !strings.HasSuffix(err.Error(), "multiply it (write what repeats once)") {
		t.Errorf("a document: got %v, want the budget's refusal without $ref", err)
	}
	r := newYAMLReader(map[string][]string{}, len(billionLaughs))
	start := r.budget
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(billionLaughs), &doc); err != nil {
		t.Fatal(err)
	}
	if _, err := r.value(doc.Content[0], "", 0); err == nil || !strings.Contains(err.Error(), "the alias *a2 expands") {
		t.Fatalf("want the alias budget error, got %v", err)
	}
	if used := start - r.budget; used > start+1 {
		t.Errorf("converted %d nodes past a budget of %d", used, start)
	}
}

// TestFileTooLarge: a schema file past maxFileSize is refused before it is
// read, so memory is bounded by what envgen reads.
func TestFileTooLarge(t *testing.T) {
	write(t, map[string]string{"a.json": "{}"})
	if err := os.Truncate("a.json", maxFileSize+1); err != nil { // sparse: nothing is written
		t.Fatal(err)
	}
	_, err := Load(Options{Inputs: []string{"a.json"}})
	if err == nil || !strings.HasPrefix(err.Error(), "a.json#: cannot read: it is 67108865 bytes, more than the 64 MiB") {
		t.Fatalf("got %v", err)
	}
}

// TestBOM: a UTF-8 byte-order mark at the start of a schema file is skipped.
func TestBOM(t *testing.T) {
	for name, src := range map[string]string{"a.json": `{"type": "string"}`, "a.yaml": "type: string\n"} {
		doc, _, err := decode(name, append([]byte{0xEF, 0xBB, 0xBF}, src...))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if m, _ := doc.(map[string]any); m["type"] != "string" {
			t.Errorf("%s: got %v", name, doc)
		}
	}
}

// loadMapped loads tool.json with https://remote.test/s/ mapped to local/
// and the schemas embedded under envgen:schemas.
func loadMapped(t *testing.T, embedded fstest.MapFS) *Set {
	t.Helper()
	set, err := Load(Options{
		Inputs:   []string{"tool.json"},
		RefMap:   map[string]string{"https://remote.test/s/": "local"},
		Embedded: embedded, EmbeddedName: "envgen:schemas",
	})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func TestRefMapAndEmbedded(t *testing.T) {
	write(t, map[string]string{
		"tool.json":         `{"properties": {"a": {"$ref": "https://remote.test/s/common.json#/$defs/id"}, "b": {"$ref": "https://envgen.test/v1/thing.json"}}}`,
		"local/common.json": `{"$defs": {"id": {"type": "string"}}}`,
	})
	embedded := fstest.MapFS{"thing.json": {Data: []byte(`{"$id": "https://envgen.test/v1/thing.json", "type": "integer"}`)}}
	set := loadMapped(t, embedded)
	props := set.Files[0].Schema.Properties
	if got := set.Locate(props["a"].Ref.Location); got.String() != "local/common.json#/$defs/id" {
		t.Errorf("mapped reference located at %s", got)
	}
	if got := set.Locate(props["b"].Ref.Location); got.String() != "envgen:schemas/thing.json#" {
		t.Errorf("embedded reference located at %s", got)
	}
}

// TestReferencedDefs: Referenced compiles each document a reference loaded,
// an embedded schema and a file alike, with every $defs entry, referenced or
// not, in pointer order; and leaves out what match refuses.
func TestReferencedDefs(t *testing.T) {
	write(t, map[string]string{
		"tool.json": `{"properties": {"a": {"$ref": "https://envgen.test/v1/thing.json#/$defs/b"},
			"c": {"$ref": "https://remote.test/s/common.json#/$defs/id"}}}`,
		"local/common.json": `{"$defs": {"id": {"type": "string"}, "other": {"$defs": {"inner": {}}}}}`,
	})
	embedded := fstest.MapFS{"thing.json": {Data: []byte(`{"$id": "https://envgen.test/v1/thing.json",
		"$defs": {"b": {"type": "integer"}, "a": {"type": "boolean"}}, "definitions": {"z": true}}`)}}
	set := loadMapped(t, embedded)
	files, err := set.Referenced(func(u string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		for _, d := range f.Defs {
			got = append(got, f.Path+" "+d.Key+" "+set.Locate(d.Schema.Location).Pointer)
		}
	}
	want := []string{
		"envgen:schemas/thing.json a /$defs/a", "envgen:schemas/thing.json b /$defs/b", "envgen:schemas/thing.json z /definitions/z",
		"local/common.json id /$defs/id", "local/common.json other /$defs/other", "local/common.json inner /$defs/other/$defs/inner",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Referenced gave\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if files, err := set.Referenced(func(u string) bool { return strings.HasPrefix(u, "https://envgen.test/") }); err != nil || len(files) != 1 {
		t.Errorf("Referenced of the embedded schema only: %d files, %v", len(files), err)
	}
}

// TestReferencedDocumentRefused: a document that a $ref loads is refused for
// the keywords an input is refused for, by its file and pointer, through a
// --ref-map folder and through a relative reference alike; compiled, its
// $recursiveRef would check nothing.
func TestReferencedDocumentRefused(t *testing.T) {
	write(t, map[string]string{
		"mapped.json":   `{"properties": {"a": {"$ref": "https://remote.test/s/rec.json"}}}`,
		"relative.json": `{"properties": {"a": {"$ref": "local/rec.json"}}}`,
		"local/rec.json": `{"$schema": "https://json-schema.org/draft/2019-09/schema",
			"properties": {"next": {"$recursiveRef": "#"}}}`,
	})
	for _, input := range []string{"mapped.json", "relative.json"} {
		_, err := Load(Options{Inputs: []string{input}, RefMap: map[string]string{"https://remote.test/s/": "local"}})
		var me *model.Error
		if !errors.As(err, &me) || me.Loc.String() != "local/rec.json#/properties/next/$recursiveRef" || me.Hint != refused["$recursiveRef"] {
			t.Errorf("%s: %v, want $recursiveRef refused at local/rec.json#/properties/next/$recursiveRef", input, err)
		}
	}
}

// TestEmbeddedDocumentRefused: an embedded schema that a $ref reaches is
// refused for the keywords an input is refused for, by its embedded path and
// pointer, like a file a reference loads; one that nothing reaches is never
// compiled, and refused no more than a file of a --ref-map folder that
// nothing reaches.
func TestEmbeddedDocumentRefused(t *testing.T) {
	write(t, map[string]string{
		"uses.json":  `{"properties": {"a": {"$ref": "https://envgen.test/v1/rec.json"}}}`,
		"other.json": `{"properties": {"a": {"$ref": "https://envgen.test/v1/plain.json"}}}`,
	})
	embedded := fstest.MapFS{
		"rec.json": {Data: []byte(`{"$id": "https://envgen.test/v1/rec.json", "$schema": "https://json-schema.org/draft/2019-09/schema",
			"properties": {"next": {"$recursiveRef": "#"}}}`)},
		"plain.json": {Data: []byte(`{"$id": "https://envgen.test/v1/plain.json", "type": "string"}`)},
	}
	_, err := Load(Options{Inputs: []string{"uses.json"}, Embedded: embedded, EmbeddedName: "envgen:schemas"})
	var me *model.Error
	at := "envgen:schemas/rec.json#/properties/next/$recursiveRef"
	if !errors.As(err, &me) || me.Loc.String() != at || me.Message != `unsupported keyword "$recursiveRef"` || me.Hint != refused["$recursiveRef"] {
		t.Errorf("an embedded schema with $recursiveRef: %v, want it refused at %s", err, at)
	}
	if _, err := Load(Options{Inputs: []string{"other.json"}, Embedded: embedded, EmbeddedName: "envgen:schemas"}); err != nil {
		t.Errorf("an embedded schema that nothing reaches: %v", err)
	}
}

func TestInputsFolderAndOrder(t *testing.T) {
	write(t, map[string]string{
		"s/b.yaml":        "type: object\nproperties:\n  zeta: {type: string}\n  alpha: {type: integer}\n",
		"s/a.json":        `{"type": "object", "properties": {"zeta": {}, "alpha": {}}, "$defs": {"x": {}, "y": {"$defs": {"z": {}}}, "100%": {"type": "string"}}}`,
		"s/notes.txt":     "not a schema",
		"s/nested/c.json": `{"not": "read: folders are not searched recursively"}`,
	})
	set, err := Load(Options{Inputs: []string{"s", "s/a.json"}})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range set.Files {
		paths = append(paths, f.Path)
	}
	if strings.Join(paths, " ") != "s/a.json s/b.yaml" {
		t.Errorf("inputs = %v", paths)
	}
	for _, f := range set.Files {
		if got := strings.Join(set.Keys(f.Schema.Location+"/properties"), " "); got != "zeta alpha" {
			t.Errorf("%s: property order %q, want the written order", f.Path, got)
		}
	}
	var keys []string
	for _, d := range set.Files[0].Defs {
		keys = append(keys, d.Key)
	}
	if strings.Join(keys, " ") != "100% x y z" {
		t.Errorf("defs = %v, want every $defs entry, nested ones too", keys)
	}
}

// A Location percent-encodes its pointer; Raw and Keys read it decoded, so a
// member name with a space or "%" keeps its schema and its written order.
func TestRawAndKeysDecodeLocations(t *testing.T) {
	write(t, map[string]string{
		"a.json": `{"$defs": {"a b%": {"title": "T", "properties": {"z": {}, "y": {}}}}}`,
	})
	set, err := Load(Options{Inputs: []string{"a.json"}})
	if err != nil {
		t.Fatal(err)
	}
	def := set.Files[0].Defs[0].Schema
	if !strings.Contains(def.Location, "a%20b%25") {
		t.Fatalf("location %s: want the pointer percent-encoded", def.Location)
	}
	if got := set.Raw(def.Location)["title"]; got != "T" {
		t.Errorf("Raw: title = %v", got)
	}
	if got := strings.Join(set.Keys(def.Location+"/properties"), " "); got != "z y" {
		t.Errorf("Keys = %q, want the written order", got)
	}
}

// TestRefMapWithoutExtension: under a mapped folder, "grunt-task#/…" finds
// grunt-task.json; a name that no file has lists every name it tried.
func TestRefMapWithoutExtension(t *testing.T) {
	write(t, map[string]string{
		"tool.json":             `{"properties": {"a": {"$ref": "https://remote.test/s/grunt-task#/$defs/id"}}}`,
		"bad.json":              `{"properties": {"a": {"$ref": "https://remote.test/s/nope#/$defs/id"}}}`,
		"local/grunt-task.json": `{"$defs": {"id": {"type": "string"}}}`,
	})
	refMap := map[string]string{"https://remote.test/s/": "local"}
	set, err := Load(Options{Inputs: []string{"tool.json"}, RefMap: refMap})
	if err != nil {
		t.Fatal(err)
	}
	if got := set.Locate(set.Files[0].Schema.Properties["a"].Ref.Location); got.String() != "local/grunt-task.json#/$defs/id" {
		t.Errorf("mapped reference located at %s", got)
	}
	_, err = Load(Options{Inputs: []string{"bad.json"}, RefMap: refMap})
	if err == nil || !strings.Contains(err.Error(), "local/nope.json, local/nope.yaml, local/nope.yml") {
		t.Errorf("err = %v, want the names tried", err)
	}
}

// TestDefsOfAnotherDraft: "$defs" is no keyword in draft-07, so it may hold
// what is no schema (SchemaStore's partial-cibuildwheel has a string there);
// its schema entries are still types, and the rest is left alone.
func TestDefsOfAnotherDraft(t *testing.T) {
	write(t, map[string]string{"a.json": `{"$schema": "http://json-schema.org/draft-07/schema#",
		"$defs": {"inherit": {"type": "string"}, "description": "not a schema", "n": 3},
		"properties": {"i": {"$ref": "#/$defs/inherit"}}}`})
	set, err := Load(Options{Inputs: []string{"a.json"}})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, d := range set.Files[0].Defs {
		keys = append(keys, d.Key)
	}
	if !slices.Equal(keys, []string{"inherit"}) {
		t.Errorf("entries %v, want [inherit]", keys)
	}
}
