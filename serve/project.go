package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/envgen/envgen/generated/go/envelope"
)

// projection is what Render does to a payload: keep the members of a mode,
// the requested fields and the configured top-level members.
type projection struct {
	mode        envelope.ResponseMode
	fields      []string // Request.fields; nil: the mode's members
	includeOnly []string // the tool's include_only; nil: every member
}

// project returns data reduced by pr, following the payload's shapes. Members
// keep their order; everything left is byte for byte what data had.
func (pl *Payload) project(data json.RawMessage, pr projection) (json.RawMessage, error) {
	if pl == nil || pl.root == nil {
		return data, nil
	}
	out, err := pl.root.project(data, pr)
	if err != nil || len(pr.includeOnly) == 0 || firstByte(out) != '{' {
		return out, err
	}
	ms, err := members(out)
	if err != nil {
		return nil, err
	}
	keep := append(slices.Clone(pr.includeOnly), pl.root.required...)
	return encodeObject(slices.DeleteFunc(ms, func(m member) bool { return !slices.Contains(keep, m.key) })), nil
}

func (s *shape) project(raw json.RawMessage, pr projection) (json.RawMessage, error) {
	switch t := firstByte(raw); {
	case s == nil:
		return raw, nil
	case t == '{' && (s.modes != nil || len(s.props) > 0):
		ms, err := members(raw)
		if err != nil {
			return nil, err
		}
		if s.modes != nil {
			keep := s.keep(pr)
			ms = slices.DeleteFunc(ms, func(m member) bool { return !slices.Contains(keep, m.key) })
		}
		for i, m := range ms {
			if ms[i].value, err = s.props[m.key].project(m.value, pr); err != nil {
				return nil, err
			}
		}
		return encodeObject(ms), nil
	case t == '[' && s.items != nil:
		items, err := elements(raw)
		if err != nil {
			return nil, err
		}
		for i := range items {
			if items[i], err = s.items.project(items[i], pr); err != nil {
				return nil, err
			}
		}
		return encodeArray(items), nil
	}
	return raw, nil
}

// keep returns the members an annotated object emits: the mode's members, or,
// when fields names some of them, those and the required members.
func (s *shape) keep(pr projection) []string {
	all := s.modes[pr.mode]
	var asked []string
	for _, f := range pr.fields {
		if slices.Contains(all, f) {
			asked = append(asked, f)
		}
	}
	if len(asked) == 0 {
		return all
	}
	return append(asked, s.required...)
}

// listIn returns the items of the payload's list in data, and a function that
// rebuilds data with only the first k of them. ok is false when the payload
// has no list or data does not hold one where the schema says.
func (pl *Payload) listIn(data json.RawMessage) (items []json.RawMessage, keep func(k int) json.RawMessage, ok bool) {
	if pl == nil || pl.list == nil {
		return nil, nil, false
	}
	raw, found := getPath(data, pl.list)
	if !found || firstByte(raw) != '[' {
		return nil, nil, false
	}
	items, err := elements(raw)
	if err != nil {
		return nil, nil, false
	}
	return items, func(k int) json.RawMessage {
		out, err := setPath(data, pl.list, encodeArray(items[:k]))
		if err != nil { // cannot happen: getPath found the same path
			return data
		}
		return out
	}, true
}

// itemID returns the id of a list item as text: a string as it is, a number
// as its JSON text; "" when the item has none.
func (pl *Payload) itemID(item json.RawMessage) string {
	raw, ok := getPath(item, []string{pl.id})
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

type member struct {
	key   string
	value json.RawMessage
}

// members returns the members of a JSON object in their order.
func members(raw json.RawMessage) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var out []member
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key, v})
	}
	return out, nil
}

// elements returns the items of a JSON array.
func elements(raw json.RawMessage) ([]json.RawMessage, error) {
	var out []json.RawMessage
	err := json.Unmarshal(raw, &out)
	return out, err
}

func encodeObject(ms []member) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

func encodeArray(items []json.RawMessage) json.RawMessage {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = string(it)
	}
	return json.RawMessage("[" + strings.Join(parts, ",") + "]")
}

func getPath(raw json.RawMessage, path []string) (json.RawMessage, bool) {
	for _, name := range path {
		ms, err := members(raw)
		if err != nil {
			return nil, false
		}
		i := slices.IndexFunc(ms, func(m member) bool { return m.key == name })
		if i < 0 {
			return nil, false
		}
		raw = ms[i].value
	}
	return raw, true
}

func setPath(raw json.RawMessage, path []string, value json.RawMessage) (json.RawMessage, error) {
	if len(path) == 0 {
		return value, nil
	}
	ms, err := members(raw)
	if err != nil {
		return nil, err
	}
	for i := range ms {
		if ms[i].key == path[0] {
			if ms[i].value, err = setPath(ms[i].value, path[1:], value); err != nil {
				return nil, err
			}
			return encodeObject(ms), nil
		}
	}
	return nil, errors.New("no member " + path[0])
}

func firstByte(raw []byte) byte {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return 0
	}
	return raw[0]
}
