package envgenrt

import (
	"encoding/json"
)

// The Decode methods read a validated node into a Go value for generated
// DecodeNode methods. Validation has checked the node against the schema;
// what can still fail is a Go type that is narrower than the schema (an
// integer beyond int64), or a hand-made model whose checks say less than its
// shape. Such failures are *DecodeError values.

// DecodeError returns a *DecodeError at node n.
func (s *State) DecodeError(n int32, msg string) error {
	return &DecodeError{InstancePath: s.Pointer(n), Msg: msg}
}

// WrongKind is the error for node n that is not of the kind the Go type
// holds, e.g. "want a string, got number".
func (s *State) WrongKind(n int32, want string) error {
	return s.DecodeError(n, "want "+want+", got "+s.Kind(n).String())
}

// DecodeString reads a string.
func (s *State) DecodeString(n int32) (string, error) {
	d := &s.nodes[n]
	if d.kind != KindString {
		return "", s.WrongKind(n, "a string")
	}
	if b := s.str(d); len(b) > 0 && s.hi-s.lo >= len(b) { // (most strings: take, inlined)
		return s.take(b), nil
	}
	return s.goString(s.str(d)), nil
}

// DecodeInt64 reads an integer: 1, 1.0 and 1e2 are integers.
func (s *State) DecodeInt64(n int32) (int64, error) {
	d := &s.nodes[n]
	if d.kind != KindNumber {
		return 0, s.WrongKind(n, "an integer")
	}
	if d.flags&flagInt != 0 {
		return d.intValue(), nil
	}
	v, ok := ParseInt64(s.Text(n))
	if !ok {
		if IsInteger(s.Text(n)) {
			return 0, s.DecodeError(n, string(s.Text(n))+" does not fit an int64")
		}
		return 0, s.WrongKind(n, "an integer")
	}
	return v, nil
}

// DecodeFloat64 reads a number.
func (s *State) DecodeFloat64(n int32) (float64, error) {
	d := &s.nodes[n]
	if d.kind != KindNumber {
		return 0, s.WrongKind(n, "a number")
	}
	if v := d.intValue(); d.flags&flagInt != 0 && v != 0 && v > -1<<53 && v < 1<<53 {
		return float64(v), nil
	}
	if m, k := d.intValue(), d.count; d.flags&flagDec != 0 && m != 0 && m > -1<<53 && m < 1<<53 {
		// m and 10^k are exact float64s, so the quotient is the correctly
		// rounded value, as strconv.ParseFloat's own fast path has it (m is
		// never 0 here: -0.0 is -0, which strconv gives).
		return float64(m) / pow10f[k], nil
	}
	v, ok := ParseFloat64(s.Text(n))
	if !ok {
		return 0, s.DecodeError(n, string(s.Text(n))+" does not fit a float64")
	}
	return v, nil
}

// pow10f holds the powers of ten a float64 holds exactly, as far as a
// number of flagDec needs them.
var pow10f = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// DecodeBool reads true or false.
func (s *State) DecodeBool(n int32) (bool, error) {
	switch s.Kind(n) {
	case KindTrue:
		return true, nil
	case KindFalse:
		return false, nil
	}
	return false, s.WrongKind(n, "a boolean")
}

// DecodeNull accepts null only.
func (s *State) DecodeNull(n int32) error {
	if s.Kind(n) != KindNull {
		return s.WrongKind(n, "null")
	}
	return nil
}

// DecodeRaw returns a copy of the JSON text of n, each byte of invalid UTF-8
// in it written as \ufffd (U+FFFD), as a string holds it: kept text never
// carries invalid UTF-8 on to json.Marshal.
func (s *State) DecodeRaw(n int32) json.RawMessage {
	return appendValidUTF8(nil, s.Raw(n))
}

// DecodeText returns the canonical JSON text of n (see CanonicalJSON), the
// form in which a named enum of mixed types holds its value.
func (s *State) DecodeText(n int32) (string, error) {
	return CanonicalJSON(s.Raw(n))
}

// IsNull reports whether node n is null.
func (s *State) IsNull(n int32) bool { return s.Kind(n) == KindNull }

// DecodeValue fills *v, a value of a type parameter, from node n: with its
// DecodeNode method when it is a generated type, else with json.Unmarshal of
// the node's text.
func DecodeValue[T any](s *State, n int32, v *T) error {
	switch x := any(v).(type) {
	case NodeDecoder:
		return x.DecodeNode(s, n)
	case *json.RawMessage:
		return s.ReadRaw(n, x)
	case *string:
		return s.ReadString(n, x)
	case *bool:
		return s.ReadBool(n, x)
	case *int64:
		return s.ReadInt64(n, x)
	case *float64:
		return s.ReadFloat64(n, x)
	}
	if err := json.Unmarshal(s.Raw(n), v); err != nil {
		return s.DecodeError(n, err.Error())
	}
	return nil
}

// ReadString stores the string n in *v.
func (s *State) ReadString(n int32, v *string) (err error) {
	*v, err = s.DecodeString(n)
	return err
}

// ReadInt64 stores the integer n in *v.
func (s *State) ReadInt64(n int32, v *int64) (err error) {
	*v, err = s.DecodeInt64(n)
	return err
}

// ReadFloat64 stores the number n in *v.
func (s *State) ReadFloat64(n int32, v *float64) (err error) {
	*v, err = s.DecodeFloat64(n)
	return err
}

// ReadBool stores the boolean n in *v.
func (s *State) ReadBool(n int32, v *bool) (err error) {
	*v, err = s.DecodeBool(n)
	return err
}

// ReadText stores the canonical JSON text of n in *v.
func (s *State) ReadText(n int32, v *string) (err error) {
	*v, err = s.DecodeText(n)
	return err
}

// ReadNull accepts null only; v is there so that every Read method is called
// alike.
func (s *State) ReadNull(n int32, v *Null) error { return s.DecodeNull(n) }

// ReadRaw stores a copy of the JSON text of n in *v.
func (s *State) ReadRaw(n int32, v *json.RawMessage) error {
	*v = s.DecodeRaw(n)
	return nil
}
