package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/envgen/envgen/internal/jsonpos"
)

// keyOrder records, for every object in a JSON document, its member names in
// the order they are written, keyed by the object's JSON Pointer. Decoding into
// Go maps forgets that order; generated structs keep it. A member name written
// twice in one object is an error at that object's pointer: encoding/json would
// keep the last silently, where YAML and most schema tools refuse.
func keyOrder(data []byte) (map[string][]string, error) {
	s := &orderScanner{data: data, order: map[string][]string{}, ptrLeft: pointerBytes(pointerBudget(len(data)))}
	s.value("")
	return s.order, s.err
}

// orderScanner walks a document that decodeJSON has accepted, in one pass
// over its bytes: json.Decoder.Token, which this replaces, allocated for
// every token and was a tenth of loading a large schema.
type orderScanner struct {
	data    []byte
	i       int
	order   map[string][]string
	err     error
	ptrLeft pointerBytes
}

func (s *orderScanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// nested reports whether the value at s.i (past white space) is an object
// or an array, whose pointer value needs.
func (s *orderScanner) nested() bool {
	s.space()
	return s.i < len(s.data) && (s.data[s.i] == '{' || s.data[s.i] == '[')
}

// value reads the value at s.i, whose JSON Pointer is ptr.
func (s *orderScanner) value(ptr string) {
	s.space()
	if s.i >= len(s.data) || s.err != nil {
		return
	}
	switch s.data[s.i] {
	case '{':
		s.object(ptr)
	case '[':
		s.i++
		for n := 0; ; n++ {
			s.space()
			if s.i >= len(s.data) || s.data[s.i] == ']' {
				s.i++
				return
			}
			if n > 0 { // the comma
				s.i++
			}
			if s.nested() {
				s.value(ptr + "/" + strconv.Itoa(n))
			} else {
				s.value("") // a scalar: its pointer is not used
			}
			if s.err != nil {
				return
			}
		}
	case '"':
		s.i = s.stringEnd()
	default: // a number, true, false or null
		for s.i < len(s.data) {
			switch s.data[s.i] {
			case ',', ']', '}', ' ', '\t', '\n', '\r':
				return
			}
			s.i++
		}
	}
}

func (s *orderScanner) object(ptr string) {
	if !s.ptrLeft.charge(ptr) {
		line, col := jsonpos.Position(s.data, int64(s.i))
		s.err = errors.New(tooLongPointers(line, col, len(s.data)))
		return
	}
	s.i++ // {
	var keys []string
	var seen map[string]bool // past a few keys: a linear search would make $defs of n entries cost n²
	for {
		s.space()
		if s.i >= len(s.data) {
			return
		}
		switch s.data[s.i] {
		case '}':
			s.i++
			if keys != nil {
				s.order[ptr] = keys
			}
			return
		case ',':
			s.i++
			s.space()
		}
		start := s.i
		s.i = s.stringEnd()
		key := decodeKey(s.data[start:s.i])
		if seen != nil && seen[key] || seen == nil && slices.Contains(keys, key) {
			line, _ := jsonpos.Position(s.data, int64(s.i))
			s.err = &pointerError{ptr: ptr, msg: fmt.Sprintf("invalid JSON at line %d: duplicate key %q", line, key)}
			return
		}
		keys = append(keys, key)
		if seen != nil {
			seen[key] = true
		} else if len(keys) == 16 {
			seen = make(map[string]bool, 64)
			for _, k := range keys {
				seen[k] = true
			}
		}
		s.space()
		s.i++ // :
		if s.nested() {
			s.value(ptr + "/" + escape(key))
		} else {
			s.value("") // a scalar: its pointer is not used
		}
		if s.err != nil {
			return
		}
	}
}

// stringEnd returns the index just past the string that starts at s.i.
func (s *orderScanner) stringEnd() int {
	for j := s.i + 1; j < len(s.data); j++ {
		switch s.data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(s.data)
}

// decodeKey is the member name a quoted JSON string stands for, as
// encoding/json decodes it.
func decodeKey(quoted []byte) string {
	raw := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw)
	}
	var key string
	if err := json.Unmarshal(quoted, &key); err != nil {
		return string(raw) // decodeJSON has accepted the document
	}
	return key
}
