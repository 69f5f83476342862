package config

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// configSchema is the JSON Schema of the config file, shipped so that editors
// complete and check envgen.yaml.
//
//go:embed envgen.schema.json
var configSchema []byte

func compileConfigSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(configSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("envgen.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("envgen.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// yamlToJSON turns a YAML config into the JSON data model the schema judges.
func yamlToJSON(t *testing.T, text string) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestConfigSchemaAgreesWithParser: every config the parser accepts, the
// schema accepts, and the reverse for the configs the parser refuses for
// their shape; and the schema names exactly the keys the parser knows.
func TestConfigSchemaAgreesWithParser(t *testing.T) {
	sch := compileConfigSchema(t)
	good := []string{
		"inputs: [schemas/, tool.json]\ngo: {out: internal/envelope, package: envelope}\nts: {out: web, readonly_arrays: true}\n" +
			"ref_map: {\"https://example.com/schemas/\": third_party}\nnames: {\"schemas/tool.json#/$defs/item\": ToolItem}\nno_canonical: true\nassert_format: true\n" +
			"imports: {\"https://example.com/lib/\": {go: example.com/lib/gen, go_package: lib, ts: \"@example/lib\"}}\nno_imports: false\n",
		"inputs: [a.json]\n",
		"imports: {\"https://example.com/lib/\": {ts: ../lib/index.js}}\n",
	}
	bad := []string{
		"go: {pakage: x}\n",
		"inputs: a.json\n",
		"ts: {readonly_arrays: yes please}\n",
		"colour: blue\n",
		"imports: {\"https://example.com/lib/\": {}}\n",
		"imports: {\"https://example.com/lib/\": {go_package: lib}}\n",
		"imports: {\"https://example.com/lib/\": {go: ./lib}}\n",
		"imports: {\"https://example.com/lib/\": {go: a/b, module: x}}\n",
		"imports: {lib: {go: a/b}}\n",
		"no_imports: 1\n",
	}
	for _, text := range good {
		p := filepath.Join(t.TempDir(), "envgen.yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(p); err != nil {
			t.Errorf("parser refuses a good config: %v", err)
		}
		if err := sch.Validate(yamlToJSON(t, text)); err != nil {
			t.Errorf("schema refuses a good config:\n%s%v", text, err)
		}
	}
	for _, text := range bad {
		p := filepath.Join(t.TempDir(), "envgen.yaml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(p); err == nil {
			t.Errorf("parser accepts a bad config:\n%s", text)
		}
		if err := sch.Validate(yamlToJSON(t, text)); err == nil {
			t.Errorf("schema accepts a bad config:\n%s", text)
		}
	}
	type object struct {
		Properties map[string]any `json:"properties"`
		// false, or the schema of each entry of a map such as imports
		AdditionalProperties any `json:"additionalProperties"`
	}
	var doc struct {
		Properties map[string]object `json:"properties"`
	}
	if err := json.Unmarshal(configSchema, &doc); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k, v := range doc.Properties {
		keys = append(keys, k)
		for sub := range v.Properties {
			keys = append(keys, k+"."+sub)
		}
		entry, _ := v.AdditionalProperties.(map[string]any)
		props, _ := entry["properties"].(map[string]any)
		for sub := range props {
			keys = append(keys, k+"."+sub)
		}
	}
	sort.Strings(keys)
	var want []string
	for section, names := range configKeys {
		for _, name := range names {
			if section != "" {
				name = section + "." + name
			}
			want = append(want, name)
		}
	}
	sort.Strings(want)
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("schema keys %v, parser keys %v: keep envgen.schema.json and config.go in step", keys, want)
	}
}

// TestExampleConfigs: the config files the repository ships as examples are
// good for both the parser and the schema.
func TestExampleConfigs(t *testing.T) {
	sch := compileConfigSchema(t)
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*", "envgen.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples/*/envgen.yaml (%v)", err)
	}
	for _, f := range files {
		if _, err := Load(f); err != nil {
			t.Errorf("parser: %v", err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(yamlToJSON(t, string(data))); err != nil {
			t.Errorf("schema refuses %s: %v", f, err)
		}
	}
}
