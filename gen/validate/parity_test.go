package validate_test

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/validate"
)

// TestParityExamples validates the canonical envelope's invalid examples
// and wants the errors the generated Go reports for them
// (schemas/examples/parity.json, which the Go and TypeScript validators
// are held to): the same set of errors, messages and schema paths included
// (the order may differ: the interpreter does not check keywords in the
// generated code's order). (generated/go/envelope is generated with format asserted.)
func TestParityExamples(t *testing.T) {
	dir := filepath.Join("..", "..", "schemas")
	data, err := os.ReadFile(filepath.Join(dir, "examples", "parity.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string][]envgenrt.Error
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	validators := map[string]*validate.Validator{}
	for _, s := range []string{"envelope.json", "request.json", "provenance.json", "examples/search-output.json"} {
		v, err := validate.New(validate.Options{Schemas: []string{filepath.Join(dir, filepath.FromSlash(s))}, AssertFormat: true})
		if err != nil {
			t.Fatal(err)
		}
		validators[s] = v
	}
	same := 0
	for name, w := range want {
		doc, err := os.ReadFile(filepath.Join(dir, "examples", filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		var ex struct{ Instance json.RawMessage }
		if strings.HasPrefix(name, "invalid/") {
			if err := json.Unmarshal(doc, &ex); err != nil {
				t.Fatal(err)
			}
			doc = ex.Instance
		}
		got, err := validators[schemaFor(name)].Validate(doc)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for i := range got {
			file, frag, _ := strings.Cut(got[i].SchemaPath, "#")
			got[i].SchemaPath = path.Base(file) + "#" + frag
		}
		if !reflect.DeepEqual(keys(got), keys(w)) {
			t.Errorf("%s: errors at %v, the generated Go's at %v", name, keys(got), keys(w))
			continue
		}
		if !reflect.DeepEqual(messages(got), messages(w)) {
			t.Errorf("%s: errors\n got %v\nwant %v", name, got, w)
		}
		if len(got) == 0 && len(w) == 0 || reflect.DeepEqual(got, w) {
			same++
		} else if testing.Verbose() {
			t.Logf("%s: in another order\n got %v\nwant %v", name, got, w)
		}
	}
	t.Logf("%d of %d error lists are the generated Go's in its order too", same, len(want))
}

func keys(errs []envgenrt.Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.InstancePath+" "+e.Keyword)
	}
	sort.Strings(out)
	return out
}

func messages(errs []envgenrt.Error) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.InstancePath+" "+e.Keyword+" "+e.Message+" "+e.SchemaPath)
	}
	sort.Strings(out)
	return out
}

// schemaFor is the schema an example is an instance of, as
// schemas/schemas_test.go chooses it.
func schemaFor(name string) string {
	base := path.Base(name)
	switch {
	case strings.HasPrefix(base, "request-"):
		return "request.json"
	case strings.HasPrefix(base, "provenance-"):
		return "provenance.json"
	case strings.HasPrefix(base, "search-output-"):
		return "examples/search-output.json"
	}
	return "envelope.json"
}
