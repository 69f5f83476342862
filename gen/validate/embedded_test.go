package validate_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/envgen/envgen/gen/validate"
)

// TestEmbeddedByIDLoadChecks: a schema named by the $id of an embedded
// schema passes the loader's checks, as the same schema given as a file
// does (and as generate's inputs do). Before, it went to santhosh-tekuri's
// compiler alone, which interprets 2019-09's $recursiveRef where envgen
// refuses it, and skips the checks the loader makes (an ECMA-262 pattern).
func TestEmbeddedByIDLoadChecks(t *testing.T) {
	for _, tc := range []struct{ name, schema, want string }{
		{"recursiveRef, no draft", `{"$id": "https://x.test/r.json", "type": "object", "properties": {"a": {"$recursiveRef": "#"}}}`,
			`#/properties/a/$recursiveRef: unsupported keyword "$recursiveRef"`},
		{"recursiveAnchor, 2019-09", `{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://x.test/r.json", "$recursiveAnchor": true}`,
			`#/$recursiveAnchor: unsupported keyword "$recursiveAnchor"`},
		{"pattern not ECMA-262", `{"$id": "https://x.test/r.json", "type": "string", "pattern": "(?P<n>a)"}`,
			`#/pattern: `},
	} {
		t.Run(tc.name, func(t *testing.T) {
			emb := fstest.MapFS{"r.json": {Data: []byte(tc.schema)}}
			_, err := validate.New(validate.Options{Schemas: []string{"https://x.test/r.json"}, Embedded: emb, NoCanonical: true})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("by $id: error %v, want one with %q", err, tc.want)
			}
			// the same message as for the schema given as a file, but for
			// the file's name
			file := filepath.Join(t.TempDir(), "r.json")
			if err := os.WriteFile(file, []byte(tc.schema), 0o644); err != nil {
				t.Fatal(err)
			}
			_, ferr := validate.New(validate.Options{Schemas: []string{file}, NoCanonical: true})
			if ferr == nil {
				t.Fatal("as a file: no error")
			}
			_, byID, _ := strings.Cut(err.Error(), "r.json#")
			_, byFile, _ := strings.Cut(ferr.Error(), "r.json#")
			if byID != byFile {
				t.Errorf("by $id:   %v\nas a file: %v", err, ferr)
			}
		})
	}
	// a valid embedded schema still validates, and its errors still name
	// it as generated code does
	emb := fstest.MapFS{"r.json": {Data: []byte(`{"$id": "https://x.test/r.json", "type": "object", "required": ["a"]}`)}}
	v, err := validate.New(validate.Options{Schemas: []string{"https://x.test/r.json"}, Embedded: emb, NoCanonical: true})
	if err != nil {
		t.Fatal(err)
	}
	errs, err := v.Validate([]byte(`{}`))
	if err != nil || len(errs) != 1 || errs[0].Keyword != "required" {
		t.Fatalf("errors %v, %v; want one required", errs, err)
	}
}
