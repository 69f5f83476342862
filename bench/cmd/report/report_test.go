package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
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
	r := &Report{Decode: Bench{}, Generate: Bench{}, Largest: 4000, Small: []int{250, 1000}, Failed: []string{"node: no node"}}
	md := r.Markdown()
	for _, want := range []string{"# Benchmarks", "node: no node", "| 4000 | not measured", "## Reproduce"} {
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
