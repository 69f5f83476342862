package model

import "math/big"

// Checks are every assertion of a type's schema, typed: the validators (Go and
// TypeScript) emit one check per non-zero field and need nothing else. The
// shape of a type (its Kind and fields) is a view for declaring it; Checks stay
// the whole truth, so that a shape which cannot say everything (an allOf
// merged into one struct, an object schema without "type") never loses an
// assertion. Subschemas are Refs into the same Space; those used only here
// stay anonymous and get no declaration of their own.
type Checks struct {
	// False is set for the boolean schema false (and the type that stands for
	// additionalProperties: false): nothing is valid. Not is set as well.
	False bool

	// Types lists the JSON types allowed ("null", "boolean", "object", "array",
	// "number", "integer", "string"); empty means any type.
	Types []string
	Enum  []Value
	Const *Value

	// Ref is a $ref that stands beside other keywords; a schema that is only a
	// $ref becomes the target type itself.
	Ref *Ref
	// DynamicRef is a $dynamicRef: Anchor is resolved in the dynamic scope,
	// Default is the static target.
	DynamicRef *DynamicRef

	// string
	MinLength *int // in code points
	MaxLength *int // in code points
	Pattern   string
	Format    string // the format name, asserted only when the option says so

	// number
	Minimum          *Number
	Maximum          *Number
	ExclusiveMinimum *Number
	ExclusiveMaximum *Number
	MultipleOf       *Number

	// array
	PrefixItems []Ref
	Items       *Ref // items after PrefixItems; nil when absent
	MinItems    *int
	MaxItems    *int
	UniqueItems bool
	Contains    *Ref
	MinContains *int
	MaxContains *int

	// object
	Properties           []PropertyCheck // in schema order
	Required             []string
	AdditionalProperties *Ref // nil when absent
	MinProperties        *int
	MaxProperties        *int
	PropertyNames        *Ref
	PatternProperties    []PatternMember // sorted by Pattern
	DependentRequired    []Dependency    // sorted by Member
	DependentSchemas     []DependentType // sorted by Member

	// applicators that do not shape the type
	AllOf []Ref
	AnyOf []Ref
	OneOf []Ref
	Not   *Ref
	If    *Ref
	Then  *Ref
	Else  *Ref

	UnevaluatedProperties *Ref
	UnevaluatedItems      *Ref
}

// Number is an exact JSON number from a schema.
type Number struct {
	Rat  *big.Rat
	Text string // as written in the schema, e.g. "0.01"
}

// PatternMember is one entry of patternProperties.
type PatternMember struct {
	Pattern string
	Type    Ref
}

// Dependency is one entry of dependentRequired.
type Dependency struct {
	Member   string
	Requires []string
}

// DependentType is one entry of dependentSchemas.
type DependentType struct {
	Member string
	Type   Ref
}

// PropertyCheck is one entry of properties.
type PropertyCheck struct {
	Name string
	Type Ref
}

// DynamicRef is a $dynamicRef.
//
// The reference resolves in the dynamic scope only when Default declares
// $dynamicAnchor Anchor (Space.Anchor finds Default under that name in its
// resource); otherwise it is a plain $ref to Default.
type DynamicRef struct {
	Anchor  string // "" when the reference has no plain-name fragment
	Default Ref    // the statically resolved target
}
