package dialects

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/bundle"
)

// TestOutputSchemas checks that bundles/<dialect>.json is what gen/bundle
// makes of the dialect's schema today (with -update it rewrites them), that
// it is self-contained (no $ref leaves the document) and that every example
// of the dialect validates against it.
func TestOutputSchemas(t *testing.T) {
	examples := loadExamples(t)
	for _, d := range registry[1:] {
		want, err := bundle.Bundle(bundle.Options{Input: d.schema, RefMap: map[string]string{BaseURI: "."}, Compact: true})
		if err != nil {
			t.Fatalf("%s: %v", d.name, err)
		}
		if *update {
			if err := os.WriteFile(bundleFile(d.name), want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := OutputSchema(d.name)
		if err != nil {
			t.Fatalf("%s: %v", d.name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %s is stale: run go test ./dialects -run TestOutputSchemas -update", d.name, bundleFile(d.name))
		}
		var doc map[string]any
		if err := json.Unmarshal(got, &doc); err != nil || doc["type"] != "object" {
			t.Errorf("%s: the bundle is not an object schema (%v)", d.name, err)
		}
		if bytes.Contains(got, []byte(`"$ref": "https:`)) || bytes.Contains(got, []byte(`"$ref": "`+d.name)) {
			t.Errorf("%s: the bundle references another document", d.name)
		}
		// On its own, with no loader: what an MCP client has.
		c := jsonschema.NewCompiler()
		c.UseLoader(noLoader{})
		schema, err := jsonschema.UnmarshalJSON(bytes.NewReader(got))
		if err == nil {
			err = c.AddResource("mem:bundle.json", schema)
		}
		s, err := c.Compile("mem:bundle.json")
		if err != nil {
			t.Fatalf("%s: the bundle does not compile on its own: %v", d.name, err)
		}
		n := 0
		for _, e := range examples {
			if e.folder != folderOf(d.name) || e.Kind == "schema" || e.Schema != "" && e.folder+"/"+e.Schema != d.schema {
				continue
			}
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(e.doc))
			if err != nil {
				t.Fatal(err)
			}
			if verr := s.Validate(inst); (verr == nil) != e.Valid {
				t.Errorf("%s: %s: valid against the bundle: %v, against the dialect: %v", d.name, e.File, verr == nil, e.Valid)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no example checked against the bundle", d.name)
		}
	}
	if _, err := OutputSchema(Canonical); err == nil {
		t.Error("OutputSchema(canonical) returned a schema: the canonical one is the tool's own bundle")
	}
	if _, err := OutputSchema("nope"); err == nil {
		t.Error("OutputSchema of an unknown dialect returned no error")
	}
}
