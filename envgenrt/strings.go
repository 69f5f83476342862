package envgenrt

import "unsafe"

// Decoding hands strings and the cells of optional scalars to the decoded
// value in blocks rather than one allocation each: the text of the strings
// in blocks of up to textBlock bytes, the cells in blocks of up to
// cellBlock. A string or a pointer kept from a decoded value keeps its
// block alive, as a substring keeps its string; blocks are written once and
// never reused.
const (
	textBlock = 64 << 10
	cellBlock = 128
)

// goString returns b as a string held in the decode's text blocks.
func (s *State) goString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(s.text)-len(s.text) < len(b) {
		size := min(max(s.strBytes, 64), textBlock)
		s.text = make([]byte, 0, max(size, len(b)))
	}
	off := len(s.text)
	s.text = append(s.text, b...)
	s.strBytes -= len(b)
	return unsafe.String(&s.text[off], len(b))
}

// cell returns a pointer to a new zero T from the block *cells.
func cell[T any](cells *[]T) *T {
	if len(*cells) == cap(*cells) {
		*cells = make([]T, 0, min(2*cap(*cells)+32, cellBlock))
	}
	*cells = append(*cells, *new(T))
	return &(*cells)[len(*cells)-1]
}

// KeyString is the name of the member c as a string (for a map key).
func (s *State) KeyString(c int32) string { return s.goString(s.Key(c)) }

// ReadStringPtr stores in *p a pointer to the string n, and nothing when n is
// null (for an optional member).
func (s *State) ReadStringPtr(n int32, p **string) error {
	if s.Kind(n) == KindNull {
		return nil
	}
	v, err := s.DecodeString(n)
	if err != nil {
		return err
	}
	c := cell(&s.strPtrs)
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
	c := cell(&s.intPtrs)
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
	c := cell(&s.fltPtrs)
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
	c := cell(&s.blnPtrs)
	*c, *p = v, c
	return nil
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
	for c, i := s.First(n), 0; c < s.End(n); c, i = s.Next(c), i+1 {
		if err := P(&a[i]).DecodeNode(s, c); err != nil {
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
	for c, i := s.First(n), 0; c < s.End(n); c, i = s.Next(c), i+1 {
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
	if err := P(&v).DecodeNode(s, n); err != nil {
		return err
	}
	*p = Value(v)
	return nil
}
