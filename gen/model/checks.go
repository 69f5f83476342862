package model

import "math/big"

// Checks are the constraints of a schema that its type's shape does not already
// say. The validators (Go and TypeScript) emit one check per non-zero field;
// subschemas are Refs into the same Space, so applicators such as not or
// if/then/else are types like any other, usually anonymous.
type Checks struct {
	// Types lists the JSON types allowed ("null", "boolean", "object", "array",
	// "number", "integer", "string") when the shape does not imply them, as for
	// KindAny; empty means any type.
	Types []string

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
	MinItems    *int
	MaxItems    *int
	UniqueItems bool
	Contains    *Ref
	MinContains *int
	MaxContains *int

	// object
	MinProperties     *int
	MaxProperties     *int
	PropertyNames     *Ref
	PatternProperties []PatternMember // sorted by Pattern
	DependentRequired []Dependency    // sorted by Member
	DependentSchemas  []DependentType // sorted by Member

	// applicators that do not shape the type
	AllOf []Ref // the parts of an allOf that could not be merged into the shape
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
