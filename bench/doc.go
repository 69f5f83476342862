// Package bench compares envgen with its peers; `make bench` runs it all
// (cmd/report) and rewrites BENCHMARKS.md at the repository root. Every
// comparison interleaves its contenders round by round (Rounds) and
// reports the median of the per-round ratios with their spread.
//
//   - Decode and validate (Contenders, cmd/rounds): envgen's generated Go
//     (envelope.Envelope of the generated results.Results) through
//     DecodeEnvgen, the entry point the README recommends, and through
//     json.Unmarshal; plain decoding into plain structs by encoding/json,
//     goccy/go-json and bytedance/sonic; json.Valid as a floor; the
//     validators santhosh-tekuri/jsonschema, google/jsonschema-go and
//     kaptinlin/jsonschema; and the Go that go-jsonschema generates from
//     the bundled schema. On the reference envelope (1.2 KB), a large one
//     (testdata/large.json, 104 KB) and a huge one (Huge, 5 MB, made at
//     bench time). cmd/rounds built with GOEXPERIMENT=jsonv2 compares
//     envgen with encoding/json on json/v2 and json/v2 itself.
//   - Generation: envgen and go-jsonschema on synthetic schemas of N
//     definitions (the shape of gen/bench_test.go), one run per process.
//   - Conformance: which of the required JSON-Schema-Test-Suite tests the
//     output of each generator gets right (package matrix).
//   - TypeScript: envgen's validators against ajv, and bundle sizes, in node/.
//
// This is a module of its own, so that the peers and their dependencies
// stay out of envgen's go.mod. kaptinlin/jsonschema is held at v0.9.8: its
// later versions need Go 1.27.
package bench

// The schemas and the generated code the benchmarks use. testdata/tool.json
// is a tool's output schema: the canonical envelope with data fixed to
// testdata/results.json, a copy of internal/contract/testdata/results.json (a
// test keeps the two equal) whose Go, internal/contract/results, `make
// generate` writes once for both modules; testdata/bundle.json is its bundle
// in full (`envgen bundle --full`), the one self-contained schema that
// santhosh-tekuri, google/jsonschema-go, kaptinlin, go-jsonschema and ajv read.
// Not the compact form: that summarises meta and provenance as open objects,
// and the peers would check less than envgen does. go-jsonschema validates
// only some keywords, and only while it decodes (required members, enums,
// number and length limits, patterns); it does not check
// additionalProperties: false, or if/then/else (where this schema's consts
// are).
//go:generate go run github.com/envgen/envgen/cmd/envgen bundle testdata/tool.json --full --ref-map https://envgen.dev/bench/=testdata -o testdata/bundle.json
//go:generate go run github.com/atombender/go-jsonschema --package gojsonschema --tags json --output internal/gojsonschema/bundle.go testdata/bundle.json
//go:generate go run ./cmd/mklarge -o testdata/large.json
