package contract

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/envgen/envgen/envgenrt"
)

// The documents of the speed comparison: the reference envelope (1.2 KB), the
// large one of bench/ (104 KB, 500 hits) and a huge one of the same shape
// (about 5 MB, 25,000 hits) made here.
func speedDocs(tb testing.TB) []struct {
	name string
	data []byte
} {
	tb.Helper()
	large, err := os.ReadFile("../../bench/testdata/large.json")
	if err != nil {
		tb.Fatal(err)
	}
	return []struct {
		name string
		data []byte
	}{{"1.2KB", reference(tb)}, {"104KB", large}, {"5MB", hugeEnvelope(tb, 25000)}}
}

// hugeEnvelope is an envelope like bench/testdata/large.json with hits hits.
func hugeEnvelope(tb testing.TB, hits int) []byte {
	tb.Helper()
	var b strings.Builder
	b.WriteString(`{"data":{"hits":[`)
	for i := range hits {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"chunk_id":%d,"score":%v,"rank":%d,"source_file":"docs/part_%d/chapter_%02d/section_%03d.md",`+
			`"snippet":"Result %d: the cursor encodes the offset, page size and mode; the server signs it with its key."}`,
			100000+i*37, math.Round(float64(hits-i)/float64(hits+1)*1e4)/1e4, i+1, i%7, i%23, i, i)
	}
	fmt.Fprintf(&b, `],"total":4200},"meta":{"pagination":{"cursor":"eyJvZmZzZXQiOjUwMH0","has_more":true,"page_size":%d},`+
		`"request_id":"req-7f3a9c"},"status":"ok","success":true,"warnings":[{"code":"STALE_INDEX","message":"The index is 2 hours old.","severity":"warning"}]}`, hits)
	data := []byte(b.String())
	var env Envelope
	if err := env.UnmarshalJSON(data); err != nil {
		tb.Fatal(err)
	}
	return data
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestSpeed compares decode+validate with its floors, interleaving the
// contenders round by round and reporting the median of per-round ratios
// of CPU time with their spread. It is a measurement, not a timed test: it
// runs only with ENVGEN_SPEED=rounds (e.g. 9) and asserts nothing.
//
//	ENVGEN_SPEED=9 go test ./internal/contract -run TestSpeed -v
func TestSpeed(t *testing.T) {
	rounds := 0
	fmt.Sscan(os.Getenv("ENVGEN_SPEED"), &rounds)
	if rounds == 0 {
		t.Skip("set ENVGEN_SPEED to a number of rounds")
	}
	type contender struct {
		name string
		run  func(data []byte) error
	}
	contenders := []contender{
		{"envgenrt.Decode", func(data []byte) error { var env Envelope; return envgenrt.Decode(data, &env) }},
		{"envgen-json.Unmarshal", func(data []byte) error { var env Envelope; return json.Unmarshal(data, &env) }},
		{"encoding/json-plain", func(data []byte) error { var env plainEnvelope; return json.Unmarshal(data, &env) }},
		{"json.Valid", func(data []byte) error {
			if !json.Valid(data) {
				return fmt.Errorf("invalid")
			}
			return nil
		}},
	}
	docs := speedDocs(t)
	// per[d][i]: ns/op of contender i on document d, one per round; the
	// documents are interleaved too, for the cost per byte across sizes.
	per := make([][][]float64, len(docs))
	for d := range docs {
		per[d] = make([][]float64, len(contenders))
	}
	for range rounds {
		for d, doc := range docs {
			for i, c := range contenders {
				runtime.GC()
				n := 0
				start := cpuTime()
				for cpuTime()-start < 150*time.Millisecond {
					for range 1 + 20000/(1+len(doc.data)/1000) {
						if err := c.run(doc.data); err != nil {
							t.Fatal(err)
						}
						n++
					}
				}
				per[d][i] = append(per[d][i], float64(cpuTime()-start)/float64(n))
			}
		}
	}
	median := func(xs []float64) (mid, lo, hi float64) {
		xs = slices.Clone(xs)
		slices.Sort(xs)
		return xs[len(xs)/2], xs[0], xs[len(xs)-1]
	}
	for d, doc := range docs {
		base := per[d][0]
		for i, c := range contenders {
			ratios := make([]float64, rounds)
			for r := range rounds {
				ratios[r] = base[r] / per[d][i][r]
			}
			ns, _, _ := median(per[d][i])
			mid, lo, hi := median(ratios)
			t.Logf("%-6s %-22s %10.0f ns/op %6.2f ns/B  envgenrt.Decode÷this %.2f (%.2f–%.2f)",
				doc.name, c.name, ns, ns/float64(len(doc.data)), mid, lo, hi)
		}
		if d > 0 { // cost per byte against the document before, round by round
			ratios := make([]float64, rounds)
			for r := range rounds {
				ratios[r] = (per[d][0][r] / float64(len(doc.data))) / (per[d-1][0][r] / float64(len(docs[d-1].data)))
			}
			mid, lo, hi := median(ratios)
			t.Logf("%-6s envgenrt.Decode cost per byte ÷ %s's: %.2f (%.2f–%.2f)", doc.name, docs[d-1].name, mid, lo, hi)
		}
		allocs := testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = contenders[0].run(doc.data)
			}
		})
		t.Logf("%-6s envgenrt.Decode allocates %d B/op (%.2f× the input), %d allocs/op", doc.name,
			allocs.AllocedBytesPerOp(), float64(allocs.AllocedBytesPerOp())/float64(len(doc.data)), allocs.AllocsPerOp())
	}
}

func BenchmarkSpeedDirect(b *testing.B) {
	for _, doc := range speedDocs(b) {
		b.Run(doc.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.data)))
			b.ReportAllocs()
			for b.Loop() {
				var env Envelope
				if err := envgenrt.Decode(doc.data, &env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
