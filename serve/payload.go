package serve

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/envgen/envgen/generated/go/envelope"
)

// The payload schema annotations serve reads; see the package documentation.
const (
	ModesKeyword = "x-envgen-modes" // on an object schema: mode → the members it emits
	IDKeyword    = "x-envgen-id"    // on an object schema: the member that identifies an item
)

// Modes returns the response modes, smallest first.
func Modes() []envelope.ResponseMode {
	return []envelope.ResponseMode{
		envelope.ResponseModeIDsOnly, envelope.ResponseModeMetadata,
		envelope.ResponseModePreview, envelope.ResponseModeFull,
	}
}

// Payload is what a tool's payload schema declares about response modes and
// lists. The zero value (and a nil *Payload) declares nothing: no projection,
// no list.
type Payload struct {
	root *shape
	list []string // property path from the payload to its list; nil: no list, []string{}: the payload is the list
	id   string   // the id member of the list's items
}

// shape is the part of a payload schema that projection follows.
type shape struct {
	props    map[string]*shape
	items    *shape
	required []string
	modes    map[envelope.ResponseMode][]string // nil when the object has no x-envgen-modes
	id       string
}

// ParsePayload reads the annotations of a payload schema. schema is either a
// tool's output schema, whose $defs entry with "$dynamicAnchor": "data" is the
// payload (as in schemas/examples/search-output.json), or the payload schema
// itself. Only local references (#/...) are followed; others are opaque.
//
// Problems are errors naming the schema location: a mode list that misses a
// mode, names a member the object does not have or leaves out a required
// member; an x-envgen-id that is not a required member; two lists.
func ParsePayload(schema []byte) (*Payload, error) {
	var doc map[string]any
	if err := json.Unmarshal(schema, &doc); err != nil {
		return nil, fmt.Errorf("payload schema: %w", err)
	}
	p := &parser{doc: doc, seen: map[string]*shape{}}
	at := "#"
	if defs, ok := doc["$defs"].(map[string]any); ok {
		for _, name := range sortedKeys(defs) {
			if d, ok := defs[name].(map[string]any); ok && d["$dynamicAnchor"] == "data" {
				at = "#/$defs/" + escapePointer(name)
				break
			}
		}
	}
	root, err := p.shape(at)
	if err != nil {
		return nil, err
	}
	pl := &Payload{root: root}
	lists := findLists(root, nil, map[*shape]bool{})
	switch len(lists) {
	case 0:
	case 1:
		pl.list = lists[0]
		pl.id = get(root, lists[0]).items.id
	default:
		return nil, fmt.Errorf("payload schema %s: two lists carry %s (/%s and /%s); a payload has one list",
			at, IDKeyword, strings.Join(lists[0], "/"), strings.Join(lists[1], "/"))
	}
	return pl, nil
}

type parser struct {
	doc  map[string]any
	seen map[string]*shape
}

// shape builds the shape of the schema at the JSON Pointer ref ("#/...").
func (p *parser) shape(ref string) (*shape, error) {
	if s, ok := p.seen[ref]; ok {
		return s, nil
	}
	node, err := p.resolve(ref)
	if err != nil {
		return nil, err
	}
	s := &shape{}
	p.seen[ref] = s // before the children: schemas may be recursive
	if r, ok := node["$ref"].(string); ok && strings.HasPrefix(r, "#") {
		target, err := p.shape(r)
		if err != nil {
			return nil, err
		}
		*s = *target
	}
	if props, ok := node["properties"].(map[string]any); ok {
		s.props = map[string]*shape{}
		for _, name := range sortedKeys(props) {
			if s.props[name], err = p.shape(ref + "/properties/" + escapePointer(name)); err != nil {
				return nil, err
			}
		}
	}
	if _, ok := node["items"].(map[string]any); ok {
		if s.items, err = p.shape(ref + "/items"); err != nil {
			return nil, err
		}
	}
	s.required = append(s.required, asList(node["required"])...)
	if m, ok := node[ModesKeyword]; ok {
		if s.modes, err = parseModes(ref, m, s); err != nil {
			return nil, err
		}
	}
	if id, ok := node[IDKeyword]; ok {
		name, _ := id.(string)
		if !slices.Contains(s.required, name) {
			return nil, fmt.Errorf("%s/%s: %q must name a required member of this object (required: %s)",
				ref, IDKeyword, name, strings.Join(s.required, ", "))
		}
		s.id = name
	}
	return s, nil
}

func (p *parser) resolve(ref string) (map[string]any, error) {
	var node any = p.doc
	rest := strings.TrimPrefix(ref, "#")
	for rest != "" {
		var tok string
		tok, rest, _ = strings.Cut(rest[1:], "/")
		if rest != "" {
			rest = "/" + rest
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, ok := node.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("payload schema: %s does not resolve", ref)
		}
		node = m[tok]
	}
	m, ok := node.(map[string]any)
	if !ok {
		return map[string]any{}, nil // a boolean schema or nothing: opaque
	}
	return m, nil
}

func parseModes(ref string, v any, s *shape) (map[envelope.ResponseMode][]string, error) {
	at := ref + "/" + ModesKeyword
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: expected an object of the four response modes", at)
	}
	modes := map[envelope.ResponseMode][]string{}
	for _, key := range sortedKeys(obj) {
		if !envelope.ResponseMode(key).Valid() {
			return nil, fmt.Errorf("%s: %q is not a response mode (ids_only, metadata, preview, full)", at, key)
		}
	}
	for _, mode := range Modes() {
		raw, ok := obj[string(mode)]
		if !ok {
			return nil, fmt.Errorf("%s: the mode %s is missing; declare all four modes", at, mode)
		}
		members := asList(raw)
		if len(members) == 0 {
			return nil, fmt.Errorf("%s/%s: expected a non-empty list of member names", at, mode)
		}
		for _, m := range members {
			if _, ok := s.props[m]; !ok {
				return nil, fmt.Errorf("%s/%s: %q is not a property of this object (properties: %s)",
					at, mode, m, strings.Join(sortedKeys(s.props), ", "))
			}
		}
		for _, r := range s.required {
			if !slices.Contains(members, r) {
				return nil, fmt.Errorf("%s/%s: the required member %q is missing; every mode emits the required members", at, mode, r)
			}
		}
		modes[mode] = members
	}
	return modes, nil
}

// findLists returns the property paths, from s, of the arrays whose items
// carry an id member, in sorted order. The payload itself may be the list.
func findLists(s *shape, path []string, seen map[*shape]bool) [][]string {
	if s == nil || seen[s] {
		return nil
	}
	seen[s] = true
	if s.items != nil && s.items.id != "" {
		return [][]string{slices.Clone(path)}
	}
	var out [][]string
	for _, name := range sortedKeys(s.props) {
		out = append(out, findLists(s.props[name], append(path, name), seen)...)
	}
	return out
}

func get(s *shape, path []string) *shape {
	for _, name := range path {
		s = s.props[name]
	}
	return s
}

func asList(v any) []string {
	items, _ := v.([]any)
	var out []string
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Allowed returns the members that mode emits, sorted, over every object of
// the payload that declares modes; nil when the payload declares none.
func (p *Payload) Allowed(mode envelope.ResponseMode) []string {
	if p == nil {
		return nil
	}
	set := map[string]bool{}
	walkShapes(p.root, map[*shape]bool{}, func(s *shape) {
		for _, m := range s.modes[mode] {
			set[m] = true
		}
	})
	if len(set) == 0 {
		return nil
	}
	return sortedKeys(set)
}

// HasModes reports whether the payload declares response modes.
func (p *Payload) HasModes() bool { return len(p.Allowed(envelope.ResponseModeFull)) > 0 }

// Members returns the payload's own members (properties of its root object),
// sorted, and the required ones.
func (p *Payload) Members() (all, required []string) {
	if p == nil || p.root == nil {
		return nil, nil
	}
	return sortedKeys(p.root.props), p.root.required
}

func walkShapes(s *shape, seen map[*shape]bool, f func(*shape)) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	f(s)
	for _, name := range sortedKeys(s.props) {
		walkShapes(s.props[name], seen, f)
	}
	walkShapes(s.items, seen, f)
}
