// Package bench compares envgen with its peers; `make bench` runs it all
// (cmd/report) and rewrites BENCHMARKS.md at the repository root.
//
//   - Decode and validate: the generated Go of envgen (envelope.Envelope of
//     the generated results.Results), encoding/json into plain structs,
//     santhosh-tekuri/jsonschema v6, and the Go that
//     github.com/atombender/go-jsonschema v0.24.1 generates from the bundled
//     schema, on the reference envelope (about 1.2 KB) and a large one
//     (testdata/large.json, 500 results, about 100 KB).
//   - Generation: envgen and go-jsonschema on synthetic schemas of N
//     definitions (the shape of gen/bench_test.go).
//   - Conformance: which of the required JSON-Schema-Test-Suite tests the
//     output of each generator gets right (package matrix).
//   - TypeScript: envgen's validators against ajv, in node/.
//
// This is a module of its own, so that go-jsonschema and its dependencies
// stay out of envgen's go.mod.
package bench

// The schemas and the generated code the benchmarks use. testdata/tool.json
// is a tool's output schema: the canonical envelope with data fixed to
// testdata/results.json, a copy of internal/contract/testdata/results.json (a
// test keeps the two equal) whose Go, internal/contract/results, `make
// generate` writes once for both modules; testdata/bundle.json is its bundle
// (`envgen bundle`), the one self-contained schema that santhosh-tekuri,
// go-jsonschema and ajv read. go-jsonschema validates only some keywords, and only while it
// decodes (required members, enums, number and length limits, patterns); it
// does not check additionalProperties: false, or if/then/else (where this
// schema's consts are).
//go:generate go run github.com/envgen/envgen/cmd/envgen bundle testdata/tool.json --ref-map https://envgen.dev/bench/=testdata -o testdata/bundle.json
//go:generate go run github.com/atombender/go-jsonschema --package gojsonschema --tags json --output internal/gojsonschema/bundle.go testdata/bundle.json
//go:generate go run ./cmd/mklarge -o testdata/large.json
