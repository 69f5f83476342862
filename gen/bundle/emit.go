package bundle

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
)

// object is a JSON object that keeps its member order.
type object []member

type member struct {
	key string
	val any
}

// schema converts the schema at l for the bundle: $id, $schema, $anchor and
// $dynamicAnchor go (the bundle is one resource, and no reference names an
// anchor any more), a document's top-level $defs go (they are units of their
// own), every $ref points into the bundle, and every $dynamicRef becomes the
// $ref to the schema it resolves to. Everything else is kept, in the order the
// file writes it.
func (b *bundler) schema(l loc, v any) any {
	obj, ok := v.(map[string]any)
	if !ok {
		return v // a boolean schema
	}
	var out object
	for _, k := range b.order(l, obj) {
		val := obj[k]
		switch {
		case k == "$id" || k == "$schema" || k == "$anchor" || k == "$dynamicAnchor":
		case l.ptr == "" && (k == "$defs" || k == "definitions"):
		case k == "$ref":
			out = append(out, member{k, b.pointer(b.refs[l])})
		case k == "$dynamicRef":
			if _, both := obj["$ref"]; !both {
				out = append(out, member{"$ref", b.pointer(b.dyn[l])})
			}
		case kind(k) == 1:
			out = append(out, member{k, b.schema(l.child(k), val)})
		case kind(k) == 2 && isArray(val):
			var items []any
			for i, item := range val.([]any) {
				items = append(items, b.schema(l.child(k, strconv.Itoa(i)), item))
			}
			out = append(out, member{k, items})
		case kind(k) == 3 && isObject(val):
			m := val.(map[string]any)
			var members object
			for _, name := range b.order(l.child(k), m) {
				members = append(members, member{name, b.schema(l.child(k, name), m[name])})
			}
			out = append(out, member{k, members})
		default:
			out = append(out, member{k, b.plain(l.child(k), val)})
		}
	}
	if _, both := obj["$ref"]; both && obj["$dynamicRef"] != nil {
		// Two references on one schema: the second joins allOf.
		ref := object{{"$ref", b.pointer(b.dyn[l])}}
		i := slices.IndexFunc(out, func(m member) bool { return m.key == "allOf" })
		if i < 0 {
			out = append(out, member{"allOf", []any{ref}})
		} else {
			out[i].val = append(out[i].val.([]any), ref)
		}
	}
	return out
}

// plain converts a value that is not a schema (enum, const, default,
// examples, unknown keywords), keeping its member order.
func (b *bundler) plain(l loc, v any) any {
	switch v := v.(type) {
	case map[string]any:
		var out object
		for _, k := range b.order(l, v) {
			out = append(out, member{k, b.plain(l.child(k), v[k])})
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = b.plain(l.child(strconv.Itoa(i)), item)
		}
		return out
	}
	return v
}

// order is the member names of the object at l in the order the file writes
// them; names the loader did not record (none, normally) follow, sorted.
func (b *bundler) order(l loc, obj map[string]any) []string {
	var keys []string
	seen := map[string]bool{}
	for _, k := range b.set.Keys(l.String()) {
		if _, ok := obj[k]; ok && !seen[k] {
			keys = append(keys, k)
			seen[k] = true
		}
	}
	for _, k := range sortedKeys(obj) {
		if !seen[k] {
			keys = append(keys, k)
		}
	}
	return keys
}

// pointer is the bundle-local reference to a location: "#" and a JSON
// Pointer into the root or into the $defs entry of its unit.
func (b *bundler) pointer(t loc) string {
	u := b.unitOf(t)
	p := t.ptr[len(u.ptr):]
	if u != b.root {
		p = "/$defs/" + escape(b.units[u]) + p
	}
	return "#" + (&url.URL{Fragment: p}).EscapedFragment()
}

func isComposite(v any) bool {
	switch v.(type) {
	case object, []any:
		return true
	}
	return false
}

func isArray(v any) bool  { _, ok := v.([]any); return ok }
func isObject(v any) bool { _, ok := v.(map[string]any); return ok }

// encode writes v as JSON indented by two spaces, with a final newline.
func encode(v any) []byte {
	var buf bytes.Buffer
	write(&buf, v, "")
	buf.WriteByte('\n')
	return buf.Bytes()
}

func write(buf *bytes.Buffer, v any, indent string) {
	switch v := v.(type) {
	case object:
		if len(v) == 0 {
			buf.WriteString("{}")
			return
		}
		buf.WriteString("{\n")
		for i, m := range v {
			buf.WriteString(indent + "  ")
			writeScalar(buf, m.key)
			buf.WriteString(": ")
			write(buf, m.val, indent+"  ")
			if i < len(v)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "}")
	case []any:
		if len(v) == 0 {
			buf.WriteString("[]")
			return
		}
		if !slices.ContainsFunc(v, isComposite) { // scalars on one line, as the schema files write them
			buf.WriteByte('[')
			for i, item := range v {
				if i > 0 {
					buf.WriteString(", ")
				}
				writeScalar(buf, item)
			}
			buf.WriteByte(']')
			return
		}
		buf.WriteString("[\n")
		for i, item := range v {
			buf.WriteString(indent + "  ")
			write(buf, item, indent+"  ")
			if i < len(v)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "]")
	default:
		writeScalar(buf, v)
	}
}

// writeScalar writes a string, number, boolean or null as encoding/json
// does, but leaves <, > and & as they are.
func writeScalar(buf *bytes.Buffer, v any) {
	if n, ok := v.(json.Number); ok {
		buf.WriteString(n.String())
		return
	}
	var tmp bytes.Buffer
	enc := json.NewEncoder(&tmp)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("bundle: encoding a decoded JSON scalar: " + err.Error()) // cannot happen
	}
	buf.Write(bytes.TrimSuffix(tmp.Bytes(), []byte("\n")))
}
