package load

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// compiler resolves references and compiles schema objects into
// jsonschema.Schema values, the compiled form package lower reads. Every
// location is compiled once, found through a map, so compiling is linear in
// the size of the documents. (jsonschema.Compiler, which this follows
// keyword for keyword, keeps the schemas of one Compile in a list it scans
// for each reference: quadratic when one document's references reach
// thousands of definitions.) Documents are still checked against their
// metaschema by github.com/santhosh-tekuri/jsonschema/v6 (meta.go).
type compiler struct {
	l        *loader
	meta     *metaschemas
	roots    map[string]*root
	placed   map[*jsonschema.Schema]placed // where each compiled schema is, for Set.Where
	queue    []pending
	free     []jsonschema.Schema // the rest of the block schemas are taken from
	metaDocs map[string]any      // the metaschemas of dialects, by URL
}

type pending struct {
	r   *root
	ptr string
	sch *jsonschema.Schema
	v   any // the value at ptr, found by whoever enqueued it
}

// placed is a compiled schema's document, its JSON Pointer and its value there.
type placed struct {
	r   *root
	ptr string
	v   any
}

func newCompiler(l *loader) *compiler {
	return &compiler{l: l, meta: newMetaschemas(l), roots: map[string]*root{},
		placed: map[*jsonschema.Schema]placed{}, metaDocs: map[string]any{}}
}

// compile returns the compiled schema at ptr in the document at u, and
// everything it reaches.
func (c *compiler) compile(u, ptr string) (*jsonschema.Schema, error) {
	r, err := c.root(u)
	if err != nil {
		return nil, err
	}
	v, ok := lookup(r.doc, ptr)
	if !ok {
		return nil, r.errorAt(ptr, "", "no such location in %s", r.path)
	}
	sch := c.enqueue(r, ptr, v)
	// first in, first out: with several errors, the first reported is the
	// one nearest the top of the document
	for i := 0; i < len(c.queue); i++ {
		if err := c.compileAt(c.queue[i].r, c.queue[i].ptr, c.queue[i].sch, c.queue[i].v); err != nil {
			return nil, err
		}
	}
	c.queue = c.queue[:0]
	return sch, nil
}

// schemaBlock is how many schemas are allocated at once: a schema is 760
// bytes, and there is one per schema object of every document.
const schemaBlock = 64

// enqueue returns the schema at ptr in r, whose value is v, and queues it to
// be compiled if it is new.
func (c *compiler) enqueue(r *root, ptr string, v any) *jsonschema.Schema {
	if sch, ok := r.schemas[ptr]; ok {
		return sch
	}
	if len(c.free) == 0 {
		c.free = make([]jsonschema.Schema, schemaBlock)
	}
	sch := &c.free[0]
	c.free = c.free[1:]
	sch.Location = r.url + "#" + encodePointer(ptr)
	r.schemas[ptr] = sch
	c.placed[sch] = placed{r, ptr, v}
	c.queue = append(c.queue, pending{r, ptr, sch, v})
	return sch
}

// compileAt fills in sch, the schema at ptr in r.
func (c *compiler) compileAt(r *root, ptr string, sch *jsonschema.Schema, v any) error {
	if err := c.ensure(r, ptr, v); err != nil {
		return err
	}
	res := r.resource(ptr)
	sch.DraftVersion = res.dialect.draft.version
	switch v := v.(type) {
	case bool:
		sch.Bool = &v
	case map[string]any:
		if len(v) == 0 {
			t := true
			sch.Bool = &t
			return nil
		}
		// o, 1 KB, stays on the stack (go build -gcflags=-m: does not escape):
		// it costs no allocation, and one kept in the compiler saves none.
		o := &object{c: c, r: r, res: res, ptr: ptr, obj: v, s: sch}
		return o.compile()
	}
	return nil
}

// ensure makes ready v, the value at ptr in r, that no walk of subschemas
// has reached (a $ref into a place no keyword makes a schema): its resources
// and anchors are collected, and it is checked against the metaschema.
func (c *compiler) ensure(r *root, ptr string, v any) error {
	if r.processed[ptr] {
		return nil
	}
	res := r.resource(ptr)
	if err := c.collect(r, v, res.id, ptr, res.dialect); err != nil {
		return err
	}
	if _, ok := r.resources[ptr]; !ok {
		if obj, ok := v.(map[string]any); ok {
			if err := r.collectAnchors(obj, ptr, r.resource(ptr)); err != nil {
				return err
			}
		}
	}
	return c.meta.check(r, ptr, v)
}

// resolve finds what ref, written in the schema at ptr of r under keyword
// kw, refers to, and returns its compiled schema; the target's document is
// loaded if need be. An error names the reference.
func (c *compiler) resolve(r *root, res *resource, ptr, kw, ref string) (*jsonschema.Schema, error) {
	at := ptr + "/" + escape(kw)
	u, frag, err := join(res.id, ref)
	if err != nil {
		return nil, r.errorAt(at, "", "invalid %s %q: %v", kw, ref, err)
	}
	target, tres := r, r.byID[u]
	switch {
	case u == r.url:
		tres = r.resources[""]
	case tres != nil:
	case isMetaschema(u):
		sch, err := c.meta.schema(u + "#" + encodePointer(frag))
		var lue *jsonschema.LoadURLError
		if errors.As(err, &lue) {
			return nil, referenceError(r, at, kw, ref, errNetwork)
		} else if err != nil {
			return nil, r.errorAt(at, "", "%s %q does not resolve: %v", kw, ref, err)
		}
		return sch, nil
	default:
		target, err = c.root(u)
		if err != nil {
			var le *loadError
			if errors.As(err, &le) && le.url == u {
				return nil, referenceError(r, at, kw, ref, le.err)
			}
			return nil, err
		}
		tres = target.resources[""]
	}
	tptr := tres.ptr + frag
	if isAnchor(frag) {
		p, ok := tres.anchors[frag]
		if !ok {
			return nil, r.errorAt(at, "check the JSON Pointer or $anchor after the #",
				"%s %q does not resolve: no anchor %q in %s", kw, ref, frag, target.path)
		}
		tptr = p
	}
	v, ok := lookup(target.doc, tptr)
	if !ok {
		return nil, r.errorAt(at, "check the JSON Pointer or $anchor after the #",
			"%s %q does not resolve: no such location in %s", kw, ref, target.path)
	}
	if err := c.ensure(target, tptr, v); err != nil {
		var me *model.Error
		if errors.As(err, &me) && me.Hint == metaHint { // say where the schema that is not one was meant
			me.Hint = fmt.Sprintf("the %s at %s#%s leads to %s#%s, which is not a schema", kw, r.path, at, target.path, tptr)
		}
		return nil, err
	}
	return c.enqueue(target, tptr, v), nil
}

func referenceError(r *root, at, kw, ref string, err error) error {
	if errors.Is(err, errNetwork) {
		return r.errorAt(at, "add the schema to the inputs, or map its prefix to a local folder with --ref-map PREFIX=DIR",
			"%s %q needs the network, and envgen never fetches", kw, ref)
	}
	var me *model.Error
	if errors.As(err, &me) { // the document was found but does not parse
		return me
	}
	return r.errorAt(at, "check the path or $id it names", "%s %q does not resolve: %v", kw, ref, err)
}

// loadError is a document that could not be loaded.
type loadError struct {
	url string
	err error
}

func (e *loadError) Error() string { return fmt.Sprintf("cannot load %s: %v", e.url, e.err) }
func (e *loadError) Unwrap() error { return e.err }

// isMetaschema reports whether u is one of the drafts' own documents, which
// the metaschema compiler has built in.
func isMetaschema(u string) bool {
	return strings.HasPrefix(u, "https://json-schema.org/") || strings.HasPrefix(u, "http://json-schema.org/")
}

// encodePointer percent-encodes each token of a JSON Pointer for use as a
// URL fragment, leaving the slashes between them.
func encodePointer(ptr string) string {
	if pathSafe(ptr) { // the common case: url.PathEscape leaves every token as it is
		return ptr
	}
	toks := strings.Split(ptr, "/")
	for i, t := range toks {
		toks[i] = url.PathEscape(t)
	}
	return strings.Join(toks, "/")
}

// pathSafe reports whether ptr holds only bytes that url.PathEscape keeps
// (and "/", the separator): letters, digits and "-._~$".
func pathSafe(ptr string) bool {
	for i := 0; i < len(ptr); i++ {
		switch c := ptr[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '/', c == '-', c == '.', c == '_', c == '~', c == '$':
		default:
			return false
		}
	}
	return true
}

// number reads a JSON number exactly.
func number(v any) *big.Rat {
	switch x := v.(type) {
	case json.Number: // fmt.Sprint writes its text, without fmt's work
		if n, ok := new(big.Rat).SetString(string(x)); ok {
			return n
		}
	case float64, float32, int, int64, int32, uint64, uint32, uint:
		if n, ok := new(big.Rat).SetString(fmt.Sprint(v)); ok {
			return n
		}
	}
	return nil
}
