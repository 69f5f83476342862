package bundle

import (
	"net/url"
	"slices"
	"strings"

	"github.com/envgen/envgen/schemas"
)

// The compact form (Options.Compact) is what an MCP client pays for on every
// tools/list, so it keeps only what validation and an agent need:
//
//   - Annotations go (title, description, $comment, examples, default,
//     deprecated, readOnly, writeOnly, and x-* extensions), except in the
//     tool's own schemas, the payload, whose descriptions tell an agent what
//     it gets. They change nothing a validator checks.
//   - The envelope's operational members, meta and provenance, are
//     summarised as open objects ({"type": "object"}): a client still checks
//     success, data, error and warnings in full, and the server, which writes
//     meta and provenance from the canonical schemas' own generated types,
//     validates them before they are sent.
//   - $defs entries no longer referenced go; shared definitions stay once.
//
// The full form (the default of Options) is for documentation.

// annotationKeywords are the keywords the compact form leaves out.
var annotationKeywords = []string{"title", "description", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly"}

// summarised are the canonical documents whose root the compact form
// replaces by an open object: the envelope's meta and provenance.
var summarised = []string{schemas.BaseURI + "meta.json", schemas.BaseURI + "provenance.json"}

// compactUnit returns the compact form of the converted schema v of unit,
// whose annotations are kept when keep is set.
func compactUnit(unit loc, v any, keep bool) any {
	if unit.ptr == "" && slices.Contains(summarised, unit.doc) {
		return object{{"type", "object"}}
	}
	return trim(v, keep)
}

// trim removes the annotations (with keep, the x-* extensions only) from a
// converted schema, recursively through its subschemas.
func trim(v any, keep bool) any {
	obj, ok := v.(object)
	if !ok {
		return v // a boolean schema
	}
	var out object
	for _, m := range obj {
		switch {
		case strings.HasPrefix(m.key, "x-"):
		case !keep && slices.Contains(annotationKeywords, m.key):
		case kind(m.key) == 1:
			out = append(out, member{m.key, trim(m.val, keep)})
		case kind(m.key) == 2 && isArray(m.val):
			var items []any
			for _, item := range m.val.([]any) {
				items = append(items, trim(item, keep))
			}
			out = append(out, member{m.key, items})
		case kind(m.key) == 3:
			if members, ok := m.val.(object); ok {
				var kept object
				for _, s := range members {
					kept = append(kept, member{s.key, trim(s.val, keep)})
				}
				out = append(out, member{m.key, kept})
				continue
			}
			out = append(out, m)
		default:
			out = append(out, m)
		}
	}
	return out
}

// reachable returns the $defs keys that root's references reach, directly
// or through other entries of defs.
func reachable(root object, defs object) map[string]bool {
	byKey := map[string]any{}
	for _, d := range defs {
		byKey[d.key] = d.val
	}
	seen := map[string]bool{}
	var visit func(v any)
	visit = func(v any) {
		switch v := v.(type) {
		case object:
			for _, m := range v {
				if m.key == "$defs" {
					continue
				}
				if ref, ok := m.val.(string); ok && m.key == "$ref" {
					if key := defsKey(ref); key != "" && !seen[key] {
						seen[key] = true
						visit(byKey[key])
					}
					continue
				}
				visit(m.val)
			}
		case []any:
			for _, item := range v {
				visit(item)
			}
		}
	}
	visit(root)
	return seen
}

// defsKey is the $defs key a bundle-local reference points into, e.g.
// "meta_pagination" for "#/$defs/meta_pagination/properties/cursor"; "" for
// a reference into the root.
func defsKey(ref string) string {
	frag, err := url.PathUnescape(strings.TrimPrefix(ref, "#"))
	if err != nil {
		return ""
	}
	rest, ok := strings.CutPrefix(frag, "/$defs/")
	if !ok {
		return ""
	}
	key, _, _ := strings.Cut(rest, "/")
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(key)
}
