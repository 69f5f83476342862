package lower

import (
	"slices"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// fillUnion builds the branches of a oneOf/anyOf and looks for a member whose
// const (or single-valued enum) tells them apart.
func (b *builder) fillUnion(u *model.Union, s *jsonschema.Schema, id model.TypeID) {
	branches := s.OneOf
	if len(branches) == 0 {
		branches = s.AnyOf
	}
	for i, br := range branches {
		u.Branches = append(u.Branches, b.ref(br, model.NameHint{Parent: id, Path: []string{"Variant" + strconv.Itoa(i+1)}}))
	}
	u.Discriminator, u.Tags = b.discriminator(u.Branches)
}

// discriminator finds the first member (in name order) that every branch
// requires with a const or enum, no value shared between branches.
func (b *builder) discriminator(branches []model.Ref) (string, [][]model.Value) {
	objects := make([]*model.Object, len(branches))
	for i, r := range branches {
		o, ok := b.resolve(r).(*model.Object)
		if !ok {
			return "", nil
		}
		objects[i] = o
	}
	var candidates []string
	for _, f := range objects[0].Fields {
		candidates = append(candidates, f.JSONName)
	}
	slices.Sort(candidates)
next:
	for _, name := range candidates {
		tags := make([][]model.Value, len(objects))
		seen := map[string]bool{}
		for i, o := range objects {
			j := slices.IndexFunc(o.Fields, func(f *model.Field) bool { return f.JSONName == name })
			if j < 0 || !o.Fields[j].Required || o.Fields[j].Type.Nullable {
				continue next
			}
			switch t := b.resolve(o.Fields[j].Type).(type) {
			case *model.Const:
				tags[i] = []model.Value{t.Value}
			case *model.Enum:
				tags[i] = t.Values
			default:
				continue next
			}
			for _, v := range tags[i] {
				if seen[v.JSON] {
					continue next
				}
				seen[v.JSON] = true
			}
		}
		return name, tags
	}
	return "", nil
}

// resolve follows aliases to the type a Ref finally stands for.
func (b *builder) resolve(r model.Ref) model.Type {
	t := b.space.Get(r.ID)
	for i := 0; i < 100; i++ {
		a, ok := t.(*model.Alias)
		if !ok {
			return t
		}
		t = b.space.Get(a.Target.ID)
	}
	return t
}

// mergeAllOf shapes an allOf (and a $ref with sibling keywords, which is the
// same thing): one struct with the members of every part when the parts are
// objects, the shared scalar when they are scalars. The parts stay in Checks,
// so the validators check each as written.
func (b *builder) mergeAllOf(s *jsonschema.Schema, loc model.Location) (model.Type, func(model.TypeID)) {
	parts := b.flattenParts(s, map[*jsonschema.Schema]bool{})
	var objects []*jsonschema.Schema
	scalar := ""
	for _, p := range parts {
		types, _ := typesOf(p)
		switch {
		case equalTypes(types, "object") || (len(types) == 0 && (len(p.Properties) > 0 || p.AdditionalProperties == false)):
			objects = append(objects, p)
		case len(types) == 1 && (scalar == "" || scalar == types[0]) && len(objects) == 0:
			scalar = types[0]
		case len(types) == 1 && len(objects) == 0 && numeric(scalar, types[0]):
			scalar = "integer" // integer and number: the integers
		case len(types) == 0:
		default:
			// No value has two types: the checks refuse every value, and any
			// JSON value is the shape that says so without a wrong promise.
			return &model.Any{}, nil
		}
	}
	if len(objects) > 0 && scalar != "" { // no value is both: see above
		return &model.Any{}, nil
	}
	switch {
	case scalar != "":
		return &model.Scalar{Scalar: scalarKind(scalar)}, nil
	case len(objects) == 0:
		return &model.Any{}, nil
	}
	o := &model.Object{}
	return o, func(id model.TypeID) {
		var extra *model.Ref
		for _, p := range objects {
			b.addFields(o, p, id)
			if p.AdditionalProperties == false {
				o.Closed = true
			} else if ap, ok := p.AdditionalProperties.(*jsonschema.Schema); ok && extra == nil {
				r := b.ref(ap, model.NameHint{Parent: id, Path: []string{"Extra"}})
				extra = &r
			}
		}
		patterns := false
		for _, p := range objects {
			patterns = patterns || len(p.PatternProperties) > 0
		}
		switch {
		case patterns: // members that patternProperties match, of any schema
			o.Extra = &model.Ref{ID: b.anyType()}
		case !o.Closed:
			if extra == nil {
				extra = &model.Ref{ID: b.anyType()}
			}
			o.Extra = extra
		}
	}
}

// numeric reports whether a and b are integer and number, in any order.
func numeric(a, b string) bool {
	return (a == "integer" && b == "number") || (a == "number" && b == "integer")
}

// flattenParts lists s and, recursively, the targets of its $ref and the parts
// of its allOf.
func (b *builder) flattenParts(s *jsonschema.Schema, seen map[*jsonschema.Schema]bool) []*jsonschema.Schema {
	if seen[s] {
		return nil
	}
	seen[s] = true
	var out []*jsonschema.Schema
	if s.Ref != nil {
		out = append(out, b.flattenParts(s.Ref, seen)...)
	}
	for _, p := range s.AllOf {
		out = append(out, b.flattenParts(p, seen)...)
	}
	return append(out, s)
}

// typeParam returns the type parameter a $dynamicRef stands for, one per
// anchor target, with the statically resolved target as its default.
func (b *builder) typeParam(s *jsonschema.Schema) model.TypeID {
	target := s.DynamicRef.Ref
	in := b.info(target)
	loc := in.loc
	if id, ok := b.params[loc.String()]; ok {
		return id
	}
	p := &model.TypeParam{Anchor: s.DynamicRef.Anchor}
	p.Loc = loc
	p.Resource = b.resourceIn(in)
	id := b.space.Add(p)
	b.params[loc.String()] = id
	p.Default = b.ref(target, model.NameHint{})
	return id
}
