// Package validate checks JSON documents against schemas and gives the
// verdict of the Go code envgen generates from them: the same draft 2020-12
// semantics, the same format policy (format is an annotation unless
// AssertFormat, and then only the formats docs/validation.md lists), a
// member name given twice refused, 1.0 an integer, patterns ECMA-262 as the
// generated code translates them; and the same error shape,
// {instancePath, schemaPath, keyword, message}, with the messages of
// gen/internal/keywords.
//
// It is what `envgen validate` runs. Schemas are read by the generator's
// loader (gen/internal/load: metaschema check, references, the embedded
// canonical schemas) and interpreted by santhosh-tekuri/jsonschema, which
// the conformance tests hold to the generated code's verdicts; no Go is
// compiled at run time.
package validate

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/internal/jsonpos"
	"github.com/envgen/envgen/schemas"
)

// Options says what to validate against.
type Options struct {
	// Schemas are the schemas a document must be valid against, every one:
	// files, or the absolute $id of an embedded schema
	// ("https://envgen.dev/schemas/v2/envelope.json").
	Schemas []string
	// RefMap maps an absolute URL prefix to a local folder, as for generate.
	RefMap map[string]string
	// Embedded holds schemas, besides the canonical ones, that resolve by
	// their absolute $id (the dialects, for the envgen binary).
	Embedded fs.FS
	// NoCanonical leaves the canonical schemas out.
	NoCanonical bool
	// AssertFormat makes format a check, as generate's --assert-format.
	AssertFormat bool
}

// Validator holds compiled schemas. It is safe for concurrent use.
type Validator struct {
	roots []root
	files map[string]string // document URL → the path the user knows
}

type root struct {
	url string
	sch *jsonschema.Schema
}

// New loads and compiles the schemas. A schema error is a *gen.Error-like
// error naming the file and JSON Pointer (gen/internal/model.Error).
func New(o Options) (*Validator, error) {
	if len(o.Schemas) == 0 {
		return nil, errors.New("no schema given")
	}
	docs := map[string]any{}
	v := &Validator{files: map[string]string{}}
	var embedded []fs.FS
	if !o.NoCanonical {
		embedded = append(embedded, schemas.FS)
	}
	if o.Embedded != nil {
		embedded = append(embedded, o.Embedded)
	}
	for _, fsys := range embedded {
		if err := addEmbedded(fsys, docs, v.files); err != nil {
			return nil, err
		}
	}
	var files, ids []string
	for _, s := range o.Schemas {
		if strings.Contains(s, "://") {
			if _, ok := docs[strings.TrimSuffix(s, "#")]; !ok {
				return nil, fmt.Errorf("no built-in schema has the $id %s", s)
			}
			ids = append(ids, strings.TrimSuffix(s, "#"))
			continue
		}
		files = append(files, s)
	}
	// Every schema, named by its $id or not, passes the loader's checks, as
	// generate's inputs do: santhosh-tekuri's compiler alone would interpret
	// what envgen refuses (2019-09's $recursiveRef) and skip what it checks.
	lo := load.Options{Inputs: files, RefMap: o.RefMap, Roots: slices.Clone(ids)}
	if fsys := merged(embedded); fsys != nil {
		lo.Embedded, lo.EmbeddedName = fsys, "envgen:schemas"
	}
	set, err := load.Load(lo)
	if err != nil {
		return nil, err
	}
	for u, d := range set.Documents() {
		docs[u] = d
	}
	for _, f := range set.Files {
		byID := slices.Contains(lo.Roots, f.URL)
		if byID && strings.HasPrefix(f.Path, lo.EmbeddedName+"/") {
			continue // keeps the name generated code gives it (addEmbedded)
		}
		v.files[f.URL] = f.Path // an input, or an input with that $id
		if !byID {
			ids = append(ids, f.URL)
		}
	}
	if o.AssertFormat {
		for _, u := range sortedKeys(docs) {
			if name, ptr, ok := unassertable(docs[u], ""); ok {
				return nil, fmt.Errorf("%s#%s/format: format %q cannot be asserted; turn format assertion off, or use one of the formats docs/validation.md lists", v.display(u), ptr, name)
			}
		}
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseRegexpEngine(regexpEngine)
	c.UseLoader(loader{docs: docs, refMap: o.RefMap})
	formats(c, o.AssertFormat)
	for _, u := range sortedKeys(docs) {
		if err := c.AddResource(u, withRegexFormat(docs[u])); err != nil {
			return nil, v.schemaError(u, err)
		}
	}
	for _, u := range ids {
		sch, err := c.Compile(u)
		if err != nil {
			return nil, v.schemaError(u, err)
		}
		v.roots = append(v.roots, root{u, sch})
	}
	return v, nil
}

// Validate parses doc as generated code does and validates it against every
// schema. It returns the violations, none when doc is valid, or an
// *envgenrt.SyntaxError when doc is not JSON that generated code accepts.
func (v *Validator) Validate(doc []byte) ([]envgenrt.Error, error) {
	var t envgenrt.Tree
	if err := t.Parse(doc); err != nil {
		return nil, err
	}
	val, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, &envgenrt.SyntaxError{Msg: err.Error()}
	}
	return v.validate(val, &t), nil
}

// ValidateValue validates a value of the JSON data model, numbers as
// json.Number (as from jsonschema.UnmarshalJSON or a YAML document).
func (v *Validator) ValidateValue(val any) []envgenrt.Error { return v.validate(val, nil) }

func (v *Validator) validate(val any, t *envgenrt.Tree) []envgenrt.Error {
	var out []envgenrt.Error
	for _, r := range v.roots {
		err := r.sch.Validate(val)
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			out = append(out, v.convert(ve, val, t)...)
		} else if err != nil {
			out = append(out, envgenrt.Error{SchemaPath: v.display(r.url) + "#", Keyword: "error", Message: err.Error()})
		}
	}
	if len(out) > envgenrt.MaxErrors {
		out = append(out[:envgenrt.MaxErrors], envgenrt.Error{Keyword: "maxErrors",
			Message: fmt.Sprintf("more errors follow; the list was cut at %d", envgenrt.MaxErrors)})
	}
	return out
}

// display is the path a user knows for a document URL.
func (v *Validator) display(u string) string {
	if p, ok := v.files[u]; ok {
		return p
	}
	if strings.HasPrefix(u, "file://") {
		p := strings.TrimPrefix(u, "file://")
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, filepath.FromSlash(p)); err == nil && !strings.HasPrefix(rel, "..") {
				return filepath.ToSlash(rel)
			}
		}
		return p
	}
	return u
}

// addEmbedded adds every schema directly in fsys by its $id.
func addEmbedded(fsys fs.FS, docs map[string]any, files map[string]string) error {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return err
	}
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("embedded schema %s: %v", n, err)
		}
		m, _ := doc.(map[string]any)
		id, _ := m["$id"].(string)
		if id == "" {
			continue
		}
		id = strings.TrimSuffix(id, "#")
		if _, taken := docs[id]; !taken {
			docs[id] = doc
			files[id] = strings.TrimPrefix(id, schemas.BaseURI) // "envelope.json", as generated code names it

		}
	}
	return nil
}

// merged is one flat file system holding the files of each (the first
// holder of a name wins), or nil for none.
func merged(fss []fs.FS) fs.FS {
	switch len(fss) {
	case 0:
		return nil
	case 1:
		return fss[0]
	}
	return overlay(fss)
}

type overlay []fs.FS

func (o overlay) Open(name string) (fs.File, error) {
	if name == "." {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	for _, f := range o {
		if file, err := f.Open(name); err == nil {
			return file, nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	seen := map[string]bool{}
	var out []fs.DirEntry
	for _, f := range o {
		es, err := fs.ReadDir(f, name)
		if err != nil {
			continue
		}
		for _, e := range es {
			if !seen[e.Name()] {
				seen[e.Name()] = true
				out = append(out, e)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

// loader finds documents that references reach and load did not read: the
// remote metaschemas of vocabularies, by RefMap.
type loader struct {
	docs   map[string]any
	refMap map[string]string
}

func (l loader) Load(u string) (any, error) {
	if d, ok := l.docs[u]; ok {
		return d, nil
	}
	// The longest prefix that matches decides, as in package load; not the
	// first the map's order gives.
	best, found := "", false
	for prefix := range l.refMap {
		if strings.HasPrefix(u, prefix) && (!found || len(prefix) > len(best)) {
			best, found = prefix, true
		}
	}
	// read as load reads a schema: an error names the file in envgen's words
	if found {
		return load.ReadFile(filepath.Join(l.refMap[best], filepath.FromSlash(path.Clean("/"+strings.TrimPrefix(u, best)))))
	}
	if p, ok := strings.CutPrefix(u, "file://"); ok {
		return load.ReadFile(filepath.FromSlash(p))
	}
	return nil, fmt.Errorf("%s is not a file, an embedded schema or under a --ref-map prefix", u)
}

// schemaError is err, an error of compiling the schema u, named by u's file;
// a document that does not read is named by its own file (load.ReadFile), not
// wrapped in the compiler's words ("failing loading …").
func (v *Validator) schemaError(u string, err error) error {
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	return fmt.Errorf("%s: %v", v.display(u), err)
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// SyntaxError is a document that does not read, with where: Line and
// Column are 1-based, 0 where unknown; the message says them, as every
// message of envgen does ("invalid JSON at line 2, column 11: …").
type SyntaxError = load.SyntaxError

// YAMLDocument reads a YAML document as envgen reads a YAML schema (one
// document, the JSON data model, a mapping key that is a string, a number
// JSON can spell) and returns it as JSON text for Validate, members in the
// order written. Its error is a *SyntaxError.
func YAMLDocument(data []byte) ([]byte, error) { return load.YAMLToJSON(data) }

// Syntax words Validate's syntax error in doc as the loader words one,
// with the line and column of its offset; doc starts at line first of its
// file (1, or an NDJSON line's number).
//
// Nesting too deep is placed at the [ or { that opens the level past
// envgenrt.MaxDepth and worded as the loader words it (envgenrt's offset is
// the byte after that bracket); a byte that begins no UTF-8 character is
// named as a byte, "invalid UTF-8 (byte 0xff)", not as the character 'ÿ'.
func Syntax(doc []byte, se *envgenrt.SyntaxError, first int) *SyntaxError {
	offset := min(max(se.Offset, 0), len(doc))
	deep := strings.HasPrefix(se.Msg, "nesting deeper than ")
	if deep && offset > 0 && (doc[offset-1] == '[' || doc[offset-1] == '{') {
		offset--
	}
	line := first + bytes.Count(doc[:offset], []byte("\n"))
	col := offset - bytes.LastIndexByte(doc[:offset], '\n')
	if deep {
		return &SyntaxError{Line: line, Column: col, Msg: load.TooDeep(line, col)}
	}
	msg := jsonpos.NameByte(se.Msg, doc, offset)
	return &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf("invalid JSON at line %d, column %d: %s", line, col, msg)}
}
