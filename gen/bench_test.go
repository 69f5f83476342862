package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/internal/gentest"
)

// BenchmarkGenerate measures the whole pipeline, schema file to Go source, at
// four sizes; time per definition should stay about flat as N grows (the
// definitions reference each other in one cycle, so every stage sees all of
// them at once): linear to N=8000.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{250, 1000, 4000, 8000} {
		b.Run(fmt.Sprintf("defs=%d", n), func(b *testing.B) {
			path := gentest.Synthetic(b, n)
			opts := gen.Options{Inputs: []string{path}, GoOut: "out", GoPackage: "synthetic", NoCanonical: true}
			var size int
			cpu0 := processCPU()
			for b.Loop() {
				files, err := gen.Generate(opts)
				if err != nil {
					b.Fatal(err)
				}
				size = 0
				for _, f := range files {
					if strings.HasSuffix(f.Path, ".go") {
						size += len(f.Content)
					}
				}
			}
			b.ReportMetric(float64(processCPU()-cpu0)/1e6/float64(b.N), "cpu-ms/op") // GC workers included
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/def")
			b.ReportMetric(float64(size)/float64(n), "GoB/def") // bytes of Go source per definition
		})
	}
}

// BenchmarkFrontEnd measures the stages before the backends (load, lower,
// naming) at two of BenchmarkGenerate's sizes: their share of a run, and
// their own linearity.
func BenchmarkFrontEnd(b *testing.B) {
	for _, n := range []int{1000, 8000} {
		b.Run(fmt.Sprintf("defs=%d", n), func(b *testing.B) {
			path := gentest.Synthetic(b, n)
			opts := gen.Options{Inputs: []string{path}, NoCanonical: true}
			cpu0 := processCPU()
			for b.Loop() {
				if _, err := gen.BuildSpace(opts); err != nil {
					b.Fatal(err)
				}
			}
			cpu := float64(processCPU() - cpu0)
			b.ReportMetric(cpu/1e6/float64(b.N), "cpu-ms/op")
			b.ReportMetric(cpu/1e3/float64(b.N)/float64(n), "cpu-µs/def")
		})
	}
}

// BenchmarkGenerateTS is BenchmarkGenerate's N=1000 with TypeScript output
// alone: the TypeScript backend's share of a run that writes both.
func BenchmarkGenerateTS(b *testing.B) {
	const n = 1000
	path := gentest.Synthetic(b, n)
	opts := gen.Options{Inputs: []string{path}, TSOut: "ts", NoCanonical: true}
	for b.Loop() {
		if _, err := gen.Generate(opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/def")
}

// deepSchema writes one schema file whose property is an array nested depth
// levels deep (items/items/…).
func deepSchema(tb testing.TB, depth int) string {
	tb.Helper()
	inner := `{"type":"string"}`
	for range depth {
		inner = `{"type":"array","items":` + inner + `}`
	}
	doc := `{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Deep","type":"object","properties":{"x":` + inner + `}}`
	path := filepath.Join(tb.TempDir(), fmt.Sprintf("deep_%d.json", depth))
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// BenchmarkGenerateDeep measures deep nesting: Go and TypeScript at the 90
// levels (the Go backend refuses past 100 levels of anonymous types), TypeScript alone past it.
// Each level's output names its JSON Pointer, so the output grows with the
// square of the depth; the time should grow no faster than the output
// (1000 levels took ~95 s when every schema re-read all its ancestors).
func BenchmarkGenerateDeep(b *testing.B) {
	for _, c := range []struct {
		depth int
		goOut bool
	}{{90, true}, {250, false}, {1000, false}} {
		b.Run(fmt.Sprintf("depth=%d/go=%v", c.depth, c.goOut), func(b *testing.B) {
			opts := gen.Options{Inputs: []string{deepSchema(b, c.depth)}, TSOut: "ts", NoCanonical: true}
			if c.goOut {
				opts.GoOut, opts.GoPackage = "out", "deep"
			}
			for b.Loop() {
				if _, err := gen.Generate(opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// processCPU is the CPU time this process has used, user and system, in
// nanoseconds: generation's cost on a busy machine, where wall time is not.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
