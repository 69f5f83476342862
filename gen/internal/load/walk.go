package load

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Keywords whose value is a subschema, an array of them, or a map of them.
var (
	schemaKeywords = []string{"additionalItems", "additionalProperties", "contains", "contentSchema", "else",
		"if", "items", "not", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
	schemaArrayKeywords = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
	schemaMapKeywords   = []string{"$defs", "definitions", "dependencies", "dependentSchemas", "patternProperties", "properties"}
)

// walkSchemas calls fn for every schema object in doc, depth first in a fixed
// order, with a function that returns its JSON Pointer. It goes by keyword,
// whatever the draft. The pointer is built only when asked for: the callers
// want it for a few objects of thousands.
func walkSchemas(doc any, fn func(ptr func() string, obj map[string]any, mask uint64)) {
	w := &schemaWalker{fn: fn}
	w.ptrFn = w.ptr
	w.walk(doc)
}

type schemaWalker struct {
	fn    func(ptr func() string, obj map[string]any, mask uint64)
	ptrFn func() string
	toks  []string // the pointer's tokens, unescaped
}

func (w *schemaWalker) ptr() string {
	var b strings.Builder
	for _, t := range w.toks {
		b.WriteByte('/')
		b.WriteString(escape(t))
	}
	return b.String()
}

// walkBits maps a keyword to its bits in a walk mask: bit i for
// schemaKeywords[i], then the array keywords, then the map keywords (the
// subschema bits, subschemaBits), then collectKeywords, then the refused
// keywords (bitsRefused).
var walkBits = func() map[string]uint64 {
	kws := slices.Concat(schemaKeywords, schemaArrayKeywords, schemaMapKeywords, collectKeywords, refusedOrder)
	if len(kws) > 64 {
		panic("load: more keywords than bits in a walk mask")
	}
	m := map[string]uint64{}
	for i, kw := range kws {
		m[kw] |= 1 << i
	}
	return m
}()

// subschemaBits are the bits of a walk mask that stand for keywords with
// subschemas.
var subschemaBits = uint64(1)<<(len(schemaKeywords)+len(schemaArrayKeywords)+len(schemaMapKeywords)) - 1

// collectKeywords are the other keywords compiler.collect reads.
var collectKeywords = []string{"$schema", "$id", "id", "$ref", "$anchor", "$dynamicAnchor", "pattern"}

// Bits of walk masks that collect and defEntries.add test.
var (
	bitSchema    = walkBits["$schema"]
	bitsID       = walkBits["$id"] | walkBits["id"]
	bitsAnchors  = bitsID | walkBits["$anchor"] | walkBits["$dynamicAnchor"]
	bitsPatterns = walkBits["pattern"] | walkBits["patternProperties"]
	bitsDefs     = walkBits["$defs"] | walkBits["definitions"]
	bitsRefused  = func() uint64 { // every keyword of refused
		var bits uint64
		for _, kw := range refusedOrder {
			bits |= walkBits[kw]
		}
		return bits
	}()
)

// keywordMask is the walk mask of obj: the bits of the keywords it has.
func keywordMask(obj map[string]any) uint64 {
	var mask uint64
	for k := range obj {
		mask |= walkBits[k]
	}
	return mask
}

func (w *schemaWalker) walk(v any) {
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	// The keywords obj has, found from its own members: most schema
	// objects have a handful, and the lists hold 23.
	mask := keywordMask(obj)
	w.fn(w.ptrFn, obj, mask)
	if mask&subschemaBits == 0 {
		return
	}
	bit := uint64(1)
	for _, kw := range schemaKeywords {
		if mask&bit != 0 {
			w.toks = append(w.toks, kw)
			w.walk(obj[kw])
			w.toks = w.toks[:len(w.toks)-1]
		}
		bit <<= 1
	}
	for _, kw := range schemaArrayKeywords {
		if mask&bit != 0 {
			if arr, ok := obj[kw].([]any); ok {
				for i, v := range arr {
					w.toks = append(w.toks, kw, strconv.Itoa(i))
					w.walk(v)
					w.toks = w.toks[:len(w.toks)-2]
				}
			}
		}
		bit <<= 1
	}
	for _, kw := range schemaMapKeywords {
		if mask&bit != 0 {
			if m, ok := obj[kw].(map[string]any); ok {
				for _, k := range sortedKeys(m) {
					w.toks = append(w.toks, kw, k)
					w.walk(m[k])
					w.toks = w.toks[:len(w.toks)-2]
				}
			}
		}
		bit <<= 1
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

// refusedOrder is refused's keywords in order: an object with several is
// refused for the first. Each has its bit in walk masks (bitsRefused).
var refusedOrder = slices.Sorted(maps.Keys(refused))

// refusal is the error for the first keyword of refused that obj, the schema
// at ptr, has where the draft in force reads it as a keyword: draft 2019-09,
// or no draft declared. Draft 2020-12 (the default) and drafts 4 to 7 read
// it as an annotation, but a schema that uses it and declares no draft is
// most likely 2019-09's without its $schema: refused, with the way out.
func (r *root) refusal(obj map[string]any, ptr string, dr *draft, declared bool) error {
	if dr.version != 2019 && declared {
		return nil
	}
	for _, kw := range refusedOrder {
		if _, ok := obj[kw]; ok {
			hint := refused[kw]
			if dr.version != 2019 {
				hint += `; where it is an annotation, declare the draft: "$schema": "https://json-schema.org/draft/2020-12/schema"`
			}
			return r.errorAt(ptr+"/"+escape(kw), hint, "unsupported keyword %q", kw)
		}
	}
	return nil
}

// A defEntry is a $defs or definitions entry: its key and JSON Pointer.
type defEntry struct{ key, ptr string }

type defEntries []defEntry

// add appends the entries of obj, a schema object whose walk mask is mask.
func (es *defEntries) add(at func() string, obj map[string]any, mask uint64) {
	if mask&bitsDefs == 0 {
		return
	}
	ptr := ""
	for _, kw := range [...]string{"$defs", "definitions"} {
		m, ok := obj[kw].(map[string]any)
		if !ok {
			continue
		}
		for _, k := range sortedKeys(m) {
			// Only a schema (an object or a boolean) is an entry: a
			// keyword its draft does not know ($defs in draft-07) may
			// hold anything, and where it is the draft's keyword the
			// metaschema has refused anything else already.
			switch m[k].(type) {
			case map[string]any, bool:
				if ptr == "" {
					ptr = at()
				}
				*es = append(*es, defEntry{k, ptr + "/" + kw + "/" + escape(k)})
			}
		}
	}
}
