package model

// ShapeRefs returns pointers to the Refs that make up t's shape: the types a
// declaration of t spells (member types, items, map values, branches, the
// target of an alias, a type parameter's default). Checks are not included.
// Passes that rewrite uses, such as filling in type arguments, go through it.
func ShapeRefs(t Type) []*Ref {
	var out []*Ref
	switch t := t.(type) {
	case *Object:
		for _, f := range t.Fields {
			out = append(out, &f.Type)
		}
		if t.Extra != nil {
			out = append(out, t.Extra)
		}
	case *Union:
		for i := range t.Branches {
			out = append(out, &t.Branches[i])
		}
	case *Array:
		out = append(out, &t.Items)
	case *Tuple:
		for i := range t.Items {
			out = append(out, &t.Items[i])
		}
		if t.Rest != nil {
			out = append(out, t.Rest)
		}
	case *Map:
		out = append(out, &t.Values)
	case *Alias:
		out = append(out, &t.Target)
	}
	return withArgs(out)
}

// withArgs adds the type arguments of each Ref, depth first.
func withArgs(refs []*Ref) []*Ref {
	out := refs
	for _, r := range refs {
		for i := range r.Args {
			out = append(out, withArgs([]*Ref{&r.Args[i]})...)
		}
	}
	return out
}

// Resolve follows aliases to the type a Ref finally stands for.
func (s *Space) Resolve(r Ref) Type {
	t := s.Get(r.ID)
	for range len(s.Types) {
		a, ok := t.(*Alias)
		if !ok {
			break
		}
		t = s.Get(a.Target.ID)
	}
	return t
}

// CheckRefs returns pointers to the Refs of c's subschemas, in keyword
// order: the types the validators of c call.
func CheckRefs(c *Checks) []*Ref {
	var out []*Ref
	add := func(r *Ref) {
		if r != nil {
			out = append(out, r)
		}
	}
	adds := func(rs []Ref) {
		for i := range rs {
			out = append(out, &rs[i])
		}
	}
	add(c.Ref)
	if c.DynamicRef != nil {
		add(&c.DynamicRef.Default)
	}
	adds(c.PrefixItems)
	add(c.Items)
	add(c.Contains)
	for i := range c.Properties {
		add(&c.Properties[i].Type)
	}
	add(c.AdditionalProperties)
	add(c.PropertyNames)
	for i := range c.PatternProperties {
		add(&c.PatternProperties[i].Type)
	}
	for i := range c.DependentSchemas {
		add(&c.DependentSchemas[i].Type)
	}
	adds(c.AllOf)
	adds(c.AnyOf)
	adds(c.OneOf)
	add(c.Not)
	add(c.If)
	add(c.Then)
	add(c.Else)
	add(c.UnevaluatedProperties)
	add(c.UnevaluatedItems)
	return out
}

// InPlaceRefs returns the Refs of c's subschemas that apply to the same
// instance as c and whose annotations count for c's unevaluatedProperties
// and unevaluatedItems: $ref, $dynamicRef, allOf, anyOf, oneOf, if, then,
// else and dependentSchemas (not those of not).
func InPlaceRefs(c *Checks) []*Ref {
	var out []*Ref
	add := func(r *Ref) {
		if r != nil {
			out = append(out, r)
		}
	}
	add(c.Ref)
	if c.DynamicRef != nil {
		add(&c.DynamicRef.Default)
	}
	for _, rs := range [][]Ref{c.AllOf, c.AnyOf, c.OneOf} {
		for i := range rs {
			out = append(out, &rs[i])
		}
	}
	add(c.If)
	add(c.Then)
	add(c.Else)
	for i := range c.DependentSchemas {
		add(&c.DependentSchemas[i].Type)
	}
	return out
}
