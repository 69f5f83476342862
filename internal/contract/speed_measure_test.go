//go:build speed

package contract

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/envgen/envgen/envgenrt"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestSpeed compares decode+validate with its floors, interleaving the
// contenders round by round and reporting the median of per-round ratios
// of CPU time with their spread. It is a measurement, not a timed test: it
// asserts nothing, so it is behind the build tag speed, out of go test ./...;
// ENVGEN_SPEED sets the number of rounds (9 when unset).
//
//	go test -tags speed ./internal/contract -run TestSpeed -v
func TestSpeed(t *testing.T) {
	rounds := 9
	if s := os.Getenv("ENVGEN_SPEED"); s != "" {
		if _, err := fmt.Sscan(s, &rounds); err != nil || rounds < 1 {
			t.Fatalf("ENVGEN_SPEED=%q: want a number of rounds", s)
		}
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
