package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/internal/contract/tree"
)

// Hostile input gives an error or a verdict: never a panic, never a stack
// overflow. Each input goes through json.Unmarshal (which scans the text
// first) and through UnmarshalJSON directly (runtime's parser alone).

func decodeBoth(t *testing.T, data []byte, into func() json.Unmarshaler) (viaJSON, direct error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("panic: %v", p)
		}
	}()
	return json.Unmarshal(data, into()), into().UnmarshalJSON(data)
}

func TestInvalidJSON(t *testing.T) {
	for _, in := range []string{``, `{`, `{"success":true`, `{"success":tru}`, `{"success":true,}`, `[1,2`, `"\u12"`,
		`{"success":true} x`, "{\"success\":\"\x01\"}", `{"success":true,"success":true}`, `nul`, `{"a":01}`} {
		viaJSON, direct := decodeBoth(t, []byte(in), func() json.Unmarshaler { return new(Envelope) })
		var se *envgenrt.SyntaxError
		_, ok := envgenrt.AsSyntaxError(viaJSON)
		if !ok || !errors.As(direct, &se) {
			t.Errorf("%q: json.Unmarshal %v, UnmarshalJSON %v (want a *envgenrt.SyntaxError)", in, viaJSON, direct)
		}
	}
}

// TestDeepNesting: 100,000 levels are refused at envgenrt.MaxDepth.
func TestDeepNesting(t *testing.T) {
	const depth = 100000
	for name, data := range map[string]string{
		"arrays in data": `{"success":true,"data":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`,
		"objects":        strings.Repeat(`{"children":[`, depth) + strings.Repeat("]}", depth),
		"unclosed":       strings.Repeat("[", depth),
	} {
		viaJSON, direct := decodeBoth(t, []byte(data), func() json.Unmarshaler { return new(Envelope) })
		var se *envgenrt.SyntaxError
		_, ok := envgenrt.AsSyntaxError(viaJSON)
		if !ok || !errors.As(direct, &se) || !strings.Contains(direct.Error(), "nesting deeper than") {
			t.Errorf("%s: json.Unmarshal %v, UnmarshalJSON %v", name, viaJSON, direct)
		}
	}
}

// TestDeepRecursion: a recursive schema validated as deep as runtime allows.
func TestDeepRecursion(t *testing.T) {
	depth := envgenrt.MaxDepth/2 - 1 // two levels (object, array) per node
	data := strings.Repeat(`{"name":"n","children":[`, depth) + `{"name":"leaf"}` + strings.Repeat("]}", depth)
	var tr tree.Tree
	if err := tr.UnmarshalJSON([]byte(data)); err != nil {
		t.Fatalf("valid tree %d deep: %v", depth, err)
	}
	if err := tr.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	bad := strings.Replace(data, `"leaf"`, `"a name longer than twenty"`, 1)
	err := tr.UnmarshalJSON([]byte(bad))
	var verr *envgenrt.ValidationError
	if !errors.As(err, &verr) || len(verr.Errors) != 1 || verr.Errors[0].Keyword != "maxLength" ||
		!strings.HasSuffix(verr.Errors[0].InstancePath, "/children/0/name") {
		t.Errorf("invalid leaf: %v", err)
	}
}

// TestHugeString: a 50 MB string decodes (data is any JSON value) or fails
// its maxLength, with a verdict either way.
func TestHugeString(t *testing.T) {
	big := strings.Repeat("abcdefgh", 50<<20/8)
	valid := []byte(`{"success":true,"data":"` + big + `"}`)
	var raw EnvelopeAny
	if err := raw.UnmarshalJSON(valid); err != nil {
		t.Fatalf("50 MB data: %v", err)
	}
	if err := raw.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	snippet := []byte(`{"success":true,"data":{"hits":[{"chunk_id":1,"score":0.5,"rank":1,"snippet":"` + big + `"}]}}`)
	var env Envelope
	err := env.UnmarshalJSON(snippet)
	var verr *envgenrt.ValidationError
	if !errors.As(err, &verr) || verr.Errors[0].Keyword != "maxLength" {
		t.Errorf("50 MB snippet: %v", err)
	}
}

// TestGeneratedIsCurrent: the generated packages here are what envgen makes
// of testdata/ now.
func TestGeneratedIsCurrent(t *testing.T) {
	runs := []gen.Options{
		{Inputs: []string{"testdata/results.json"}, NoCanonical: true, GoOut: "results", GoPackage: "results"},
		{Inputs: []string{"testdata/tree.json"}, NoCanonical: true, GoOut: "tree", GoPackage: "tree"},
		// every keyword, for the message-parity vectors (KEYWORDS in the Makefile; its TypeScript is generated/ts/test/keywords)
		{Inputs: []string{"testdata/keywords.json"}, NoCanonical: true, AssertFormat: true, GoOut: "keywords", GoPackage: "keywords"},
		// the example tool, which imports the canonical package (EXAMPLE in the Makefile)
		{Inputs: []string{"../../schemas/examples/search-output.json"}, AssertFormat: true, GoOut: "searchoutput", GoPackage: "searchoutput"},
	}
	for _, opts := range runs {
		files, err := gen.Generate(opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			want, err := readFile(f.Path)
			if err != nil || !bytes.Equal(want, f.Content) {
				t.Errorf("%s is not current (%v): run `make generate`", f.Path, err)
			}
		}
	}
}

// TestNarrowGoType: a valid integer beyond int64 is a *envgenrt.DecodeError,
// never a silent change.
func TestNarrowGoType(t *testing.T) {
	data := []byte(`{"success":true,"data":{"hits":[{"chunk_id":1e30,"score":0.5,"rank":1}]}}`)
	var env Envelope
	err := env.UnmarshalJSON(data)
	var derr *envgenrt.DecodeError
	if !errors.As(err, &derr) || derr.InstancePath != "/data/hits/0/chunk_id" {
		t.Errorf("got %v", err)
	}
}
