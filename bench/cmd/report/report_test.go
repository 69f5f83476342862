package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/envgen/envgen/bench"
)

func TestParseBench(t *testing.T) {
	out := `goos: linux
BenchmarkDecode/doc=small/envgen-2         	   11469	     20658 ns/op	  59.35 MB/s	    1802 B/op	      61 allocs/op
BenchmarkDecode/doc=small/envgen-2         	   11469	     20000 ns/op	  59.35 MB/s	    1802 B/op	      61 allocs/op
BenchmarkDecode/doc=small/envgen-2         	   11469	     30000 ns/op	  59.35 MB/s	    1802 B/op	      61 allocs/op
BenchmarkGenerate/envgen/defs=250-2         	       1	 875788427 ns/op	   3585928 Go-bytes	      3503 µs/def	235118536 B/op	 5245319 allocs/op
PASS`
	b := Bench{}
	parseBench(out, b)
	runs := b["BenchmarkDecode/doc=small/envgen"]
	if len(runs) != 3 {
		t.Fatalf("runs %v", b)
	}
	if m, _ := runs.Median("ns/op"); m != 20658 {
		t.Errorf("median %v", m)
	}
	if m, _ := b["BenchmarkGenerate/envgen/defs=250"].Median("µs/def"); m != 3503 {
		t.Errorf("µs/def %v", m)
	}
	if median([]float64{4, 1, 3, 2}) != 2.5 {
		t.Error("even median")
	}
}

func TestMarkdownWithoutData(t *testing.T) {
	r := &Report{Failed: []string{"node: no node"}}
	md := r.Markdown()
	for _, want := range []string{"# Benchmarks", "node: no node", "## Go: decode and validate\n\nNot measured", "## Reproduce"} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in\n%s", want, md)
		}
	}
}

// TestSpread: the median and spread of per-round ratios, round by round.
func TestSpread(t *testing.T) {
	rs := ratios([]float64{2, 4, 6, 8, 0}, []float64{1, 2, 2, 2, 1}) // the last round has no figure
	if len(rs) != 4 {
		t.Fatalf("ratios %v", rs)
	}
	s := spread(rs)
	if s.Median != 2.5 || s.Min != 2 || s.Max != 4 || s.Q1 != 2 || s.Q3 != 3.25 {
		t.Errorf("spread %+v", s)
	}
	if got := s.rangeCell(); got != "2.00–4.00 (IQR 2.00–3.25)" {
		t.Errorf("rangeCell %q", got)
	}
}

// TestMarkdownRatios: a decode table says each contender's median per-round
// ratio to envgen, and the targets table compares it with the target.
func TestMarkdownRatios(t *testing.T) {
	mk := func(name, kind string, cpu ...float64) bench.Series {
		s := bench.Series{Doc: "small", Name: name, Kind: kind}
		for _, c := range cpu {
			s.Samples = append(s.Samples, bench.Sample{N: 1, CPU: c, Wall: c, Bytes: 100})
		}
		return s
	}
	r := &Report{Decode: &bench.RoundsOutput{Docs: []bench.DocInfo{{Name: "small", Bytes: 1000}}, Series: []bench.Series{
		mk("envgen", bench.Validator, 10, 10, 20),
		mk("encoding/json", bench.Plain, 20, 50, 60),
		mk("json.Valid", bench.Scan, 5, 5, 10),
	}}}
	md := r.Markdown()
	for _, want := range []string{
		"| encoding/json | 50 ns | 3.00× | 2.00–5.00 |",
		"| Go, small (1.0 KB): envgen ÷ encoding/json v1 plain decode ≤ 0.25× | 0.33× | 0.20–0.50 | **no** |",
		"| Go, small (1.0 KB): envgen ÷ `json.Valid` scan ≤ 1.5× | 2.00× | 2.00–2.00 | **no** |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in\n%s", want, md)
		}
	}
}

// TestRunGroupTimeout: a run over its limit is stopped with its children.
func TestRunGroupTimeout(t *testing.T) {
	start := time.Now()
	err := runGroup(exec.Command("sh", "-c", "sleep 30 & sleep 30"), 200*time.Millisecond)
	if !errors.Is(err, errTimeout) || time.Since(start) > 10*time.Second {
		t.Errorf("%v after %v", err, time.Since(start))
	}
}

// TestRunGroupCPU: a run over its CPU limit is stopped, and one within it
// is not.
func TestRunGroupCPU(t *testing.T) {
	err := runGroupCPU(exec.Command("sh", "-c", "while :; do :; done"), time.Minute, 1*time.Second)
	if !errors.Is(err, errTimeout) {
		t.Errorf("busy loop: %v", err)
	}
	if err := runGroupCPU(exec.Command("sleep", "1"), time.Minute, 500*time.Millisecond); err != nil {
		t.Errorf("sleep: %v", err)
	}
}

// Envgen's growth is a ratio within each round of the larger Ns, against that
// round's base run at N=1000, and base runs stay out of the N=1000 figures.
func TestGrowthPerRound(t *testing.T) {
	g := &GenResult{Runs: []GenRun{
		{Gen: "envgen", N: 1000, Round: 0, CPU: 5},
		{Gen: "envgen", N: 1000, Round: 0, CPU: 1, Base: true},
		{Gen: "envgen", N: 8000, Round: 0, CPU: 9},
		{Gen: "envgen", N: 1000, Round: 1, CPU: 2, Base: true},
		{Gen: "envgen", N: 8000, Round: 1, CPU: 16},
		{Gen: "envgen", N: 1000, Round: 2, CPU: 1, Base: true},
		{Gen: "envgen", N: 8000, Round: 2, CPU: 8},
	}}
	if got := g.growth("envgen", 8000); len(got) != 3 || got[0] != 9 || got[1] != 8 || got[2] != 8 {
		t.Errorf("growth = %v, want [9 8 8]", got)
	}
	if runs := g.runs("envgen", 1000); len(runs) != 1 || runs[0].CPU != 5 {
		t.Errorf("runs at 1000 = %+v, want only the round's own run", runs)
	}
	r := &Report{Gen: g}
	if got, want := r.growth("envgen", 8000), "8.00× (8.00–9.00, 3 rounds)"; got != want {
		t.Errorf("report growth = %q, want %q", got, want)
	}
}
