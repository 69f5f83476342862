package load

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// A root is one schema document as the compiler sees it: its schema
// resources (the document, and every subschema with an identifier of its
// own), each with its dialect and anchors.
type root struct {
	// The document: its path (as messages name it), doc, order, nestedIDs
	// and dynamicAnchors.
	*document
	url       string                        // the URL it was loaded by
	resources map[string]*resource          // by JSON Pointer
	byID      map[string]*resource          // by identifier
	processed map[string]bool               // JSON Pointers whose subschemas are collected
	schemas   map[string]*jsonschema.Schema // compiled, by JSON Pointer: each location is compiled once
}

type resource struct {
	ptr            string
	id             string // absolute, no fragment
	dialect        dialect
	anchors        map[string]string // $anchor (and $dynamicAnchor, id "#name" before 2019-09) → JSON Pointer
	dynamicAnchors []string
}

// resource is the schema resource that encloses the location ptr.
func (r *root) resource(ptr string) *resource {
	if len(r.resources) == 1 { // the document's only: most documents have no other
		if res, ok := r.resources[""]; ok {
			return res
		}
	}
	for {
		if res, ok := r.resources[ptr]; ok {
			return res
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return r.resources[""]
		}
		ptr = ptr[:i]
	}
}

func (r *root) errorAt(ptr, hint, format string, args ...any) *model.Error {
	return &model.Error{Loc: model.Location{File: r.path, Pointer: ptr}, Message: fmt.Sprintf(format, args...), Hint: hint}
}

// root loads the document at u, once: it finds its resources and anchors and
// checks it against its metaschema.
func (c *compiler) root(u string) (*root, error) {
	if r, ok := c.roots[u]; ok {
		return r, nil
	}
	doc, err := c.l.Load(u)
	if err != nil {
		return nil, &loadError{url: u, err: err}
	}
	d, ok := c.l.set.docs[u]
	if !ok { // Load records every document it loads: nothing is known of one it did not
		d = &document{path: c.l.pathOf(u), doc: doc, nestedIDs: true, dynamicAnchors: true}
	}
	// Its objects, a bound on its schemas: the maps that hold one entry per
	// schema start at that size rather than growing to it.
	objects := len(d.order)
	if len(c.placed) == 0 {
		c.placed = make(map[*jsonschema.Schema]placed, objects)
		c.queue = make([]pending, 0, objects)
	}
	r := &root{
		document: d, url: u,
		resources: map[string]*resource{}, byID: map[string]*resource{},
		processed: make(map[string]bool, objects), schemas: make(map[string]*jsonschema.Schema, objects),
	}
	if err := c.collect(r, doc, u, "", dialect{draft: draft2020}); err != nil {
		return nil, err
	}
	if err := c.meta.check(r, "", doc); err != nil {
		return nil, err
	}
	c.roots[u] = r
	return r, nil
}

// collect records the resources and anchors of the schema v at ptr and of
// every subschema below it, as the draft in force there places subschemas.
// base is the identifier in force; fallback the dialect of the enclosing
// resource.
func (c *compiler) collect(r *root, v any, base, ptr string, fallback dialect) error {
	if r.processed[ptr] {
		return nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		if ptr == "" {
			r.add(&resource{ptr: ptr, id: base, dialect: fallback})
		}
		r.processed[ptr] = true
		return nil
	}
	// The keywords obj has: most objects have none of those read below
	// but their subschemas', and looking each up cost more than the rest.
	mask := keywordMask(obj)
	var (
		dr        *draft
		meta      string
		hasSchema bool
	)
	if mask&bitSchema != 0 {
		var err error
		if dr, meta, hasSchema, err = c.draftFor(r, ptr, obj, fallback.draft); err != nil {
			return err
		}
	}
	if !hasSchema {
		dr = fallback.draft
	}
	id := ""
	if mask&bitsID != 0 {
		id = dr.getID(obj)
		if id == "" && ptr != "" { // $schema counts only where a resource starts
			dr, meta, hasSchema = fallback.draft, "", false
			id = dr.getID(obj)
		}
	} else if ptr != "" {
		dr, meta, hasSchema = fallback.draft, "", false
	}
	var res *resource
	if id != "" {
		joined, _, err := join(base, id)
		if err != nil {
			return r.errorAt(ptr+"/"+escape(dr.id), "", "invalid identifier %q: %v", id, err)
		}
		base = joined
		res = &resource{ptr: ptr, id: base}
	} else if ptr == "" {
		res = &resource{ptr: ptr, id: base}
	}
	if res != nil {
		if prev, ok := r.byID[base]; ok {
			if prev.ptr != ptr {
				return r.errorAt(ptr, "every schema resource needs its own identifier",
					"identifier %q is also the identifier of %s", base, where(prev.ptr))
			}
		} else {
			res.dialect = fallback
			if hasSchema {
				vocabs, err := c.vocabsFor(r, ptr, meta, dr)
				if err != nil {
					return err
				}
				res.dialect = dialect{draft: dr, vocabs: vocabs, own: true}
			}
			r.add(res)
		}
	}
	baseRes := r.byID[base]
	if mask&bitsRefused != 0 {
		if err := r.refusal(obj, ptr, dr, baseRes.dialect.own); err != nil {
			return err
		}
	}
	if mask&bitsAnchors != 0 {
		if err := r.collectAnchors(obj, ptr, baseRes); err != nil {
			return err
		}
	}
	if mask&bitsPatterns != 0 {
		if err := r.checkPatterns(obj, ptr, baseRes.dialect); err != nil {
			return err
		}
	}
	r.processed[ptr] = true
	if mask&subschemaBits == 0 {
		return nil
	}
	return eachSubschema(dr, obj, mask, ptr, func(ptr string, v any) error {
		return c.collect(r, v, base, ptr, baseRes.dialect)
	})
}

func (r *root) add(res *resource) {
	res.anchors = map[string]string{}
	r.resources[res.ptr] = res
	r.byID[res.id] = res
}

// collectAnchors records the anchors obj, at ptr, declares in res.
func (r *root) collectAnchors(obj map[string]any, ptr string, res *resource) error {
	add := func(anchor, kw string) error {
		if prev, ok := res.anchors[anchor]; ok && prev != ptr {
			return r.errorAt(ptr+"/"+kw, "anchors must be unique in their schema resource",
				"anchor %q is also declared at %s", anchor, where(prev))
		}
		res.anchors[anchor] = ptr
		return nil
	}
	version := res.dialect.draft.version
	if version < 2019 {
		if _, ok := obj["$ref"]; ok { // a $ref hides its siblings
			return nil
		}
		kw := res.dialect.draft.id
		if id, ok := obj[kw].(string); ok {
			frag, err := fragmentOf(id)
			if err != nil {
				return r.errorAt(ptr+"/"+kw, "", "invalid identifier %q: %v", id, err)
			}
			if isAnchor(frag) {
				if err := add(frag, kw); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if a, ok := obj["$anchor"].(string); ok {
		if err := add(a, "$anchor"); err != nil {
			return err
		}
	}
	if version >= 2020 {
		if a, ok := obj["$dynamicAnchor"].(string); ok {
			if err := add(a, "$dynamicAnchor"); err != nil {
				return err
			}
			res.dynamicAnchors = append(res.dynamicAnchors, a)
		}
	}
	return nil
}

// where names a place in the document for a message.
func where(ptr string) string {
	if ptr == "" {
		return "the document's root"
	}
	return ptr
}

// checkPatterns refuses a pattern that is not an ECMA-262 regular
// expression, by its own location. (The metaschema's format "regex" would
// refuse it too, less precisely.)
func (r *root) checkPatterns(obj map[string]any, ptr string, d dialect) error {
	const hint = "patterns are ECMA-262 regular expressions"
	if p, ok := obj["pattern"].(string); ok && d.hasVocab("validation") {
		if _, err := ecmaEngine(p); err != nil {
			return r.errorAt(ptr+"/pattern", hint, "invalid %v", err)
		}
	}
	if m, ok := obj["patternProperties"].(map[string]any); ok && d.hasVocab("applicator") {
		for _, p := range sortedKeys(m) {
			if _, err := ecmaEngine(p); err != nil {
				return r.errorAt(ptr+"/patternProperties/"+escape(p), hint, "invalid %v", err)
			}
		}
	}
	return nil
}

// eachSubschema calls fn with each subschema of obj, at ptr, in a fixed
// order, and stops at the first error fn returns. mask is obj's keywordMask.
func eachSubschema(d *draft, obj map[string]any, mask uint64, ptr string, fn func(ptr string, v any) error) error {
	for _, p := range d.specs {
		if mask&p.bits == 0 {
			continue
		}
		kw, kind := p.kw, p.kind
		v, ok := obj[kw]
		if !ok {
			continue
		}
		switch kind {
		case "":
			if err := fn(ptr+"/"+escape(kw), v); err != nil {
				return err
			}
		case "*":
			if m, ok := v.(map[string]any); ok {
				for _, k := range sortedKeys(m) {
					if err := fn(ptr+"/"+escape(kw)+"/"+escape(k), m[k]); err != nil {
						return err
					}
				}
			}
		case "[]":
			if arr, ok := v.([]any); ok {
				for i, x := range arr {
					if err := fn(ptr+"/"+escape(kw)+"/"+strconv.Itoa(i), x); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// join resolves ref against base. It returns the absolute URL without its
// fragment, and the fragment, percent-decoded.
func join(base, ref string) (string, string, error) {
	b, err := url.Parse(base)
	if err != nil {
		return "", "", err
	}
	refURL, _, _ := strings.Cut(ref, "#")
	frag, err := fragmentOf(ref)
	if err != nil {
		return "", "", err
	}
	r, err := url.Parse(refURL)
	if err != nil {
		return "", "", err
	}
	resolved := b.ResolveReference(r)
	if !r.IsAbs() && b.Opaque != "" { // net/url drops an opaque base (golang.org/issue/66084)
		resolved.Opaque = b.Opaque
	}
	resolved.Fragment, resolved.RawFragment = "", ""
	return resolved.String(), frag, nil
}

// fragmentOf is the fragment of a URL reference, percent-decoded.
func fragmentOf(ref string) (string, error) {
	_, frag, _ := strings.Cut(ref, "#")
	return url.PathUnescape(frag)
}

// isAnchor reports whether a decoded fragment names an anchor, not a JSON
// Pointer.
func isAnchor(frag string) bool { return frag != "" && !strings.HasPrefix(frag, "/") }
