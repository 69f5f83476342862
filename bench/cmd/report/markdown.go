package main

import (
	"fmt"
	"strings"
)

// decoders are the rows of the decode table, envgen's first.
var decoders = []struct{ name, what string }{
	{"envgen", "json.Unmarshal into the generated type: decode and validate"},
	{"envgen-UnmarshalJSON", "the generated UnmarshalJSON called directly (no encoding/json scan first)"},
	{"encoding-json", "json.Unmarshal into plain structs: decode only, **no validation**"},
	{"santhosh-tekuri", "jsonschema.UnmarshalJSON into any, then Schema.Validate"},
	{"go-jsonschema", "json.Unmarshal into go-jsonschema's type: decode, and **some** keywords checked"},
}

// Markdown is BENCHMARKS.md.
func (r *Report) Markdown() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("# Benchmarks")
	p("")
	p("Written by `make bench` (bench/cmd/report); do not edit. Every figure is the **median** of the runs")
	p("shown, and every ratio compares medians measured in the same run of `make bench`, on this machine:")
	p("")
	m := r.Machine
	p("| machine | |")
	p("|---|---|")
	p("| CPU | %s |", m.CPU)
	p("| nproc | %d (GOMAXPROCS %d), shared with other work: single figures are noisy, ratios less so |", m.NProc, m.GOMAXPROCS)
	p("| Go | %s |", m.Go)
	p("| Node | %s |", m.Node)
	p("| date | %s; `make bench` took %v |", m.Date, r.Took)
	p("")
	if len(r.Failed)+len(r.Skipped) > 0 {
		p("**Not measured in this run:**")
		p("")
		for _, f := range r.Failed {
			p("- %s", f)
		}
		for _, s := range r.Skipped {
			p("- %s: left out (`-skip`)", s)
		}
		p("")
	}
	r.headline(p)
	r.decodeTables(p)
	r.generateTable(p)
	r.nodeTables(p)
	r.matrixTables(p)
	r.reproduce(p)
	return b.String()
}

type printer func(format string, args ...any)

func (r *Report) ns(name string) (float64, bool) { return r.Decode[name].Median("ns/op") }

func (r *Report) headline(p printer) {
	p("## Headline")
	p("")
	for _, doc := range []string{"small", "large"} {
		e, ok := r.ns("BenchmarkDecode/doc=" + doc + "/envgen")
		j, ok2 := r.ns("BenchmarkDecode/doc=" + doc + "/encoding-json")
		s, ok3 := r.ns("BenchmarkDecode/doc=" + doc + "/santhosh-tekuri")
		d, _ := r.ns("BenchmarkDecode/doc=" + doc + "/envgen-UnmarshalJSON")
		if ok && ok2 && ok3 {
			p("- Go decode + validate, %s envelope: envgen %s (%s calling its UnmarshalJSON directly); encoding/json (no validation) takes **%s** envgen's time, santhosh-tekuri **%s**.",
				doc, dur(e), dur(d), ratio(j/e), ratio(s/e))
		}
	}
	if r.Node != nil {
		for _, doc := range []string{"small", "large"} {
			e, a := r.nodeMedian(doc, "envgen validateToolOutput"), r.nodeMedian(doc, "ajv (Ajv2020)")
			if e > 0 && a > 0 {
				p("- TypeScript, %s envelope: envgen's validateToolOutput runs **%s** as many validations a second as ajv.", doc, ratio(e/a))
			}
		}
	}
	for _, n := range []int{1000, r.Largest} {
		if e, g, ok := r.genPair(n); ok {
			p("- Generation, N=%d definitions: envgen %s, go-jsonschema %s (%s envgen's time).", n, e, g, r.genRatio(n))
		}
	}
	if len(r.Matrix) > 0 {
		var parts []string
		for _, c := range r.Matrix {
			parts = append(parts, fmt.Sprintf("%s **%d**", c.Name, c.Right))
		}
		p("- JSON-Schema-Test-Suite, required draft 2020-12 tests answered right (of %d): %s.", r.Matrix[0].Tests, strings.Join(parts, ", "))
	}
	p("")
}

func (r *Report) decodeTables(p printer) {
	p("## Go: decode and validate")
	p("")
	p("Bytes in, a checked value out, on the reference envelope (`internal/contract/testdata/envelope.json`,")
	p("success, 10 hits, a warning, pagination) and a large one (`bench/testdata/large.json`, 500 hits). The")
	p("schema is `bench/testdata/tool.json`: the canonical envelope with data fixed to `results.json`. envgen's")
	p("type is `envelope.Envelope[results.Results]`; santhosh-tekuri, go-jsonschema (and ajv below) read its")
	p("bundle (`envgen bundle`). `go test -bench '^BenchmarkDecode$' -count %d`; ratio: time ÷ envgen's time.", r.Count)
	p("")
	for _, d := range decoders {
		p("- `%s`: %s", d.name, d.what)
	}
	p("")
	p("| document | decoder | time/op | ÷ envgen | MB/s | allocated/op | allocs/op | runs |")
	p("|---|---|--:|--:|--:|--:|--:|--:|")
	for _, doc := range []string{"small", "large"} {
		base, _ := r.ns("BenchmarkDecode/doc=" + doc + "/envgen")
		for _, d := range decoders {
			r.benchRow(p, r.Decode["BenchmarkDecode/doc="+doc+"/"+d.name], doc, d.name, base)
		}
	}
	p("")
	p("`json.Unmarshal` reads the text twice before it calls a type's UnmarshalJSON (`checkValid`, then `skip`:")
	p("about half of envgen's time on the small envelope in a CPU profile); calling the generated UnmarshalJSON")
	p("directly saves that, as the `envgen-UnmarshalJSON` rows show.")
	p("")
	p("go-jsonschema checks, while it decodes, required members, enums, number and length limits and patterns;")
	p("here it does not check `additionalProperties: false`, or if/then/else (data on success, error on failure,")
	p("and the consts inside), so it accepts documents the others refuse (`TestVerdicts` in bench/ shows one).")
	p("")
	p("### Validate only")
	p("")
	p("A value already decoded: envgen's `Validate()` on the typed value, santhosh-tekuri's `Validate` on the")
	p("decoded `any`. encoding/json and go-jsonschema have no such step. `go test -bench '^BenchmarkValidate$'`.")
	p("")
	p("| document | validator | time/op | ÷ envgen | MB/s | allocated/op | allocs/op | runs |")
	p("|---|---|--:|--:|--:|--:|--:|--:|")
	for _, doc := range []string{"small", "large"} {
		base, _ := r.Decode["BenchmarkValidate/doc="+doc+"/envgen"].Median("ns/op")
		for _, name := range []string{"envgen", "santhosh-tekuri"} {
			r.benchRow(p, r.Decode["BenchmarkValidate/doc="+doc+"/"+name], doc, name, base)
		}
	}
	p("")
}

func (r *Report) benchRow(p printer, runs Runs, doc, name string, base float64) {
	t, ok := runs.Median("ns/op")
	if !ok {
		p("| %s | %s | not measured | | | | | |", doc, name)
		return
	}
	mb, _ := runs.Median("MB/s")
	by, _ := runs.Median("B/op")
	al, _ := runs.Median("allocs/op")
	p("| %s | %s | %s | %s | %.1f | %s | %.0f | %d |", doc, name, dur(t), ratio(t/base), mb, size(by), al, len(runs))
}

func (r *Report) genPair(n int) (e, g string, ok bool) {
	cell := func(name string) (string, bool) {
		if n == r.Largest && r.Capped[name] {
			return ">" + r.Limit.String(), true
		}
		t, ok := r.Generate[fmt.Sprintf("BenchmarkGenerate/%s/defs=%d", name, n)].Median("ns/op")
		return dur(t), ok
	}
	e, ok1 := cell("envgen")
	g, ok2 := cell("go-jsonschema")
	return e, g, ok1 && ok2
}

func (r *Report) genRatio(n int) string {
	e, ok1 := r.Generate[fmt.Sprintf("BenchmarkGenerate/envgen/defs=%d", n)].Median("ns/op")
	g, ok2 := r.Generate[fmt.Sprintf("BenchmarkGenerate/go-jsonschema/defs=%d", n)].Median("ns/op")
	switch {
	case ok1 && ok2:
		return ratio(g / e)
	case ok1 && r.Capped["go-jsonschema"]:
		return ">" + ratio(r.Limit.Seconds()*1e9/e)
	case ok2 && r.Capped["envgen"]:
		return "<" + ratio(g/(r.Limit.Seconds()*1e9))
	}
	return "n/a"
}

func (r *Report) generateTable(p printer) {
	p("## Go generation")
	p("")
	p("Schema file in, Go source out, in memory, on synthetic schemas of N definitions of ten properties each")
	p("(strings with limits, integers, enums, arrays, references; the shape of `gen/bench_test.go`): envgen's")
	p("`gen.Generate` (load, metaschema check, resolve, model, Go) against go-jsonschema v0.24.1's generator")
	p("(`generator.New`, `DoFile`, `Sources`). N ≤ 1000: `go test -bench '^BenchmarkGenerate$' -count %d`.", r.Count)
	p("N = %d: one run per generator at a time (`-benchtime 1x`), in rounds while they fit the time budget,", r.Largest)
	p("each run stopped at %v (`>%v`). Ratio: go-jsonschema's time ÷ envgen's. Memory is the total allocated per run.", r.Limit, r.Limit)
	p("")
	p("| N | envgen time | allocated | µs/def | Go written | go-jsonschema time | allocated | µs/def | Go written | ÷ envgen | runs |")
	p("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, n := range append(append([]int(nil), r.Small...), r.Largest) {
		e, g, ok := r.genPair(n)
		if !ok {
			p("| %d | not measured | | | | | | | | | |", n)
			continue
		}
		er := r.Generate[fmt.Sprintf("BenchmarkGenerate/envgen/defs=%d", n)]
		gr := r.Generate[fmt.Sprintf("BenchmarkGenerate/go-jsonschema/defs=%d", n)]
		p("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d / %d |", n, e, alloc(er), perDef(er), written(er),
			g, alloc(gr), perDef(gr), written(gr), r.genRatio(n), len(er), len(gr))
	}
	p("")
	p("The two do not write the same program: envgen writes a strict decoder, a validator of every keyword and")
	p("an encoder per type (\"Go written\"); go-jsonschema writes structs and an UnmarshalJSON that checks some")
	p("keywords. Time per definition should stay flat as N grows: linear growth is 4× from N=1000 to N=4000.")
	p("In this run envgen's time grew %s and go-jsonschema's %s. envgen resolves each reference once, through a",
		r.growth("envgen"), r.growth("go-jsonschema"))
	p("map (`gen/internal/load`); go-jsonschema's growth has its own cause, not looked into here.")
	p("")
}

// growth is how many times longer a generator took at N=4000 than at N=1000.
func (r *Report) growth(tool string) string {
	small, ok1 := r.Generate["BenchmarkGenerate/"+tool+"/defs=1000"].Median("ns/op")
	large, ok2 := r.Generate["BenchmarkGenerate/"+tool+"/defs=4000"].Median("ns/op")
	if !ok1 || !ok2 || small == 0 {
		return "(not measured)"
	}
	return fmt.Sprintf("%.2f×", large/small)
}

func alloc(r Runs) string {
	if v, ok := r.Median("B/op"); ok {
		return size(v)
	}
	return ""
}

func written(r Runs) string {
	if v, ok := r.Median("Go-bytes"); ok {
		return size(v)
	}
	return ""
}

func perDef(r Runs) string {
	if v, ok := r.Median("µs/def"); ok {
		return fmt.Sprintf("%.0f", v)
	}
	return ""
}

func (r *Report) reproduce(p printer) {
	p("## Reproduce")
	p("")
	p("```sh")
	p("make bench   # all of it; rewrites BENCHMARKS.md (needs the suite in $ENVGEN_REFERENCE or ../shared/reference)")
	p("cd bench && go generate ./...   # the bundle, envgen's and go-jsonschema's Go, testdata/large.json")
	p("cd bench && go test -run '^$' -bench '^Benchmark(Decode|Validate)$' -benchmem -count %d .", r.Count)
	p("cd bench && go test -run '^$' -bench '^BenchmarkGenerate$/./^defs=(250|1000)$' -benchmem -count %d .", r.Count)
	p("cd bench && go test -run '^$' -bench '^BenchmarkGenerate$/^envgen$/^defs=%d$' -benchmem -benchtime 1x .   # report stops it at %v", r.Largest, r.Limit)
	p("cd bench && go run ./cmd/report -skip decode,generate,matrix -o /tmp/node.md   # the TypeScript benchmark alone")
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
