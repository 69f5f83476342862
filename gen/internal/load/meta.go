package load

import (
	"bytes"
	_ "embed"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// metaschemas checks schema documents against their metaschemas with
// github.com/santhosh-tekuri/jsonschema/v6, which has the drafts' own built
// in (vocabularies included) and loads any other through the loader. It also
// compiles the drafts' documents when a schema references them. Formats are
// asserted, as santhosh-tekuri asserts them when it checks schemas.
type metaschemas struct {
	c        *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
	flat     *jsonschema.Schema // flat2020, compiled when first needed
	checker  *flatChecker       // flat2020's verdict on most schemas without flat
}

// flat2020 is draft 2020-12's metaschema as one schema: its vocabularies'
// metaschemas merged, each $dynamicRef "#meta" a $ref "#". It gives the
// metaschema's verdict on every schema at a fraction of the cost (the
// dynamic scope and the allOf of seven schemas cost santhosh-tekuri most of
// its time), so a schema is checked against it first and against the real
// metaschema only when it fails, for the error to report.
//
//go:embed metaschema/flat-2020-12.json
var flat2020 []byte

const flat2020URL = "urn:envgen:flat-2020-12"

func newMetaschemas(l *loader) *metaschemas {
	c := jsonschema.NewCompiler()
	c.UseLoader(l)
	c.UseRegexpEngine(ecmaEngine)
	c.AssertFormat()
	return &metaschemas{c: c, compiled: map[string]*jsonschema.Schema{}}
}

// schema compiles the schema at loc, once.
func (m *metaschemas) schema(loc string) (*jsonschema.Schema, error) {
	if sch, ok := m.compiled[loc]; ok {
		return sch, nil
	}
	sch, err := m.c.Compile(loc)
	if err != nil {
		return nil, err
	}
	m.compiled[loc] = sch
	return sch, nil
}

const metaHint = "the file must be valid against its metaschema ($schema, or draft 2020-12 when absent)"

// check validates v, the schema at ptr in r, against the metaschemas of the
// resource it is in. A resource inside it with a $schema of its own is
// checked against its own metaschemas instead, on its own. The drafts' own
// documents are taken as valid.
func (m *metaschemas) check(r *root, ptr string, v any) error {
	if isMetaschema(r.url) {
		return nil
	}
	var own []string // the resources below ptr with a dialect of their own
	for p, res := range r.resources {
		if res.dialect.own && below(p, ptr) {
			own = append(own, p)
		}
	}
	slices.Sort(own)
	if err := m.validate(r, ptr, holes(v, ptr, own), r.resource(ptr).dialect); err != nil {
		return err
	}
	for _, p := range own {
		var inner []string
		for _, q := range own {
			if below(q, p) {
				inner = append(inner, q)
			}
		}
		sub, _ := lookup(r.doc, p)
		if err := m.validate(r, p, holes(sub, p, inner), r.resources[p].dialect); err != nil {
			return err
		}
	}
	return nil
}

// flatFor returns the flat metaschema that gives d's verdict, or nil when d
// has none: a dialect other than draft 2020-12 with its own vocabularies.
func (m *metaschemas) flatFor(d dialect) (*jsonschema.Schema, error) {
	if d.draft != draft2020 || d.vocabs != nil {
		return nil, nil
	}
	if m.flat == nil {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(flat2020))
		if err != nil {
			return nil, err
		}
		if err := m.c.AddResource(flat2020URL, doc); err != nil {
			return nil, err
		}
		if m.flat, err = m.c.Compile(flat2020URL); err != nil {
			return nil, err
		}
		m.checker = &flatChecker{m: m, props: map[string]*jsonschema.Schema{}}
	}
	return m.flat, nil
}

func (m *metaschemas) validate(r *root, ptr string, v any, d dialect) error {
	if flat, err := m.flatFor(d); err != nil {
		return err
	} else if flat != nil && (m.checker.schema(v) || flat.Validate(v) == nil) {
		return nil
	}
	for _, meta := range d.metaschemas() {
		sch, err := m.schema(meta)
		if err != nil {
			return r.errorAt(ptr, "check the $schema URL", "cannot load the metaschema %q: %v", meta, err)
		}
		err = sch.Validate(v)
		if err == nil {
			continue // the next vocabulary's metaschema may still refuse it
		}
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return err
		}
		leaf := firstLeaf(ve)
		return &model.Error{
			Loc:     model.Location{File: r.path, Pointer: ptr + pointer(leaf.InstanceLocation)},
			Message: "not a valid schema: " + leafMessage(leaf),
			Hint:    metaHint,
		}
	}
	return nil
}

// below reports whether the JSON Pointer p is strictly inside ptr.
func below(p, ptr string) bool { return strings.HasPrefix(p, ptr+"/") }

// holes returns v, at ptr, with the values at the pointers in at (each below
// ptr) replaced by {}, a schema valid in every draft. v is not changed: the
// containers on the way are copied.
func holes(v any, ptr string, at []string) any {
	for _, p := range at {
		v = hole(v, strings.Split(p[len(ptr)+1:], "/"))
	}
	return v
}

func hole(v any, toks []string) any {
	if len(toks) == 0 {
		return map[string]any{}
	}
	tok := unescape(toks[0])
	switch x := v.(type) {
	case map[string]any:
		if child, ok := x[tok]; ok {
			c := maps.Clone(x)
			c[tok] = hole(child, toks[1:])
			return c
		}
	case []any:
		if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(x) {
			c := slices.Clone(x)
			c[i] = hole(x[i], toks[1:])
			return c
		}
	}
	return v
}
