package bundle

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
)

// writeFiles creates files in a temp dir and changes into it.
func writeFiles(t *testing.T, files map[string]string) {
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

const libCommon = `{
  "$id": "https://lib.test/s/common.json",
  "$defs": {
    "item": {"$anchor": "item", "type": "integer", "minimum": 0},
    "thing": {"type": "object", "properties": {"name": {"type": "string", "minLength": 1}}}
  }
}`

// featureTool uses an anchor and a deep pointer in a --ref-map document, a
// nested resource with its own $defs, recursion, and $ref beside $dynamicRef.
const featureTool = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://tools.test/features.json",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "item": {"$ref": "https://lib.test/s/common.json#item"},
    "name": {"$ref": "https://lib.test/s/common.json#/$defs/thing/properties/name"},
    "tree": {"$ref": "#/$defs/node"},
    "other": {"$ref": "https://tools.test/inner.json"},
    "both": {"$ref": "#/$defs/node", "$dynamicRef": "#/$defs/small"},
    "self": {"$ref": "#"},
    "odd": {"$ref": "#/$defs/odd%20key~1x~0y"}
  },
  "$defs": {
    "node": {
      "type": "object",
      "additionalProperties": false,
      "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}
    },
    "small": {"maxProperties": 1},
    "odd key/x~y": {"type": "boolean"},
    "inner": {
      "$id": "https://tools.test/inner.json",
      "type": "object",
      "properties": {"v": {"$ref": "#/$defs/pos"}},
      "$defs": {"pos": {"type": "integer", "minimum": 1}}
    },
    "unused": {"$ref": "https://lib.test/s/common.json#/$defs/thing"}
  }
}`

func TestFeatures(t *testing.T) {
	writeFiles(t, map[string]string{"tool.json": featureTool, "lib/common.json": libCommon})
	b, err := Bundle(Options{Input: "tool.json", NoCanonical: true, RefMap: map[string]string{"https://lib.test/s/": "lib"}})
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{
		`"$ref": "#/$defs/common_item"`,
		`"$ref": "#/$defs/common_thing/properties/name"`,
		`"$ref": "#/$defs/node"`,
		`"$ref": "#/$defs/inner"`,
		`"$ref": "#/$defs/inner/$defs/pos"`,
		`"allOf": [`,
		`"$ref": "#/$defs/small"`,
		`"$ref": "#"`,
		`"$ref": "#/$defs/odd%20key~1x~0y"`,
		`"odd key/x~y": {`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("bundle lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "unused") || strings.Contains(got, "$anchor") || strings.Count(got, "$id") != 1 {
		t.Errorf("bundle keeps what it should drop:\n%s", got)
	}
	bundled := compileAlone(t, b)

	c := newCompiler()
	for _, doc := range []string{featureTool, libCommon} {
		v := decode(t, []byte(doc))
		if err := c.AddResource(v.(map[string]any)["$id"].(string), v); err != nil {
			t.Fatal(err)
		}
	}
	unbundled, err := c.Compile("https://tools.test/features.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, instance := range []string{
		`{}`,
		`{"item": 3, "name": "x", "tree": {"children": [{"children": []}]}, "other": {"v": 2}, "both": {}, "self": {"item": 1}}`,
		`{"item": -1}`,
		`{"name": ""}`,
		`{"tree": {"children": [{"leaves": 1}]}}`,
		`{"other": {"v": 0}}`,
		`{"both": {"children": [], "x": 1}}`,
		`{"both": {"children": []}}`,
		`{"self": {"self": {"item": "a"}}}`,
		`{"nope": 1}`,
		`{"odd": 1}`,
		`{"odd": true}`,
		`[]`,
	} {
		v := decode(t, []byte(instance))
		want, got := violations(unbundled.Validate(v)), violations(bundled.Validate(v))
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n bundle    %v\n unbundled %v", instance, got, want)
		}
	}
}

func TestYAMLKeepsOrder(t *testing.T) {
	writeFiles(t, map[string]string{"tool.yaml": "$id: https://tools.test/y.json\ntype: object\nproperties:\n  zeta: {type: string}\n  alpha: {type: integer}\n"})
	b, err := Bundle(Options{Input: "tool.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://tools.test/y.json",
  "type": "object",
  "properties": {
    "zeta": {
      "type": "string"
    },
    "alpha": {
      "type": "integer"
    }
  }
}
`
	if string(b) != want {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
}

func TestIDs(t *testing.T) {
	writeFiles(t, map[string]string{
		"none.json":     `{"type": "object"}`,
		"relative.json": `{"$id": "tool.json", "type": "object"}`,
		"fragment.json": `{"$id": "https://tools.test/f.json#", "type": "object"}`,
	})
	for _, tc := range []struct{ input, id, want, wantErr string }{
		{"none.json", "", "", `none.json#: the schema has no $id, and an MCP outputSchema needs an absolute one
	add "$id": "https://…/tool.json" to the schema, or pass --id URL`},
		{"none.json", "https://tools.test/given.json", "https://tools.test/given.json", ""},
		{"relative.json", "", "", `relative.json#/$id: the $id "tool.json" is not an absolute URL`},
		{"relative.json", "https://tools.test/r.json", "https://tools.test/r.json", ""},
		{"fragment.json", "", "https://tools.test/f.json", ""},
		{"none.json", "tool.json", "", `"tool.json" is not an absolute URL without a fragment`},
		{"none.json", "https://tools.test/a.json#x", "", `is not an absolute URL without a fragment`},
	} {
		b, err := Bundle(Options{Input: tc.input, ID: tc.id})
		if tc.wantErr != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) && !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s --id %q: got error %v, want %q", tc.input, tc.id, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s --id %q: %v", tc.input, tc.id, err)
			continue
		}
		if want := `"$id": "` + tc.want + `"`; !strings.Contains(string(b), want) || strings.Count(string(b), "$id") != 1 {
			t.Errorf("%s --id %q: want one %s in\n%s", tc.input, tc.id, want, b)
		}
	}
}

func TestErrors(t *testing.T) {
	lib := map[string]string{
		// l.json's $dynamicRef resolves to whichever of m1 and m2 was entered first.
		"lib/l.json":  `{"$id": "https://lib.test/s/l.json", "$dynamicRef": "#x", "$defs": {"d": {"$dynamicAnchor": "x"}}}`,
		"lib/m1.json": `{"$id": "https://lib.test/s/m1.json", "$ref": "l.json", "$defs": {"p": {"$dynamicAnchor": "x", "type": "string"}}}`,
		"lib/m2.json": `{"$id": "https://lib.test/s/m2.json", "$ref": "l.json", "$defs": {"p": {"$dynamicAnchor": "x", "type": "integer"}}}`,
	}
	tests := []struct{ name, tool, want string }{{
		name: "not an object",
		tool: `{"$id": "https://tools.test/t.json", "type": "array"}`,
		want: `tool.json#: the root does not restrict the instance to objects`,
	}, {
		name: "nullable root",
		tool: `{"$id": "https://tools.test/t.json", "type": ["object", "null"]}`,
		want: `tool.json#: the root does not restrict the instance to objects`,
	}, {
		name: "older draft",
		tool: `{"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://tools.test/t.json", "type": "object"}`,
		want: `tool.json#/$schema: bundle reads draft 2020-12 schemas only, and this one is http://json-schema.org/draft-07/schema#`,
	}, {
		name: "key taken",
		tool: `{"$id": "https://tools.test/t.json", "type": "object", "properties": {"a": {"$ref": "https://lib.test/s/m1.json#/$defs/p"}, "b": {"$ref": "#/$defs/m1_p"}}, "$defs": {"m1_p": {}}}`,
		want: `tool.json#/$defs/m1_p: bundle: the $defs key "m1_p" is wanted by this schema and by lib/m1.json#/$defs/p`,
	}, {
		name: "dynamic scope",
		tool: `{"$id": "https://tools.test/t.json", "type": "object", "properties": {"a": {"$ref": "https://lib.test/s/m1.json"}, "b": {"$ref": "https://lib.test/s/m2.json"}}}`,
		want: `lib/l.json#/$dynamicRef: $dynamicRef "#x" resolves to lib/m1.json#/$defs/p on one path and to lib/m2.json#/$defs/p on another`,
	}, {
		name: "not a schema",
		tool: `{"$id": "https://tools.test/t.json", "type": "object", "properties": {"a": {"$ref": "#/x-extra/thing"}}, "x-extra": {"thing": {}}}`,
		want: `tool.json#/properties/a/$ref: $ref "#/x-extra/thing" cannot be bundled: it does not point at a schema`,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"tool.json": tc.tool}
			for k, v := range lib {
				files[k] = v
			}
			writeFiles(t, files)
			_, err := Bundle(Options{Input: "tool.json", NoCanonical: true, RefMap: map[string]string{"https://lib.test/s/": "lib"}})
			var me *model.Error
			if !errors.As(err, &me) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s…", err, tc.want)
			}
		})
	}
}

func TestInputErrors(t *testing.T) {
	writeFiles(t, map[string]string{"dir/a.json": `{}`})
	if _, err := Bundle(Options{Input: "dir"}); err == nil || err.Error() != "dir#: bundle takes one schema file, not a folder" {
		t.Errorf("folder: %v", err)
	}
	if _, err := Bundle(Options{Input: "missing.json"}); err == nil || !strings.HasPrefix(err.Error(), "missing.json#: cannot read") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Bundle(Options{}); err == nil {
		t.Error("no input: no error")
	}
}

func TestRootType(t *testing.T) {
	writeFiles(t, map[string]string{
		"nullable.json": `{"$id": "https://tools.test/n.json", "type": ["object", "null"], "$ref": "https://envgen.dev/schemas/v2/envelope.json"}`,
		"allof.json":    `{"$id": "https://tools.test/a.json", "allOf": [{"$ref": "https://envgen.dev/schemas/v2/envelope.json"}]}`,
	})
	for file, want := range map[string]string{
		"nullable.json": "{\n  \"$schema\": \"" + Draft + "\",\n  \"$id\": \"https://tools.test/n.json\",\n  \"type\": \"object\",\n  \"$ref\": \"#/$defs/envelope\",\n",
		"allof.json":    "{\n  \"$schema\": \"" + Draft + "\",\n  \"$id\": \"https://tools.test/a.json\",\n  \"type\": \"object\",\n  \"allOf\": [\n",
	} {
		b, err := Bundle(Options{Input: file})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), want) {
			t.Errorf("%s: got\n%.300s\nwant it to start with\n%s", file, b, want)
		}
		compileAlone(t, b)
	}
}
