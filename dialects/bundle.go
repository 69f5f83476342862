package dialects

import (
	"embed"
	"fmt"
)

// bundleFS holds each dialect's envelope schema bundled into one
// self-contained document (`envgen bundle` of the file its dialect validates
// against, in its compact form: root "type": "object", local $defs only, no
// annotations), fit to be the outputSchema of an MCP tool that answers in the
// dialect. The files are
// written by `go test ./dialects -run TestOutputSchemas -update` and checked
// against a fresh bundle by the same test.
//
//go:embed bundles/*.json
var bundleFS embed.FS

// OutputSchema returns the outputSchema an MCP tool that answers in the named
// dialect advertises: the dialect's envelope schema, bundled. The payload
// (data) is left as open as the dialect leaves it. The canonical envelope has
// no such schema (a tool's canonical outputSchema is its own bundle, which
// fixes the payload): for it, and for an unknown name, OutputSchema returns an
// error.
func OutputSchema(name string) ([]byte, error) {
	d, err := lookup(name)
	if err != nil {
		return nil, err
	}
	if d == canonicalDialect {
		return nil, fmt.Errorf("dialects: the canonical outputSchema is the tool's own bundle (envgen bundle)")
	}
	return bundleFS.ReadFile(bundleFile(name))
}

// bundleFile is the file of a dialect's bundle in bundleFS, e.g.
// "bundles/mcp-envelope.json".
func bundleFile(name string) string { return "bundles/" + name + ".json" }
