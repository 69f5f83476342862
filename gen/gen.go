// Package gen is envgen as a library: schemas in, files out.
//
// Generate runs the whole pipeline of DESIGN.md (load, lower the schemas into the model, name it,
// render each backend) and returns the files it would write; it writes nothing
// itself and keeps no global state, so it can run many times in one process.
package gen

import (
	"bytes"
	"slices"
	"sort"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/schemas"
)

// Options says what to generate.
type Options struct {
	// Inputs are schema files or folders (searched for *.json, *.yaml, *.yml),
	// as the user named them. Their order does not change the output.
	Inputs []string
	// RefMap maps an absolute URL prefix to a local folder, so that references
	// under that prefix are read from disk instead of the network.
	RefMap map[string]string
	// NoCanonical leaves out the embedded canonical schemas (they are
	// resolvable by $id by default).
	NoCanonical bool

	// Go output: a folder (relative paths in Files are under it) and a package.
	GoOut     string
	GoPackage string

	// AssertFormat makes the validators check "format" (date-time, email,
	// uuid …) instead of treating it as an annotation; a format they cannot
	// check then fails generation.
	AssertFormat bool

	// TSOut is the TypeScript output folder, "" for none; TSReadonlyArrays
	// makes every array type readonly.
	TSOut            string
	TSReadonlyArrays bool

	// Names overrides type names: a schema location ("file#/pointer" as in
	// error messages, or an absolute URL with fragment) to a Go type name.
	Names map[string]string

	// Imports map $id prefixes to packages generated elsewhere: a type from
	// a schema document under a prefix that is not an input is not declared
	// here, but imported from the package (the longest prefix wins).
	// CanonicalImport is added unless NoCanonical is set or an import has
	// its prefix; it does not apply to a run whose inputs are the canonical
	// schemas themselves, since inputs are never imported.
	Imports []Import
	// NoImports declares every type here, as if there were no imports (and
	// no CanonicalImport).
	NoImports bool
}

// Import maps the schemas under an $id prefix to the Go package and the
// TypeScript module generated from them.
type Import = model.Import

// CanonicalImport returns the built-in import of the canonical schemas: the
// Go package and the npm package that `make generate` writes from schemas/.
func CanonicalImport() Import { return canonicalImport }

var canonicalImport = Import{
	Prefix:    schemas.BaseURI, // https://envgen.dev/schemas/v2/
	GoPath:    "github.com/envgen/envgen/generated/go/envelope",
	GoPackage: "envelope",
	TSModule:  "@envgen/envelope",
	TSRuntime: "@envgen/envelope/runtime",
}

// imports are the imports a run applies: opts.Imports and, unless an import
// has its prefix, CanonicalImport.
func (opts Options) imports() []Import {
	if opts.NoImports {
		return nil
	}
	out := slices.Clone(opts.Imports)
	if !opts.NoCanonical && !slices.ContainsFunc(out, func(i Import) bool { return i.Prefix == canonicalImport.Prefix }) {
		out = append(out, canonicalImport)
	}
	return out
}

// File is one generated file.
type File struct {
	Path    string // slash-separated, relative to the working directory, e.g. "generated/go/envelope.go"
	Content []byte
}

// Files is the output of one generation, sorted by Path.
type Files []File

func (fs Files) sorted() Files {
	sort.Slice(fs, func(i, j int) bool { return fs[i].Path < fs[j].Path })
	return fs
}

// Equal reports whether two file sets have the same paths and bytes.
func (fs Files) Equal(other Files) bool {
	if len(fs) != len(other) {
		return false
	}
	for i := range fs {
		if fs[i].Path != other[i].Path || !bytes.Equal(fs[i].Content, other[i].Content) {
			return false
		}
	}
	return true
}
