package envgenrt

import (
	"bytes"
	"encoding/json"
	"errors"
)

var nullJSON = []byte("null")

// isNull reports whether data is the JSON literal null, ignoring surrounding
// white space.
func isNull(data []byte) bool { return bytes.Equal(bytes.TrimSpace(data), nullJSON) }

// Null is the JSON value null: it is what a schema {"type": "null"} becomes.
// It marshals as null and unmarshals from null only.
type Null struct{}

// MarshalJSON returns null.
func (Null) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// UnmarshalJSON accepts null and refuses every other value.
func (*Null) UnmarshalJSON(data []byte) error {
	if !isNull(data) {
		return errors.New("envgenrt.Null: want null, got " + abbrev(data))
	}
	return nil
}

// Nullable is an optional member that may also be null. It has three states,
// kept apart through a JSON round trip:
//
//	var n Nullable[int]   // absent: IsZero is true, and omitzero leaves the member out
//	n = NullValue[int]()  // null: IsNull is true, marshals as null
//	n = Value(3)          // a value: Get returns (3, true)
//
// The zero value is absent. A generated struct tags a Nullable field with
// omitzero, so that an absent member stays absent; without omitzero, absent
// marshals as null.
//
// Nullable holds its value through a pointer, so that a type may contain a
// Nullable of itself (an optional, nullable member of a recursive schema).
// Compare Nullables with Get and IsNull, not with ==.
type Nullable[T any] struct {
	v   *T   // the value; nil when absent or null
	set bool // present: null or a value
}

// Value returns a Nullable that holds v.
func Value[T any](v T) Nullable[T] { return Nullable[T]{v: &v, set: true} }

// NullValue returns a Nullable that is null.
func NullValue[T any]() Nullable[T] { return Nullable[T]{set: true} }

// IsZero reports whether n is absent. encoding/json's omitzero uses it.
func (n Nullable[T]) IsZero() bool { return !n.set }

// IsNull reports whether n is null (present, without a value).
func (n Nullable[T]) IsNull() bool { return n.set && n.v == nil }

// Get returns n's value and true, or the zero T and false when n is absent or
// null.
func (n Nullable[T]) Get() (T, bool) {
	if n.v == nil {
		var zero T
		return zero, false
	}
	return *n.v, true
}

// Ptr returns a pointer to n's value, or nil when n is absent or null.
// Generated code reads the value through it without copying.
func (n Nullable[T]) Ptr() *T { return n.v }

// MarshalJSON encodes the value, or null when n is null or absent.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if n.v == nil {
		return []byte("null"), nil
	}
	return json.Marshal(*n.v)
}

// UnmarshalJSON makes n null for null and a value otherwise. (encoding/json
// does not call it for an absent member, which leaves n absent.)
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	if isNull(data) {
		*n = NullValue[T]()
		return nil
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*n = Value(v)
	return nil
}

// abbrev shortens a JSON text for an error message.
func abbrev(data []byte) string {
	const max = 40
	data = bytes.TrimSpace(data)
	if len(data) > max {
		return string(data[:max]) + "…"
	}
	return string(data)
}
