package dialects

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// node is a JSON value that keeps its members in order, so that a document
// can lose a member and still be written in the order it was built in.
type node struct {
	kind  byte     // '{' object, '[' array, 0 scalar
	keys  []string // object member names, in order
	vals  []*node  // object member values, or array items
	token any      // scalar: string, json.Number, bool or nil
}

// parseTree reads one JSON value.
func parseTree(b []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("text after the JSON value")
	}
	return n, nil
}

func readNode(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return &node{token: tok}, nil
	}
	n := &node{kind: byte(d)}
	for dec.More() {
		if n.kind == '{' {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, key.(string))
		}
		v, err := readNode(dec)
		if err != nil {
			return nil, err
		}
		n.vals = append(n.vals, v)
	}
	_, err = dec.Token() // the closing delimiter
	return n, err
}

// value returns n as the validator wants it: map[string]any, []any,
// string, json.Number, bool or nil.
func (n *node) value() any {
	switch n.kind {
	case '{':
		m := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			m[k] = n.vals[i].value()
		}
		return m
	case '[':
		a := make([]any, len(n.vals))
		for i, v := range n.vals {
			a[i] = v.value()
		}
		return a
	}
	return n.token
}

// appendJSON appends n, compact.
func (n *node) appendJSON(b []byte) []byte {
	switch n.kind {
	case '{', '[':
		b = append(b, n.kind)
		for i, v := range n.vals {
			if i > 0 {
				b = append(b, ',')
			}
			if n.kind == '{' {
				b = appendString(b, n.keys[i])
				b = append(b, ':')
			}
			b = v.appendJSON(b)
		}
		return append(b, n.kind+2) // '{'+2 is '}', '['+2 is ']'
	}
	switch t := n.token.(type) {
	case string:
		return appendString(b, t)
	case json.Number:
		return append(b, t...)
	case bool:
		return strconv.AppendBool(b, t)
	}
	return append(b, "null"...)
}

func appendString(b []byte, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// parentOf returns the node holding the value at the JSON Pointer ptr, and
// the last token of ptr: nil for the root or a parent that is not there.
func (n *node) parentOf(ptr string) (*node, string) {
	tokens := splitPointer(ptr)
	if len(tokens) == 0 {
		return nil, ""
	}
	return n.at(tokens[:len(tokens)-1]), tokens[len(tokens)-1]
}

// remove deletes the value at the JSON Pointer ptr: an object member or an
// array item. It reports whether there was one.
func (n *node) remove(ptr string) bool {
	parent, last := n.parentOf(ptr)
	if parent == nil {
		return false
	}
	switch parent.kind {
	case '{':
		for i, k := range parent.keys {
			if k == last {
				parent.keys = append(parent.keys[:i], parent.keys[i+1:]...)
				parent.vals = append(parent.vals[:i], parent.vals[i+1:]...)
				return true
			}
		}
	case '[':
		i, err := strconv.Atoi(last)
		if err == nil && i >= 0 && i < len(parent.vals) {
			parent.vals = append(parent.vals[:i], parent.vals[i+1:]...)
			return true
		}
	}
	return false
}

// at returns the value at the pointer tokens, or nil.
func (n *node) at(tokens []string) *node {
	for _, tok := range tokens {
		var next *node
		switch n.kind {
		case '{':
			for i, k := range n.keys {
				if k == tok {
					next = n.vals[i]
				}
			}
		case '[':
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.vals) {
				next = n.vals[i]
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	return n
}

// splitPointer returns the unescaped tokens of an RFC 6901 JSON Pointer.
func splitPointer(ptr string) []string {
	if ptr == "" {
		return nil
	}
	tokens := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, t := range tokens {
		tokens[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
	}
	return tokens
}

// add appends the member ptr names to the object that holds it, with the
// value v (JSON text). It reports whether it did: false when the parent is
// not an object or already has the member.
func (n *node) add(ptr string, v string) bool {
	tokens := splitPointer(ptr)
	if len(tokens) == 0 {
		return false
	}
	parent := n.at(tokens[:len(tokens)-1])
	last := tokens[len(tokens)-1]
	if parent == nil || parent.kind != '{' || parent.at([]string{last}) != nil {
		return false
	}
	val, err := parseTree([]byte(v))
	if err != nil {
		return false
	}
	parent.keys = append(parent.keys, last)
	parent.vals = append(parent.vals, val)
	return true
}
