package load

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// Keywords whose value is a subschema, an array of them, or a map of them.
var (
	schemaKeywords = []string{"additionalItems", "additionalProperties", "contains", "contentSchema", "else",
		"if", "items", "not", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
	schemaArrayKeywords = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
	schemaMapKeywords   = []string{"$defs", "definitions", "dependencies", "dependentSchemas", "patternProperties", "properties"}
)

// walkSchemas calls fn for every schema object in doc, depth first in a fixed
// order, with its JSON Pointer. It goes by keyword, whatever the draft.
func walkSchemas(doc any, ptr string, fn func(ptr string, obj map[string]any)) {
	obj, ok := doc.(map[string]any)
	if !ok {
		return
	}
	fn(ptr, obj)
	for _, kw := range schemaKeywords {
		if v, ok := obj[kw]; ok {
			walkSchemas(v, ptr+"/"+kw, fn)
		}
	}
	for _, kw := range schemaArrayKeywords {
		if arr, ok := obj[kw].([]any); ok {
			for i, v := range arr {
				walkSchemas(v, ptr+"/"+kw+"/"+strconv.Itoa(i), fn)
			}
		}
	}
	for _, kw := range schemaMapKeywords {
		m, ok := obj[kw].(map[string]any)
		if !ok {
			continue
		}
		for _, k := range sortedKeys(m) {
			walkSchemas(m[k], ptr+"/"+kw+"/"+escape(k), fn)
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

// lookup follows a JSON Pointer into a decoded document. It splits the
// pointer in place and unescapes only tokens with a "~", so that the lookups
// the loader and lower make for every schema allocate nothing.
func lookup(doc any, ptr string) (any, bool) {
	if ptr == "" {
		return doc, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	for rest, more := ptr[1:], true; more; {
		var tok string
		tok, rest, more = strings.Cut(rest, "/")
		if strings.IndexByte(tok, '~') >= 0 {
			if strings.Count(tok, "~") != strings.Count(tok, "~0")+strings.Count(tok, "~1") {
				return nil, false // "~" escapes only 0 and 1
			}
			tok = unescape(tok)
		}
		switch v := doc.(type) {
		case map[string]any:
			next, ok := v[tok]
			if !ok {
				return nil, false
			}
			doc = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) {
				return nil, false
			}
			doc = v[i]
		default:
			return nil, false
		}
	}
	return doc, true
}

// refused are keywords that assert something envgen's generated code would not
// check. Refusing them beats generating code that silently accepts too much.
var refused = map[string]string{
	"$recursiveRef":    "draft 2019-09 recursion is not supported; use $dynamicRef and $dynamicAnchor (draft 2020-12)",
	"$recursiveAnchor": "draft 2019-09 recursion is not supported; use $dynamicAnchor (draft 2020-12)",
}

// checkKeywords rejects keywords the backends cannot honour, naming the keyword
// and its location. Unknown keywords are annotations in JSON Schema and pass.
func checkKeywords(file string, doc any) error {
	var err error
	walkSchemas(doc, "", func(ptr string, obj map[string]any) {
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
