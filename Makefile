# envgen — the two commands a newcomer needs are `make generate` and `make test`.
GO       ?= go
ENVGEN   := $(GO) run ./cmd/envgen
# What `make generate` renders: the embedded canonical schemas.
CANONICAL := schemas/ --go-out generated/go/envelope --go-package envelope --ts-out generated/ts/src
# The TypeScript toolchain (tsc, pinned in generated/ts/package-lock.json).
NODE_DEPS := generated/ts/node_modules/.package-lock.json

.PHONY: generate check test golden lint bench

## generate: render generated/ from the canonical schemas in schemas/
generate:
	$(ENVGEN) generate $(CANONICAL)

## check: fail with a diff when generated/ is not what schemas/ produce
check:
	$(ENVGEN) check $(CANONICAL)

## test: every test: vet, unit, golden (Go built and vetted, TypeScript type-checked), drift, npm package
test: lint $(NODE_DEPS)
	$(GO) test ./...
	npm test --prefix generated/ts

$(NODE_DEPS): generated/ts/package-lock.json
	npm ci --prefix generated/ts --no-audit --no-fund

## golden: rewrite golden/*/want from the generator; read the diff before committing
golden: $(NODE_DEPS)
	$(GO) test ./gen -run TestGolden -update
	$(GO) test ./gen/bundle -run TestGolden -update
	git status --short golden/ gen/bundle/testdata/

## lint: gofmt and go vet
lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^golden/') 2>/dev/null); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

## bench: generation benchmarks (not part of make test)
bench:
	$(GO) test ./gen -run '^$$' -bench . -benchmem -count 5
