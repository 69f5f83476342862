package envgenrt

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"unsafe"
)

// MaxDepth is how deeply arrays and objects may nest in a JSON text that
// generated code decodes; deeper nesting is an error, not a stack overflow.
const MaxDepth = 10000

// SyntaxError is a JSON text that is not valid JSON, or that generated code
// refuses before validation: a member name given twice, nesting deeper than
// MaxDepth.
type SyntaxError struct {
	Offset int    // the byte offset of the problem
	Msg    string // e.g. `duplicate member name "id"`
}

func (e *SyntaxError) Error() string {
	return "invalid JSON at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// AsSyntaxError finds the JSON syntax error in err's chain: a *SyntaxError,
// or the *json.SyntaxError of encoding/json as one. json.Unmarshal checks the
// text itself before it calls a generated UnmarshalJSON, so through it text
// that is not JSON, and nesting deeper than MaxDepth (encoding/json's limit is
// the same), come back as *json.SyntaxError, which errors.As cannot turn into
// a *SyntaxError; x.UnmarshalJSON and Unmarshal return a *SyntaxError for
// them. AsSyntaxError matches both ways:
//
//	if se, ok := envgenrt.AsSyntaxError(json.Unmarshal(data, &env)); ok { … se.Offset … }
func AsSyntaxError(err error) (*SyntaxError, bool) {
	var se *SyntaxError
	if errors.As(err, &se) {
		return se, true
	}
	var je *json.SyntaxError
	if errors.As(err, &je) {
		return &SyntaxError{Offset: int(je.Offset), Msg: je.Error()}, true
	}
	return nil, false
}

// Parse parses the JSON text src into t, replacing what t held. It is strict
// where encoding/json is lax (a member name given twice is an error) and
// lenient where encoding/json is: invalid UTF-8 in a string decodes to
// U+FFFD, as do lone UTF-16 surrogates. Surrounding white space is allowed;
// anything else after the value is an error. It does not recurse, so no input
// can exhaust the stack; nesting deeper than MaxDepth is an error.
//
// t keeps src: the caller must not change it while t is in use.
func (t *Tree) Parse(src []byte) error {
	t.reset(src)
	if len(src) >= math.MaxInt32 {
		return &SyntaxError{0, "the text is larger than 2 GB"}
	}
	p := parser{t: t, src: src, nodes: t.nodes[:0], stack: t.stack[:0], names: t.names[:0]}
	err := p.parse()
	t.nodes, t.stack, t.names = p.nodes, p.stack[:0], p.names[:0]
	t.strBytes, t.strs, t.scalars = p.strBytes, p.strs, p.scalars
	return err
}

type parser struct {
	t     *Tree
	src   []byte
	i     int
	nodes []node  // t's, while it is parsed: kept here, on the stack, they grow without write barriers
	stack []int32 // open containers
	// names has, for each open container, a set of 64 bits, one for each
	// hash (nameBit) of the member names seen in it: a name whose bit is not
	// set cannot be a duplicate, so most names need no comparison.
	names []uint64
	dups  map[int32]map[string]bool
	// t's counts (Tree.strBytes …), kept here while it is parsed
	strBytes, strs, scalars int
}

// nameBit is the bit of a member name in parser.names.
func nameBit(name []byte) uint64 {
	first, last := uint('"'), uint('"') // (an empty name's, as in nameBitAt)
	if len(name) > 0 {
		first, last = uint(name[0]), uint(name[len(name)-1])
	}
	return 1 << ((uint(len(name))*7 + first*3 + last) & 63)
}

// nameBitAt is nameBit of the name src[q+1:end] that needs no decoding,
// with its quotes at q and end (0 <= q < end < len(src)), without slicing
// it or checking bounds: the bytes next to the quotes of an empty name are
// the quotes.
func nameBitAt(src []byte, q, end int) uint64 {
	return 1 << ((uint(end-q-1)*7 + uint(byteAt(src, q+1))*3 + uint(byteAt(src, end-1))) & 63)
}

func (p *parser) fail(msg string) error { return &SyntaxError{p.i, msg} }

func (p *parser) unexpected() error {
	if p.i >= len(p.src) {
		return p.fail("unexpected end of JSON input")
	}
	return p.fail("unexpected character " + strconv.QuoteRune(rune(p.src[p.i])))
}

// skipWS returns the index of the first byte at or after i in src that is
// not white space. (It takes and returns the index, so that the parser's
// loops keep it in a register rather than in p.i. The index is compared as
// a uint here and in the parser's loop where src[i] follows: then the
// compiler knows that i is not negative, and checks no bounds again.)
func skipWS(src []byte, i int) int {
	for uint(i) < uint(len(src)) && src[i] <= ' ' { // (one test for text without white space)
		switch src[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// pending is a member name as key reads it: its span, in src or (kbuf) in
// t.buf.
type pending struct {
	k0, k1 int32
	kbuf   bool
}

func (p *parser) parse() error {
	// The index is kept in i, a register, and handed over in p.i to the
	// helpers that read from it (str, number, literal, key, close, fail).
	src := p.src
	// The innermost open container, and whether it is an object. The loop
	// comes back here at the start, after '[', '{' or a comma: inside an
	// object, a member name comes first.
	top, inObj := int32(-1), false
	// The bits (names) of the member names of top, when it is an object:
	// kept here, and in names only while key runs and while a container
	// inside it is open.
	var seen uint64
	i := skipWS(src, p.i)
	for {
		// The node of the value (and its name) comes first: the name is
		// written into it as it is read, rather than held until then.
		d := p.newNode() // (valid until the next node is added; the last node)
		if inObj {
			// A member of top: a name that needs no decoding, with a
			// colon right after it, and whose bit in names is not set yet
			// (it cannot be a duplicate), is read here; key reads any
			// other, and says what is wrong.
			ok := false
			if uint(i) < uint(len(src)) && src[i] <= ' ' { // (white space after a comma)
				i = skipWS(src, i)
			}
			if uint(i) < uint(len(src)) && src[i] == '"' {
				if end := specialAt(src, i+1); end >= 0 && byteAt(src, end) == '"' && end+1 < len(src) && byteAt(src, end+1) == ':' {
					if bit := nameBitAt(src, i, end); seen&bit == 0 { // (all bits are set past dupScan members)
						seen |= bit
						d.flags, d.k0, d.k1 = flagMember, int32(i+1), int32(end)
						ok, i = true, end+2
					}
				}
			}
			if !ok {
				p.i = i
				p.names[len(p.names)-1] = seen
				if err := p.key(top, d); err != nil {
					return err
				}
				i, seen = p.i, p.names[len(p.names)-1]
			}
		}
		// A value is expected at i.
		if uint(i) < uint(len(src)) && src[i] <= ' ' { // (white space after a colon or a comma)
			i = skipWS(src, i)
		}
		if uint(i) >= uint(len(src)) {
			p.i = i
			return p.unexpected()
		}
		d.start, d.next = int32(i), int32(len(p.nodes))
		if top >= 0 {
			t := nodeAt(p.nodes, top)
			t.count++
			if inObj && t.count == dupScan {
				// Every further name goes to key, which keeps a set of
				// the names of a large object.
				seen = ^uint64(0)
			}
		}
		open := false
		switch c := src[i]; { // (strings and numbers first: most values are)
		case c == '"':
			d.kind = KindString
			if end := specialAt(src, i+1); end >= 0 && byteAt(src, end) == '"' { // (most strings: no call to str)
				d.s0, d.s1 = int32(i+1), int32(end)
				p.strBytes += end - i - 1
				i = end + 1
			} else {
				p.i = i
				s0, s1, inBuf, err := p.str()
				if err != nil {
					return err
				}
				i = p.i
				d.s0, d.s1 = s0, s1
				p.strBytes += int(s1 - s0)
				if inBuf {
					d.flags |= flagStrBuf
				}
			}
			p.strs++
		case c == '-' || (c >= '0' && c <= '9'):
			d.kind = KindNumber
			p.scalars++
			if v, frac, end, ok := decAt(src, i); c != '-' && ok { // (most numbers: no call to number)
				d.s0, d.s1 = int32(uint32(uint64(v))), int32(uint32(uint64(v)>>32))
				if frac == 0 {
					d.flags |= flagInt
				} else {
					d.flags |= flagDec
					d.count = frac
				}
				i = end
				break
			}
			p.i = i
			v, isInt, frac, err := p.number()
			if err != nil {
				return err
			}
			i = p.i
			if isInt || frac > 0 {
				d.s0, d.s1 = int32(uint32(uint64(v))), int32(uint32(uint64(v)>>32))
				if isInt {
					d.flags |= flagInt
				} else {
					d.flags |= flagDec
					d.count = frac
				}
			}
		case c == '{':
			d.kind, open = KindObject, true
			i++
		case c == '[':
			d.kind, open = KindArray, true
			i++
		case c == 't':
			d.kind = KindTrue
			p.scalars++
			p.i = i
			if err := p.literal("true"); err != nil {
				return err
			}
			i = p.i
		case c == 'f':
			d.kind = KindFalse
			p.scalars++
			p.i = i
			if err := p.literal("false"); err != nil {
				return err
			}
			i = p.i
		case c == 'n':
			d.kind = KindNull
			p.i = i
			if err := p.literal("null"); err != nil {
				return err
			}
			i = p.i
		default:
			p.i = i
			return p.unexpected()
		}
		d.end = int32(i)
		if open {
			n := int32(len(p.nodes)) - 1 // (d's index, read again rather than kept across the loop)
			if len(p.stack) >= MaxDepth {
				p.i = i
				return p.fail("nesting deeper than " + strconv.Itoa(MaxDepth) + " levels")
			}
			if k := len(p.names) - 1; k >= 0 {
				p.names[k] = seen
			}
			p.stack = append(p.stack, n)
			p.names = append(p.names, 0)
			top, inObj, seen = n, d.kind == KindObject, 0
			i = skipWS(src, i)
			if inObj {
				if i < len(src) && src[i] == '}' {
					i++
					p.i = i
					top, inObj, seen = p.close(n)
				} else {
					continue
				}
			} else if i < len(src) && src[i] == ']' {
				i++
				p.i = i
				top, inObj, seen = p.close(n)
			} else {
				continue
			}
		}
		// After a value: a comma, the end of containers, or the end. White
		// space is skipped where a byte is not one of them (and before the
		// next name or value), not before each: most texts have none.
		for {
			if top < 0 {
				i = skipWS(src, i)
				p.i = i
				if i < len(src) {
					return p.fail("unexpected character " + strconv.QuoteRune(rune(src[i])) + " after the top-level value")
				}
				return nil
			}
			if uint(i) >= uint(len(src)) {
				p.i = i
				return p.unexpected()
			}
			c := src[i]
			if c == ',' {
				i++
				break
			}
			if (inObj && c == '}') || (!inObj && c == ']') {
				i++
				p.i = i
				top, inObj, seen = p.close(top)
				continue
			}
			if j := skipWS(src, i); j > i {
				i = j
				continue
			}
			p.i = i
			return p.unexpected()
		}
	}
}

// newNode adds a zero node and returns it. (It is zeroed where it lies:
// append(p.nodes, node{…}) builds the node on the stack and copies it with
// loads that straddle the stores just made, a store-forwarding stall that
// cost a third of the parse.)
// nodeAt is &nodes[n] for a container n that the parser has opened, and so
// added (0 <= n < len(nodes)), without the bounds check: every node
// increments its container's count.
func nodeAt(nodes []node, n int32) *node {
	return (*node)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(nodes)), uintptr(n)*unsafe.Sizeof(node{})))
}

func (p *parser) newNode() *node {
	n := len(p.nodes)
	if n == cap(p.nodes) {
		p.nodes = append(p.nodes, node{})
		return &p.nodes[n]
	}
	nodes := p.nodes[:n+1] // (a local: &nodes[n] needs no bounds check, and p.nodes is not read again)
	p.nodes = nodes
	d := &nodes[n]
	*d = node{}
	return d
}

// close ends the container n at p.i and returns the container that is now
// innermost, or -1, whether it is an object, and its names bits.
func (p *parser) close(n int32) (top int32, inObj bool, seen uint64) {
	nodes := p.nodes // (once: after each store into a node the compiler would load p.nodes again)
	d := &nodes[n]
	d.end, d.next = int32(p.i), int32(len(nodes))
	k := len(p.stack) - 1
	p.stack, p.names = p.stack[:k], p.names[:k] // (names has an entry for each container on stack)
	top = -1
	if k > 0 {
		top = p.stack[k-1]
		inObj = nodes[top].kind == KindObject
		seen = p.names[k-1]
	}
	if p.dups != nil {
		delete(p.dups, n)
	}
	return top, inObj, seen
}

// key reads `"name" :` of a member of object obj into d, the member's node
// (the last), and refuses a name the object already has.
func (p *parser) key(obj int32, d *node) error {
	if p.i >= len(p.src) || p.src[p.i] != '"' {
		if p.i < len(p.src) && p.src[p.i] == '}' {
			return p.fail("unexpected '}' after ','")
		}
		return p.fail("want a member name in double quotes")
	}
	at := p.i
	var k pending
	if end := specialAt(p.src, at+1); end >= 0 && p.src[end] == '"' { // (most names: no call to str)
		k = pending{int32(at + 1), int32(end), false}
		p.i = end + 1
	} else {
		k0, k1, inBuf, err := p.str()
		if err != nil {
			return err
		}
		k = pending{k0, k1, inBuf}
	}
	k0, k1, inBuf := k.k0, k.k1, k.kbuf
	var name []byte // a decoded name's span is in t.buf, not in src
	if inBuf {
		name = p.t.buf[k0:k1]
	} else {
		name = p.src[k0:k1]
	}
	bit, seen := nameBit(name), &p.names[len(p.names)-1]
	// (a large object keeps a set of its names, which needs every name)
	dup := (*seen&bit != 0 || p.nodes[obj].count >= dupScan) && p.duplicate(obj, k)
	*seen |= bit
	if dup {
		p.i = at
		return p.fail("duplicate member name " + strconv.Quote(string(name)))
	}
	src, i := p.src, p.i
	if i < len(src) && src[i] == ':' { // (as in text without white space)
		i++
	} else {
		i = skipWS(src, i)
		if i >= len(src) || src[i] != ':' {
			p.i = i
			return p.fail("want ':' after a member name")
		}
		i++
	}
	p.i = skipWS(src, i)
	d.flags, d.k0, d.k1 = flagMember, k0, k1
	if inBuf {
		d.flags |= flagKeyBuf
	}
	return nil
}

// dupScan is the number of members up to which duplicates are found by
// comparing with each earlier member; larger objects use a set.
const dupScan = 32

func (p *parser) duplicate(obj int32, k pending) bool {
	t := p.t
	t.nodes = p.nodes[:len(p.nodes)-1] // (t.Key reads them; the last is the member whose name is k)
	var name []byte
	if k.kbuf {
		name = t.buf[k.k0:k.k1]
	} else {
		name = t.src[k.k0:k.k1]
	}
	count := t.nodes[obj].count
	if count < dupScan {
		for c := obj + 1; c < int32(len(t.nodes)); c = t.nodes[c].next {
			if string(t.Key(c)) == string(name) {
				return true
			}
		}
		return false
	}
	if p.dups == nil {
		p.dups = map[int32]map[string]bool{}
	}
	set := p.dups[obj]
	if set == nil {
		set = make(map[string]bool, 2*dupScan)
		for c := obj + 1; c < int32(len(t.nodes)); c = t.nodes[c].next {
			set[string(t.Key(c))] = true
		}
		p.dups[obj] = set
	}
	if set[string(name)] {
		return true
	}
	set[string(name)] = true
	return false
}

func (p *parser) literal(word string) error {
	if len(p.src)-p.i < len(word) || string(p.src[p.i:p.i+len(word)]) != word {
		for j := 0; j < len(word); j++ {
			if p.i >= len(p.src) || p.src[p.i] != word[j] {
				return p.unexpected()
			}
			p.i++
		}
	}
	p.i += len(word)
	return nil
}
