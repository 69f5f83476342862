// Package model is envgen's language-neutral type space.
//
// The loader turns schema files into compiled JSON Schema; package lower turns
// those into a Space: a closed set of kinds (object, enum, const,
// union, array, tuple, map, scalar, any, type parameter) that refer to each other
// by TypeID, never by a Go or TypeScript spelling. Names are decided once, by
// package naming, and stored here; the backends only spell them.
package model

import (
	"cmp"
	"go/token"
	"slices"
	"strings"
)

// TypeID identifies a type in a Space. The zero TypeID is never a valid type.
type TypeID int

// Kind is the closed set of type kinds.
type Kind int

const (
	KindObject    Kind = iota + 1 // a JSON object with known members
	KindEnum                      // one of a fixed list of values
	KindConst                     // exactly one value
	KindUnion                     // oneOf / anyOf: a sum type
	KindArray                     // a list of one item type
	KindTuple                     // prefixItems: positional item types
	KindMap                       // an object with only additionalProperties / patternProperties
	KindScalar                    // string, integer, number, boolean, null
	KindAny                       // any JSON value (no type, or several)
	KindTypeParam                 // a type parameter, from $dynamicAnchor
	KindAlias                     // another name for a type: a $defs entry that is only a $ref, or an instantiation such as Envelope[Payload]
)

var kindNames = [...]string{"", "object", "enum", "const", "union", "array", "tuple", "map", "scalar", "any", "type parameter", "alias"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Location is where a schema lives: the input file as the user named it and the
// JSON Pointer inside it. It is what every error message points at.
type Location struct {
	File    string // e.g. "schemas/envelope.json"
	Pointer string // RFC 6901, e.g. "/$defs/warning/properties/code"; "" is the root
	URL     string // the absolute URL the compiler knows the schema by
}

// String gives "file#/pointer", the form used in every message.
func (l Location) String() string { return l.File + "#" + l.Pointer }

// Compare orders locations as their Strings do, strings.Compare(l.String(),
// m.String()), without building them: sorting the named types of a large
// space compared locations n log n times, each building two strings.
func (l Location) Compare(m Location) int {
	a, b := l.File, m.File
	if len(a) == len(b) {
		if c := strings.Compare(a, b); c != 0 {
			return c
		}
		return strings.Compare(l.Pointer, m.Pointer)
	}
	// Files of different lengths: compare up to the shorter's end, then
	// that file's '#' against the other's next byte.
	n := min(len(a), len(b))
	if c := strings.Compare(a[:n], b[:n]); c != 0 {
		return c
	}
	if len(a) < len(b) {
		return strings.Compare("#"+l.Pointer, b[n:]+"#"+m.Pointer)
	}
	return strings.Compare(a[n:]+"#"+l.Pointer, "#"+m.Pointer)
}

// Doc holds the annotations that become documentation.
type Doc struct {
	Title       string
	Description string
	Default     *Value // nil when absent
	Examples    []Value
	Deprecated  bool
	ReadOnly    bool
	WriteOnly   bool
}

// IsZero reports whether d carries no documentation at all.
func (d Doc) IsZero() bool {
	return d.Title == "" && d.Description == "" && d.Default == nil && len(d.Examples) == 0 &&
		!d.Deprecated && !d.ReadOnly && !d.WriteOnly
}

// Value is a JSON value from a schema (an enum member, a const, a default),
// kept as its canonical JSON text so that numbers keep their exact spelling.
type Value struct {
	JSON string // e.g. `"warning"`, `3`, `1.5`, `null`
	Go   any    // decoded: nil, bool, string, json.Number, []any, map[string]any
}

// Ref is a use of a type: the type, its type arguments when it is generic, and
// whether null is allowed in addition at this use.
type Ref struct {
	ID       TypeID
	Args     []Ref // type arguments, in the order of the target's TypeParams
	Nullable bool  // null is allowed as well
	// OrNull is set when the schema at this use was anyOf/oneOf of the type
	// and {"type": "null"}: null is valid here although ID's checks refuse
	// it. (When null comes from ID's own "type" list, its checks accept null
	// and only Nullable is set.)
	OrNull bool
}

// Names is what naming decides for a named type.
type Names struct {
	Go string // exported Go identifier, e.g. "RequestID"
	TS string // TypeScript identifier, e.g. "RequestID"
}

// Type is implemented by *Object, *Enum, *Const, *Union, *Array, *Tuple, *Map,
// *Scalar, *Any, *TypeParam and *Alias; nothing else.
type Type interface {
	Base() *Common
}

// Common is shared by every kind.
type Common struct {
	ID   TypeID
	Kind Kind
	Loc  Location
	Doc  Doc

	// Named types get a declaration of their own; anonymous ones are spelled
	// inline at their use. Name is empty until package naming has run.
	Named bool
	Name  Names
	// NameHints are the candidates naming chooses from, best first, e.g.
	// ["warning"] for $defs/warning or ["Envelope", "meta"] for an inline
	// object at /properties/meta of the Envelope.
	NameHint NameHint

	// TypeParams lists the type parameters (KindTypeParam) this named type is
	// generic in, e.g. Envelope[T].
	TypeParams []TypeID

	Checks Checks // constraints for the validators

	// Resource is the location (Loc.URL form, "https://example.com/a.json#"
	// or "…#/$defs/x" for a nested $id) of the schema resource the schema
	// belongs to: the nearest schema at or above it with an $id, else its
	// document's root. "" for types package lower makes up. A $dynamicRef
	// resolves in the resources evaluation has entered (Space.Resources).
	Resource string

	// External is set for a type whose schema document is not an input but
	// lives under the $id prefix of an import: its package, generated
	// elsewhere, declares it. The backends declare nothing for such a type
	// that is named (see Imported): they spell it from the import
	// (envelope.Envelope in Go, an import from "@envgen/envelope" in
	// TypeScript), and validate it through the package's exported entry
	// points. Its anonymous parts are spelled inline, as any anonymous type.
	External *Import
}

// Imported reports whether the type is declared by an imported package: it
// is external and named (a type parameter is its generic type's business).
func (c *Common) Imported() bool {
	return c.External != nil && c.Named && c.Kind != KindTypeParam
}

// Import maps the schemas under an $id prefix to the packages generated from
// them elsewhere, e.g. the canonical schemas:
//
//	Prefix    "https://envgen.dev/schemas/v2/"
//	GoPath    "github.com/envgen/envgen/generated/go/envelope"
//	GoPackage "envelope"
//	TSModule  "@envgen/envelope"
//	TSRuntime "@envgen/envelope/runtime"
type Import struct {
	Prefix    string // an absolute URL prefix of schema documents
	GoPath    string // the Go import path, "" when there is no Go package
	GoPackage string // the Go package name, "" for the last element of GoPath
	TSModule  string // the TypeScript module specifier, "" when there is no TypeScript package
	// TSRuntime is the module specifier under which the TypeScript package
	// exports the validators' runtime, "" when it exports none. Output that
	// imports from TSModule imports the runtime from there too, instead of
	// carrying its own copy.
	TSRuntime string
}

// Package is the Go package name: GoPackage, or a name made from the last
// element of GoPath that is not a major version suffix
// (example.com/go-lib/v2 → lib), which the Go backend then imports the
// package as.
func (imp *Import) Package() string {
	if imp.GoPackage != "" {
		return imp.GoPackage
	}
	elems := strings.Split(strings.Trim(imp.GoPath, "/"), "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	name = strings.Map(func(r rune) rune {
		if r == '-' || r == '.' {
			return '_'
		}
		return r
	}, strings.TrimPrefix(name, "go-"))
	if !token.IsIdentifier(name) || name == "_" {
		return "imported"
	}
	return name
}

// Base returns c itself, so that every kind satisfies Type by embedding Common.
func (c *Common) Base() *Common { return c }

// NameHint records where a name can come from, in order of preference.
type NameHint struct {
	Override   string   // x-go-name in the schema or the config: used verbatim
	TSOverride string   // x-ts-name in the schema: the TypeScript name, verbatim; Override's when ""
	DefsKey    string   // the $defs / definitions key, e.g. "warning"
	Title      string   // the schema's title
	FileName   string   // for the root of a file: its base name without extension
	Parent     TypeID   // for inline types: the named type they are nested in
	Path       []string // for inline types: the member path from Parent, e.g. ["meta", "pagination"]
}

// Object is a JSON object with known members.
type Object struct {
	Common
	Fields []*Field // in the order the schema lists them
	// Extra is set when members beyond Fields are allowed
	// (additionalProperties other than false, or patternProperties); the Go
	// struct keeps them in a map so that they survive a round trip.
	Extra *Ref
	// Closed reports that no members beyond Fields are allowed.
	Closed bool
}

// Field is one member of an Object.
type Field struct {
	JSONName string // the member name, exactly as in the schema
	GoName   string // decided by naming, e.g. "RequestID"
	Override string // x-go-name on the member's schema, e.g. "ID"; "" when none
	Type     Ref
	Required bool
	Doc      Doc
	Loc      Location
}

// Enum is one of a fixed list of values.
type Enum struct {
	Common
	ValueType ScalarKind // the JSON type all values share; ScalarAny when mixed
	Values    []Value
	Members   []string // constant names decided by naming, parallel to Values, e.g. "SeverityWarning"
}

// Const is exactly one value.
type Const struct {
	Common
	ValueType ScalarKind
	Value     Value
	Member    string // constant name decided by naming
}

// Union is a sum type from oneOf or anyOf.
type Union struct {
	Common
	Exclusive bool  // oneOf: exactly one branch; anyOf: at least one
	Branches  []Ref // in schema order
	// Discriminator is the member whose const or enum tells the branches
	// apart, or "" for an untagged union.
	Discriminator string
	// Tags holds, per branch, the discriminator values that select it.
	Tags [][]Value
	// BranchNames are the per-branch identifiers decided by naming.
	BranchNames []string
}

// Array is a list of one item type.
type Array struct {
	Common
	Items Ref
}

// Tuple is a positional list from prefixItems.
type Tuple struct {
	Common
	Items []Ref
	// Rest is the type of items after the prefix, nil when none are allowed.
	Rest *Ref
}

// Map is an object whose members are all of one type.
type Map struct {
	Common
	Values Ref
}

// ScalarKind is the JSON type of a scalar.
type ScalarKind int

const (
	ScalarAny ScalarKind = iota // mixed: only for Enum and Const bases
	ScalarString
	ScalarInteger
	ScalarNumber
	ScalarBoolean
	ScalarNull
)

var scalarNames = [...]string{"any", "string", "integer", "number", "boolean", "null"}

func (s ScalarKind) String() string { return scalarNames[s] }

// Scalar is a string, integer, number, boolean or null.
type Scalar struct {
	Common
	Scalar ScalarKind
}

// Any is any JSON value: a schema with no type, or with several.
type Any struct {
	Common
}

// TypeParam is a type parameter of a generic type; Default is the type used
// when no argument is given (the schema at the $dynamicAnchor).
type TypeParam struct {
	Common
	Anchor  string // the $dynamicAnchor name, e.g. "data"
	Default Ref
}

// Alias is a named type that stands for another: a $defs entry that is only a
// $ref, or a root that fixes a generic type's parameters (Envelope[Payload]).
type Alias struct {
	Common
	Target Ref
}

// KindOf is the Kind of t's Go type.
func KindOf(t Type) Kind {
	switch t.(type) {
	case *Object:
		return KindObject
	case *Enum:
		return KindEnum
	case *Const:
		return KindConst
	case *Union:
		return KindUnion
	case *Array:
		return KindArray
	case *Tuple:
		return KindTuple
	case *Map:
		return KindMap
	case *Scalar:
		return KindScalar
	case *TypeParam:
		return KindTypeParam
	case *Alias:
		return KindAlias
	}
	return KindAny
}

// Space is the whole type space of one generation.
type Space struct {
	Types []Type // Types[0] is nil: TypeID 0 is never valid
	Roots []Root // one per input file, in a fixed order
	// Resources are the schema resources that declare $dynamicAnchors,
	// sorted by location.
	Resources []Resource
}

// Resource is a schema resource that declares $dynamicAnchors.
type Resource struct {
	Loc     string          // as in Common.Resource
	Anchors []DynamicAnchor // sorted by name
}

// DynamicAnchor is a $dynamicAnchor and the type of the schema it marks.
type DynamicAnchor struct {
	Name string
	Type Ref
}

// Resource returns the resource at loc, or nil when it declares no
// $dynamicAnchors.
func (s *Space) Resource(loc string) *Resource {
	for i := range s.Resources {
		if s.Resources[i].Loc == loc {
			return &s.Resources[i]
		}
	}
	return nil
}

// Anchor returns the type marked with the $dynamicAnchor name in the resource
// at loc.
func (s *Space) Anchor(loc, name string) (Ref, bool) {
	if r := s.Resource(loc); r != nil {
		for _, a := range r.Anchors {
			if a.Name == name {
				return a.Type, true
			}
		}
	}
	return Ref{}, false
}

// Root is the type an input file's root schema became.
type Root struct {
	File string // as named by the user, e.g. "schemas/envelope.json"
	URL  string // absolute URL, e.g. "https://envgen.dev/schemas/envelope/v1"
	Type TypeID
	// Default is, for a generic root (Tree[T any]), the alias of its
	// default instantiation (TreeDefault = Tree[json.RawMessage]); 0 otherwise.
	Default TypeID
}

// Get returns the type with the given ID.
func (s *Space) Get(id TypeID) Type { return s.Types[id] }

// Add appends t, assigning its ID and its Kind (from its Go type).
func (s *Space) Add(t Type) TypeID {
	if len(s.Types) == 0 {
		s.Types = append(s.Types, nil)
	}
	c := t.Base()
	c.ID = TypeID(len(s.Types))
	c.Kind = KindOf(t)
	s.Types = append(s.Types, t)
	return c.ID
}

// Named returns the named types, sorted by name, then by location.
//
// Types with the same name and location keep their order in Types, which is
// the order of their IDs (Add): the ID breaks the tie, so that one unstable
// sort gives the stable order.
func (s *Space) Named() []Type {
	var out []Type
	for _, t := range s.Types {
		if t != nil && t.Base().Named {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(x, y Type) int {
		a, b := x.Base(), y.Base()
		if c := strings.Compare(a.Name.Go, b.Name.Go); c != 0 {
			return c
		}
		if c := a.Loc.Compare(b.Loc); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out
}

// ScalarKindOf is the kind of value a scalar, enum or const type holds
// (ScalarAny when an enum's or const's values are of mixed JSON types); ok is
// false for other types.
func ScalarKindOf(t Type) (k ScalarKind, ok bool) {
	switch t := t.(type) {
	case *Scalar:
		return t.Scalar, true
	case *Enum:
		return t.ValueType, true
	case *Const:
		return t.ValueType, true
	}
	return 0, false
}
