package bench

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/bench/internal/gojsonschema"
	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/internal/contract/results"
)

// Envelope is envgen's generated envelope with the generated payload: its
// decoder and validator check data against results.json through the type
// argument.
type Envelope = envelope.Envelope[results.Results]

// The plain structs encoding/json decodes into: the same shape, no methods,
// no validation.
type (
	plainEnvelope struct {
		Success    bool            `json:"success"`
		Status     *string         `json:"status,omitzero"`
		Data       *plainResults   `json:"data,omitzero"`
		Error      json.RawMessage `json:"error,omitzero"`
		Warnings   []plainWarning  `json:"warnings,omitzero"`
		Meta       *plainMeta      `json:"meta,omitzero"`
		Provenance json.RawMessage `json:"provenance,omitzero"`
	}
	plainResults struct {
		Hits  []plainHit `json:"hits"`
		Total *int64     `json:"total,omitzero"`
	}
	plainHit struct {
		ChunkID    int64   `json:"chunk_id"`
		Score      float64 `json:"score"`
		Rank       int64   `json:"rank"`
		SourceFile *string `json:"source_file,omitzero"`
		Snippet    *string `json:"snippet,omitzero"`
	}
	plainWarning struct {
		Code       string            `json:"code"`
		Severity   string            `json:"severity"`
		Message    string            `json:"message"`
		Suggestion *string           `json:"suggestion,omitzero"`
		Context    map[string]string `json:"context,omitzero"`
	}
	plainMeta struct {
		RequestID  *string          `json:"request_id,omitzero"`
		Pagination *plainPagination `json:"pagination,omitzero"`
		Timing     json.RawMessage  `json:"timing,omitzero"`
		Tool       json.RawMessage  `json:"tool,omitzero"`
	}
	plainPagination struct {
		HasMore  bool    `json:"has_more"`
		Cursor   *string `json:"cursor,omitzero"`
		PageSize *int64  `json:"page_size,omitzero"`
		Total    *int64  `json:"total,omitzero"`
	}
)

// docs are the two reference envelopes: the small one of internal/contract and
// the large one of testdata/large.json.
var docs = []struct{ name, path string }{
	{"small", "../internal/contract/testdata/envelope.json"},
	{"large", "testdata/large.json"},
}

func readDoc(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return bytes.TrimSpace(data)
}

// santhosh compiles the bundled tool schema; format is an annotation, as it
// is for the generated code.
func santhosh(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	f, err := os.Open("testdata/bundle.json")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		tb.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("https://envgen.dev/bench/tool.json", doc); err != nil {
		tb.Fatal(err)
	}
	sch, err := c.Compile("https://envgen.dev/bench/tool.json")
	if err != nil {
		tb.Fatal(err)
	}
	return sch
}

// decoders are the contenders of BenchmarkDecode, each a function that
// decodes (and, but for encoding/json, validates) one document.
func decoders(tb testing.TB) []struct {
	name   string
	decode func([]byte) error
} {
	sch := santhosh(tb)
	return []struct {
		name   string
		decode func([]byte) error
	}{
		{"envgen", func(b []byte) error { var v Envelope; return json.Unmarshal(b, &v) }},
		{"envgen-UnmarshalJSON", func(b []byte) error { var v Envelope; return v.UnmarshalJSON(b) }},
		{"encoding-json", func(b []byte) error { var v plainEnvelope; return json.Unmarshal(b, &v) }},
		{"santhosh-tekuri", func(b []byte) error {
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				return err
			}
			return sch.Validate(inst)
		}},
		{"go-jsonschema", func(b []byte) error { var v gojsonschema.Envelope; return json.Unmarshal(b, &v) }},
	}
}

// TestVerdicts: every contender takes both references; the validators
// refuse a hit of rank 0 (minimum: 1); an unknown member of a hit
// (additionalProperties: false) is refused by envgen and santhosh-tekuri,
// and taken by go-jsonschema, which does not check that keyword.
func TestVerdicts(t *testing.T) {
	for _, d := range docs {
		data := readDoc(t, d.path)
		broken := bytes.Replace(data, []byte(`"rank":3`), []byte(`"rank":0`), 1)
		extra := bytes.Replace(data, []byte(`"rank":3`), []byte(`"rank":3,"rnak":3`), 1)
		for _, c := range decoders(t) {
			if err := c.decode(data); err != nil {
				t.Errorf("%s %s: %v", d.name, c.name, err)
			}
			if err := c.decode(broken); (err == nil) != (c.name == "encoding-json") {
				t.Errorf("%s %s, rank 0: %v", d.name, c.name, err)
			}
			if err := c.decode(extra); (err == nil) != (c.name == "encoding-json" || c.name == "go-jsonschema") {
				t.Errorf("%s %s, unknown member: %v", d.name, c.name, err)
			}
		}
	}
}

// BenchmarkDecode is decode and validate: bytes in, a checked value out
// (encoding/json only decodes; santhosh-tekuri decodes into any).
func BenchmarkDecode(b *testing.B) {
	for _, d := range docs {
		data := readDoc(b, d.path)
		for _, c := range decoders(b) {
			b.Run("doc="+d.name+"/"+c.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if err := c.decode(data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkValidate is validation of a value already decoded: envgen's
// Validate on the typed value, santhosh-tekuri's on the decoded any.
// encoding/json and go-jsonschema have no such step.
func BenchmarkValidate(b *testing.B) {
	for _, d := range docs {
		data := readDoc(b, d.path)
		b.Run("doc="+d.name+"/envgen", func(b *testing.B) {
			var v Envelope
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := v.Validate(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("doc="+d.name+"/santhosh-tekuri", func(b *testing.B) {
			sch := santhosh(b)
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := sch.Validate(inst); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The payload schema here is the one internal/contract/results is generated
// from: envgen's type checks what the bundle the peers read says.
func TestResultsSchemaIsContracts(t *testing.T) {
	here, err := os.ReadFile("testdata/results.json")
	if err != nil {
		t.Fatal(err)
	}
	there, err := os.ReadFile("../internal/contract/testdata/results.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(here, there) {
		t.Error("bench/testdata/results.json differs from internal/contract/testdata/results.json, which internal/contract/results is generated from")
	}
}
