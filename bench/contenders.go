package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bytedance/sonic"
	gojson "github.com/goccy/go-json"
	google "github.com/google/jsonschema-go/jsonschema"
	kaptinlin "github.com/kaptinlin/jsonschema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/bench/internal/gojsonschema"
	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/internal/contract/results"
)

// Envelope is envgen's generated envelope with the generated payload: its
// decoder and validator check data against results.json through the type
// argument.
type Envelope = envelope.Envelope[results.Results]

// The plain structs the plain decoders fill: the same shape, no methods,
// no validation.
type (
	PlainEnvelope struct {
		Success    bool            `json:"success"`
		Status     *string         `json:"status,omitzero"`
		Data       *PlainResults   `json:"data,omitzero"`
		Error      json.RawMessage `json:"error,omitzero"`
		Warnings   []PlainWarning  `json:"warnings,omitzero"`
		Meta       *PlainMeta      `json:"meta,omitzero"`
		Provenance json.RawMessage `json:"provenance,omitzero"`
	}
	PlainResults struct {
		Hits  []PlainHit `json:"hits"`
		Total *int64     `json:"total,omitzero"`
	}
	PlainHit struct {
		ChunkID    int64   `json:"chunk_id"`
		Score      float64 `json:"score"`
		Rank       int64   `json:"rank"`
		SourceFile *string `json:"source_file,omitzero"`
		Snippet    *string `json:"snippet,omitzero"`
	}
	PlainWarning struct {
		Code       string            `json:"code"`
		Severity   string            `json:"severity"`
		Message    string            `json:"message"`
		Suggestion *string           `json:"suggestion,omitzero"`
		Context    map[string]string `json:"context,omitzero"`
	}
	PlainMeta struct {
		RequestID  *string          `json:"request_id,omitzero"`
		Pagination *PlainPagination `json:"pagination,omitzero"`
		Timing     json.RawMessage  `json:"timing,omitzero"`
		Tool       json.RawMessage  `json:"tool,omitzero"`
	}
	PlainPagination struct {
		HasMore  bool    `json:"has_more"`
		Cursor   *string `json:"cursor,omitzero"`
		PageSize *int64  `json:"page_size,omitzero"`
		Total    *int64  `json:"total,omitzero"`
	}
)

// Kinds of contender: what its verdict means.
const (
	Validator = "validator" // nil iff the document is valid against the schema
	Plain     = "plain"     // decodes into plain structs; checks JSON syntax and Go types only
	Scan      = "scan"      // checks JSON syntax only, builds nothing
	Partial   = "partial"   // validates some keywords (go-jsonschema)
)

// Contender is one way of turning the bytes of a document into a value.
type Contender struct {
	Name   string
	Kind   string
	What   string // how it is called, for BENCHMARKS.md
	Decode func([]byte) error
}

// BundleURL is the $id of testdata/bundle.json.
const BundleURL = "https://envgen.dev/bench/tool.json"

// Contenders are the decoders this build runs, envgen's first (the
// baseline of every ratio). dir is the bench module's folder (for the
// bundled schema the schema validators compile). A GOEXPERIMENT=jsonv2
// build runs envgen, the encoding/json family and the scan only: it is there
// to compare those on json/v2 (kaptinlin/jsonschema cannot even compile
// the schema in such a build).
func Contenders(dir string) ([]Contender, error) {
	if JSONv2 {
		var cs []Contender
		for _, c := range contenders(nil, nil, nil) {
			if jsonFamily[c.Name] {
				cs = append(cs, c)
			}
		}
		return append(cs, extraContenders()...), nil
	}
	bundle, err := os.ReadFile(filepath.Join(dir, "testdata", "bundle.json"))
	if err != nil {
		return nil, err
	}
	sant, err := compileSanthosh(bundle)
	if err != nil {
		return nil, fmt.Errorf("santhosh-tekuri: %v", err)
	}
	goog, err := compileGoogle(bundle)
	if err != nil {
		return nil, fmt.Errorf("google/jsonschema-go: %v", err)
	}
	kapt, err := kaptinlin.NewCompiler().Compile(bundle)
	if err != nil {
		return nil, fmt.Errorf("kaptinlin/jsonschema: %v", err)
	}
	return contenders(sant, goog, kapt), nil
}

// jsonFamily are the contenders a jsonv2 build runs.
var jsonFamily = map[string]bool{"envgen": true, "envgen json.Unmarshal": true, "encoding/json": true, "json.Valid": true}

func contenders(sant *santhosh.Schema, goog *google.Resolved, kapt *kaptinlin.Schema) []Contender {
	return []Contender{
		{"envgen", Validator, "DecodeEnvgen: " + EnvgenEntryPoint,
			func(b []byte) error { var v Envelope; return DecodeEnvgen(b, &v) }},
		{"envgen json.Unmarshal", Validator, "`json.Unmarshal` into the generated type (encoding/json scans the text before it calls `UnmarshalJSON`)",
			func(b []byte) error { var v Envelope; return json.Unmarshal(b, &v) }},
		{"encoding/json", Plain, "`json.Unmarshal` into plain structs: decode only, **no validation**",
			func(b []byte) error { var v PlainEnvelope; return json.Unmarshal(b, &v) }},
		{"goccy/go-json", Plain, "goccy/go-json `Unmarshal` into the plain structs: **no validation**",
			func(b []byte) error { var v PlainEnvelope; return gojson.Unmarshal(b, &v) }},
		{"bytedance/sonic", Plain, "sonic `Unmarshal` (its default config) into the plain structs: **no validation**",
			func(b []byte) error { var v PlainEnvelope; return sonic.Unmarshal(b, &v) }},
		{"json.Valid", Scan, "`json.Valid`: the syntax scan alone, nothing built (a floor)",
			func(b []byte) error {
				if !json.Valid(b) {
					return errors.New("not JSON")
				}
				return nil
			}},
		{"santhosh-tekuri", Validator, "santhosh-tekuri/jsonschema v6: `jsonschema.UnmarshalJSON` into any, then `Schema.Validate`",
			func(b []byte) error {
				inst, err := santhosh.UnmarshalJSON(bytes.NewReader(b))
				if err != nil {
					return err
				}
				return sant.Validate(inst)
			}},
		{"google/jsonschema-go", Validator, "google/jsonschema-go: `json.Unmarshal` into any, then `Resolved.Validate`",
			func(b []byte) error {
				var inst any
				if err := json.Unmarshal(b, &inst); err != nil {
					return err
				}
				return goog.Validate(inst)
			}},
		{"kaptinlin/jsonschema", Validator, "kaptinlin/jsonschema: `Schema.ValidateJSON` (it decodes the bytes itself)",
			func(b []byte) error {
				if r := kapt.ValidateJSON(b); !r.IsValid() {
					return fmt.Errorf("kaptinlin: invalid: %v", r.Errors)
				}
				return nil
			}},
		{"go-jsonschema", Partial, "`json.Unmarshal` into the type go-jsonschema generates: decode, and **some** keywords checked",
			func(b []byte) error { var v gojsonschema.Envelope; return json.Unmarshal(b, &v) }},
	}
}

// compileSanthosh compiles the bundle; format is an annotation, as it is
// for the generated code.
func compileSanthosh(bundle []byte) (*santhosh.Schema, error) {
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(bundle))
	if err != nil {
		return nil, err
	}
	c := santhosh.NewCompiler()
	if err := c.AddResource(BundleURL, doc); err != nil {
		return nil, err
	}
	return c.Compile(BundleURL)
}

func compileGoogle(bundle []byte) (*google.Resolved, error) {
	var s google.Schema
	if err := json.Unmarshal(bundle, &s); err != nil {
		return nil, err
	}
	return s.Resolve(nil)
}
