package envgenrt

import "strconv"

// Object writes a JSON object for a generated AppendJSON whose members are
// each one call (members.go has the same calls for the other structs):
//
//	o := envgenrt.NewObject(b)
//	o.String(`"id":`, x.ID)
//	o.IntPtr(`"count":`, x.Count)
//	envgenrt.PtrMember(&o, `"next":`, x.Next)
//	return o.End()
//
// Each call appends the member key (its name as JSON text with the colon),
// the value and a comma; the Ptr forms, Strings, SliceMember and the
// Nullable forms write nothing for an absent member (nil, or a Nullable not
// set). A member of a generated type is a function of the package, not a
// method, since a method cannot have type parameters.
//
// The first error (a NaN or an infinity, or the error of a nested
// AppendJSON) is kept: the members that can fail write nothing after it, and
// End returns it with the bytes written so far, which are not JSON.
//
// Each method is small enough for the compiler to inline it where it is
// called, as it inlines the Append…Member functions (StringPtr, Int and
// Float are written out for that; go build -gcflags=-m shows it): a call
// that is not inlined costs a struct's AppendJSON several percent.
type Object struct {
	b   []byte
	err error
}

// NewObject starts an object at the end of b.
func NewObject(b []byte) Object { return Object{b: append(b, '{')} }

// End closes the object and returns the bytes, or the first error.
func (o *Object) End() ([]byte, error) {
	if o.err != nil {
		return o.b, o.err
	}
	return EndObject(o.b), nil
}

// String appends the member key with the string v.
func (o *Object) String(key string, v string) { o.b = AppendStringMember(o.b, key, v) }

// StringPtr appends the member key with *p, unless p is nil.
func (o *Object) StringPtr(key string, p *string) {
	if p != nil {
		o.b = append(AppendString(append(o.b, key...), *p), ',')
	}
}

// Int appends the member key with the integer v.
func (o *Object) Int(key string, v int64) {
	o.b = append(strconv.AppendInt(append(o.b, key...), v, 10), ',')
}

// IntPtr appends the member key with *p, unless p is nil.
func (o *Object) IntPtr(key string, p *int64) { o.b = AppendIntPtrMember(o.b, key, p) }

// Bool appends the member key with the boolean v.
func (o *Object) Bool(key string, v bool) { o.b = AppendBoolMember(o.b, key, v) }

// BoolPtr appends the member key with *p, unless p is nil.
func (o *Object) BoolPtr(key string, p *bool) { o.b = AppendBoolPtrMember(o.b, key, p) }

// Float appends the member key with the number v; NaN and the infinities
// are errors.
func (o *Object) Float(key string, v float64) {
	if o.err == nil {
		o.b, o.err = appendFloatMember(o.b, key, v)
	}
}

// appendFloatMember is AppendFloatMember kept out of line, so that Float is
// small enough to be inlined where it is called: one call for each member,
// AppendFloat's, as when AppendFloatMember is inlined.
//
//go:noinline
func appendFloatMember(b []byte, key string, v float64) ([]byte, error) {
	b, err := AppendFloat(append(b, key...), v)
	return append(b, ','), err
}

// FloatPtr appends the member key with *p, unless p is nil.
func (o *Object) FloatPtr(key string, p *float64) {
	if p != nil && o.err == nil {
		o.b, o.err = appendFloatMember(o.b, key, *p)
	}
}

// Strings appends the member key with the array of strings v, unless v is
// nil.
func (o *Object) Strings(key string, v []string) { o.b = AppendStringsMember(o.b, key, v) }

// NullableString appends the member key with v, null or a string, unless v
// is absent.
func (o *Object) NullableString(key string, v Nullable[string]) {
	o.b = AppendNullableMember(o.b, key, v, AppendString)
}

// NullableInt appends the member key with v, null or an integer, unless v
// is absent.
func (o *Object) NullableInt(key string, v Nullable[int64]) {
	o.b = AppendNullableMember(o.b, key, v, AppendInt)
}

// NullableBool appends the member key with v, null or a boolean, unless v
// is absent.
func (o *Object) NullableBool(key string, v Nullable[bool]) {
	o.b = AppendNullableMember(o.b, key, v, AppendBool)
}

// Member appends the member key with v, a generated type.
func Member[V Appender](o *Object, key string, v V) {
	if o.err == nil {
		o.b, o.err = AppendMember(o.b, key, v)
	}
}

// PtrMember appends the member key with *p, a generated type, unless p is
// nil.
func PtrMember[V Appender](o *Object, key string, p *V) {
	if p != nil && o.err == nil {
		o.b, o.err = AppendMember(o.b, key, *p)
	}
}

// SliceMember appends the member key with the array of the items of v,
// generated types, unless v is nil.
func SliceMember[S ~[]V, V Appender](o *Object, key string, v S) {
	if v != nil && o.err == nil {
		o.b, o.err = AppendSliceMember(o.b, key, v)
	}
}
