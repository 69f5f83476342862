package envgenrt

import "unsafe"

// Decoding hands strings and the cells of optional members to the decoded
// value in blocks rather than one allocation each. One block, free of
// pointers, holds the text of the strings (from its start) and the cells of
// optional members (from its end); a block holds what the document's
// strings have left to decode, and room for a few cells that doubles from
// block to block, up to textBlock bytes in all. The cell of an optional
// string holds a pointer, which the garbage collector does not see in a
// block: it goes into a block only when its text lies in the same block
// (or it has none), so that the pointer to the cell, which the collector
// does see, keeps the text alive too. Other string cells (of a generated
// string type whose text may lie elsewhere) come in blocks of their own
// that hold pointers, as many as the document has strings left, up to
// cellBlock. A string or a pointer kept from a decoded value keeps its
// block alive, as a substring keeps its string; blocks are written once and
// never reused.
const (
	textBlock = 64 << 10
	cellBlock = 128
)

// goString returns b as a string held in the decode's blocks.
func (s *State) goString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if s.hi-s.lo < len(b) {
		s.newBlock(len(b))
	}
	return s.take(b)
}

// take is goString of a b that is not empty and fits the block: small
// enough to be inlined where most strings are read (ReadStringPtr), rather
// than a call to goString, which was a fifth of their cost.
func (s *State) take(b []byte) string {
	// (blk[lo:lo+len(b)] lies within blk[lo:hi]: written without the bounds
	// checks of slicing it, which were a sixth of the cost of a string)
	dst := (*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.blk)), s.lo))
	copy(unsafe.Slice(dst, len(b)), b)
	s.lo += len(b)
	s.strBytes -= len(b)
	return unsafe.String(dst, len(b))
}

// scalarCell returns a pointer to eight zero bytes of the block, aligned
// for an int64 or a float64.
func (s *State) scalarCell() unsafe.Pointer {
	if s.hi-s.lo < 8 {
		s.newBlock(8)
	}
	s.hi -= 8 // (blocks are made of uint64s: hi stays aligned)
	s.scalars--
	return unsafe.Pointer(&s.blk[s.hi])
}

// newBlock starts a block with room for at least need bytes.
func (s *State) newBlock(need int) {
	s.cells = min(max(2*s.cells, 8), cellBlock, max(s.scalars, 0))
	s.blockStrCells = min(max(2*s.blockStrCells, 32), cellBlock, max(s.strs, 0))
	size := max(min(max(s.strBytes, 0)+8*s.cells+16*s.blockStrCells, textBlock), need, 64)
	words := make([]uint64, (size+7)/8)
	s.blk = unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), 8*len(words))
	s.lo, s.hi = 0, len(s.blk)
}

// blockStrCell returns a pointer to sixteen zero bytes at the end of the
// block, a cell for a string whose text lies in the block before it (or
// that has none); the caller has made sure that they are there.
func (s *State) blockStrCell() *string {
	s.hi -= 16 // (hi stays aligned)
	s.strs--
	return (*string)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.blk)), s.hi))
}

// inBlock reports whether v has no text, or its text lies in the block.
func (s *State) inBlock(v string) bool {
	return len(v) == 0 || uintptr(unsafe.Pointer(unsafe.StringData(v)))-uintptr(unsafe.Pointer(unsafe.SliceData(s.blk))) < uintptr(s.lo)
}

// strCell returns a pointer to a new empty string of the cell blocks.
func (s *State) strCell() *string {
	n := len(s.strCells)
	if n == cap(s.strCells) {
		s.strCells = make([]string, 0, min(max(2*n, 32), cellBlock, max(s.strs, 1)))
		n = 0
	}
	s.strs--
	s.strCells = s.strCells[:n+1]
	return &s.strCells[n]
}

// KeyString is the name of the member c as a string (for a map key).
func (s *State) KeyString(c int32) string { return s.goString(s.Key(c)) }

// ReadStringPtr stores in *p a pointer to the string n, and nothing when n is
// null (for an optional member).
func (s *State) ReadStringPtr(n int32, p **string) error {
	d := &s.nodes[n]
	if d.kind != KindString {
		if d.kind == KindNull {
			return nil
		}
		return s.WrongKind(n, "a string")
	}
	b := s.str(d)
	if s.hi-s.lo < len(b)+16 {
		s.newBlock(len(b) + 16)
	}
	v := ""
	if len(b) > 0 {
		v = s.take(b)
	}
	c := s.blockStrCell()
	*c, *p = v, c
	return nil
}

// ReadInt64Ptr stores in *p a pointer to the integer n, and nothing when n is
// null.
func (s *State) ReadInt64Ptr(n int32, p **int64) error {
	if s.Kind(n) == KindNull {
		return nil
	}
	v, err := s.DecodeInt64(n)
	if err != nil {
		return err
	}
	c := (*int64)(s.scalarCell())
	*c, *p = v, c
	return nil
}

// ReadFloat64Ptr stores in *p a pointer to the number n, and nothing when n
// is null.
func (s *State) ReadFloat64Ptr(n int32, p **float64) error {
	if s.Kind(n) == KindNull {
		return nil
	}
	v, err := s.DecodeFloat64(n)
	if err != nil {
		return err
	}
	c := (*float64)(s.scalarCell())
	*c, *p = v, c
	return nil
}

// ReadBoolPtr stores in *p a pointer to the boolean n, and nothing when n is
// null.
func (s *State) ReadBoolPtr(n int32, p **bool) error {
	if s.Kind(n) == KindNull {
		return nil
	}
	v, err := s.DecodeBool(n)
	if err != nil {
		return err
	}
	c := (*bool)(s.scalarCell())
	*c, *p = v, c
	return nil
}

// Fresh reports whether the value a generated DecodeNode method was called
// on is known to be zero (a new slice item or pointer target), so that it
// need not zero it first, and forgets it: DecodeNode calls it once, before
// it fills anything. Outside the helpers below it is false: DecodeNode
// called on any other value overwrites all of it.
func (s *State) Fresh() bool {
	f := s.fresh
	s.fresh = false
	return f
}

// StartObject begins the DecodeNode method of a generated struct type: it
// fails unless n is an object, else it zeroes *x unless x is zero already
// (Fresh). The method goes on to fill the members while the error is nil:
//
//	err := envgenrt.StartObject(s, n, x)
//	for c1 := s.First(n); err == nil && c1 < s.End(n); c1 = s.Next(c1) { … }
//	return err
//
// Code generated now calls BeginObject; code generated by earlier versions
// of envgen calls StartObject.
func StartObject[T any](s *State, n int32, x *T) error {
	if s.nodes[n].kind != KindObject {
		return s.WrongKind(n, "an object")
	}
	if !s.Fresh() {
		*x = *new(T)
	}
	return nil
}

// BeginObject is StartObject that also returns the bounds of the members
// of n (Bounds), for the loop of a generated DecodeNode method:
//
//	c, end, err := envgenrt.BeginObject(s, n, x)
//	for ; err == nil && c < end; c = s.Next(c) { … }
//	return err
func BeginObject[T any](s *State, n int32, x *T) (first, end int32, err error) {
	d := &s.nodes[n]
	if d.kind != KindObject {
		return n + 1, d.next, s.WrongKind(n, "an object")
	}
	if !s.Fresh() {
		*x = *new(T)
	}
	return n + 1, d.next, nil
}

// decodeFresh fills v, a zero T, from n by its DecodeNode.
func decodeFresh[T any, P interface {
	*T
	NodeDecoder
}](s *State, n int32, v *T) error {
	s.fresh = true
	err := P(v).DecodeNode(s, n)
	s.fresh = false // (when DecodeNode does not call Fresh)
	return err
}

// DecodePtr stores in *p a new T filled from n by its DecodeNode, and
// nothing when n is null (for an optional member of a generated type).
func DecodePtr[T any, P interface {
	*T
	NodeDecoder
}](s *State, n int32, p **T) error {
	if s.Kind(n) == KindNull {
		return nil
	}
	v := new(T)
	if err := decodeFresh[T, P](s, n, v); err != nil {
		return err
	}
	*p = v
	return nil
}

// DecodeStringPtr is DecodePtr for a generated type over a string (a named
// string, enum or const): the value goes into one of the decode's string
// cells rather than an allocation of its own.
func DecodeStringPtr[T ~string, P interface {
	*T
	NodeDecoder
}](s *State, n int32, p **T) error {
	if s.Kind(n) == KindNull {
		return nil
	}
	// (decoded into s.tmp, where the collector sees it, then put into a
	// cell of the block when its text is there)
	err := P((*T)(unsafe.Pointer(&s.tmp))).DecodeNode(s, n)
	v := s.tmp
	s.tmp = ""
	if err != nil {
		return err
	}
	var c *string
	if s.hi-s.lo >= 16 && s.inBlock(v) {
		c = s.blockStrCell()
	} else {
		c = s.strCell()
	}
	*c, *p = v, (*T)(unsafe.Pointer(c))
	return nil
}

// DecodeScalarPtr is DecodePtr for a generated type over a number or a
// boolean: the value goes into a cell of the decode's block.
func DecodeScalarPtr[T ~int64 | ~float64 | ~bool, P interface {
	*T
	NodeDecoder
}](s *State, n int32, p **T) error {
	if s.Kind(n) == KindNull {
		return nil
	}
	v := (*T)(s.scalarCell())
	if err := P(v).DecodeNode(s, n); err != nil {
		return err
	}
	*p = v
	return nil
}

// DecodeSlice stores in *p the items of the array n, each filled by its
// DecodeNode.
func DecodeSlice[S ~[]T, T any, P interface {
	*T
	NodeDecoder
}](s *State, n int32, p *S) error {
	if s.Kind(n) != KindArray {
		return s.WrongKind(n, "an array")
	}
	a := make(S, s.Count(n))
	for c, i, end := s.First(n), 0, s.End(n); c < end; c, i = s.Next(c), i+1 {
		if err := decodeFresh[T, P](s, c, &a[i]); err != nil {
			return err
		}
	}
	*p = a
	return nil
}

// ReadSlice stores in *p the items of the array n, each read by read (one of
// the Read methods: (*State).ReadString …).
func ReadSlice[S ~[]T, T any](s *State, n int32, p *S, read func(*State, int32, *T) error) error {
	if s.Kind(n) != KindArray {
		return s.WrongKind(n, "an array")
	}
	a := make(S, s.Count(n))
	for c, i, end := s.First(n), 0, s.End(n); c < end; c, i = s.Next(c), i+1 {
		if err := read(s, c, &a[i]); err != nil {
			return err
		}
	}
	*p = a
	return nil
}

// ReadNullable stores in *p null, or the value n read by read (one of the
// Read methods), for an optional member that may be null.
func ReadNullable[T any](s *State, n int32, p *Nullable[T], read func(*State, int32, *T) error) error {
	if s.Kind(n) == KindNull {
		*p = NullValue[T]()
		return nil
	}
	var v T
	if err := read(s, n, &v); err != nil {
		return err
	}
	*p = Value(v)
	return nil
}

// DecodeNullable stores in *p null, or a T filled from n by its DecodeNode.
func DecodeNullable[T any, P interface {
	*T
	NodeDecoder
}](s *State, n int32, p *Nullable[T]) error {
	if s.Kind(n) == KindNull {
		*p = NullValue[T]()
		return nil
	}
	var v T
	if err := decodeFresh[T, P](s, n, &v); err != nil {
		return err
	}
	*p = Value(v)
	return nil
}

// The typed forms of ReadSlice and ReadNullable, one call a member in a
// generated DecodeNode: s.ReadStrings(c, &x.Tags) for
// envgenrt.ReadSlice(s, c, &x.Tags, (*envgenrt.State).ReadString).

// ReadStrings stores in *p the strings of the array n.
func (s *State) ReadStrings(n int32, p *[]string) error {
	return ReadSlice(s, n, p, (*State).ReadString)
}

// ReadInt64s stores in *p the integers of the array n.
func (s *State) ReadInt64s(n int32, p *[]int64) error { return ReadSlice(s, n, p, (*State).ReadInt64) }

// ReadFloat64s stores in *p the numbers of the array n.
func (s *State) ReadFloat64s(n int32, p *[]float64) error {
	return ReadSlice(s, n, p, (*State).ReadFloat64)
}

// ReadBools stores in *p the booleans of the array n.
func (s *State) ReadBools(n int32, p *[]bool) error { return ReadSlice(s, n, p, (*State).ReadBool) }

// ReadNullableString stores in *p null or the string n.
func (s *State) ReadNullableString(n int32, p *Nullable[string]) error {
	return ReadNullable(s, n, p, (*State).ReadString)
}

// ReadNullableInt64 stores in *p null or the integer n.
func (s *State) ReadNullableInt64(n int32, p *Nullable[int64]) error {
	return ReadNullable(s, n, p, (*State).ReadInt64)
}

// ReadNullableFloat64 stores in *p null or the number n.
func (s *State) ReadNullableFloat64(n int32, p *Nullable[float64]) error {
	return ReadNullable(s, n, p, (*State).ReadFloat64)
}

// ReadNullableBool stores in *p null or the boolean n.
func (s *State) ReadNullableBool(n int32, p *Nullable[bool]) error {
	return ReadNullable(s, n, p, (*State).ReadBool)
}
