package lower

import (
	"slices"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// objectOrMap shapes a schema of type object: a struct when it names
// properties (or forbids all members), else a map.
func (b *builder) objectOrMap(s *jsonschema.Schema) (model.Type, func(model.TypeID)) {
	closed := s.AdditionalProperties == false
	if len(s.Properties) == 0 && !closed {
		m := &model.Map{}
		return m, func(id model.TypeID) { m.Values = b.mapValues(s, id) }
	}
	o := &model.Object{Closed: closed}
	return o, func(id model.TypeID) {
		b.addFields(o, s, id)
		o.Extra = b.extra(s, id)
	}
}

// addFields appends the properties of s to o, in the order the schema writes
// them; a member that an earlier part declared with another type becomes
// any JSON value, checked by the validators against every part.
func (b *builder) addFields(o *model.Object, s *jsonschema.Schema, parent model.TypeID) {
	for _, name := range b.propertyOrder(s) {
		ps := s.Properties[name]
		r := b.ref(ps, model.NameHint{Parent: parent, Path: []string{name}})
		required := slices.Contains(s.Required, name)
		if i := slices.IndexFunc(o.Fields, func(f *model.Field) bool { return f.JSONName == name }); i >= 0 {
			f := o.Fields[i]
			f.Required = f.Required || required
			if f.Type.ID != r.ID {
				if narrower, ok := b.narrower(f.Type, r); ok {
					f.Type = narrower
					continue
				}
				// The parts give the member types that are not one inside the
				// other (two objects, two unions…): the field holds the
				// member's JSON as it is, and the validators check it against
				// every part, which stay in the object's Checks.
				f.Type = model.Ref{ID: b.anyType()}
			}
			continue
		}
		o.Fields = append(o.Fields, &model.Field{
			JSONName: name, Type: r, Required: required, Doc: docOf(ps), Loc: b.info(ps).loc,
			Override: b.override(ps),
		})
	}
	for _, name := range s.Required { // required members the part does not describe
		if _, ok := s.Properties[name]; ok || slices.ContainsFunc(o.Fields, func(f *model.Field) bool { return f.JSONName == name }) {
			continue
		}
		loc := b.info(s).loc
		loc.Pointer += "/required"
		o.Fields = append(o.Fields, &model.Field{JSONName: name, Type: model.Ref{ID: b.anyType()}, Required: true, Loc: loc})
	}
}

// narrower picks, of two types an allOf gives one member, the one that
// refines the other: anything refines "any JSON value", and a const or enum
// refines the scalar type of its values.
func (b *builder) narrower(x, y model.Ref) (model.Ref, bool) {
	for _, pair := range [][2]model.Ref{{x, y}, {y, x}} {
		wide, narrow := pair[0], pair[1]
		if b.isAny(wide) {
			return narrow, true
		}
		sc, ok := b.resolve(wide).(*model.Scalar)
		if !ok {
			continue
		}
		base, ok := model.ScalarKindOf(b.resolve(narrow))
		if !ok {
			continue
		}
		if base == sc.Scalar || (sc.Scalar == model.ScalarNumber && base == model.ScalarInteger) {
			return narrow, true
		}
	}
	return model.Ref{}, false
}

// propertyOrder is the schema's property names as written in the file
// (found once per schema: fields and checks both want them).
func (b *builder) propertyOrder(s *jsonschema.Schema) []string {
	if len(s.Properties) == 0 { // as the file's order would say: it has none
		return nil
	}
	in := b.info(s)
	if in.hasProps {
		return in.props
	}
	keys := b.set.Members(s, "properties")
	if len(keys) != len(s.Properties) {
		keys = sortedNames(s.Properties)
	}
	in.props, in.hasProps = keys, true
	return keys
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// extra is the type of members beyond the named properties, nil when none are
// allowed.
func (b *builder) extra(s *jsonschema.Schema, parent model.TypeID) *model.Ref {
	switch ap := s.AdditionalProperties.(type) {
	case bool:
		if !ap && len(s.PatternProperties) == 0 {
			return nil
		}
	case *jsonschema.Schema:
		if len(s.PatternProperties) == 0 {
			r := b.ref(ap, model.NameHint{Parent: parent, Path: []string{"Extra"}})
			return &r
		}
	}
	return &model.Ref{ID: b.anyType()}
}

// mapValues is the value type of a map: additionalProperties when it is the
// only schema for members, else any JSON value (a member that no
// patternProperties matches may hold anything).
func (b *builder) mapValues(s *jsonschema.Schema, parent model.TypeID) model.Ref {
	hint := model.NameHint{Parent: parent, Path: []string{"Value"}}
	if ap, ok := s.AdditionalProperties.(*jsonschema.Schema); ok && len(s.PatternProperties) == 0 {
		return b.ref(ap, hint)
	}
	return model.Ref{ID: b.anyType()}
}

// arrayOrTuple shapes a schema of type array.
func (b *builder) arrayOrTuple(s *jsonschema.Schema) (model.Type, func(model.TypeID)) {
	prefix, rest, restSet := s.PrefixItems, s.Items2020, true
	if s.DraftVersion < 2020 {
		prefix, rest = nil, nil
		switch items := s.Items.(type) {
		case []*jsonschema.Schema:
			prefix = items
			rest, restSet = additionalItems(s.AdditionalItems)
		case *jsonschema.Schema:
			rest = items
		}
	}
	if len(prefix) == 0 {
		a := &model.Array{}
		return a, func(id model.TypeID) {
			a.Items = model.Ref{ID: b.anyType()}
			if rest != nil {
				a.Items = b.ref(rest, model.NameHint{Parent: id, Path: []string{"Item"}})
			}
		}
	}
	t := &model.Tuple{}
	return t, func(id model.TypeID) {
		for i, p := range prefix {
			t.Items = append(t.Items, b.ref(p, model.NameHint{Parent: id, Path: []string{"Item" + strconv.Itoa(i)}}))
		}
		switch {
		case rest != nil && rest.Bool != nil && !*rest.Bool:
		case rest != nil:
			r := b.ref(rest, model.NameHint{Parent: id, Path: []string{"Rest"}})
			t.Rest = &r
		case restSet:
			t.Rest = &model.Ref{ID: b.anyType()}
		}
	}
}

// additionalItems reads draft-07's additionalItems: (schema, true) for a
// schema, (nil, true) when absent or true (any items), (false schema) never
// happens since false arrives as a boolean.
func additionalItems(v any) (*jsonschema.Schema, bool) {
	switch ai := v.(type) {
	case *jsonschema.Schema:
		return ai, true
	case bool:
		if !ai {
			f := false
			return &jsonschema.Schema{Bool: &f}, true
		}
	}
	return nil, true
}

// anyType is the shared anonymous "any JSON value" type.
func (b *builder) anyType() model.TypeID {
	const key = "builtin:any"
	if id, ok := b.byLoc[key]; ok {
		return id
	}
	a := &model.Any{}
	id := b.space.Add(a)
	b.byLoc[key] = id
	return id
}

func (b *builder) isAny(r model.Ref) bool {
	t := b.space.Get(r.ID)
	return t != nil && t.Base().Kind == model.KindAny && len(t.Base().Checks.Types) == 0
}
