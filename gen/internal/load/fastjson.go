package load

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// fastDecode reads a JSON document and the written order of its members in
// one pass, into the values decodeJSON and keyOrder give: maps, slices,
// strings, json.Number, bools and nil. It reports false for any document it
// is not sure of (a syntax error, a duplicate key, nesting past encoding/json's
// limit), so that the two-pass path reads that one and words its error.
func fastDecode(data []byte) (any, map[string][]string, bool) {
	p := &fastParser{data: data, order: make(map[string][]string, bytes.Count(data, []byte("{"))), ptrLeft: pointerBytes(pointerBudget(len(data)))}
	v, ok := p.value("", 0)
	if !ok {
		return nil, nil, false
	}
	if p.space(); p.i != len(data) {
		return nil, nil, false
	}
	return v, p.order, true
}

// maxDepth is encoding/json's nesting limit; the parser leaves a document at
// it to the two-pass path.
const maxDepth = 10000

type fastParser struct {
	data  []byte
	i     int
	order map[string][]string
	vals  []any // values of the arrays and objects being read, a stack
	keys  []string
	strs  map[string]any // short strings met, for intern
	// past it, the two-pass path words the refusal
	ptrLeft pointerBytes
}

func (p *fastParser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value reads the value at p.i, whose JSON Pointer is ptr.
func (p *fastParser) value(ptr string, depth int) (any, bool) {
	p.space()
	if p.i >= len(p.data) {
		return nil, false
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(ptr, depth+1)
	case c == '[':
		return p.array(ptr, depth+1)
	case c == '"':
		s, boxed, ok := p.str()
		switch {
		case !ok:
			return nil, false
		case boxed != nil: // no new box for "string", "object", … each time
			return boxed, true
		}
		return s, true
	case c == '-' || '0' <= c && c <= '9':
		return p.number()
	}
	for _, lit := range [...]struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if bytes.HasPrefix(p.data[p.i:], []byte(lit.text)) {
			p.i += len(lit.text)
			return lit.v, true
		}
	}
	return nil, false
}

func (p *fastParser) object(ptr string, depth int) (any, bool) {
	if depth >= maxDepth || !p.ptrLeft.charge(ptr) {
		return nil, false
	}
	p.i++ // {
	vals, keys := len(p.vals), len(p.keys)
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return map[string]any{}, true
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, false
		}
		key, _, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, false
		}
		p.i++
		p.space()
		at := ""
		if p.i < len(p.data) && (p.data[p.i] == '{' || p.data[p.i] == '[') {
			at = ptr + "/" + escape(key)
		}
		v, ok := p.value(at, depth)
		if !ok {
			return nil, false
		}
		p.keys = append(p.keys, key)
		p.vals = append(p.vals, v)
		more, ok := p.sep('}')
		if !ok {
			return nil, false
		}
		if !more {
			break
		}
	}
	order := make([]string, len(p.keys)-keys)
	copy(order, p.keys[keys:])
	m := make(map[string]any, len(order))
	for j, k := range order {
		m[k] = p.vals[vals+j]
	}
	clear(p.vals[vals:])
	p.keys, p.vals = p.keys[:keys], p.vals[:vals]
	if len(m) != len(order) { // a duplicate key: the two-pass path names it
		return nil, false
	}
	p.order[ptr] = order
	return m, true
}

// sep reads what follows a member or an item: a comma, more to come, or
// the closing bracket.
func (p *fastParser) sep(closing byte) (more, ok bool) {
	p.space()
	if p.i < len(p.data) {
		switch p.data[p.i] {
		case ',':
			p.i++
			return true, true
		case closing:
			p.i++
			return false, true
		}
	}
	return false, false
}

func (p *fastParser) array(ptr string, depth int) (any, bool) {
	if depth >= maxDepth {
		return nil, false
	}
	p.i++ // [
	vals := len(p.vals)
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return []any{}, true
	}
	for n := 0; ; n++ {
		p.space()
		at := ""
		if p.i < len(p.data) && (p.data[p.i] == '{' || p.data[p.i] == '[') {
			at = ptr + "/" + strconv.Itoa(n)
		}
		v, ok := p.value(at, depth)
		if !ok {
			return nil, false
		}
		p.vals = append(p.vals, v)
		more, ok := p.sep(']')
		if !ok {
			return nil, false
		}
		if !more {
			break
		}
	}
	arr := make([]any, len(p.vals)-vals)
	copy(arr, p.vals[vals:])
	clear(p.vals[vals:]) // the stack holds no value past its use
	p.vals = p.vals[:vals]
	return arr, true
}

// str reads the string at p.i. One without escapes is its bytes; anything
// else is read by encoding/json, so that escapes and invalid UTF-8 come out
// as they do there. boxed is the string as an any when intern holds it, nil
// otherwise.
func (p *fastParser) str() (s string, boxed any, ok bool) {
	start := p.i
	escaped, ascii := false, true
	j := p.i + 1
	for ; j < len(p.data); j++ {
		c := p.data[j]
		if c == '"' {
			break
		}
		if c == '\\' {
			escaped = true
			j++
			continue
		}
		if c < 0x20 {
			return "", nil, false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	if j >= len(p.data) {
		return "", nil, false
	}
	p.i = j + 1
	raw := p.data[start+1 : j]
	if !escaped && (ascii || utf8.Valid(raw)) {
		s, boxed = p.intern(raw)
		return s, boxed, true
	}
	if err := json.Unmarshal(p.data[start:p.i], &s); err != nil {
		return "", nil, false
	}
	return s, nil, true
}

// intern returns string(b), the same string for the same short bytes:
// schemas repeat their keywords and type names thousands of times. boxed is
// that string as an any, made once too, or nil for a long string.
func (p *fastParser) intern(b []byte) (s string, boxed any) {
	if len(b) > 24 {
		return string(b), nil
	}
	if v, ok := p.strs[string(b)]; ok {
		return v.(string), v
	}
	if p.strs == nil {
		p.strs = map[string]any{}
	}
	s = string(b)
	boxed = s
	p.strs[s] = boxed
	return s, boxed
}

// number reads the number at p.i, as json.Number of its text.
func (p *fastParser) number() (any, bool) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.data) && '0' <= p.data[p.i] && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.data[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.data) && p.data[p.i] == '0':
		p.i++
	case digits() == 0:
		return nil, false
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, false
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	return json.Number(p.data[start:p.i]), true
}
