package bench

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

func allContenders(tb testing.TB) []Contender {
	tb.Helper()
	cs, err := Contenders(".")
	if err != nil {
		tb.Fatal(err)
	}
	return cs
}

func docs(tb testing.TB) []Doc {
	tb.Helper()
	ds, err := Docs(".")
	if err != nil {
		tb.Fatal(err)
	}
	return ds
}

// TestVerdicts: every contender is given the same documents, and says what
// its kind must. All take the three references. A hit of rank 0 (minimum:
// 1) is refused by the validators and go-jsonschema; an unknown member of a
// hit (additionalProperties: false) by the validators only (go-jsonschema
// does not check that keyword); success without data (if/then) by the
// validators. The plain decoders and the scan take all three; text cut
// short is refused by everyone.
func TestVerdicts(t *testing.T) {
	for _, d := range docs(t) {
		cases := []struct {
			name string
			data []byte
			// refused by which kinds
			refused map[string]bool
		}{
			{"reference", d.Data, map[string]bool{}},
			{"rank 0", bytes.Replace(d.Data, []byte(`"rank":3,`), []byte(`"rank":0,`), 1),
				map[string]bool{Validator: true, Partial: true}},
			{"unknown member", bytes.Replace(d.Data, []byte(`"rank":3,`), []byte(`"rank":3,"rnak":3,`), 1),
				map[string]bool{Validator: true}},
			{"success without data", withoutData(t, d.Data), map[string]bool{Validator: true}},
			{"cut short", d.Data[:len(d.Data)/2], map[string]bool{Validator: true, Partial: true, Plain: true, Scan: true}},
		}
		for _, c := range cases[1:4] {
			if bytes.Equal(c.data, d.Data) {
				t.Fatalf("%s %s: the mutation changed nothing", d.Name, c.name)
			}
		}
		for _, cn := range allContenders(t) {
			for _, c := range cases {
				err := cn.Decode(c.data)
				if want := c.refused[cn.Kind]; (err != nil) != want {
					t.Errorf("%s, %s: %s (%s) gave %v, want refused=%v", d.Name, c.name, cn.Name, cn.Kind, err, want)
				}
			}
		}
	}
}

// withoutData is the document with its data member taken out.
func withoutData(t *testing.T, data []byte) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "data")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLargeIsGenerated: testdata/large.json is what cmd/mklarge writes.
func TestLargeIsGenerated(t *testing.T) {
	data, err := os.ReadFile("testdata/large.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bytes.TrimSpace(data), Large()) {
		t.Error("testdata/large.json is not bench.Large(): go generate ./... in bench/")
	}
	if n := len(Huge()); n < 5e6 || n > 6e6 {
		t.Errorf("the huge document is %d bytes, want about 5 MB", n)
	}
}

// BenchmarkDecode is each contender on each document, for a profile (go
// test -bench Decode -cpuprofile); BENCHMARKS.md's figures come from
// cmd/rounds, which interleaves them.
func BenchmarkDecode(b *testing.B) {
	for _, d := range docs(b) {
		for _, c := range allContenders(b) {
			b.Run("doc="+d.Name+"/"+c.Name, func(b *testing.B) {
				b.SetBytes(int64(len(d.Data)))
				b.ReportAllocs()
				for b.Loop() {
					if err := c.Decode(d.Data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkValidate is envgen's Validate on a value already decoded.
func BenchmarkValidate(b *testing.B) {
	for _, d := range docs(b) {
		b.Run("doc="+d.Name+"/envgen", func(b *testing.B) {
			var v Envelope
			if err := DecodeEnvgen(d.Data, &v); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(d.Data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := v.Validate(); err != nil {
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
