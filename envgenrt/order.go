package envgenrt

// Members iterates the members of an object in the order JavaScript's
// Object.keys and for-in visit them, so that the Go and TypeScript
// validators report errors at members in the same order: names that are
// array indices ("0", "17", up to 4294967294) first, in ascending order, then
// the others in the order the text has them. Without index names (the
// common case) that is the text's order.
//
//	for m := s.Members(n); m.Next(); {
//		c, i := m.Node(), m.Index() // the member, and its place in the text
//	}
type Members struct {
	t       *Tree
	n       int32
	c       int32 // the current member, -1 before the first
	i       int   // its place in the text
	indices bool  // some name is an array index: they come first
	phase   bool  // the index names are done
	last    uint64
}

// Members starts an iteration over the members of object n.
func (t *Tree) Members(n int32) Members {
	m := Members{t: t, n: n, c: -1, i: -1, phase: true}
	for c := t.First(n); c < t.End(n); c = t.Next(c) {
		if _, ok := arrayIndex(t.Key(c)); ok {
			m.indices, m.phase = true, false
			break
		}
	}
	return m
}

// Next moves to the next member and reports whether there is one.
func (m *Members) Next() bool {
	t := m.t
	if !m.phase { // the index name after m.last (or the least one), by a scan
		best, bestI, bestV := int32(-1), -1, uint64(0)
		for c, i := t.First(m.n), 0; c < t.End(m.n); c, i = t.Next(c), i+1 {
			v, ok := arrayIndex(t.Key(c))
			if ok && (m.c < 0 || v > m.last) && (best < 0 || v < bestV) {
				best, bestI, bestV = c, i, v
			}
		}
		if best >= 0 {
			m.c, m.i, m.last = best, bestI, bestV
			return true
		}
		m.phase, m.c, m.i = true, -1, -1
	}
	for {
		if m.c < 0 {
			m.c, m.i = t.First(m.n), 0
		} else {
			m.c, m.i = t.Next(m.c), m.i+1
		}
		if m.c >= t.End(m.n) {
			return false
		}
		if !m.indices {
			return true
		}
		if _, ok := arrayIndex(t.Key(m.c)); !ok {
			return true
		}
	}
}

// Node is the current member.
func (m *Members) Node() int32 { return m.c }

// Index is the current member's place in the text: what Mark and Evaluated
// take.
func (m *Members) Index() int { return m.i }

// arrayIndex reports whether name is an array index as ECMAScript has it:
// the canonical decimal spelling of an integer from 0 to 2^32 - 2.
func arrayIndex(name []byte) (uint64, bool) {
	if len(name) == 0 || len(name) > 10 || (name[0] == '0' && len(name) > 1) {
		return 0, false
	}
	var v uint64
	for _, b := range name {
		if b < '0' || b > '9' {
			return 0, false
		}
		v = v*10 + uint64(b-'0')
	}
	return v, v <= 1<<32-2
}
