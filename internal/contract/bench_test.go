// Package contract holds the contract tests over generated Go (decode,
// Validate, round trip, errors), and measures it against encoding/json and
// santhosh-tekuri/jsonschema on a reference envelope (testdata/envelope.json,
// about 1.2 KB: success, a page of 10 hits as data, a warning, meta with
// pagination), and tests that hostile input gives an error or a verdict,
// never a panic or a stack overflow.
//
//	go test ./internal/contract -run '^$' -bench . -benchmem -count 5   (make bench-validate)
package contract

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/internal/contract/results"
	"github.com/envgen/envgen/schemas"
)

// Envelope is the generated envelope with the generated payload: its
// validator checks data against results.json through the type argument.
type Envelope = envelope.Envelope[results.Results]

// EnvelopeAny is the envelope with any JSON value as data.
type EnvelopeAny = envelope.Envelope[json.RawMessage]

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }

// The plain structs encoding/json decodes into: the same shape, no methods.
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

func reference(tb testing.TB) []byte {
	tb.Helper()
	data, err := os.ReadFile("testdata/envelope.json")
	if err != nil {
		tb.Fatal(err)
	}
	return bytes.TrimSpace(data)
}

// santhosh compiles testdata/tool.json (the envelope with data fixed to
// results.json) with the canonical schemas.
func santhosh(tb testing.TB) *jsonschema.Schema {
	tb.Helper()
	c := jsonschema.NewCompiler()
	add := func(url string, data []byte) {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			tb.Fatal(err)
		}
		if err := c.AddResource(url, doc); err != nil {
			tb.Fatal(err)
		}
	}
	entries, err := fs.ReadDir(schemas.FS, ".")
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range entries {
		data, err := fs.ReadFile(schemas.FS, e.Name())
		if err != nil {
			tb.Fatal(err)
		}
		var head struct {
			ID string `json:"$id"`
		}
		if json.Unmarshal(data, &head) == nil && head.ID != "" {
			add(head.ID, data)
		}
	}
	for _, f := range []string{"results.json", "tool.json"} {
		data, err := os.ReadFile("testdata/" + f)
		if err != nil {
			tb.Fatal(err)
		}
		add("https://envgen.dev/bench/"+f, data)
	}
	sch, err := c.Compile("https://envgen.dev/bench/tool.json")
	if err != nil {
		tb.Fatal(err)
	}
	return sch
}

// TestReferenceAgrees: the three decoders agree that the reference envelope
// is valid, and that a broken one is not.
func TestReferenceAgrees(t *testing.T) {
	data := reference(t)
	sch := santhosh(t)
	broken := bytes.Replace(data, []byte(`"rank":3`), []byte(`"rank":0`), 1)
	for _, c := range []struct {
		data  []byte
		valid bool
	}{{data, true}, {broken, false}} {
		var env Envelope
		err := json.Unmarshal(c.data, &env)
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(c.data))
		serr := sch.Validate(inst)
		if (err == nil) != c.valid || (serr == nil) != c.valid {
			t.Errorf("valid %v: envgen %v, santhosh-tekuri %v", c.valid, err, serr)
		}
	}
	var env Envelope
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatal(err)
	}
	if len(env.Data.Hits) != 10 || env.Meta.Pagination.Cursor == nil {
		t.Errorf("decoded %+v", env)
	}
}

// TestValidateAllocatesNothing is the contract of Validate on a valid value.
func TestValidateAllocatesNothing(t *testing.T) {
	var env Envelope
	if err := json.Unmarshal(reference(t), &env); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() {
		if err := env.Validate(); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Validate allocates %v times per call", n)
	}
}

// BenchmarkDecode compares, on the reference envelope, generated decoding
// (parse, validate, fill), encoding/json into the plain structs (no
// validation), and santhosh-tekuri (decode into any, then validate).
func BenchmarkDecode(b *testing.B) {
	data := reference(b)
	b.Run("envgen", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var env Envelope
			if err := json.Unmarshal(data, &env); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("envgen-UnmarshalJSON", func(b *testing.B) { // without encoding/json's scan of the text first
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		defer reportCPU(b)()
		for b.Loop() {
			var env Envelope
			if err := env.UnmarshalJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var env plainEnvelope
			if err := json.Unmarshal(data, &env); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("santhosh-tekuri", func(b *testing.B) {
		sch := santhosh(b)
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			if err := sch.Validate(inst); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkValidate is Validate on a decoded value: encode, parse, validate.
func BenchmarkValidate(b *testing.B) {
	var env Envelope
	if err := json.Unmarshal(reference(b), &env); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := env.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarshal compares generated encoding with encoding/json's.
func BenchmarkMarshal(b *testing.B) {
	data := reference(b)
	var env Envelope
	var plain plainEnvelope
	if json.Unmarshal(data, &env) != nil || json.Unmarshal(data, &plain) != nil {
		b.Fatal("reference does not decode")
	}
	b.Run("envgen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(env); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(plain); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParse is the first of a decode's three passes alone: the text
// parsed into a pooled State's tree (for profiling the parser; the figures
// that count are cmd/report's interleaved rounds in bench/).
func BenchmarkParse(b *testing.B) {
	data := reference(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		s := envgenrt.NewState()
		if err := s.Parse(data); err != nil {
			b.Fatal(err)
		}
		s.Release()
	}
}

// reportCPU reports the process's CPU time per operation ("cpu-ns/op") from
// its call to the call of what it returns: on a shared machine, a steadier
// figure than wall time.
func reportCPU(b *testing.B) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := cpu()
	return func() { b.ReportMetric(float64(cpu()-start)/float64(b.N), "cpu-ns/op") }
}
