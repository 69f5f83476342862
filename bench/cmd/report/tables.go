package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/envgen/envgen/bench/matrix"
)

// The tables of the TypeScript benchmark and of the conformance matrix.

// nodeOps is the per-round ops/s (CPU) of a TypeScript contender.
func (r *Report) nodeOps(doc, name string) []float64 {
	for _, x := range r.Node.Results {
		if x.Doc == doc && x.Name == name {
			return x.OpsPerSec
		}
	}
	return nil
}

func (r *Report) nodeBytes(doc string) int {
	for _, x := range r.Node.Results {
		if x.Doc == doc {
			return x.Bytes
		}
	}
	return 0
}

// nodeVs is the spread of a contender's validations a second ÷ ajv's, per round.
func (r *Report) nodeVs(doc, name string) Spread {
	return spread(ratios(r.nodeOps(doc, name), r.nodeOps(doc, "ajv (Ajv2020)")))
}

func (r *Report) nodeTables(p printer) {
	p("## TypeScript: envgen against ajv")
	p("")
	if r.Node == nil {
		p("Not measured in this run.")
		p("")
		return
	}
	n := r.Node
	p("One node process (%s), ajv %s: envgen's TypeScript generated from `bench/testdata/tool.json` (bundled", n.Node, n.Ajv)
	p("by esbuild), and ajv's `Ajv2020` compiling the bundled schema once, on the parsed reference documents;")
	p("the verdicts are checked first on each document and on a hit of rank 0. %d interleaved rounds of about", n.Rounds)
	p("%d ms of CPU time per validator; format is an annotation for both. Ratio: validations a second ÷ ajv's,", n.RoundMs)
	p("per round.%s", loadNote(n.Load))
	p("")
	p("The last row of each document is a floor, as `json.Valid` is for the Go decoders: the pattern RegExps")
	p("that validating the document runs (recorded from envgen's validator), alone on the same strings. ajv")
	p("runs the same patterns, so no validator's ratio to ajv can exceed the floor's.")
	p("")
	p("| document | validator | validations/s (CPU) | time each | ÷ ajv | spread of ÷ ajv | validations/s (wall) |")
	p("|---|---|--:|--:|--:|---|--:|")
	for _, doc := range []string{"small", "large"} {
		for _, x := range n.Results {
			if x.Doc == doc {
				ops := median(x.OpsPerSec)
				sp := r.nodeVs(doc, x.Name)
				p("| %s (%d B) | %s | %.0f | %s | %s | %s | %.0f |", doc, x.Bytes, x.Name, ops, dur(1e9/ops), sp.ratioCell(), sp.rangeCell(), median(x.WallOpsPerSec))
			}
		}
	}
	p("")
	p("Bundle sizes (esbuild %s, ESM, minified; gzip -9). The first is what a client that checks envelopes", n.Esbuild)
	p("ships: an entry that imports `isEnvelope` and `validateEnvelope` from the built `@envgen/envelope` package")
	p("(generated/ts, `npm run build`: its `dist/`, through its package.json exports). ajv at start-up needs its")
	p("compiler and the schema, and compiles with `new Function` (refused under a strict Content-Security-Policy);")
	p("envgen's code and ajv's standalone code need neither.")
	p("")
	p("| bundle | minified | gzipped | gzipped bytes |")
	p("|---|--:|--:|--:|")
	for _, s := range n.Sizes {
		p("| %s | %s | %s | %d |", s.Name, size(float64(s.Minified)), size(float64(s.Gzip)), s.Gzip)
	}
	p("")
}

// loadNote says how loaded the machine was during the TypeScript rounds: on a shared machine the ratios
// move with the load (the larger, allocating contender loses more to it).
func loadNote(load []float64) string {
	if len(load) != 2 {
		return ""
	}
	return fmt.Sprintf(" Load average %.1f before the rounds, %.1f after.", load[0], load[1])
}

func (r *Report) matrixTables(p printer) {
	p("## JSON-Schema-Test-Suite: accept and reject")
	p("")
	p("The required tests of draft 2020-12 (`tests/draft2020-12/*.json`). envgen Go: the runner of `make")
	p("conformance` (json.Unmarshal returns nil iff the instance is valid). envgen TypeScript: the runner of")
	p("conformance/typescript (validateSuiteRoot and isSuiteRoot). go-jsonschema: each group generated with")
	p("v0.24.1 (bench/cmd/gjsgen), each instance decoded with json.Unmarshal into the root type, valid iff no")
	p("error. ajv, the reference: Ajv2020 compiling each schema at run time, the suite's remotes added. Tests of a")
	p("group with no code to run count as wrong, and are also counted apart.")
	p("")
	if len(r.Matrix) == 0 {
		p("Not measured in this run.")
		p("")
		return
	}
	p("| generator | right | invalid accepted | valid refused | right where code ran | in groups without code | groups without code, by reason |")
	p("|---|--:|--:|--:|--:|--:|---|")
	for _, c := range r.Matrix {
		if c.Tests == 0 {
			p("| %s | not measured | | | | | |", c.Name)
			continue
		}
		var why []string
		for _, k := range []string{matrix.MissingGenerate, matrix.MissingRoot, matrix.MissingCompile, matrix.MissingCrash, matrix.MissingAjv} {
			if c.MissingBy[k] > 0 {
				why = append(why, fmt.Sprintf("%s: %d tests", k, c.MissingBy[k]))
			}
		}
		ran := c.Tests - c.Missing
		p("| %s | **%d** of %d | %d | %d | %d of %d | %d | %d groups%s |", c.Name, c.Right, c.Tests, c.FalseAccept, c.FalseRefuse,
			c.Right, ran, c.Missing, c.GroupsMissed, prefixed(": ", strings.Join(why, ", ")))
	}
	p("")
	for _, c := range r.Matrix {
		if c.Name == "go-jsonschema" && c.Tests > 0 {
			p("go-jsonschema makes no root type for a root schema without `type` (most of the suite's schemas), so")
			p("those groups have nothing to decode into; it made code that ran for %d of the %d groups.", c.Groups-c.GroupsMissed, c.Groups)
		}
	}
	p("")
	p("Right answers per file:")
	p("")
	header, rule := "| file |", "|---|"
	for _, c := range r.Matrix {
		header += " " + c.Name + " |"
		rule += "--:|"
	}
	p("%s", header)
	p("%s", rule)
	var files []string
	for f := range r.Matrix[0].ByFile {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		row := "| " + f + " |"
		for _, c := range r.Matrix {
			row += fmt.Sprintf(" %d |", c.ByFile[f])
		}
		p("%s", row)
	}
	p("")
}
