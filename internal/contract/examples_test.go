package contract

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/internal/contract/searchoutput"
)

// TestCanonicalExamples decodes schemas/examples with the generated canonical
// package: every valid example decodes, round-trips and passes Validate;
// every invalid one fails with exactly the (instancePath, keyword) set it
// lists; search-output-* examples are checked with the example tool's own
// package, which imports the canonical one. With the hand-written invalid
// examples and one mutation of each valid example, these are the parity
// vectors: generated/ts/test checks the same files the same way.
func TestCanonicalExamples(t *testing.T) {
	dir := filepath.Join("..", "..", "schemas", "examples")
	valid, _ := filepath.Glob(filepath.Join(dir, "valid", "*.json"))
	for _, f := range valid {
		v := decoderFor(filepath.Base(f))
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.UnmarshalJSON(data); err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		out, _ := json.Marshal(v)
		if a, b := canonical(t, data), canonical(t, out); a != b {
			t.Errorf("%s does not round-trip:\n got %s\nwant %s", filepath.Base(f), b, a)
		}
		if err := v.Validate(); err != nil {
			t.Errorf("%s: Validate: %v", filepath.Base(f), err)
		}
	}
	invalid, _ := filepath.Glob(filepath.Join(dir, "invalid", "*.json"))
	for _, f := range invalid {
		v := decoderFor(filepath.Base(f))
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ex struct {
			Instance json.RawMessage
			Errors   []envgenrt.Error
		}
		if err := json.Unmarshal(data, &ex); err != nil {
			t.Fatal(err)
		}
		err = v.UnmarshalJSON(ex.Instance)
		var verr *envgenrt.ValidationError
		if !errors.As(err, &verr) {
			t.Errorf("%s: %v, want a *envgenrt.ValidationError", filepath.Base(f), err)
			continue
		}
		if got, want := errorSet(verr.Errors), errorSet(ex.Errors); got != want {
			t.Errorf("%s:\n got %s\nwant %s", filepath.Base(f), got, want)
		}
	}
}

// decoderFor is the generated type an example file is checked as, by the
// prefix of its name (schemas/examples/README.md).
func decoderFor(name string) interface {
	json.Unmarshaler
	Validate() error
} {
	switch {
	case strings.HasPrefix(name, "request-"):
		return new(envelope.Request)
	case strings.HasPrefix(name, "provenance-"):
		return new(envelope.Provenance)
	case strings.HasPrefix(name, "search-output-"):
		return new(searchoutput.SearchOutput) // envelope.Envelope[searchoutput.SearchResults]
	}
	return new(envelope.Envelope[json.RawMessage])
}

func errorSet(es []envgenrt.Error) string {
	var out []string
	for _, e := range es {
		out = append(out, e.InstancePath+" "+e.Keyword)
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), "; ")
}

func canonical(t *testing.T, data []byte) string {
	t.Helper()
	s, err := envgenrt.CanonicalJSON(data)
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return s
}
