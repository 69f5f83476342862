package envgenrt

import (
	"hash/maphash"
	"slices"
)

// Equality is JSON equality (enum, const, uniqueItems): numbers by value (1
// equals 1.0), strings by their decoded content, objects whatever the order
// of their members.

// Literal is a JSON value of a schema, such as an enum member, parsed once.
type Literal struct {
	tree Tree
}

// MustLiteral parses a JSON value of a schema; generated code keeps the result
// in a package-level variable. It panics on invalid JSON, which the generator
// never writes.
func MustLiteral(text string) *Literal {
	v := new(Literal)
	if err := v.tree.Parse([]byte(text)); err != nil {
		panic("runtime.MustLiteral: " + err.Error())
	}
	return v
}

// Equals reports whether node n equals the literal v.
func (t *Tree) Equals(n int32, v *Literal) bool { return Equal(t, n, &v.tree, 0) }

// OneOf reports whether node n equals one of the literals.
func (t *Tree) OneOf(n int32, vs []*Literal) bool {
	for _, v := range vs {
		if Equal(t, n, &v.tree, 0) {
			return true
		}
	}
	return false
}

// Equal reports whether node n of t and node m of u are equal JSON values.
func Equal(t *Tree, n int32, u *Tree, m int32) bool {
	k := t.Kind(n)
	if k != u.Kind(m) {
		return false
	}
	switch k {
	case KindNumber:
		return EqualNumbers(t.Text(n), u.Text(m))
	case KindString:
		return string(t.Str(n)) == string(u.Str(m))
	case KindArray:
		if t.Count(n) != u.Count(m) {
			return false
		}
		for a, b := t.First(n), u.First(m); a < t.End(n); a, b = t.Next(a), u.Next(b) {
			if !Equal(t, a, u, b) {
				return false
			}
		}
	case KindObject:
		if t.Count(n) != u.Count(m) {
			return false
		}
		for a := t.First(n); a < t.End(n); a = t.Next(a) {
			b := u.Lookup(m, string(t.Key(a)))
			if b < 0 || !Equal(t, a, u, b) {
				return false
			}
		}
	}
	return true
}

// uniqueScan is the size up to which uniqueItems compares every pair; larger
// arrays are grouped by a hash first.
const uniqueScan = 16

// Duplicate returns the indices of two equal items of array n, or ok false
// when all items differ: j is the first item that equals an earlier one, i
// the first item it equals (as the TypeScript runtime's duplicates has it).
func (t *Tree) Duplicate(n int32) (i, j int, ok bool) {
	if t.Count(n) <= uniqueScan {
		j = 0
		for b := t.First(n); b < t.End(n); b = t.Next(b) {
			i = 0
			for a := t.First(n); a < b; a = t.Next(a) {
				if Equal(t, a, t, b) {
					return i, j, true
				}
				i++
			}
			j++
		}
		return 0, 0, false
	}
	type item struct {
		h    uint64
		node int32
		i    int
	}
	seed := maphash.MakeSeed()
	items := make([]item, 0, t.Count(n))
	for a, k := t.First(n), 0; a < t.End(n); a, k = t.Next(a), k+1 {
		items = append(items, item{t.hash(seed, a), a, k})
	}
	slices.SortFunc(items, func(x, y item) int {
		switch {
		case x.h < y.h:
			return -1
		case x.h > y.h:
			return 1
		}
		return x.i - y.i
	})
	// Within a run of one hash the items are in array order: the least j
	// that equals an earlier item, over all runs, with its least i.
	for a := 0; a < len(items); a++ {
		for b := a + 1; b < len(items) && items[b].h == items[a].h; b++ {
			if (!ok || items[b].i < j || (items[b].i == j && items[a].i < i)) && Equal(t, items[a].node, t, items[b].node) {
				i, j, ok = items[a].i, items[b].i, true
			}
		}
	}
	return i, j, ok
}

// hash is a hash of node n that equal values share.
func (t *Tree) hash(seed maphash.Seed, n int32) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	k := t.Kind(n)
	h.WriteByte(byte(k))
	switch k {
	case KindNumber:
		d := parseDecimal(t.Text(n))
		if d.neg {
			h.WriteByte('-')
		}
		h.Write(d.a)
		h.Write(d.b)
		var m [8]byte
		for i := range m {
			m[i] = byte(d.mag >> (8 * i))
		}
		h.Write(m[:])
	case KindString:
		h.Write(t.Str(n))
	case KindArray:
		for a := t.First(n); a < t.End(n); a = t.Next(a) {
			v := t.hash(seed, a)
			for i := range 8 {
				h.WriteByte(byte(v >> (8 * i)))
			}
		}
	case KindObject:
		var sum uint64 // order-independent
		for a := t.First(n); a < t.End(n); a = t.Next(a) {
			sum += maphash.Bytes(seed, t.Key(a))*31 + t.hash(seed, a)
		}
		for i := range 8 {
			h.WriteByte(byte(sum >> (8 * i)))
		}
	}
	return h.Sum64()
}
