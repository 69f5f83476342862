package load

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/model"
)

// Keywords whose value is a subschema, an array of them, or a map of them.
var (
	schemaKeywords = []string{"additionalItems", "additionalProperties", "contains", "contentSchema", "else",
		"if", "items", "not", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
	schemaArrayKeywords = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
	schemaMapKeywords   = []string{"$defs", "definitions", "dependencies", "dependentSchemas", "patternProperties", "properties"}
)

// walkSchemas calls fn for every schema object in doc, depth first in a fixed
// order, with its JSON Pointer and the base URI in force there.
func walkSchemas(doc any, base, ptr string, fn func(ptr, base string, obj map[string]any)) {
	obj, ok := doc.(map[string]any)
	if !ok {
		return
	}
	if id, ok := obj["$id"].(string); ok {
		base = resolveURL(base, id)
		if u, err := url.Parse(base); err == nil {
			u.Fragment = ""
			base = u.String()
		}
	}
	fn(ptr, base, obj)
	for _, kw := range schemaKeywords {
		if v, ok := obj[kw]; ok {
			walkSchemas(v, base, ptr+"/"+kw, fn)
		}
	}
	for _, kw := range schemaArrayKeywords {
		if arr, ok := obj[kw].([]any); ok {
			for i, v := range arr {
				walkSchemas(v, base, ptr+"/"+kw+"/"+strconv.Itoa(i), fn)
			}
		}
	}
	for _, kw := range schemaMapKeywords {
		m, ok := obj[kw].(map[string]any)
		if !ok {
			continue
		}
		for _, k := range sortedKeys(m) {
			walkSchemas(m[k], base, ptr+"/"+kw+"/"+escape(k), fn)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// lookup follows a JSON Pointer into a decoded document.
func lookup(doc any, ptr string) any {
	if ptr == "" {
		return doc
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v := doc.(type) {
		case map[string]any:
			doc = v[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) {
				return nil
			}
			doc = v[i]
		default:
			return nil
		}
	}
	return doc
}

// refused are keywords that assert something envgen's generated code would not
// check. Refusing them beats generating code that silently accepts too much.
var refused = map[string]string{
	"$recursiveRef":    "draft 2019-09 recursion is not supported; use $dynamicRef and $dynamicAnchor (draft 2020-12)",
	"$recursiveAnchor": "draft 2019-09 recursion is not supported; use $dynamicAnchor (draft 2020-12)",
}

// checkKeywords rejects keywords the backends cannot honour, naming the keyword
// and its location. Unknown keywords are annotations in JSON Schema and pass.
func checkKeywords(file, rootURL string, doc any) error {
	var err error
	walkSchemas(doc, rootURL, "", func(ptr, base string, obj map[string]any) {
		if err != nil {
			return
		}
		for _, kw := range sortedKeys(obj) {
			if why, ok := refused[kw]; ok {
				err = &model.Error{
					Loc:     model.Location{File: file, Pointer: ptr + "/" + escape(kw)},
					Message: fmt.Sprintf("unsupported keyword %q", kw),
					Hint:    why,
				}
				return
			}
		}
	})
	return err
}
