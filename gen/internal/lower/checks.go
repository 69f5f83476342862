package lower

import (
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// fillChecks records every assertion of s on its type, typed.
func (b *builder) fillChecks(c *model.Common, s *jsonschema.Schema, id model.TypeID) {
	k := &c.Checks
	sub := func(x *jsonschema.Schema, path string) *model.Ref {
		if x == nil {
			return nil
		}
		r := b.ref(x, model.NameHint{Parent: id, Path: []string{path}})
		return &r
	}
	subs := func(xs []*jsonschema.Schema, path string) []model.Ref {
		var out []model.Ref
		for _, x := range xs {
			out = append(out, *sub(x, path))
		}
		return out
	}

	if s.Bool != nil && !*s.Bool {
		k.False = true
		k.Not = &model.Ref{ID: b.anyType()}
	}
	if s.Types != nil {
		k.Types = s.Types.ToStrings()
	}
	if s.Enum != nil {
		k.Enum = values(s.Enum.Values)
	}
	if s.Const != nil {
		v := value(*s.Const)
		k.Const = &v
	}
	if s.Ref != nil && b.pureRef(s) == nil {
		k.Ref = sub(s.Ref, "Ref")
	}
	if s.DynamicRef != nil {
		k.DynamicRef = &model.DynamicRef{Anchor: s.DynamicRef.Anchor, Default: *sub(s.DynamicRef.Ref, "Dynamic")}
	}

	// string
	k.MinLength, k.MaxLength = s.MinLength, s.MaxLength
	if s.Pattern != nil {
		k.Pattern = s.Pattern.String()
	}
	if s.Format != nil { // kept whether or not it asserts: that is --assert-format's choice
		k.Format = s.Format.Name
	}

	// number
	k.Minimum, k.Maximum = number(s.Minimum), number(s.Maximum)
	k.ExclusiveMinimum, k.ExclusiveMaximum = number(s.ExclusiveMinimum), number(s.ExclusiveMaximum)
	k.MultipleOf = number(s.MultipleOf)

	// array
	k.PrefixItems = subs(s.PrefixItems, "Item")
	k.Items = sub(s.Items2020, "Item")
	switch items := s.Items.(type) { // before draft 2020-12
	case []*jsonschema.Schema:
		k.PrefixItems = subs(items, "Item")
		if ai, ok := additionalItems(s.AdditionalItems); ok && ai != nil {
			k.Items = sub(ai, "Rest")
		}
	case *jsonschema.Schema:
		k.Items = sub(items, "Item")
	}
	k.MinItems, k.MaxItems, k.UniqueItems = s.MinItems, s.MaxItems, s.UniqueItems
	k.Contains, k.MinContains, k.MaxContains = sub(s.Contains, "Contains"), s.MinContains, s.MaxContains
	k.UnevaluatedItems = sub(s.UnevaluatedItems, "Unevaluated")

	// object
	for _, name := range b.propertyOrder(s) {
		k.Properties = append(k.Properties, model.PropertyCheck{Name: name, Type: *sub(s.Properties[name], name)})
	}
	k.Required = slices.Clone(s.Required)
	switch ap := s.AdditionalProperties.(type) {
	case bool:
		if !ap {
			k.AdditionalProperties = &model.Ref{ID: b.falseType()}
		} else { // true: nothing to check, but the members count as evaluated
			k.AdditionalProperties = &model.Ref{ID: b.anyType()}
		}
	case *jsonschema.Schema:
		k.AdditionalProperties = sub(ap, "Extra")
	}
	k.MinProperties, k.MaxProperties = s.MinProperties, s.MaxProperties
	k.PropertyNames = sub(s.PropertyNames, "Name")
	// In the patterns' order, not the map's: lowering a member's schema makes
	// its type and can fail, and the first failure is the one reported.
	patterns := make([]jsonschema.Regexp, 0, len(s.PatternProperties))
	for re := range s.PatternProperties {
		patterns = append(patterns, re)
	}
	if len(patterns) > 1 { // sort.Slice allocates even for none
		sort.Slice(patterns, func(i, j int) bool { return patterns[i].String() < patterns[j].String() })
	}
	for _, re := range patterns {
		k.PatternProperties = append(k.PatternProperties, model.PatternMember{Pattern: re.String(), Type: *sub(s.PatternProperties[re], "Extra")})
	}
	for _, m := range sortedNames(s.DependentRequired) {
		k.DependentRequired = append(k.DependentRequired, model.Dependency{Member: m, Requires: s.DependentRequired[m]})
	}
	for _, m := range sortedNames(s.DependentSchemas) {
		k.DependentSchemas = append(k.DependentSchemas, model.DependentType{Member: m, Type: *sub(s.DependentSchemas[m], "Dependent")})
	}
	for _, m := range sortedNames(s.Dependencies) { // draft-07 and before
		switch d := s.Dependencies[m].(type) {
		case []string:
			k.DependentRequired = append(k.DependentRequired, model.Dependency{Member: m, Requires: d})
		case *jsonschema.Schema:
			k.DependentSchemas = append(k.DependentSchemas, model.DependentType{Member: m, Type: *sub(d, "Dependent")})
		}
	}
	k.UnevaluatedProperties = sub(s.UnevaluatedProperties, "Unevaluated")

	// applicators
	k.AllOf, k.AnyOf, k.OneOf = subs(s.AllOf, "Part"), subs(s.AnyOf, "Option"), subs(s.OneOf, "Option")
	k.Not = orRef(k.Not, sub(s.Not, "Not"))
	k.If, k.Then, k.Else = sub(s.If, "If"), sub(s.Then, "Then"), sub(s.Else, "Else")
}

func orRef(a, b *model.Ref) *model.Ref {
	if a != nil {
		return a
	}
	return b
}

// number keeps a schema's number exactly, with a decimal spelling where one
// exists (0.01, not 1/100; 1e-50 as 0.000…1).
func number(r *big.Rat) *model.Number {
	if r == nil {
		return nil
	}
	text := r.RatString()
	if !r.IsInt() {
		// A decimal's denominator is 2^a·5^b; max(a, b) digits are exact.
		d := new(big.Int).Set(r.Denom())
		digits := 0
		for _, p := range []int64{2, 5} {
			n, q, m := 0, new(big.Int), new(big.Int)
			for q.QuoRem(d, big.NewInt(p), m); m.Sign() == 0; q.QuoRem(d, big.NewInt(p), m) {
				d.Set(q)
				n++
			}
			digits = max(digits, n)
		}
		if d.Cmp(big.NewInt(1)) == 0 {
			text = strings.TrimRight(strings.TrimRight(r.FloatString(digits), "0"), ".")
		}
	}
	return &model.Number{Rat: r, Text: text}
}

// falseType is the shared anonymous type that accepts nothing.
func (b *builder) falseType() model.TypeID {
	const key = "builtin:false"
	if id, ok := b.byLoc[key]; ok {
		return id
	}
	a := &model.Any{}
	id := b.space.Add(a)
	b.byLoc[key] = id
	a.Checks.False = true
	a.Checks.Not = &model.Ref{ID: b.anyType()}
	return id
}
