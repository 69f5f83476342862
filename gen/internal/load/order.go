package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// keyOrder records, for every object in a JSON document, its member names in
// the order they are written, keyed by the object's JSON Pointer. Decoding into
// Go maps forgets that order; generated structs keep it. A member name written
// twice in one object is an error at that object's pointer: encoding/json would
// keep the last silently, where YAML and most schema tools refuse.
func keyOrder(data []byte) (map[string][]string, error) {
	order := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		ptr     string
		object  bool
		seen    map[string]bool
		index   int
		wantKey bool
	}
	var stack []frame
	// child returns the pointer of the value about to be read in the top frame.
	child := func(key string) string {
		top := &stack[len(stack)-1]
		if top.object {
			return top.ptr + "/" + escape(key)
		}
		p := top.ptr + "/" + strconv.Itoa(top.index)
		top.index++
		return p
	}
	var pendingKey string
	for {
		tok, err := dec.Token()
		if err != nil {
			return order, nil // decodeJSON has reported any syntax error
		}
		if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey {
			if key, ok := tok.(string); ok {
				top := &stack[len(stack)-1]
				if top.seen[key] {
					line, _ := position(data, dec.InputOffset())
					return nil, &pointerError{ptr: top.ptr, msg: fmt.Sprintf("invalid JSON at line %d: duplicate key %q", line, key)}
				}
				top.seen[key] = true
				order[top.ptr] = append(order[top.ptr], key)
				top.wantKey = false
				pendingKey = key
				continue
			}
		}
		ptr := ""
		if len(stack) > 0 {
			if d, ok := tok.(json.Delim); !ok || (d != '}' && d != ']') {
				ptr = child(pendingKey)
				if stack[len(stack)-1].object {
					stack[len(stack)-1].wantKey = true
				}
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{ptr: ptr, object: true, wantKey: true, seen: map[string]bool{}})
		case json.Delim('['):
			stack = append(stack, frame{ptr: ptr})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}
