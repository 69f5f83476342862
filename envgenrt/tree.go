package envgenrt

import (
	"math"
	"unsafe"
)

// Kind is the JSON type of a value in a Tree.
type Kind uint8

// The kinds of JSON values. Integers are numbers: whether a number is an
// integer is a question about its value (IsInteger), not its spelling.
const (
	KindNull Kind = iota + 1
	KindFalse
	KindTrue
	KindNumber
	KindString
	KindArray
	KindObject
)

var kindNames = [...]string{"", "null", "boolean", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Tree is a parsed JSON text: a flat list of nodes in document order, each
// with the byte span it was parsed from. Node 0 is the top-level value; the
// children of a container follow it, each child's subtree before the next
// child. A Tree is read by generated validators and decoders; it is not
// changed after Parse.
//
// Iterating the members of an object (or the items of an array) n:
//
//	for c, end := t.Bounds(n); c < end; c = t.Next(c) {
//		key := t.Key(c) // objects only
//	}
type Tree struct {
	src   []byte // the JSON text
	buf   []byte // decoded strings that had escapes or invalid UTF-8
	nodes []node
	stack []int32 // the parser's open containers, kept for reuse
	names []uint64
	// strBytes is the length of the decoded content of the string values
	// (not member names): what decoding them into Go strings needs; strs is
	// their number and scalars that of the numbers and booleans: as many
	// cells as an optional member of each can need (strings.go).
	strBytes      int
	strs, scalars int
}

type node struct {
	kind   Kind
	flags  uint8
	count  int32 // containers: the number of members or items; name nodes: their member; numbers with flagDec: the digits after the point
	next   int32 // the index after this node's subtree
	start  int32 // raw span in src
	end    int32
	s0, s1 int32 // strings: the decoded content, in src or in buf (flagStrBuf); numbers with flagInt: the value, with flagDec: the digits
	k0, k1 int32 // object members: the decoded name, in src or in buf (flagKeyBuf)
}

const (
	flagStrBuf uint8 = 1 << iota // the string's content is in buf
	flagKeyBuf                   // the member name is in buf
	flagMember                   // the node is an object member (k0, k1 are set)
	flagName                     // a synthetic node standing for a member name (propertyNames)
	flagInt                      // a number written as an integer of at most 18 digits: its value is in s0, s1
	flagDec                      // a number written with a point, no exponent, at most 18 digits: s0, s1 hold them as an integer, count how many follow the point
)

// intValue is the value of a number with flagInt.
func (d *node) intValue() int64 { return int64(uint64(uint32(d.s0)) | uint64(uint32(d.s1))<<32) }

// plainInt returns the value of number n when it is written as an integer
// of at most 18 digits (as most are), parsed once by the parser.
func (t *Tree) plainInt(n int32) (int64, bool) {
	d := &t.nodes[n]
	return d.intValue(), d.flags&flagInt != 0
}

// decValue returns the number n as v × 10^-frac when it has flagDec.
func (t *Tree) decValue(n int32) (v int64, frac int32, ok bool) {
	d := &t.nodes[n]
	return d.intValue(), d.count, d.flags&flagDec != 0
}

// Len is the number of nodes.
func (t *Tree) Len() int { return len(t.nodes) }

// Kind is the JSON type of node n.
func (t *Tree) Kind(n int32) Kind { return t.nodes[n].kind }

// Count is the number of members of an object, or items of an array.
func (t *Tree) Count(n int32) int { return int(t.nodes[n].count) }

// First is the first child of container n; it equals End(n) when n is empty.
func (t *Tree) First(n int32) int32 { return n + 1 }

// End is the index just past the subtree of n.
func (t *Tree) End(n int32) int32 { return t.nodes[n].next }

// Bounds returns First(n) and End(n): a loop over the children of n that
// reads End once, as generated code's do,
//
//	for c, end := t.Bounds(n); c < end; c = t.Next(c) { … }
func (t *Tree) Bounds(n int32) (first, end int32) { return n + 1, t.nodes[n].next }

// Next is the sibling after c.
func (t *Tree) Next(c int32) int32 { return t.nodes[c].next }

// Parent is the container of n, or -1. Nodes do not keep it (a node is
// smaller without): it is found from the top, for error paths.
func (t *Tree) Parent(n int32) int32 {
	parent := int32(-1)
	t.path(n, func(container, _ int32, _ int) { parent = container })
	return parent
}

// path calls step for each container on the way from the top-level value
// down to n: the container, its child c that holds n (or is n) and c's place
// in it. A name node (NameNode) stands for its member.
func (t *Tree) path(n int32, step func(container, c int32, i int)) {
	if n < 0 || n >= int32(len(t.nodes)) {
		return
	}
	if t.nodes[n].flags&flagName != 0 {
		n = t.nodes[n].count // the member
	}
	for x := int32(0); x < n; {
		c, i := x+1, 0
		for t.nodes[c].next <= n {
			c, i = t.nodes[c].next, i+1
		}
		step(x, c, i)
		x = c
	}
}

// Raw is the JSON text of n, as written.
func (t *Tree) Raw(n int32) []byte {
	d := &t.nodes[n]
	return span(t.src, d.start, d.end)
}

// span is b[i:j] for a span a node holds, without the bounds checks of a
// slice expression: the parser writes only spans with 0 <= i <= j <= len(b)
// of the src or buf they are in (start and end; k0 and k1 of members; s0 and
// s1 of strings, which numbers use for their value instead: str reads them
// of strings only), buf holds at most maxDecoded bytes so that int32 offsets into it
// do not wrap, and a node's spans are never changed. (The checks were a
// third of the cost of Key, which every member of every object pays twice,
// in its check and its decode.)
func span(b []byte, i, j int32) []byte {
	// (slicing a pointer to an array takes one check, that j-i is not
	// negative; unsafe.Slice takes two)
	return (*[math.MaxInt32]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), i))[: j-i : j-i]
}

// Str is the decoded content of the string n. The bytes belong to the tree:
// copy them (string(…)) to keep them.
func (t *Tree) Str(n int32) []byte { return t.str(&t.nodes[n]) }

// str is Str of the node d; nil for a node that is not a string.
func (t *Tree) str(d *node) []byte {
	switch {
	case d.kind != KindString:
		return nil // a number's s0 and s1 hold its value, not a span
	case d.flags&flagStrBuf != 0:
		return span(t.buf, d.s0, d.s1)
	}
	return span(t.src, d.s0, d.s1)
}

// Text is the text of the number n, as written.
func (t *Tree) Text(n int32) []byte {
	d := &t.nodes[n]
	return span(t.src, d.start, d.end)
}

// Key is the decoded name of the object member c.
func (t *Tree) Key(c int32) []byte {
	d := &t.nodes[c]
	if d.flags&flagKeyBuf != 0 {
		return span(t.buf, d.k0, d.k1)
	}
	return span(t.src, d.k0, d.k1)
}

// Member is Key(c) and Next(c) at once, for a loop over the members of an
// object that switches on their names: one read of the node (one bounds
// check) for the two, where generated code reads both for every member:
//
//	for c, end := s.Bounds(n); c < end; {
//		key, next := s.Member(c)
//		switch string(key) { … }
//		c = next
//	}
func (t *Tree) Member(c int32) (key []byte, next int32) {
	d := &t.nodes[c]
	if d.flags&flagKeyBuf != 0 {
		return span(t.buf, d.k0, d.k1), d.next
	}
	return span(t.src, d.k0, d.k1), d.next
}

// Lookup returns the member of object n named name, or -1.
func (t *Tree) Lookup(n int32, name string) int32 {
	for c, end := t.Bounds(n); c < end; c = t.nodes[c].next {
		if string(t.Key(c)) == name {
			return c
		}
	}
	return -1
}

// Has reports whether object n has a member named name.
func (t *Tree) Has(n int32, name string) bool { return t.Lookup(n, name) >= 0 }

// Item returns the i-th item of array n, or -1.
func (t *Tree) Item(n int32, i int) int32 {
	c := n + 1
	for ; i > 0 && c < t.nodes[n].next; i-- {
		c = t.nodes[c].next
	}
	if c >= t.nodes[n].next {
		return -1
	}
	return c
}

// NameNode adds a string node that stands for the name of the member c, so
// that a validator (of propertyNames) can read the name as an instance. Drop
// it with DropNameNode once done; errors at it are reported at the member.
func (t *Tree) NameNode(c int32) int32 {
	d := t.nodes[c]
	n := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{
		kind: KindString, flags: flagName | flagMember | d.flags&flagKeyBuf | (d.flags&flagKeyBuf)>>1,
		count: c, // the member it stands for (path)
		next:  n + 1, start: d.start, end: d.start,
		s0: d.k0, s1: d.k1, k0: d.k0, k1: d.k1,
	})
	return n
}

// DropNameNode removes the node NameNode added.
func (t *Tree) DropNameNode(n int32) { t.nodes = t.nodes[:n] }

// reset empties t for another parse, keeping its storage.
func (t *Tree) reset(src []byte) {
	t.src = src
	t.buf = t.buf[:0]
	t.nodes = t.nodes[:0]
	t.strBytes, t.strs, t.scalars = 0, 0, 0
}
