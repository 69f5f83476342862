package load

import (
	"encoding/json"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// flatChecker decides most schemas' verdict against flat2020 without
// santhosh-tekuri, which allocates for every value it visits (17 MB for the
// 1000 definitions of the synthetic benchmark). It walks the subschemas
// itself and checks the common keywords' values (strings, booleans, plain
// integers, type names, required lists) in place; any other keyword's value
// goes to the flat metaschema's own schema for that keyword, compiled from
// flat2020 (its properties are independent of each other). It only ever
// says valid when flat2020 would: on false, validate asks santhosh-tekuri.
type flatChecker struct {
	m     *metaschemas
	props map[string]*jsonschema.Schema // flat2020's "#/properties/<keyword>", compiled when first needed
}

// How flatChecker checks a keyword's value.
const (
	flatSchema       = iota + 1 // a schema
	flatSchemaMap               // an object of schemas
	flatSchemaArray             // a non-empty array of schemas
	flatString                  // a string
	flatNonNegative             // a non-negative integer
	flatNumber                  // a number
	flatBool                    // a boolean
	flatArray                   // an array
	flatAny                     // anything
	flatType                    // a type name, or a non-empty array of unique ones
	flatStringArray             // an array of unique strings
	flatURIReference            // a URI reference (format "uri-reference", asserted)
)

var flatKeywords = map[string]int{
	"items": flatSchema, "contains": flatSchema, "additionalProperties": flatSchema, "propertyNames": flatSchema,
	"if": flatSchema, "then": flatSchema, "else": flatSchema, "not": flatSchema, "unevaluatedItems": flatSchema,
	"unevaluatedProperties": flatSchema, "contentSchema": flatSchema,
	"$defs": flatSchemaMap, "properties": flatSchemaMap, "dependentSchemas": flatSchemaMap, "definitions": flatSchemaMap,
	"prefixItems": flatSchemaArray, "allOf": flatSchemaArray, "anyOf": flatSchemaArray, "oneOf": flatSchemaArray,
	"$comment": flatString, "title": flatString, "description": flatString, "format": flatString,
	"contentEncoding": flatString, "contentMediaType": flatString,
	"maxLength": flatNonNegative, "minLength": flatNonNegative, "maxItems": flatNonNegative, "minItems": flatNonNegative,
	"maxContains": flatNonNegative, "minContains": flatNonNegative, "maxProperties": flatNonNegative,
	"minProperties": flatNonNegative,
	"maximum":       flatNumber, "exclusiveMaximum": flatNumber, "minimum": flatNumber, "exclusiveMinimum": flatNumber,
	"uniqueItems": flatBool, "deprecated": flatBool, "readOnly": flatBool, "writeOnly": flatBool,
	"enum": flatArray, "examples": flatArray,
	"const": flatAny, "default": flatAny,
	"type":     flatType,
	"required": flatStringArray,
	"$ref":     flatURIReference, "$dynamicRef": flatURIReference,
}

var simpleTypes = map[string]bool{
	"array": true, "boolean": true, "integer": true, "null": true, "number": true, "object": true, "string": true,
}

// schema reports whether v is valid against flat2020 as far as the checker
// can tell; false is "not valid, or not sure".
func (c *flatChecker) schema(v any) bool {
	switch v := v.(type) {
	case bool:
		return true
	case map[string]any:
		for k, x := range v {
			if !c.keyword(k, x) {
				return false
			}
		}
		return true
	}
	return false
}

func (c *flatChecker) keyword(k string, x any) bool {
	switch flatKeywords[k] {
	case flatSchema:
		return c.schema(x)
	case flatSchemaMap:
		m, ok := x.(map[string]any)
		if !ok {
			return false
		}
		for _, s := range m {
			if !c.schema(s) {
				return false
			}
		}
		return true
	case flatSchemaArray:
		a, ok := x.([]any)
		if !ok || len(a) == 0 {
			return false
		}
		for _, s := range a {
			if !c.schema(s) {
				return false
			}
		}
		return true
	case flatString:
		_, ok := x.(string)
		return ok
	case flatNonNegative:
		if n, ok := x.(json.Number); ok && plainDigits(string(n)) {
			return true
		}
	case flatNumber:
		switch x.(type) {
		case json.Number, float64:
			return true
		}
	case flatBool:
		_, ok := x.(bool)
		return ok
	case flatArray:
		_, ok := x.([]any)
		return ok
	case flatAny:
		return true
	case flatType:
		switch x := x.(type) {
		case string:
			return simpleTypes[x]
		case []any:
			if len(x) > 0 && uniqueStrings(x) {
				for _, t := range x {
					if !simpleTypes[t.(string)] {
						return false
					}
				}
				return true
			}
		}
	case flatURIReference:
		if s, ok := x.(string); ok && plainURIReference(s) {
			return true
		}
	case flatStringArray:
		if a, ok := x.([]any); ok && uniqueStrings(a) {
			return true
		}
	}
	return c.delegate(k, x)
}

// flat2020Keywords are the keywords flat2020 says something about.
var flat2020Keywords = func() map[string]bool {
	var doc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(flat2020, &doc); err != nil {
		panic(err) // embedded, and read by the tests
	}
	keys := make(map[string]bool, len(doc.Properties))
	for k := range doc.Properties {
		keys[k] = true
	}
	return keys
}()

// delegate checks x, the value of keyword k, against flat2020's schema for
// k; a keyword flat2020 does not name takes anything.
func (c *flatChecker) delegate(k string, x any) bool {
	sch, ok := c.props[k]
	if !ok {
		if !flat2020Keywords[k] {
			return true
		}
		var err error
		if sch, err = c.m.c.Compile(flat2020URL + "#/properties/" + encodePointer(k)); err != nil {
			return false
		}
		c.props[k] = sch
	}
	return sch.Validate(x) == nil
}

// plainDigits reports whether s is a decimal integer without sign, point
// or exponent: a non-negative integer.
func plainDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// plainURIReference reports whether s is certainly a URI reference as the
// "uri-reference" format checks it (net/url parses it, no backslash): a
// relative reference whose document and fragment both hold only what
// pathSafe allows, with no "//" authority in front ("#/$defs/x",
// "other.json#/$defs/y"). Any other string is left to the metaschema.
func plainURIReference(s string) bool {
	doc, fragment, _ := strings.Cut(s, "#")
	return s != "" && !strings.HasPrefix(s, "//") && pathSafe(doc) && pathSafe(fragment)
}

func uniqueStrings(a []any) bool {
	if len(a) <= 8 { // a type list, a required list: no map for a handful
		for i, x := range a {
			s, ok := x.(string)
			if !ok {
				return false
			}
			for _, y := range a[:i] {
				if y.(string) == s {
					return false
				}
			}
		}
		return true
	}
	seen := make(map[string]bool, len(a))
	for _, x := range a {
		s, ok := x.(string)
		if !ok || seen[s] {
			return false
		}
		seen[s] = true
	}
	return true
}
