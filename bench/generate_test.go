package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/atombender/go-jsonschema/pkg/generator"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/internal/synthetic"
)

// Sizes are the numbers of definitions of the synthetic schemas.
var Sizes = []int{250, 1000, 4000, 8000}

// generators are the contenders of BenchmarkGenerate: schema file in, Go
// source out, in memory (neither writes a file); they return how many bytes
// of Go they made.
var generators = []struct {
	name string
	run  func(path string) (int, error)
}{
	{"envgen", func(path string) (int, error) {
		files, err := gen.Generate(gen.Options{Inputs: []string{path}, GoOut: "out", GoPackage: "synthetic", NoCanonical: true})
		n := 0
		for _, f := range files {
			n += len(f.Content)
		}
		return n, err
	}},
	{"go-jsonschema", func(path string) (int, error) {
		g, err := generator.New(generator.Config{
			DefaultPackageName: "synthetic",
			DefaultOutputName:  "synthetic.go",
			Tags:               []string{"json"},
			Warner:             func(string) {},
		})
		if err != nil {
			return 0, err
		}
		if err := g.DoFile(path); err != nil {
			return 0, err
		}
		sources, err := g.Sources()
		n := 0
		for _, src := range sources {
			n += len(src)
		}
		return n, err
	}},
}

func writeSynthetic(tb testing.TB, n int) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), fmt.Sprintf("synthetic_%d.json", n))
	if err := os.WriteFile(path, synthetic.Schema(n), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// TestGenerators: both generators take the synthetic schema.
func TestGenerators(t *testing.T) {
	path := writeSynthetic(t, 20)
	for _, g := range generators {
		if n, err := g.run(path); err != nil || n == 0 {
			t.Errorf("%s: %d bytes, %v", g.name, n, err)
		}
	}
}

// BenchmarkGenerate is the whole pipeline of each generator on a schema of
// N definitions; it reports the time per definition and the bytes of Go
// written, and the CPU time of the whole process per run (GC included).
// cmd/report runs each N one generator at a time, one run per process, the
// two interleaved round by round.
func BenchmarkGenerate(b *testing.B) {
	for _, g := range generators {
		for _, n := range Sizes {
			b.Run(fmt.Sprintf("%s/defs=%d", g.name, n), func(b *testing.B) {
				path := writeSynthetic(b, n)
				b.ReportAllocs()
				out := 0
				cpu := CPUNow()
				for b.Loop() {
					var err error
					if out, err = g.run(path); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64((CPUNow()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/def")
				b.ReportMetric(float64(out), "Go-bytes")
			})
		}
	}
}
