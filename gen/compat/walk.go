package compat

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/validate"
)

// node is a schema and its JSON Pointer in its document.
type node struct {
	v    any
	ptr  string
	file string // the document's file, for a node that a reference led to another file; "" for the compared file
}

func (n node) obj() map[string]any { m, _ := n.v.(map[string]any); return m }

func (n node) child(tokens ...string) node {
	v, ptr := n.v, n.ptr
	for _, t := range tokens {
		switch x := v.(type) {
		case map[string]any:
			v = x[t]
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i >= len(x) {
				v = nil
			} else {
				v = x[i]
			}
		default:
			v = nil
		}
		ptr += "/" + strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
	}
	return node{v, ptr, n.file}
}

type side struct {
	doc    any
	file   string
	prefix string // the $id of the file without its last segment, e.g. "https://envgen.dev/schemas/v2/"
	v      *validate.Validator
	others map[string]any // documents beside file, by name, as references reach them
}

// docOf is the document a reference names: the compared file's own ("" or
// its name), or a file beside it, by relative name or by a $id beside its own.
func (s *side) docOf(target, from string) (any, string, bool) {
	if target == "" {
		if from == "" {
			return s.doc, "", true
		}
		target = from
	}
	if s.prefix != "" {
		target = strings.TrimPrefix(target, s.prefix)
	}
	if strings.Contains(target, "://") || strings.Contains(target, "/") {
		return nil, "", false
	}
	if target == filepath.Base(s.file) {
		return s.doc, "", true
	}
	if d, ok := s.others[target]; ok {
		return d, target, d != nil
	}
	d, err := readDoc(filepath.Join(filepath.Dir(s.file), target))
	if err != nil {
		d = nil
	}
	s.others[target] = d
	return d, target, d != nil
}

// resolve follows $refs to this document or a file beside it.
func (s *side) resolve(n node) node {
	for i := 0; i < 32; i++ {
		m := n.obj()
		ref, ok := m["$ref"].(string)
		if !ok {
			return n
		}
		target, fragment, _ := strings.Cut(ref, "#")
		doc, file, ok := s.docOf(target, n.file)
		if !ok {
			return n
		}
		frag, err := url.PathUnescape(fragment)
		if err != nil {
			return n
		}
		var toks []string
		if frag != "" {
			for _, t := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
				toks = append(toks, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
			}
		}
		n = node{doc, "", file}.child(toks...)
	}
	return n
}

// step is one move from a schema to a part of it, and of a document to the
// part that schema part checks.
type step struct {
	kw   string // "properties", "additionalProperties", "items", "anyOf", "oneOf"
	name string // the member name, or the branch index
}

func (st step) child(n node) node {
	switch st.kw {
	case "properties":
		c := n.child("properties", st.name)
		if c.v == nil {
			return node{true, c.ptr, c.file}
		}
		return c
	case "anyOf", "oneOf", "$defs", "definitions":
		return n.child(st.kw, st.name)
	}
	c := n.child(st.kw)
	if c.v == nil {
		return node{true, c.ptr, c.file}
	}
	return c
}

func at(steps []step) string {
	var b strings.Builder
	for _, st := range steps {
		switch st.kw {
		case "properties":
			b.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(st.name, "~", "~0"), "/", "~1"))
		case "additionalProperties", "items":
			b.WriteString("/*")
		case "$defs", "definitions":
			b.WriteString("(" + st.kw + "/" + st.name + ")")
		}
	}
	return b.String()
}

// direction says which compatibility a change can break.
type direction int

const (
	narrows direction = 1 << iota // the new schema accepts less: breaks backward
	widens                        // it accepts more: breaks forward
	unknown                       // not decidable by these rules
)

// finding is a change as the walk finds it; judge turns it into a Change.
type finding struct {
	kind, detail string
	old, new     node
	steps        []step
	dir          direction
	// oldOnly are values, at the change's place, that the old schema may
	// accept and the new reject; newOnly the converse. They are tried in
	// order, each inside a document built to reach that place.
	oldOnly, newOnly []any
}

type walker struct {
	old, new side
	seen     map[[2]string]bool
	found    []finding
}

func (w *walker) add(f finding) { w.found = append(w.found, f) }

// annotations are keywords that never change a verdict.
var annotations = map[string]bool{"title": true, "description": true, "$comment": true, "examples": true,
	"default": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$id": true,
	"$defs": true, "definitions": true, "$anchor": true, "x-go-name": true, "x-ts-name": true}

func (w *walker) walk(o, n node, steps []step) {
	if or, ok := o.obj()["$ref"].(string); ok {
		if nr, ok := n.obj()["$ref"].(string); ok && or != nr && !w.seen[[2]string{o.file + "#" + o.ptr, n.file + "#" + n.ptr}] {
			// the verdict is that of the changes between the targets, found next
			w.add(finding{kind: "reference retargeted", detail: fmt.Sprintf("$ref %q became %q; the changes between the targets follow", or, nr),
				old: o.child("$ref"), new: n.child("$ref"), steps: steps})
		}
	}
	o, n = w.old.resolve(o), w.new.resolve(n)
	key := [2]string{o.file + "#" + o.ptr, n.file + "#" + n.ptr}
	if w.seen[key] {
		return
	}
	w.seen[key] = true
	if reflect.DeepEqual(o.v, n.v) {
		return
	}
	om, nm := o.obj(), n.obj()
	if om == nil || nm == nil { // a boolean schema on either side
		// true accepts everything, false nothing, an object some things
		dir := narrows | widens
		switch {
		case o.v == true || n.v == false:
			dir = narrows
		case o.v == false || n.v == true:
			dir = widens
		}
		w.add(finding{kind: "schema replaced", detail: fmt.Sprintf("%s became %s", brief(o.v), brief(n.v)),
			old: o, new: n, steps: steps, dir: dir, oldOnly: generic, newOnly: generic})
		return
	}
	w.types(o, n, steps)
	w.values(o, n, steps)
	w.bounds(o, n, steps)
	w.strings(o, n, steps)
	w.objects(o, n, steps)
	w.unions(o, n, steps)
	if !reflect.DeepEqual(om["items"], nm["items"]) {
		w.walk(o.child("items"), n.child("items"), append(slices.Clip(steps), step{kw: "items"}))
	}
	handled := map[string]bool{"type": true, "enum": true, "const": true, "pattern": true, "format": true,
		"properties": true, "required": true, "additionalProperties": true, "items": true, "anyOf": true, "oneOf": true,
		"uniqueItems": true, "$ref": true}
	for k := range bounds {
		handled[k] = true
	}
	for _, k := range sortedKeys(union(om, nm)) {
		if handled[k] || annotations[k] || reflect.DeepEqual(om[k], nm[k]) {
			continue
		}
		w.add(finding{kind: "keyword changed", detail: fmt.Sprintf("%s changed, which these rules do not decide", k),
			old: o.child(k), new: n.child(k), steps: steps, dir: unknown})
	}
	if or, nr := om["$ref"], nm["$ref"]; !reflect.DeepEqual(or, nr) {
		w.add(finding{kind: "reference retargeted", detail: fmt.Sprintf("$ref %s became %s", brief(or), brief(nr)),
			old: o.child("$ref"), new: n.child("$ref"), steps: steps, dir: unknown})
	}
}

func union(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func brief(v any) string {
	if v == nil {
		return "absent"
	}
	b, _ := json.Marshal(v)
	if len(b) > 60 {
		return string(b[:57]) + "…"
	}
	return string(b)
}
