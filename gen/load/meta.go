package load

import (
	"errors"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/model"
)

// metaschemas checks schema documents against their metaschemas with
// github.com/santhosh-tekuri/jsonschema/v6, which has the drafts' own built
// in and loads any other (a dialect's metaschema) through the loader. It
// also compiles the drafts' documents when a schema references them.
type metaschemas struct {
	c        *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
}

func newMetaschemas(l *loader) *metaschemas {
	c := jsonschema.NewCompiler()
	c.UseLoader(l)
	c.UseRegexpEngine(ecmaEngine)
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

// check validates v, the schema at ptr in r, against the metaschema of the
// resource it is in. The drafts' own documents are taken as valid.
func (m *metaschemas) check(r *root, ptr string, v any) error {
	if isMetaschema(r.url) {
		return nil
	}
	meta := r.resource(ptr).dialect.meta
	sch, err := m.schema(meta)
	if err != nil {
		return r.errorAt(ptr, "check the $schema URL", "cannot load the metaschema %q: %v", meta, err)
	}
	err = sch.Validate(v)
	var ve *jsonschema.ValidationError
	if err == nil || !errors.As(err, &ve) {
		return err
	}
	leaf := firstLeaf(ve)
	return &model.Error{
		Loc:     model.Location{File: r.path, Pointer: ptr + pointer(leaf.InstanceLocation)},
		Message: "not a valid schema: " + leafMessage(leaf),
		Hint:    "the file must be valid against its metaschema ($schema, or draft 2020-12 when absent)",
	}
}
