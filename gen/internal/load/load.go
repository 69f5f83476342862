// Package load reads schema files, checks them against their metaschema
// (with github.com/santhosh-tekuri/jsonschema/v6), resolves every reference
// and compiles every schema into a jsonschema.Schema, the form package lower
// reads.
//
// It never touches the network: a reference resolves to an input file, a file
// beside it, an embedded canonical schema, or a folder that an
// [Options.RefMap] prefix points at; anything else is an error that names the
// file and JSON Pointer of the reference.
package load

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// Options says what to load.
type Options struct {
	// Inputs are schema files or folders; a folder stands for the *.json,
	// *.yaml and *.yml files directly in it.
	Inputs []string
	// RefMap maps an absolute URL prefix to a local folder.
	RefMap map[string]string
	// Embedded holds schemas that resolve by their absolute $id without being
	// inputs (envgen's canonical schemas); EmbeddedName names them in messages,
	// e.g. "envgen:schemas".
	Embedded     fs.FS
	EmbeddedName string
	// Roots are absolute $ids of schemas in Embedded to compile as inputs
	// are, with the same checks (envgen validate --schema envelope).
	Roots []string
}

// Set is the loaded, compiled schemas.
type Set struct {
	// Files are the input files, sorted by Path.
	Files []*File
	docs  map[string]*document // by root URL
	c     *compiler            // for Referenced
	l     *loader
}

// File is one input file, compiled.
type File struct {
	Path   string             // as the user named it, slash-separated
	URL    string             // the URL it is compiled by: its absolute $id, else its file URL
	Schema *jsonschema.Schema // the root schema
	Defs   []Def              // every $defs (and definitions) entry in the file, in pointer order
}

// Def is one $defs or definitions entry.
type Def struct {
	Key    string // e.g. "warning"
	Schema *jsonschema.Schema
}

// document is one parsed schema document, input or not.
type document struct {
	path  string // display path
	doc   any
	order map[string][]string // member names of each object in written order, by JSON Pointer
	// nestedIDs is set when an object below the root has an "$id" member:
	// only then can a schema of the document be in a resource other than
	// the document's.
	nestedIDs bool
	// dynamicAnchors is set when an object of it has a "$dynamicAnchor"
	// member.
	dynamicAnchors bool
}

func newDocument(path string, doc any, order map[string][]string) *document {
	d := &document{path: path, doc: doc, order: order}
	for ptr, keys := range order {
		for _, k := range keys {
			switch k {
			case "$id":
				d.nestedIDs = d.nestedIDs || ptr != ""
			case "$dynamicAnchor":
				d.dynamicAnchors = true
			}
		}
	}
	return d
}

// Load reads, checks and compiles the inputs.
func Load(opts Options) (*Set, error) {
	var paths []string
	if len(opts.Inputs) > 0 || len(opts.Roots) == 0 {
		var err error
		if paths, err = expandInputs(opts.Inputs); err != nil {
			return nil, err
		}
	}
	l := &loader{
		set:    &Set{docs: map[string]*document{}},
		refMap: normalizeRefMap(opts.RefMap),
		byURL:  map[string]*document{},
	}
	c := newCompiler(l)
	l.set.c, l.set.l = c, l

	type input struct {
		path, url string
		doc       any
	}
	var inputs []input
	for _, p := range paths {
		doc, order, err := readFile(p)
		if err != nil {
			return nil, err
		}
		u := compileURL(p, doc)
		if prev, dup := l.byURL[u]; dup {
			return nil, &model.Error{
				Loc:     model.Location{File: p},
				Message: fmt.Sprintf("$id %q is also the $id of %s", u, prev.path),
				Hint:    "every schema file needs its own $id",
			}
		}
		d := newDocument(p, doc, order)
		l.byURL[u] = d
		inputs = append(inputs, input{p, u, doc})
	}
	if opts.Embedded != nil {
		if err := l.addEmbedded(opts.Embedded, opts.EmbeddedName); err != nil {
			return nil, err
		}
	}
	for _, u := range opts.Roots {
		d, ok := l.byURL[u]
		if !ok {
			return nil, fmt.Errorf("no built-in schema has the $id %s", u)
		}
		if !slices.ContainsFunc(inputs, func(in input) bool { return in.url == u }) { // an input with the $id is compiled already
			inputs = append(inputs, input{d.path, u, d.doc})
		}
	}
	for _, in := range inputs {
		sch, err := c.compile(in.url, "")
		if err != nil {
			return nil, l.compileError(in.path, err)
		}
		f := &File{Path: in.path, URL: in.url, Schema: sch}
		if f.Defs, err = compileDefs(c, in.url, in.doc); err != nil {
			return nil, l.compileError(in.path, err)
		}
		l.set.Files = append(l.set.Files, f)
	}
	sort.Slice(l.set.Files, func(i, j int) bool { return l.set.Files[i].Path < l.set.Files[j].Path })
	return l.set, nil
}

// Referenced compiles, as an input is compiled (its root and every $defs
// entry), each document that references have loaded, is not an input, and
// whose URL match accepts; and those that these load in turn. They are
// sorted by Path. A package generated from such documents elsewhere declares
// their types as it would for inputs; compiling them alike lets a caller
// build them alike.
func (s *Set) Referenced(match func(url string) bool) ([]*File, error) {
	done := map[string]bool{}
	for _, f := range s.Files {
		done[f.URL] = true
	}
	var out []*File
	for {
		var next []string
		for u := range s.docs {
			if !done[u] && match(u) {
				next = append(next, u)
			}
		}
		if len(next) == 0 {
			break
		}
		sort.Strings(next)
		for _, u := range next {
			done[u] = true
			d := s.docs[u]
			sch, err := s.c.compile(u, "")
			if err != nil {
				return nil, s.l.compileError(d.path, err)
			}
			f := &File{Path: d.path, URL: u, Schema: sch}
			if f.Defs, err = compileDefs(s.c, u, d.doc); err != nil {
				return nil, s.l.compileError(d.path, err)
			}
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// compileDefs compiles every $defs and definitions entry of doc, the document
// at u, so that each becomes a type whether or not anything references it.
func compileDefs(c *compiler, u string, doc any) ([]Def, error) {
	var entries defEntries
	walkSchemas(doc, entries.add)
	defs := make([]Def, 0, len(entries))
	for _, e := range entries {
		sch, err := c.compile(u, e.ptr)
		if err != nil {
			return nil, err
		}
		defs = append(defs, Def{Key: e.key, Schema: sch})
	}
	return defs, nil
}

// Schemas is the number of schemas compiled so far: a size hint for maps
// that will hold one entry per schema.
func (s *Set) Schemas() int { return len(s.c.placed) }

// Locate maps a compiled schema's Location ("rootURL#/pointer") to the file the
// user knows and the pointer inside it.
func (s *Set) Locate(location string) model.Location {
	root, ptr, _ := strings.Cut(location, "#")
	loc := model.Location{File: root, Pointer: ptr, URL: location}
	if d, ok := s.docs[root]; ok {
		loc.File = d.path
	}
	return loc
}

// Place is where a compiled schema is.
type Place struct {
	Loc model.Location // Locate(sch.Location)
	Raw map[string]any // Raw(sch.Location)
	// NestedIDs is false when no object below the root of the schema's
	// document has an "$id" member: every schema of it is then in the
	// document's resource.
	NestedIDs bool
	// DynamicAnchors is false when no object of the document has a
	// "$dynamicAnchor" member.
	DynamicAnchors bool
}

// Where is the Place of a compiled schema, found by the schema itself:
// lower asks it of every schema, and parsing the Location and following its
// pointer from the document's root cost more than the rest of what lower
// does with a schema.
func (s *Set) Where(sch *jsonschema.Schema) Place {
	p, ok := s.c.placed[sch]
	if !ok { // a metaschema's
		return Place{Loc: s.Locate(sch.Location), Raw: s.Raw(sch.Location), NestedIDs: true, DynamicAnchors: true}
	}
	m, _ := p.v.(map[string]any)
	loc := model.Location{File: p.r.path, Pointer: sch.Location[len(p.r.url)+1:], URL: sch.Location}
	return Place{Loc: loc, Raw: m, NestedIDs: p.r.nestedIDs, DynamicAnchors: p.r.dynamicAnchors}
}

// Raw returns the schema object at a compiled schema's Location, or nil when
// it is a boolean schema or cannot be found.
func (s *Set) Raw(location string) map[string]any {
	root, ptr := splitLocation(location)
	d, ok := s.docs[root]
	if !ok {
		return nil
	}
	v, _ := lookup(d.doc, ptr)
	m, _ := v.(map[string]any)
	return m
}

// Keys returns the member names of the object at location, a compiled
// schema's Location with a pointer that may reach below it (such as
// ".../properties"), in the order the file writes them.
func (s *Set) Keys(location string) []string {
	root, ptr := splitLocation(location)
	if d, ok := s.docs[root]; ok {
		return d.order[ptr]
	}
	return nil
}

// Members is Keys of the member kw (a keyword that needs no escaping, such
// as "properties") of a compiled schema, found by the schema.
func (s *Set) Members(sch *jsonschema.Schema, kw string) []string {
	p, ok := s.c.placed[sch]
	if !ok {
		return s.Keys(sch.Location + "/" + kw)
	}
	return p.r.order[p.ptr+"/"+kw]
}

// splitLocation splits a compiled schema's Location into its document's URL
// and the JSON Pointer its fragment encodes.
func splitLocation(location string) (string, string) {
	root, frag, _ := strings.Cut(location, "#")
	if ptr, err := url.PathUnescape(frag); err == nil {
		return root, ptr
	}
	return root, frag
}

// expandInputs turns files and folders into a sorted, de-duplicated list of
// slash-separated file paths.
func expandInputs(inputs []string) ([]string, error) {
	if len(inputs) == 0 {
		return nil, errors.New("no schema files given")
	}
	seen := map[string]bool{}
	var out []string
	for _, in := range inputs {
		info, err := os.Stat(in)
		if err != nil {
			return nil, model.CannotRead(filepath.ToSlash(in), err)
		}
		files := []string{in}
		if info.IsDir() {
			files = nil
			entries, err := os.ReadDir(in)
			if err != nil {
				return nil, &model.Error{Loc: model.Location{File: filepath.ToSlash(in)}, Message: "cannot read folder: " + model.IOReason(err)}
			}
			for _, e := range entries {
				if !e.IsDir() && isSchemaFile(e.Name()) {
					files = append(files, filepath.Join(in, e.Name()))
				}
			}
			if len(files) == 0 {
				return nil, &model.Error{Loc: model.Location{File: filepath.ToSlash(in)}, Message: "folder holds no *.json, *.yaml or *.yml files"}
			}
		}
		for _, f := range files {
			f = filepath.ToSlash(filepath.Clean(f))
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

func isSchemaFile(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".json", ".yaml", ".yml":
		return true
	}
	return false
}

// maxFileSize bounds a schema file, so that what envgen holds in memory is
// bounded by what it reads (YAML aliases are bounded by aliasBudget).
const maxFileSize = 64 << 20

// readSchemaFile reads a schema file of at most maxFileSize bytes.
func readSchemaFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() > maxFileSize {
		return nil, fmt.Errorf("it is %d bytes, more than the %d MiB envgen reads in a schema file", info.Size(), maxFileSize>>20)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err == nil && len(data) > maxFileSize {
		err = fmt.Errorf("it is more than the %d MiB envgen reads in a schema file", maxFileSize>>20)
	}
	return data, err
}

// ReadFile reads and decodes one schema file as Load reads its inputs: at
// most 64 MiB, a byte-order mark skipped, a member name written twice or a
// second YAML document refused, YAML reduced to the JSON data model, numbers
// as json.Number. Its error is a *model.Error naming the file (and the JSON
// Pointer, where there is one).
func ReadFile(path string) (any, error) {
	doc, _, err := readFile(filepath.ToSlash(path))
	return doc, err
}

func readFile(p string) (any, map[string][]string, error) {
	data, err := readSchemaFile(filepath.FromSlash(p))
	if err != nil {
		return nil, nil, model.CannotRead(p, err)
	}
	doc, order, err := decode(p, data)
	if err != nil {
		return nil, nil, decodeError(p, err)
	}
	return doc, order, nil
}

// compileURL is the URL a file is compiled by: its $id when that is absolute,
// so that references by $id from other files find the same compiled schema;
// otherwise its file URL, against which a relative $id resolves.
func compileURL(p string, doc any) string {
	if m, ok := doc.(map[string]any); ok {
		if id, ok := m["$id"].(string); ok {
			if u, err := url.Parse(id); err == nil && u.IsAbs() {
				u.Fragment = ""
				return u.String()
			}
		}
	}
	return fileURL(p)
}

func fileURL(p string) string {
	abs, err := filepath.Abs(filepath.FromSlash(p))
	if err != nil {
		abs = p
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// displayPath names a file that was reached by reference: relative to the
// working directory when it is below it, so that messages and output do not
// depend on where the checkout lives.
func displayPath(abs string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(abs)
}

// Documents returns every document the set has read or holds (inputs, the
// documents their references reached, the embedded schemas) by the URL each
// is compiled by: the JSON data model, numbers as json.Number. Package
// validate hands them to an interpreter; callers must not change them.
func (s *Set) Documents() map[string]any {
	out := make(map[string]any, len(s.docs)+len(s.l.byURL))
	for u, d := range s.l.byURL {
		out[u] = d.doc
	}
	for u, d := range s.docs {
		out[u] = d.doc
	}
	return out
}
