package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/internal/contract/keywords"
)

var updateParity = flag.Bool("update-parity", false, "rewrite schemas/examples/parity.json and testdata/keywords-parity.json from the generated Go")

// parityFile holds, for every parity vector (schemas/examples/valid and
// invalid), the whole ordered error list the generated Go reports:
// instancePath, schemaPath, keyword and message. generated/ts/test checks
// that the generated TypeScript reports the very same list, so that the two
// agree on more than the (instancePath, keyword) set TestCanonicalExamples
// and santhosh-tekuri compare. `go test ./internal/contract -run
// TestParityErrors -update-parity` rewrites it; read the diff.
var parityFile = filepath.Join("..", "..", "schemas", "examples", "parity.json")

func TestParityErrors(t *testing.T) {
	dir := filepath.Join("..", "..", "schemas", "examples")
	got := map[string][]envgenrt.Error{}
	for _, kind := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join(dir, kind, "*.json"))
		if len(files) == 0 {
			t.Fatalf("no %s examples", kind)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if kind == "invalid" {
				var ex struct{ Instance json.RawMessage }
				if err := json.Unmarshal(data, &ex); err != nil {
					t.Fatal(err)
				}
				data = ex.Instance
			}
			errs := []envgenrt.Error{}
			err = decoderFor(filepath.Base(f)).UnmarshalJSON(data)
			var verr *envgenrt.ValidationError
			switch {
			case errors.As(err, &verr):
				errs = verr.Errors
			case err != nil:
				t.Fatalf("%s: %v", filepath.Base(f), err)
			}
			got[kind+"/"+filepath.Base(f)] = errs
		}
	}
	compareParity(t, parityFile, got)
}

// keywordsParityFile is parityFile for the instances of
// testdata/keywords-vectors.json, checked against testdata/keywords.json (a
// schema with every keyword of the registry, generated to ./keywords and to
// generated/ts/test/keywords), so that every message is compared.
var keywordsParityFile = filepath.Join("testdata", "keywords-parity.json")

func TestKeywordParityErrors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "keywords-vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors map[string]json.RawMessage
	if err := json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	got := map[string][]envgenrt.Error{}
	for name, v := range vectors {
		errs := []envgenrt.Error{}
		var k keywords.Keywords
		err := k.UnmarshalJSON(v)
		var verr *envgenrt.ValidationError
		switch {
		case errors.As(err, &verr):
			errs = verr.Errors
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		}
		got[name] = errs
	}
	if len(got["valid"]) != 0 {
		t.Errorf("the valid vector gets %v", got["valid"])
	}
	compareParity(t, keywordsParityFile, got)
}

// compareParity compares the error lists with those file holds, or rewrites
// it with -update-parity.
func compareParity(t *testing.T, file string, got map[string][]envgenrt.Error) {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	if *updateParity {
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v: run with -update-parity", err)
	}
	var wantMap map[string][]envgenrt.Error
	if err := json.Unmarshal(want, &wantMap); err != nil {
		t.Fatal(err)
	}
	if len(wantMap) != len(got) {
		t.Errorf("%s has %d vectors, there are %d: run with -update-parity", file, len(wantMap), len(got))
	}
	for name, errs := range got {
		a, _ := json.Marshal(errs)
		w, _ := json.Marshal(wantMap[name])
		if !bytes.Equal(a, w) {
			t.Errorf("%s %s:\n got %s\nwant %s", file, name, a, w)
		}
	}
}
