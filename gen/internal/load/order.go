package load

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// keyOrder records, for every object in a JSON document, its member names in
// the order they are written, keyed by the object's JSON Pointer. Decoding into
// Go maps forgets that order; generated structs keep it.
func keyOrder(data []byte) map[string][]string {
	order := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		ptr     string
		object  bool
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
			return order
		}
		if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey {
			if key, ok := tok.(string); ok {
				top := &stack[len(stack)-1]
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
			stack = append(stack, frame{ptr: ptr, object: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{ptr: ptr})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}
