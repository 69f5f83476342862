package bundle

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// loc is a location in a loaded document: the URL the loader knows the
// document by, and an RFC 6901 JSON Pointer from its root.
type loc struct{ doc, ptr string }

func (l loc) String() string { return l.doc + "#" + l.ptr }

func (l loc) child(tokens ...string) loc {
	p := l.ptr
	for _, t := range tokens {
		p += "/" + escape(t)
	}
	return loc{l.doc, p}
}

// schemaInfo is what the index knows about one schema object.
type schemaInfo struct {
	base     string // the base URI in force there, for resolving its references
	resource loc    // the root of the schema resource it belongs to
}

// Keywords of draft 2020-12 whose value is a subschema, an array of them, or
// a map of them. "definitions" is read like "$defs", as the loader reads it.
var (
	schemaKeywords = []string{"additionalProperties", "contains", "contentSchema", "else", "if", "items", "not",
		"propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
	schemaArrayKeywords = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
	schemaMapKeywords   = []string{"$defs", "definitions", "dependentSchemas", "patternProperties", "properties"}
)

// kind says what a member of a schema object holds: 1 a subschema, 2 an
// array of them, 3 a map of them, 0 anything else (copied as it is).
func kind(keyword string) int {
	for i, set := range [][]string{schemaKeywords, schemaArrayKeywords, schemaMapKeywords} {
		for _, k := range set {
			if k == keyword {
				return i + 1
			}
		}
	}
	return 0
}

// draft2020 are the spellings of draft 2020-12's metaschema URI.
var draft2020 = map[string]bool{
	"https://json-schema.org/draft/2020-12/schema":  true,
	"https://json-schema.org/draft/2020-12/schema#": true,
}

// index makes a loaded document known: its schema resources by URL, the
// anchors and dynamic anchors of each, and the base URI and resource of every
// schema object. It is a no-op for a document already indexed.
func (b *bundler) index(doc string) (bool, error) {
	if b.indexed[doc] {
		return true, nil
	}
	raw := b.set.Raw(doc + "#")
	if raw == nil {
		return false, nil
	}
	b.indexed[doc] = true
	b.resources[doc] = loc{doc, ""}
	var err error
	var walk func(v any, l loc, base string, res loc)
	walk = func(v any, l loc, base string, res loc) {
		obj, ok := v.(map[string]any)
		if !ok {
			if _, isBool := v.(bool); isBool {
				b.schemas[l] = schemaInfo{base, res}
			}
			return
		}
		if id, ok := obj["$id"].(string); ok {
			base = stripFragment(resolveURL(base, id))
			res = l
			if _, taken := b.resources[base]; !taken {
				b.resources[base] = l
			}
		}
		if s, ok := obj["$schema"].(string); ok && !draft2020[s] && err == nil {
			err = &model.Error{Loc: b.set.Locate(l.child("$schema").String()),
				Message: fmt.Sprintf("bundle reads draft 2020-12 schemas only, and this one is %s", s),
				Hint:    "rewrite it in draft 2020-12, where $ref may have siblings and $dynamicRef exists"}
		}
		b.schemas[l] = schemaInfo{base, res}
		for _, kw := range []string{"$anchor", "$dynamicAnchor"} {
			if name, ok := obj[kw].(string); ok {
				if b.anchors[res] == nil {
					b.anchors[res] = map[string]string{}
				}
				b.anchors[res][name] = l.ptr
				if kw == "$dynamicAnchor" {
					if b.dynAnchors[res] == nil {
						b.dynAnchors[res] = map[string]string{}
					}
					b.dynAnchors[res][name] = l.ptr
				}
			}
		}
		for _, k := range sortedKeys(obj) {
			switch kind(k) {
			case 1:
				walk(obj[k], l.child(k), base, res)
			case 2:
				arr, _ := obj[k].([]any)
				for i, item := range arr {
					walk(item, l.child(k, strconv.Itoa(i)), base, res)
				}
			case 3:
				m, _ := obj[k].(map[string]any)
				for _, name := range sortedKeys(m) {
					walk(m[name], l.child(k, name), base, res)
				}
			}
		}
	}
	walk(raw, loc{doc, ""}, doc, loc{doc, ""})
	return true, err
}

// resolve finds the schema a $ref or $dynamicRef at from names.
func (b *bundler) resolve(from loc, keyword, ref string) (loc, error) {
	fail := func(why string) (loc, error) {
		return loc{}, &model.Error{Loc: b.set.Locate(from.child(keyword).String()),
			Message: fmt.Sprintf("%s %q cannot be bundled: %s", keyword, ref, why)}
	}
	abs := resolveURL(b.schemas[from].base, ref)
	u, frag, _ := strings.Cut(abs, "#")
	res, ok := b.resources[u]
	if !ok {
		found, err := b.index(u)
		if err != nil {
			return loc{}, err
		}
		if !found {
			return fail("no loaded document is " + u)
		}
		res = b.resources[u]
	}
	frag, err := url.PathUnescape(frag)
	if err != nil {
		return fail("its fragment is not a valid URI fragment")
	}
	var target loc
	switch {
	case frag == "":
		target = res
	case strings.HasPrefix(frag, "/"):
		target = loc{res.doc, res.ptr + frag}
	default:
		ptr, ok := b.anchors[res][frag]
		if !ok {
			return fail("no anchor " + strconv.Quote(frag) + " in " + res.String())
		}
		target = loc{res.doc, ptr}
	}
	if _, ok := b.schemas[target]; !ok {
		return fail("it does not point at a schema")
	}
	return target, nil
}

// dynamicTarget resolves a $dynamicRef at from under a dynamic scope (the
// schema resources entered so far, outermost first), as draft 2020-12 does:
// when its static target carries a $dynamicAnchor of the fragment's name, the
// outermost resource in scope with a $dynamicAnchor of that name wins.
func (b *bundler) dynamicTarget(from loc, ref string, scope []loc) (loc, error) {
	static, err := b.resolve(from, "$dynamicRef", ref)
	if err != nil {
		return loc{}, err
	}
	_, name, _ := strings.Cut(ref, "#")
	if name == "" || strings.HasPrefix(name, "/") {
		return static, nil
	}
	res := b.schemas[static].resource
	if b.dynAnchors[res][name] != static.ptr {
		return static, nil // not bookended by a $dynamicAnchor: a plain reference
	}
	for _, r := range scope {
		if ptr, ok := b.dynAnchors[r][name]; ok {
			return loc{r.doc, ptr}, nil
		}
	}
	return static, nil
}

func resolveURL(base, ref string) string {
	bu, err := url.Parse(base)
	if err != nil {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return bu.ResolveReference(r).String()
}

func stripFragment(u string) string {
	s, _, _ := strings.Cut(u, "#")
	return s
}

func escape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

func unescape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
}
