package search

// The types and validators of the search tool's output, from
// ../schemas/search-output.json: `go generate ./...` writes them, and
// `go tool envgen check --config envgen.yaml` fails in CI when they are stale.
// (Without the tool line in go.mod:
// go run github.com/envgen/envgen/cmd/envgen generate --config ../envgen.yaml.)

//go:generate go tool envgen generate --config ../envgen.yaml
