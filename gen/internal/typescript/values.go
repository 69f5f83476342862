package typescript

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// valueType spells a JSON value from a schema as a literal type. Arrays and
// objects are readonly: they are constants, and so the values written with
// `as const` have exactly these types.
//
//	"warning" → "warning"    3 → 3    [1, "a"] → readonly [1, "a"]    {"a": null} → { readonly a: null }
func valueType(v model.Value) expr {
	return jsonSpelling(decodeValue(v), true)
}

// valueExpr spells a JSON value from a schema as a JavaScript expression:
// {"a": [1]} → { a: [1] }.
func valueExpr(v model.Value) string {
	return jsonSpelling(decodeValue(v), false).text
}

// jsonText is a value's JSON text as a schema author writes it, without the
// HTML escapes encoding/json adds: {"a": "<b>"}.
func jsonText(v model.Value) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(decodeValue(v)); err != nil {
		return v.JSON
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// decodeValue reads a Value's canonical JSON text; numbers stay json.Number,
// so that they keep their spelling.
func decodeValue(v model.Value) any {
	dec := json.NewDecoder(strings.NewReader(v.JSON))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return v.Go
	}
	return x
}

// jsonSpelling spells a decoded JSON value as a literal type (asType) or as
// an expression. The two differ only in readonly; null admits null.
func jsonSpelling(x any, asType bool) expr {
	switch x := x.(type) {
	case nil:
		return exprNull
	case bool:
		if x {
			return primary("true")
		}
		return primary("false")
	case json.Number:
		if asType && strings.HasPrefix(x.String(), "-") {
			return expr{text: x.String(), prec: precPrefix} // -1[] would not parse
		}
		return primary(x.String())
	case string:
		return primary(stringLiteral(x))
	case []any:
		items := make([]string, len(x))
		for i, it := range x {
			items[i] = jsonSpelling(it, asType).text
		}
		text := "[" + strings.Join(items, ", ") + "]"
		if asType {
			return expr{text: "readonly " + text, prec: precPrefix}
		}
		return primary(text)
	case map[string]any:
		if len(x) == 0 {
			return primary("{}")
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		sep, modifier := ", ", ""
		if asType {
			sep, modifier = "; ", "readonly "
		}
		members := make([]string, len(keys))
		for i, k := range keys {
			key := propertyKey(k)
			if !asType && k == "__proto__" {
				key = "[" + key + "]" // "__proto__": … in a literal would set the prototype
			}
			members[i] = modifier + key + ": " + jsonSpelling(x[k], asType).text
		}
		return primary("{ " + strings.Join(members, sep) + " }")
	}
	return exprUnknown
}

// stringLiteral spells s as a double-quoted string literal. JSON's escapes
// are JavaScript's; < > & are kept as they are.
func stringLiteral(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// propertyKey spells a member name: as it is when it is an identifier, else
// quoted. `data`, `default` → as they are; "x-request-id", "1st" → quoted.
func propertyKey(name string) string {
	if naming.IsTSIdentifierName(name) {
		return name
	}
	return stringLiteral(name)
}
