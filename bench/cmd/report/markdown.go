package main

import (
	"fmt"
	"strings"

	"github.com/envgen/envgen/bench"
)

// Markdown is BENCHMARKS.md.
func (r *Report) Markdown() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("# Benchmarks")
	p("")
	p("Written by `make bench` (bench/cmd/report); do not edit. Every comparison runs its contenders")
	p("**interleaved, round by round** (each round runs every contender once, starting at a different one), and")
	p("a ratio is the **median of the per-round ratios**, with their spread: min–max over the rounds, and the")
	p("interquartile range (IQR) where there are four rounds or more. Times are **CPU time** (user+system of the")
	p("whole process, GC included), which other work on this shared machine disturbs less than the wall clock;")
	p("wall-clock figures are shown beside them.")
	p("")
	m, s := r.Machine, r.Settings
	p("| machine | |")
	p("|---|---|")
	p("| CPU | %s |", m.CPU)
	p("| nproc | %d (GOMAXPROCS %d), shared with other work (load average %s at the start) |", m.NProc, m.GOMAXPROCS, m.Load)
	p("| Go | %s |", m.Go)
	p("| Node | %s |", m.Node)
	p("| date | %s; `make bench` took %v of wall time, %v of CPU time (its processes, builds included) |", m.Date, r.Took, r.CPU)
	p("| rounds | Go decode: %d on the 1.2 KB and 104 KB documents, %d on the 5 MB one, about %d ms of CPU per contender per round (at least one decode); generation: %d at N ≤ 1000, %d at N > 1000 (as many as fit in %v); TypeScript: %d of about %d ms CPU each |",
		s.Rounds, s.HugeRounds, s.TargetMs, s.GenRounds, r.genBigRounds(), s.GenBudget, s.TSRounds, s.TSMs)
	p("")
	if len(r.Failed)+len(r.Skipped) > 0 {
		p("**Not measured in this run:**")
		p("")
		for _, f := range r.Failed {
			p("- %s", f)
		}
		for _, x := range r.Skipped {
			p("- %s: left out (`-skip`)", x)
		}
		p("")
	}
	r.targets(p)
	r.decodeTables(p)
	r.v2Tables(p)
	r.sizeTables(p)
	r.generateTable(p)
	r.nodeTables(p)
	r.matrixTables(p)
	r.reproduce(p)
	return b.String()
}

type printer func(format string, args ...any)

// docTitle names a document with its size.
func docTitle(d bench.DocInfo) string {
	return fmt.Sprintf("%s (%s)", d.Name, size(float64(d.Bytes)))
}

func series(o *bench.RoundsOutput, doc, name string) *bench.Series {
	if o == nil {
		return nil
	}
	for i := range o.Series {
		if o.Series[i].Doc == doc && o.Series[i].Name == name {
			return &o.Series[i]
		}
	}
	return nil
}

func cpus(s *bench.Series) []float64 {
	if s == nil {
		return nil
	}
	var out []float64
	for _, x := range s.Samples {
		out = append(out, x.CPU)
	}
	return out
}

func field(s *bench.Series, f func(bench.Sample) float64) float64 {
	if s == nil || len(s.Samples) == 0 {
		return 0
	}
	var xs []float64
	for _, x := range s.Samples {
		xs = append(xs, f(x))
	}
	return median(xs)
}

// vs is the spread of a's CPU time ÷ b's, round by round.
func vs(o *bench.RoundsOutput, doc, a, b string) Spread {
	return spread(ratios(cpus(series(o, doc, a)), cpus(series(o, doc, b))))
}

// targets is the table of issue 16's targets, each with its figure from
// this run.
func (r *Report) targets(p printer) {
	p("## Targets (issue 16)")
	p("")
	p("Each figure is from this run, with its spread; \"met\" compares the median with the target.")
	p("")
	p("| target | figure | spread | met |")
	p("|---|--:|---|---|")
	row := func(what string, sp Spread, limit float64, atMost bool) {
		if sp.N == 0 {
			p("| %s | not measured | | |", what)
			return
		}
		met := sp.Median <= limit
		if !atMost {
			met = sp.Median >= limit
		}
		p("| %s | %s | %s | %s |", what, ratio(sp.Median), sp.rangeCell(), yesNo(met))
	}
	if r.Decode != nil {
		for _, d := range r.Decode.Docs {
			row(fmt.Sprintf("Go, %s: envgen ÷ encoding/json v1 plain decode ≤ 0.25×", docTitle(d)), vs(r.Decode, d.Name, "envgen", "encoding/json"), 0.25, true)
		}
		for _, d := range r.Decode.Docs {
			row(fmt.Sprintf("Go, %s: envgen ÷ `json.Valid` scan ≤ 1.5×", docTitle(d)), vs(r.Decode, d.Name, "envgen", "json.Valid"), 1.5, true)
		}
		for _, d := range r.Decode.Docs {
			row(fmt.Sprintf("Go, %s (moonshot): envgen ÷ goccy/go-json plain ≤ 1×", docTitle(d)), vs(r.Decode, d.Name, "envgen", "goccy/go-json"), 1, true)
		}
		if h := series(r.Decode, "huge", "envgen"); h != nil {
			in := float64(r.docBytes("huge"))
			a := field(h, func(x bench.Sample) float64 { return x.Bytes }) / in
			p("| Go, 5 MB: bytes allocated per decode ÷ input bytes ≤ 2× | %s | | %s |", ratio(a), yesNo(a <= 2))
		}
		var vals []string
		allZero := true
		for _, d := range r.Decode.Docs {
			v := series(r.Decode, d.Name, bench.ValidateName)
			if v == nil {
				continue
			}
			al := field(v, func(x bench.Sample) float64 { return x.Allocs })
			by := field(v, func(x bench.Sample) float64 { return x.Bytes })
			if al >= 0.5 {
				allZero = false
			}
			vals = append(vals, fmt.Sprintf("%s: %s in %.0f", d.Name, size(by), al))
		}
		if len(vals) > 0 {
			p("| Go: `Validate()` allocates nothing, at every size | %s | allocations per call | %s |", strings.Join(vals, "; "), yesNo(allZero))
		}
		if c, ok := r.perByteGrowth("envgen"); ok {
			p("| Go: envgen's cost per byte at 5 MB ÷ at 104 KB ≤ 1.2× | %s | ratio of the medians | %s |", ratio(c), yesNo(c <= 1.2))
		}
	}
	if r.Gen != nil {
		if e := r.Gen.runs("envgen", 1000); len(e) > 0 {
			c := median(genField(e, func(x GenRun) float64 { return x.CPU }))
			p("| generation, N=1000: envgen ≤ 1 s CPU | %s | %s | %s |", dur(c), durRange(genField(e, func(x GenRun) float64 { return x.CPU })), yesNo(c <= 1e9))
			if g := spread(r.Gen.growth("envgen", 8000)); g.N > 0 {
				p("| generation: linear to N=8000 (CPU at 8000 ÷ at 1000 in the same round = 8× if linear) | %s | %s | %s |", g.ratioCell(), g.rangeCell(), yesNo(g.Median <= 8*1.2))
			}
			w := median(genField(e, func(x GenRun) float64 { return x.GoBytes })) / 1000
			p("| generation: ≤ 5 KB of Go per definition (N=1000) | %s | | %s |", size(w), yesNo(w <= 5000))
		}
	}
	if r.Node != nil {
		for _, d := range []struct {
			doc   string
			limit float64
		}{{"small", 2}, {"large", 4}} {
			sp := r.nodeVs(d.doc, "envgen validateToolOutput")
			row(fmt.Sprintf("TypeScript, %s (%s): envgen `validateT` ÷ Ajv, validations a second ≥ %.0f×", d.doc, size(float64(r.nodeBytes(d.doc))), d.limit), sp, d.limit, false)
		}
		if len(r.Node.Sizes) > 0 {
			z := r.Node.Sizes[0]
			p("| TypeScript: envelope validator as a client bundles it ≤ 4 KB gzipped | %d B | %s minified | %s |", z.Gzip, size(float64(z.Minified)), yesNo(z.Gzip <= 4096))
		}
	}
	p("")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "**no**"
}

func (r *Report) docBytes(name string) int {
	for _, o := range []*bench.RoundsOutput{r.Decode, r.DecodeV2} {
		if o == nil {
			continue
		}
		for _, d := range o.Docs {
			if d.Name == name {
				return d.Bytes
			}
		}
	}
	return 0
}

// perByteGrowth is a contender's CPU time per byte on the huge document ÷
// on the large one (medians).
func (r *Report) perByteGrowth(name string) (float64, bool) {
	l, h := series(r.Decode, "large", name), series(r.Decode, "huge", name)
	if l == nil || h == nil {
		return 0, false
	}
	lb, hb := float64(r.docBytes("large")), float64(r.docBytes("huge"))
	return (median(cpus(h)) / hb) / (median(cpus(l)) / lb), true
}

func (r *Report) decodeTables(p printer) {
	p("## Go: decode and validate")
	p("")
	o := r.Decode
	if o == nil {
		p("Not measured in this run.")
		p("")
		return
	}
	p("Bytes in, a value out. The schema is `bench/testdata/tool.json`: the canonical envelope with data fixed to")
	p("`results.json`; envgen's type is `envelope.Envelope[results.Results]`, and the schema validators read its")
	p("full bundle (`envgen bundle --full`, `bench/testdata/bundle.json`: the same checks envgen makes). The plain decoders fill plain structs of the same")
	p("shape and validate nothing. Documents:")
	p("")
	for _, d := range o.Docs {
		p("- %s: %s", docTitle(d), d.Source)
	}
	p("")
	p("Contenders (%s, GOMAXPROCS %d; `go run ./cmd/rounds` in bench/):", o.Go, o.GOMAXPROCS)
	p("")
	if len(r.Modules) > 0 {
		var vs []string
		for _, m := range peers {
			if v, ok := r.Modules[m]; ok {
				vs = append(vs, fmt.Sprintf("%s %s", strings.TrimPrefix(m, "github.com/"), v))
			}
		}
		p("Peer versions (bench/go.mod): %s.", strings.Join(vs, ", "))
		p("kaptinlin/jsonschema is held at v0.9.8, the newest that builds on Go 1.26: v0.9.9 and v0.9.10 declare")
		p("`go 1.27`. Every peer named in issue 16 builds and runs here.")
		p("")
	}
	seen := map[string]bool{}
	for _, x := range o.Series {
		if !seen[x.Name] && x.Kind != "validate" {
			seen[x.Name] = true
			p("- `%s` (%s): %s", x.Name, x.Kind, x.What)
		}
	}
	p("")
	p("The verdicts are checked on the same documents (`TestVerdicts` in bench/): every contender takes the")
	p("three documents; the validators refuse a hit of rank 0, an unknown member of a hit and success without")
	p("data; go-jsonschema refuses only the first (it checks neither `additionalProperties: false` nor")
	p("if/then/else); the plain decoders and the scan take all three; all refuse text cut short.")
	p("")
	r.roundsTable(p, o)
}

// roundsTable is one table per document of a cmd/rounds output.
func (r *Report) roundsTable(p printer, o *bench.RoundsOutput) {
	for _, d := range o.Docs {
		p("**%s**, %d rounds. ÷ envgen: the contender's CPU time ÷ envgen's (`%s`), per round.", docTitle(d), len(cpus(series(o, d.Name, "envgen"))), "envgen")
		p("")
		p("| contender | CPU/decode | ÷ envgen | spread of ÷ envgen | wall/decode | MB/s (CPU) | allocated/decode | ÷ input bytes | allocs/decode |")
		p("|---|--:|--:|---|--:|--:|--:|--:|--:|")
		for _, x := range o.Series {
			if x.Doc != d.Name || x.Kind == "validate" {
				continue
			}
			c := median(cpus(&x))
			sp := vs(o, d.Name, x.Name, "envgen")
			by := field(&x, func(s bench.Sample) float64 { return s.Bytes })
			p("| %s | %s | %s | %s | %s | %.1f | %s | %.2f | %.0f |", x.Name, dur(c), sp.ratioCell(), sp.rangeCell(),
				dur(field(&x, func(s bench.Sample) float64 { return s.Wall })), float64(d.Bytes)/c*1e3, size(by), by/float64(d.Bytes),
				field(&x, func(s bench.Sample) float64 { return s.Allocs }))
		}
		p("")
	}
}

func (r *Report) v2Tables(p printer) {
	p("## Go with GOEXPERIMENT=jsonv2")
	p("")
	o := r.DecodeV2
	if o == nil {
		p("Not measured in this run.")
		p("")
		return
	}
	p("The same program built with `GOEXPERIMENT=jsonv2` (a separate process): encoding/json's v1 API runs on the")
	p("v2 implementation, and `encoding/json/v2` is there to call. Only envgen, the encoding/json family and the")
	p("scan run here; the other peers are compared in the default build above (kaptinlin/jsonschema cannot even")
	p("compile the schema under this experiment: its schema decoding fails).")
	if o.EnvgenFrom {
		p("envgen's type has json/v2's `UnmarshalJSONFrom`, which `json/v2.Unmarshal` calls.")
	} else {
		p("envgen's type has no json/v2 `UnmarshalJSONFrom` in this run, so `json/v2.Unmarshal` calls its `UnmarshalJSON`.")
	}
	p("")
	r.roundsTable(p, o)
	p("envgen against plain decoding in the two builds (each build's own rounds; median, min–max):")
	p("")
	p("| document | envgen ÷ encoding/json, default build | envgen ÷ encoding/json, jsonv2 build | envgen ÷ json/v2 plain, jsonv2 build |")
	p("|---|--:|--:|--:|")
	for _, d := range o.Docs {
		a, b, c := vs(r.Decode, d.Name, "envgen", "encoding/json"), vs(o, d.Name, "envgen", "encoding/json"), vs(o, d.Name, "envgen", "encoding/json/v2")
		p("| %s | %s | %s | %s |", docTitle(d), a.minMax(), b.minMax(), c.minMax())
	}
	p("")
}

func (r *Report) sizeTables(p printer) {
	p("## Go: linear at size")
	p("")
	o := r.Decode
	if o == nil {
		p("Not measured in this run.")
		p("")
		return
	}
	p("Cost per byte (median CPU time ÷ document bytes) on the 104 KB and the 5 MB documents, and how much it")
	p("grows: 1.00× is linear. The two documents are measured in separate sets of rounds, so the growth is a")
	p("ratio of medians, not of rounds.")
	p("")
	p("| contender | ns/byte, 104 KB | ns/byte, 5 MB | 5 MB ÷ 104 KB | allocated ÷ input, 104 KB | allocated ÷ input, 5 MB |")
	p("|---|--:|--:|--:|--:|--:|")
	lb, hb := float64(r.docBytes("large")), float64(r.docBytes("huge"))
	for _, x := range o.Series {
		if x.Doc != "large" {
			continue
		}
		h := series(o, "huge", x.Name)
		if h == nil {
			continue
		}
		l := &x
		bl := field(l, func(s bench.Sample) float64 { return s.Bytes })
		bh := field(h, func(s bench.Sample) float64 { return s.Bytes })
		g, _ := r.perByteGrowth(x.Name)
		p("| %s | %.2f | %.2f | %s | %.2f | %.2f |", x.Name, median(cpus(l))/lb, median(cpus(h))/hb, ratio(g), bl/lb, bh/hb)
	}
	p("")
	p("envgen's `Validate()` on a value already decoded (documented to allocate nothing on a valid value):")
	p("")
	p("| document | CPU/call | ÷ envgen's decode | allocated/call | allocs/call |")
	p("|---|--:|--:|--:|--:|")
	for _, d := range o.Docs {
		v := series(o, d.Name, bench.ValidateName)
		if v == nil {
			continue
		}
		sp := vs(o, d.Name, bench.ValidateName, "envgen")
		p("| %s | %s | %s | %s | %.0f |", docTitle(d), dur(median(cpus(v))), sp.minMax(),
			size(field(v, func(s bench.Sample) float64 { return s.Bytes })), field(v, func(s bench.Sample) float64 { return s.Allocs }))
	}
	p("")
}

func (r *Report) genBigRounds() int {
	if r.Gen == nil {
		return 0
	}
	return r.Gen.BigRounds
}

func genField(runs []GenRun, f func(GenRun) float64) []float64 {
	var out []float64
	for _, r := range runs {
		out = append(out, f(r))
	}
	return out
}

func durRange(xs []float64) string {
	if len(xs) == 0 {
		return ""
	}
	sp := spread(xs)
	return dur(sp.Min) + "–" + dur(sp.Max)
}

func (r *Report) generateTable(p printer) {
	p("## Go generation")
	p("")
	g := r.Gen
	if g == nil {
		p("Not measured in this run.")
		p("")
		return
	}
	s := r.Settings
	p("Schema file in, Go source out, in memory, on synthetic schemas of N definitions of ten properties each")
	p("(strings with limits, integers, enums, arrays, references; `internal/synthetic`, the schema `gen/bench_test.go` reads): envgen's")
	p("`gen.Generate` (load, metaschema check, resolve, model, Go) against go-jsonschema v0.24.1's generator")
	p("(`generator.New`, `DoFile`, `Sources`). One run per process (`BenchmarkGenerate -benchtime 1x` from a test")
	p("binary built once), the two alternating at each N, round by round. A generator is not run at larger N once")
	p("one of its runs takes over %v of CPU time, and a run is stopped after %v of CPU time (or %v of wall time).", s.GenSkip, s.GenCap, s.GenWallCap)
	p("Ratio: go-jsonschema's CPU time ÷ envgen's, per round.")
	p("")
	p("| N | envgen CPU | wall | CPU/def | Go/def | allocated | go-jsonschema CPU | wall | CPU/def | Go/def | allocated | go-jsonschema ÷ envgen | spread | rounds |")
	p("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|")
	cells := func(gen string, n int) string {
		runs := g.runs(gen, n)
		if len(runs) == 0 {
			switch {
			case g.killed(gen, n):
				return fmt.Sprintf("stopped at %v CPU or %v wall | | | | ", s.GenCap, s.GenWallCap)
			case g.SkipFrom[gen] > 0 && n > g.SkipFrom[gen]:
				return fmt.Sprintf("not run (over %v at N=%d) | | | | ", s.GenSkip, g.SkipFrom[gen])
			}
			return "not measured | | | | "
		}
		c := median(genField(runs, func(x GenRun) float64 { return x.CPU }))
		return fmt.Sprintf("%s | %s | %s | %s | %s", dur(c), dur(median(genField(runs, func(x GenRun) float64 { return x.Wall }))),
			dur(c/float64(n)), size(median(genField(runs, func(x GenRun) float64 { return x.GoBytes }))/float64(n)),
			size(median(genField(runs, func(x GenRun) float64 { return x.Alloc }))))
	}
	for _, n := range g.Sizes {
		e, j := g.runs("envgen", n), g.runs("go-jsonschema", n)
		sp := spread(ratios(roundCPU(j), roundCPU(e)))
		p("| %d | %s | %s | %s | %s | %d / %d |", n, cells("envgen", n), cells("go-jsonschema", n), sp.ratioCell(), sp.rangeCell(), len(e), len(j))
	}
	p("")
	p("The two do not write the same program: envgen writes a strict decoder, a validator of every keyword and")
	p("an encoder per type (\"Go/def\"); go-jsonschema writes structs and an UnmarshalJSON that checks some")
	p("keywords. CPU time per definition stays flat when growth is linear. Each round of the larger Ns starts with")
	p("a run of envgen at N=1000 (not in the table), and envgen's growth is the median of its per-round ratios: in")
	p("this run, CPU time from N=1000 to N=8000 grew %s for envgen (8× is linear); go-jsonschema's,", r.growth("envgen", 8000))
	p("from its median at 1000 to its run at 4000, grew %s (4× is linear).", r.growth("go-jsonschema", 4000))
	p("")
}

// roundCPU maps round → CPU time of the runs, as a slice indexed by round
// (0 where the round has no run).
func roundCPU(runs []GenRun) []float64 {
	var out []float64
	for _, r := range runs {
		for len(out) <= r.Round {
			out = append(out, 0)
		}
		out[r.Round] = r.CPU
	}
	return out
}

// growth is envgen's growth from N=1000 to n, the median of its per-round
// ratios, and go-jsonschema's, the ratio of its medians (it has no base runs:
// at the larger Ns it runs once).
func (r *Report) growth(gen string, n int) string {
	if g := spread(r.Gen.growth(gen, n)); g.N > 0 {
		return fmt.Sprintf("%s (%s, %d rounds)", g.ratioCell(), g.rangeCell(), g.N)
	}
	a, b := r.Gen.runs(gen, 1000), r.Gen.runs(gen, n)
	if len(a) == 0 || len(b) == 0 {
		return "(not measured)"
	}
	return ratio(median(genField(b, func(x GenRun) float64 { return x.CPU })) / median(genField(a, func(x GenRun) float64 { return x.CPU })))
}

func (r *Report) reproduce(p printer) {
	s := r.Settings
	p("## Reproduce")
	p("")
	p("```sh")
	p("make bench   # all of it; rewrites BENCHMARKS.md (needs the suite in $ENVGEN_REFERENCE or ../shared/reference)")
	p("cd bench && go generate ./...   # the bundle, go-jsonschema's Go, testdata/large.json")
	p("cd bench && go test -run TestVerdicts .   # the contenders' verdicts on the same documents")
	p("cd bench && go run ./cmd/rounds -rounds %d -ms %d -docs small,large   # Go decode rounds, as JSON", s.Rounds, s.TargetMs)
	p("cd bench && GOEXPERIMENT=jsonv2 go run ./cmd/rounds -rounds %d -ms %d -docs small,large", s.Rounds, s.TargetMs)
	p("cd bench && go test -run '^$' -bench 'Decode/doc=large/envgen$' -cpuprofile cpu.out .   # a profile")
	p("cd bench && go test -run '^$' -bench '^BenchmarkGenerate$/^envgen$/^defs=1000$' -benchmem -benchtime 1x .")
	p("cd bench && go run ./cmd/report -skip decode,jsonv2,generate,matrix -o /tmp/node.md   # the TypeScript benchmark alone")
	p("cd bench && node node/suite.mjs \"${ENVGEN_REFERENCE:-../../shared/reference}/JSON-Schema-Test-Suite\"   # ajv's cases")
	p("```")
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

func dur(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.2f s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e4:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

func size(b float64) string {
	switch {
	case b >= 1e9:
		return fmt.Sprintf("%.2f GB", b/1e9)
	case b >= 1e6:
		return fmt.Sprintf("%.1f MB", b/1e6)
	case b >= 1e3:
		return fmt.Sprintf("%.1f KB", b/1e3)
	}
	return fmt.Sprintf("%.0f B", b)
}

func ratio(x float64) string { return fmt.Sprintf("%.2f×", x) }
