// Package schemas holds envgen's canonical JSON Schemas: the response
// envelope of an MCP tool and the shapes it is made of (error, warning, meta,
// request preferences, provenance). They unify five envelope conventions; the
// mapping from each of them is in docs/seed-mapping.md.
//
// Every file is a JSON Schema draft 2020-12 document whose $id is BaseURI
// followed by its file name, e.g. "https://envgen.dev/schemas/v2/envelope.json".
// Files refer to each other by relative $ref ("error.json",
// "meta.json#/$defs/pagination"), which resolves against that $id. They are
// embedded so that the generator, and any downstream schema that $refs them by
// $id, resolves them with no network and no copy.
//
// envelope.json leaves its payload open through the dynamic anchor "data"; a
// tool's output schema $refs the envelope and defines its own $dynamicAnchor
// "data" to fix it (see examples/search-output.json).
package schemas

import (
	"embed"
	"io/fs"
)

// BaseURI is the base of every canonical schema's $id. A breaking change to
// any schema moves all of them to a new base (v2).
const BaseURI = "https://envgen.dev/schemas/v2/"

// FS holds the canonical schema files at its root, e.g. "envelope.json".
//
//go:embed *.json
var FS embed.FS

// Files returns the names of the embedded schema files, sorted, e.g.
// ["envelope.json", "error.json", "meta.json", ...].
func Files() []string {
	entries, err := fs.ReadDir(FS, ".") // sorted by name
	if err != nil {
		panic("schemas: reading the embedded files: " + err.Error()) // cannot happen: FS is built in
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
