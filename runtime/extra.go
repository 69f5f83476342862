package runtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// MarshalWithExtra encodes an object with extra members: known is a value whose
// JSON encoding is an object of the known members (in generated code, the
// struct converted to a local type without methods), extra the members beyond
// them, which follow in name order.
//
// It fails when known does not encode as an object, and when extra holds a
// member named in members (the known member names), which would otherwise be
// written twice or with the wrong type.
func MarshalWithExtra[E any](known any, extra map[string]E, members ...string) ([]byte, error) {
	head, err := json.Marshal(known)
	if err != nil {
		return nil, err
	}
	if len(head) < 2 || head[0] != '{' {
		return nil, errors.New("runtime.MarshalWithExtra: known members do not encode as an object: " + abbrev(head))
	}
	if len(extra) == 0 {
		return head, nil
	}
	for _, m := range members {
		if _, ok := extra[m]; ok {
			return nil, fmt.Errorf("extra member %q has the name of a known member", m)
		}
	}
	tail, err := json.Marshal(extra) // sorted by name
	if err != nil {
		return nil, err
	}
	// {"a":1} + {"x":2} → {"a":1,"x":2}; {} + {"x":2} → {"x":2}
	out := head[:len(head)-1]
	if len(head) > 2 {
		out = append(out, ',')
	}
	return append(out, tail[1:]...), nil
}

// SplitExtra stores in *extra the members of the JSON object data whose names
// are not in members (the known member names), each decoded as an E; *extra is
// nil when there are none. It fails when data is not an object (null
// included).
func SplitExtra[E any](data []byte, extra *map[string]E, members ...string) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil || all == nil {
		return fmt.Errorf("want a JSON object, got %s", abbrev(data))
	}
	names := make([]string, 0, len(all))
	for name := range all {
		if !slices.Contains(members, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names) // the first error is the same on every run
	var out map[string]E
	for _, name := range names {
		var v E
		if err := json.Unmarshal(all[name], &v); err != nil {
			return fmt.Errorf("extra member %q: %w", name, err)
		}
		if out == nil {
			out = make(map[string]E, len(names))
		}
		out[name] = v
	}
	*extra = out
	return nil
}
