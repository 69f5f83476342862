package dialects

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/schemas"
)

// BaseURI is the base of every dialect schema's $id: the schema of a dialect
// file dialects/<folder>/<file> has the $id BaseURI + "<folder>/<file>", e.g.
// "https://envgen.dev/schemas/v2/dialects/bmcis/envelope.json".
const BaseURI = schemas.BaseURI + "dialects/"

// FS holds the dialect schemas, one folder per dialect, e.g.
// "bmcis/envelope.json". The examples under each folder are not embedded, nor
// is the TypeScript package in ts/.
//
//go:embed scalpel/*.json foundry/*.json mcpenvelope/*.json codegraph/*.json bmcis/*.json
var FS embed.FS

// compiled is every dialect schema and every canonical schema, compiled once
// by one compiler that never loads anything: references resolve to the
// embedded files only.
var compiled = sync.OnceValues(func() (*jsonschema.Compiler, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.UseLoader(noLoader{})
	add := func(fsys fs.FS, pattern, base string) error {
		names, err := fs.Glob(fsys, pattern)
		if err != nil {
			return err
		}
		for _, name := range names {
			b, err := fs.ReadFile(fsys, name)
			if err != nil {
				return err
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			if err := c.AddResource(base+name, doc); err != nil {
				return err
			}
		}
		return nil
	}
	if err := add(FS, "*/*.json", BaseURI); err != nil {
		return nil, err
	}
	if err := add(schemas.FS, "*.json", schemas.BaseURI); err != nil {
		return nil, err
	}
	return c, nil
})

// schemaCache holds the schemas compiled so far, by location.
var schemaCache sync.Map // string → *jsonschema.Schema

// schemaAt compiles the schema at loc, a location relative to BaseURI
// ("bmcis/envelope.json", "bmcis/payloads.json#/$defs/cursor") or, with the
// prefix "canonical:", relative to the canonical schemas ("canonical:envelope.json").
func schemaAt(loc string) (*jsonschema.Schema, error) {
	if s, ok := schemaCache.Load(loc); ok {
		return s.(*jsonschema.Schema), nil
	}
	c, err := compiled()
	if err != nil {
		return nil, fmt.Errorf("dialects: loading the embedded schemas: %w", err)
	}
	url := BaseURI + loc
	if rest, ok := strings.CutPrefix(loc, "canonical:"); ok {
		url = schemas.BaseURI + rest
	}
	// Compile is not safe for concurrent use; the cache makes a race only
	// cost a second compilation.
	compileMu.Lock()
	s, err := c.Compile(url)
	compileMu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("dialects: compiling %s: %w", loc, err)
	}
	schemaCache.Store(loc, s)
	return s, nil
}

var compileMu sync.Mutex

type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%s is not an embedded schema, and schemas are never fetched", url)
}

// schemaPath spells an absolute schema location as the file it comes from
// in this repository, e.g. "dialects/bmcis/envelope.json#/required".
func schemaPath(url string) string {
	if rest, ok := strings.CutPrefix(url, BaseURI); ok {
		return "dialects/" + rest
	}
	if rest, ok := strings.CutPrefix(url, schemas.BaseURI); ok {
		return "schemas/" + rest
	}
	return url
}
