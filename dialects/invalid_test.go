package dialects

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// invalidCase is a file of testdata/invalid: a document and the violations
// (instancePath, keyword) its dialect's schema reports, as a set; none for a
// document that is valid.
type invalidCase struct {
	Description string          `json:"description"`
	Dialect     string          `json:"dialect"`
	Instance    json.RawMessage `json:"instance"`
	Errors      []key           `json:"errors"`
	// Tightens says why the published schema, which lacks the constraint,
	// accepts the document (see TestUpstreamVerdicts).
	Tightens string `json:"tightens"`
}

func loadInvalid(t *testing.T) map[string]invalidCase {
	t.Helper()
	files, err := filepath.Glob("testdata/invalid/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no invalid cases: %v", err)
	}
	out := map[string]invalidCase{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c invalidCase
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = c
	}
	return out
}

// mainTypes are the generated types of each dialect's envelope.
var mainTypes = map[string]string{
	"scalpel": "scalpel.Envelope", "foundry": "foundry.Response", "mcp-envelope": "mcpenvelope.Envelope",
	"codegraph": "codegraph.Envelope", "bmcis": "bmcis.Envelope",
}

// TestInvalidDocuments feeds each dialect documents that miss required
// members, hold values outside an enum or const, or have members the
// dialect forbids, and checks the violations Validate and Convert report,
// and that the generated type refuses them too.
func TestInvalidDocuments(t *testing.T) {
	seen := map[string]int{}
	for file, c := range loadInvalid(t) {
		seen[c.Dialect]++
		t.Run(file, func(t *testing.T) {
			err := Validate(c.Dialect, c.Instance)
			if len(c.Errors) == 0 {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			var inv *InvalidError
			if !errors.As(err, &inv) {
				t.Fatalf("want an *InvalidError, got %v", err)
			}
			if got := keys(inv.Violations); !reflect.DeepEqual(got, c.Errors) {
				t.Errorf("violations %v, want %v", got, c.Errors)
			}
			for _, v := range inv.Violations {
				if v.Message == "" || v.SchemaPath == "" {
					t.Errorf("violation without message or schema path: %+v", v)
				}
			}
			r, cerr := ConvertWith(c.Dialect, Canonical, c.Instance, Options{Losses: true})
			d, _ := lookup(c.Dialect)
			if d.incomplete != nil && !slices.ContainsFunc(c.Errors, func(k key) bool { return k.Keyword != "required" }) {
				// Incomplete: it converts, and the losses name what it lacks.
				if cerr != nil || !slices.ContainsFunc(r.Losses, func(l Loss) bool { return l.Missing }) {
					t.Errorf("Convert of an incomplete document: %v, losses %v", cerr, r.Losses)
				}
			} else if !reflect.DeepEqual(cerr, err) {
				t.Errorf("Convert: %v, want the validation error", cerr)
			}
			if slices.ContainsFunc(c.Errors, func(k key) bool { return k.Keyword == "format" }) {
				return // generated validators treat format as an annotation by default
			}
			v := reflect.New(goTypes[mainTypes[c.Dialect]]).Interface()
			if json.Unmarshal(c.Instance, v) == nil {
				t.Errorf("the generated %s accepts it", mainTypes[c.Dialect])
			}
		})
	}
	for _, name := range Names()[1:] {
		if seen[name] < 4 {
			t.Errorf("%s has %d invalid cases, want at least 4", name, seen[name])
		}
	}
}
