# envgen — the two commands a newcomer needs are `make generate` and `make test`.
GO       ?= go
# What generate and check run: envgen without convert (cmd/envgen/internal/bootstrap), which links no
# package under generated/, so it builds when generated/ is stale or deleted and can repair it.
ENVGEN   := bin/envgen-bootstrap
# What `make generate` renders: the embedded canonical schemas.
# Formats (date-time …) are asserted, so the Go, TypeScript and schema validators agree on every example.
CANONICAL := schemas/ --go-out generated/go/envelope --go-package envelope --ts-out generated/ts/src --assert-format
# The example tool's Go and TypeScript: the Go and npm tests check the search-output examples with them.
EXAMPLE   := schemas/examples/search-output.json --go-out internal/contract/searchoutput --go-package searchoutput --ts-out generated/ts/test/search-output --assert-format
# Every keyword of the registry, in Go and TypeScript: the message-parity vectors (internal/contract/parity_test.go).
KEYWORDS  := internal/contract/testdata/keywords.json --go-out internal/contract/keywords --go-package keywords --ts-out generated/ts/test/keywords --assert-format --no-canonical
# The benchmark's own generated package.
BENCH     := results
# A recursive schema, for the robustness tests: Go in internal/contract/tree, TypeScript in generated/ts/test/tree
# (validators and guards as deep as Go allows, never throwing: generated/ts/test/depth.test.js).
TREE      := internal/contract/testdata/tree.json --go-out internal/contract/tree --go-package tree --ts-out generated/ts/test/tree --no-canonical
bench_pkg  = internal/contract/testdata/$(1).json --go-out internal/contract/$(1) --go-package $(1) --no-canonical
# The five seed conventions as dialects (dialects/), generated beside the canonical package.
DIALECTS := scalpel foundry mcpenvelope codegraph bmcis
dialect   = dialects/$(1)/ --go-out generated/go/dialects/$(1) --go-package $(1) --ts-out generated/ts-dialects/$(1) --assert-format
# The TypeScript toolchain (tsc, pinned in generated/ts/package-lock.json).
NODE_DEPS := generated/ts/node_modules/.package-lock.json
# The peer benchmark's node tools: ajv and esbuild (pinned in bench/node/package-lock.json).
BENCH_DEPS := bench/node/node_modules/.package-lock.json
# The MCP end-to-end test's TypeScript SDK (pinned in e2e/package-lock.json).
E2E_DEPS  := e2e/node_modules/.package-lock.json

.PHONY: generate check test golden lint fuzz bench bench-gen bench-validate bench-ts bench-ts-quick conformance conformance-baseline conformance-schemastore schemastore-schemas

# $(ENVGEN) is rebuilt on every use (go build is incremental, so this is cheap).
.PHONY: $(ENVGEN)
$(ENVGEN):
	$(GO) build -o $@ ./cmd/envgen/internal/bootstrap

## generate: render generated/ from the canonical schemas in schemas/, and the dialects from dialects/
generate: $(ENVGEN)
	$(ENVGEN) generate $(CANONICAL)
	$(ENVGEN) generate $(EXAMPLE)
	$(ENVGEN) generate $(KEYWORDS)
	$(foreach p,$(BENCH),$(ENVGEN) generate $(call bench_pkg,$(p)) &&) true
	$(ENVGEN) generate $(TREE)
	$(foreach d,$(DIALECTS),$(ENVGEN) generate $(call dialect,$(d)) &&) true
	cd examples/downstream && $(GO) generate ./...

## check: fail with a diff when generated/ is not what schemas/ and dialects/ produce
check: $(ENVGEN)
	$(ENVGEN) check $(CANONICAL)
	$(ENVGEN) check $(EXAMPLE)
	$(ENVGEN) check $(KEYWORDS)
	$(foreach p,$(BENCH),$(ENVGEN) check $(call bench_pkg,$(p)) &&) true
	$(ENVGEN) check $(TREE)
	$(foreach d,$(DIALECTS),$(ENVGEN) check $(call dialect,$(d)) &&) true
	cd examples/downstream && $(GO) tool envgen check --config envgen.yaml

## test: every test: vet, unit, golden (Go built and vetted, TypeScript type-checked), drift, npm package,
##       the MCP adapter and example server, the downstream example (internal/downstream builds it from
##       scratch), and the end-to-end MCP round trip from a TypeScript client
test: lint $(NODE_DEPS) $(E2E_DEPS)
	@mkdir -p bin && rm -f bin/reference-skips-*.txt
	@# Every module of go.sum, for all platforms: internal/downstream builds envgen offline (GOPROXY=off) as a
	@# tool of a fresh module, which needs cobra's Windows-only dependency too; go test fetches only what it builds.
	$(GO) mod download
	$(GO) test ./...
	@# json/v2's UnmarshalJSONFrom and encoding/json on v2 (the files behind goexperiment.jsonv2); the loader's columns
	GOEXPERIMENT=jsonv2 $(GO) test ./internal/contract ./envgenrt ./gen/internal/load
	@# The runtime on 32-bit, where an index near 2 GiB overflows (TestWordLoopsAtTwoGiB)
	GOARCH=386 $(GO) test ./envgenrt
	npm test --prefix generated/ts
	npm test --prefix dialects/ts
	cd mcp && $(GO) vet ./... && $(GO) test ./...
	cd examples/mcp-server && $(GO) vet ./... && $(GO) test ./...
	cd examples/downstream && $(GO) vet ./... && $(GO) test ./... && $(GO) tool envgen check --config envgen.yaml
	npm test --prefix e2e
	@$(skip_summary)

# Tests that find no reference folder (internal/reference) skip and append "part<TAB>test" to $(ENVGEN_SKIPS);
# a new name each run, so that go test does not replay a skipping package from its cache without recording it.
test: export ENVGEN_SKIPS := $(CURDIR)/bin/reference-skips-$(shell date +%s%N).txt
skip_summary = if [ -s "$$ENVGEN_SKIPS" ]; then \
	echo "make test: skipped $$(wc -l < "$$ENVGEN_SKIPS") tests ($$(cut -f2 "$$ENVGEN_SKIPS" | sort -u | paste -sd' ' -)), no reference folder for $$(cut -f1 "$$ENVGEN_SKIPS" | sort -u | paste -sd' ' -): set ENVGEN_REFERENCE, see internal/reference"; \
	else echo "make test: nothing skipped"; fi

$(NODE_DEPS): generated/ts/package-lock.json
	npm ci --prefix generated/ts --no-audit --no-fund

$(E2E_DEPS): e2e/package-lock.json
	npm ci --prefix e2e --no-audit --no-fund

## golden: rewrite golden/*/want from the generator; read the diff before committing
golden: $(NODE_DEPS)
	$(GO) test ./gen -run TestGolden -update
	$(GO) test ./gen/bundle -run 'TestGolden|TestCompact' -update
	$(GO) test ./gen/compat -run TestGolden -update
	git status --short golden/ gen/bundle/testdata/

## conformance: JSON-Schema-Test-Suite (draft 2020-12) through generated Go: a table per file, conformance/reports/go.json
conformance:
	$(GO) run ./conformance/cmd/jsts

# Tests too slow for make test (or measurements that assert nothing) are behind build tags, so that
# go test ./... neither runs nor skips them: under CI=true nothing skips (internal/reference's TestNoOptInSkips).
SLOW_TAGS := schemastore,speed
SLOW_PKGS := ./conformance ./internal/schemastore ./internal/contract

## conformance-schemastore: envgen validate against the generated Go on every SchemaStore instance (slow;
##        TestSchemaStoreVerdicts, behind the build tag schemastore, not part of make test)
conformance-schemastore:
	$(GO) test -tags schemastore ./conformance -run TestSchemaStoreVerdicts -count=1 -timeout 60m -v

## schemastore-schemas: every SchemaStore schema (all of _schemas, ~950) generated as `envgen generate` does, the Go
##        built and vetted, the TypeScript type-checked; each failure must be listed in
##        internal/schemastore/exceptions.json with its reason (slow: 20 minutes or more; TestEverySchema, behind
##        the build tag schemastore, not part of make test)
schemastore-schemas: $(NODE_DEPS)
	$(GO) test -tags schemastore ./internal/schemastore -run TestEverySchema -count=1 -timeout 180m -v

## conformance-baseline: rewrite conformance/baseline-go.json from a run; read the diff before committing
conformance-baseline:
	$(GO) run ./conformance/cmd/jsts -update-baseline
	git diff --stat conformance/baseline-go.json

## lint: gofmt and go vet (the files behind build tags too; the runtime generated code imports, also on 32-bit)
lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^golden/'; git ls-files --others --exclude-standard '*.go') 2>/dev/null); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags $(SLOW_TAGS) $(SLOW_PKGS)
	GOARCH=386 $(GO) vet ./envgenrt/...

## fuzz: run each native Go fuzz target for FUZZTIME (default 30s); make test runs their seed corpora
##       (testdata/fuzz/<target>/ beside each), and a failing input the fuzzer writes there becomes a
##       regression test once committed
FUZZTIME ?= 30s
# How long to shrink each new input; go test's default (60s) stalls a short run on its first finds.
FUZZMINIMIZE ?= 2s
FUZZ_TARGETS := ./gen/internal/load:FuzzDecodeJSON ./gen/internal/load:FuzzDecodeYAML ./gen:FuzzGenerate ./gen/internal/gofmt:FuzzSource ./gen/internal/gofmt:FuzzFormatter \
	./envgenrt:FuzzParse ./envgenrt:FuzzDecimal ./envgenrt:FuzzTranslateECMA ./internal/contract:FuzzEnvelope ./serve:FuzzDecodeCursor
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "make fuzz: $${t##*:} ($${t%%:*}) for $(FUZZTIME)"; \
		$(GO) test $${t%%:*} -run '^$$' -fuzz "^$${t##*:}\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE); \
	done

## bench: envgen against its peers, rewriting BENCHMARKS.md (not part of make test). About 7 minutes of CPU time;
##        its wall time grows with the machine's load (18 minutes at load average 14 on 2 cores): BENCHMARKS.md
##        states both. Fewer rounds: go run ./cmd/report -h in bench/ (-rounds, -huge-rounds, -gen-rounds, ...).
##        Every comparison interleaves its contenders round by round and reports the median per-round ratio with
##        its spread: Go decode and validate on 1.2 KB, 104 KB and 5 MB (encoding/json, goccy/go-json, sonic,
##        json.Valid, santhosh-tekuri, google/jsonschema-go, kaptinlin/jsonschema, go-jsonschema), again under
##        GOEXPERIMENT=jsonv2, generation at N=250..8000 (go-jsonschema), TypeScript against ajv with the bundle
##        a client makes, and the JSON-Schema-Test-Suite matrix. bench/ is its own module.
bench: $(NODE_DEPS) $(BENCH_DEPS)
	@mkdir -p bin
	cd bench && $(GO) generate ./... && $(GO) run ./cmd/report -o ../BENCHMARKS.md -json ../bin/bench.json

$(BENCH_DEPS): bench/node/package-lock.json
	npm ci --prefix bench/node --no-audit --no-fund

## bench-gen: envgen's own generation benchmark (synthetic schemas of 250, 1000, 4000 and 8000 definitions)
bench-gen:
	$(GO) test ./gen -run '^$$' -bench . -benchmem -count 5

## bench-validate: Go decode and validate against the peers, interleaved rounds (make bench's Go part, no
##        generation, TypeScript or matrix; writes bin/bench-validate.md, not BENCHMARKS.md)
bench-validate:
	@mkdir -p bin
	cd bench && $(GO) run ./cmd/report -skip generate,node,matrix -o ../bin/bench-validate.md
	@sed -n '/^## Targets/,/^## Go generation/p' bin/bench-validate.md

## bench-ts: generated TypeScript validators against ajv (interleaved rounds), and the bundle a client makes of the
##        envelope validator, minified and gzipped (make bench's TypeScript part; writes bin/bench-ts.md). The same
##        measurement without building bench/'s Go module: `make bench-ts-quick`.
bench-ts: $(NODE_DEPS) $(BENCH_DEPS)
	@mkdir -p bin
	cd bench && $(GO) run ./cmd/report -skip decode,jsonv2,generate,matrix -o ../bin/bench-ts.md
	@sed -n '/^## Targets/,/^## Go: decode/p;/^## TypeScript/,/^## JSON-Schema/p' bin/bench-ts.md

## bench-ts-quick: make bench-ts's measurement without bench/'s Go module: the same harness (bench/node/bench.mjs, CPU
##           time, 25 interleaved rounds, median per-round ratio) on the 1.2 KB and 104 KB envelopes, and the envelope
##           validator's size as a client bundles it (esbuild, gzip), printed against issue 16's targets.
##           Fewer rounds: make bench-ts-quick BENCH_TS_FLAGS='--rounds 9'
bench-ts-quick: $(NODE_DEPS) $(BENCH_DEPS) $(ENVGEN)
	@work=$$(mktemp -d) && trap 'rm -rf "$$work"' EXIT && \
	$(ENVGEN) generate bench/testdata/tool.json bench/testdata/results.json --ts-out "$$work/ts" >/dev/null && \
	npm run build --prefix generated/ts >/dev/null && \
	node bench/node/bench.mjs --summary --ts "$$work/ts" --envelope generated/ts/src/index.ts --package generated/ts \
		--schema bench/testdata/bundle.json --work "$$work/node" $(BENCH_TS_FLAGS) \
		small=internal/contract/testdata/envelope.json large=bench/testdata/large.json
