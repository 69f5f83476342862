package lower

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// newType creates the type of s, registers it before looking at subschemas
// (so that recursive schemas find it), then fills in its shape and checks.
func (b *builder) newType(s *jsonschema.Schema, loc model.Location, key string, hint model.NameHint) model.TypeID {
	if o := b.override(s); o != "" {
		hint.Override = o
	}
	hint.TSOverride = b.tsOverride(s)
	if hint.Title == "" {
		hint.Title = s.Title
	}
	fromLocation(&hint, loc)
	types, nullable := typesOf(s)
	var t model.Type
	var fill func(id model.TypeID)
	switch {
	case s.Bool != nil:
		t = &model.Any{}
	case s.Enum != nil:
		e := &model.Enum{Values: values(s.Enum.Values)}
		e.ValueType = baseOf(e.Values)
		t = e
	case s.Const != nil:
		c := &model.Const{Value: value(*s.Const)}
		c.ValueType = baseOf([]model.Value{c.Value})
		t = c
	case s.DynamicRef != nil && s.DynamicRef.Anchor != "" && s.DynamicRef.Ref.DynamicAnchor == s.DynamicRef.Anchor && b.onlyDynamicRef(s):
		// Only a $dynamicRef whose static target declares the same
		// $dynamicAnchor resolves dynamically; any other is a $ref.
		return b.typeParam(s)
	case len(types) == 0 && (len(s.OneOf) > 0 || len(s.AnyOf) > 0) && b.onlyRefLike(s, "oneOf", "anyOf"):
		u := &model.Union{Exclusive: len(s.OneOf) > 0}
		t, fill = u, func(id model.TypeID) { b.fillUnion(u, s, id) }
	case len(s.AllOf) > 0 && (len(types) == 0 || equalTypes(types, "object")) && b.onlyRefLike(s, "allOf", "type", "properties", "required", "additionalProperties"):
		t, fill = b.mergeAllOf(s, loc)
	case s.Ref != nil && len(types) == 0:
		t, fill = b.mergeAllOf(s, loc)
	case equalTypes(types, "object"):
		t, fill = b.objectOrMap(s)
	case equalTypes(types, "array"):
		t, fill = b.arrayOrTuple(s)
	case len(types) == 1:
		t = &model.Scalar{Scalar: scalarKind(types[0])}
	case equalTypes(types, "integer", "number"):
		t = &model.Scalar{Scalar: model.ScalarNumber}
	default:
		t = &model.Any{}
	}
	c := t.Base()
	c.Loc = loc
	c.Doc = docOf(s)
	c.NameHint = hint
	c.Resource = b.resourceIn(b.info(s))
	id := b.space.Add(t)
	b.byLoc[key] = id // key is loc.String()
	b.noteAnchor(c, s)
	if nullable && c.Kind != model.KindAny { // any JSON value holds null already
		b.nullable[id] = true
	}
	// The type is registered: a reference met while filling it in that leads
	// back here finds it, so the pure $refs that led here are no cycle, even
	// when filling it in meets one of them again (an allOf that merges the
	// properties of a schema being built, as SchemaStore's web-types does).
	outer := b.visiting
	b.visiting = nil // made by ref when a $ref is followed
	if fill != nil {
		fill(id)
	}
	b.fillChecks(c, s, id)
	b.visiting = outer
	return id
}

// fromLocation fills the hints a location gives by itself, for schemas met
// by reference rather than as an input's root or $defs entry: the $defs key
// at the end of the pointer, or the file name for a document's root.
func fromLocation(hint *model.NameHint, loc model.Location) {
	if hint.DefsKey != "" || hint.FileName != "" || hint.Parent != 0 {
		return
	}
	ptr := loc.Pointer
	if ptr == "" {
		hint.FileName = baseName(loc.File)
		return
	}
	i := strings.LastIndex(ptr, "/")
	parent := ptr[:i]
	if strings.HasSuffix(parent, "/$defs") || strings.HasSuffix(parent, "/definitions") {
		hint.DefsKey = strings.ReplaceAll(strings.ReplaceAll(ptr[i+1:], "~1", "/"), "~0", "~")
	}
}

// onlyRefLike reports whether s has no assertion keywords besides the given
// ones and the checks that any shape can carry (numbers, strings, lengths…).
func (b *builder) onlyRefLike(s *jsonschema.Schema, allowed ...string) bool {
	raw := b.info(s).raw
	if raw == nil {
		return true
	}
	allowed = append(allowed, shapeNeutral...)
	return onlyAnnotations(raw, allowed...)
}

// onlyDynamicRef reports whether s is a $dynamicRef and annotations, which
// makes it a type parameter; with other keywords beside it, it is a type
// whose checks hold the $dynamicRef.
func (b *builder) onlyDynamicRef(s *jsonschema.Schema) bool {
	raw := b.info(s).raw
	return raw == nil || onlyAnnotations(raw, "$dynamicRef")
}

// shapeNeutral keywords narrow what a type accepts without changing how it is
// declared; they live in Checks only.
var shapeNeutral = []string{"$dynamicAnchor",
	"minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems",
	"minProperties", "maxProperties", "propertyNames", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
	"not", "if", "then", "else"}

// typesOf returns the schema's "type" list without "null", and whether null
// was in it beside another type.
func typesOf(s *jsonschema.Schema) (types []string, nullable bool) {
	if s.Types == nil {
		return nil, false
	}
	all := s.Types.ToStrings() // a new slice each call
	if len(all) == 1 || !slices.Contains(all, "null") {
		return all, false
	}
	for _, t := range all {
		if t == "null" {
			nullable = true
			continue
		}
		types = append(types, t)
	}
	return types, nullable
}

func equalTypes(types []string, want ...string) bool {
	if len(types) != len(want) {
		return false
	}
	for i := range types {
		if types[i] != want[i] {
			return false
		}
	}
	return true
}

func scalarKind(t string) model.ScalarKind {
	switch t {
	case "string":
		return model.ScalarString
	case "integer":
		return model.ScalarInteger
	case "number":
		return model.ScalarNumber
	case "boolean":
		return model.ScalarBoolean
	case "null":
		return model.ScalarNull
	}
	return model.ScalarAny
}

func value(v any) model.Value {
	if text, ok := plainJSON(v); ok {
		return model.Value{JSON: text, Go: v}
	}
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte("null")
	}
	return model.Value{JSON: string(data), Go: v}
}

// plainJSON is json.Marshal's text for the values enums are mostly made of:
// null, a boolean, and a string of printable ASCII that Marshal writes as
// it is (no quote, backslash or HTML character to escape). It reports false
// for anything else.
func plainJSON(v any) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "null", true
	case bool:
		return strconv.FormatBool(v), true
	case string:
		for i := 0; i < len(v); i++ {
			switch c := v[i]; {
			case c < 0x20 || c > 0x7e, c == '"', c == '\\', c == '<', c == '>', c == '&':
				return "", false
			}
		}
		return `"` + v + `"`, true
	}
	return "", false
}

func values(vs []any) []model.Value {
	out := make([]model.Value, len(vs))
	for i, v := range vs {
		out[i] = value(v)
	}
	return out
}

// baseOf is the one scalar type all values share, or ScalarAny.
func baseOf(vs []model.Value) model.ScalarKind {
	base := model.ScalarAny
	for i, v := range vs {
		var k model.ScalarKind
		switch x := v.Go.(type) {
		case string:
			k = model.ScalarString
		case bool:
			k = model.ScalarBoolean
		case json.Number:
			k = model.ScalarNumber
			if _, err := strconv.ParseInt(x.String(), 10, 64); err == nil {
				k = model.ScalarInteger
			}
		case nil:
			k = model.ScalarNull
		default:
			return model.ScalarAny
		}
		switch {
		case i == 0:
			base = k
		case base == k:
		case (base == model.ScalarInteger && k == model.ScalarNumber) || (base == model.ScalarNumber && k == model.ScalarInteger):
			base = model.ScalarNumber
		default:
			return model.ScalarAny
		}
	}
	return base
}

func docOf(s *jsonschema.Schema) model.Doc {
	d := model.Doc{
		Title:       s.Title,
		Description: s.Description,
		Deprecated:  s.Deprecated,
		ReadOnly:    s.ReadOnly,
		WriteOnly:   s.WriteOnly,
	}
	if s.Default != nil {
		v := value(*s.Default)
		d.Default = &v
	}
	for _, e := range s.Examples {
		d.Examples = append(d.Examples, value(e))
	}
	return d
}
