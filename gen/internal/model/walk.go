package model

// ShapeRefs returns pointers to the Refs that make up t's shape: the types a
// declaration of t spells (member types, items, map values, branches, the
// target of an alias, a type parameter's default). Checks are not included.
// Passes that rewrite uses, such as filling in type arguments, go through it.
func ShapeRefs(t Type) []*Ref {
	var out []*Ref
	switch t := t.(type) {
	case *Object:
		out = make([]*Ref, 0, len(t.Fields)+1)
		for _, f := range t.Fields {
			out = append(out, &f.Type)
		}
		if t.Extra != nil {
			out = append(out, t.Extra)
		}
	case *Union:
		out = make([]*Ref, 0, len(t.Branches))
		for i := range t.Branches {
			out = append(out, &t.Branches[i])
		}
	case *Array:
		out = []*Ref{&t.Items}
	case *Tuple:
		out = make([]*Ref, 0, len(t.Items)+1)
		for i := range t.Items {
			out = append(out, &t.Items[i])
		}
		if t.Rest != nil {
			out = append(out, t.Rest)
		}
	case *Map:
		out = []*Ref{&t.Values}
	case *Alias:
		out = []*Ref{&t.Target}
	}
	if len(out) == 0 {
		return nil
	}
	for _, r := range out {
		if len(r.Args) > 0 {
			return withArgs(out)
		}
	}
	return out
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
	out := make([]*Ref, 0, checkRefCount(c))
	add := func(out []*Ref, r *Ref) []*Ref {
		if r != nil {
			out = append(out, r)
		}
		return out
	}
	adds := func(out []*Ref, rs []Ref) []*Ref {
		for i := range rs {
			out = append(out, &rs[i])
		}
		return out
	}
	out = add(out, c.Ref)
	if c.DynamicRef != nil {
		out = add(out, &c.DynamicRef.Default)
	}
	out = adds(out, c.PrefixItems)
	out = add(out, c.Items)
	out = add(out, c.Contains)
	for i := range c.Properties {
		out = add(out, &c.Properties[i].Type)
	}
	out = add(out, c.AdditionalProperties)
	out = add(out, c.PropertyNames)
	for i := range c.PatternProperties {
		out = add(out, &c.PatternProperties[i].Type)
	}
	for i := range c.DependentSchemas {
		out = add(out, &c.DependentSchemas[i].Type)
	}
	out = adds(out, c.AllOf)
	out = adds(out, c.AnyOf)
	out = adds(out, c.OneOf)
	out = add(out, c.Not)
	out = add(out, c.If)
	out = add(out, c.Then)
	out = add(out, c.Else)
	out = add(out, c.UnevaluatedProperties)
	out = add(out, c.UnevaluatedItems)
	if len(out) == 0 {
		return nil // as before: no refs, no slice
	}
	return out
}

// checkRefCount is an upper bound of len(CheckRefs(c)), so that it
// allocates once.
func checkRefCount(c *Checks) int {
	n := len(c.PrefixItems) + len(c.Properties) + len(c.PatternProperties) + len(c.DependentSchemas) +
		len(c.AllOf) + len(c.AnyOf) + len(c.OneOf)
	for _, r := range [...]*Ref{c.Ref, c.Items, c.Contains, c.AdditionalProperties, c.PropertyNames, c.Not,
		c.If, c.Then, c.Else, c.UnevaluatedProperties, c.UnevaluatedItems} {
		if r != nil {
			n++
		}
	}
	if c.DynamicRef != nil {
		n++
	}
	return n
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
