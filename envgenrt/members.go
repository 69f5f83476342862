package envgenrt

// Members for generated AppendJSON methods: each appends `key` (the member
// name as JSON text with its colon, e.g. `"id":`), the value and a comma,
// the Ptr forms only when the pointer is set (an optional member), so that
// a struct's encoding is one call per member. EndObject drops the last comma.

// AppendStringMember appends the member key with the string v.
func AppendStringMember(b []byte, key string, v string) []byte {
	return append(AppendString(append(b, key...), v), ',')
}

// AppendStringPtrMember appends the member key with *p, unless p is nil.
func AppendStringPtrMember(b []byte, key string, p *string) []byte {
	if p == nil {
		return b
	}
	return AppendStringMember(b, key, *p)
}

// AppendIntMember appends the member key with the integer v.
func AppendIntMember(b []byte, key string, v int64) []byte {
	return append(AppendInt(append(b, key...), v), ',')
}

// AppendIntPtrMember appends the member key with *p, unless p is nil.
func AppendIntPtrMember(b []byte, key string, p *int64) []byte {
	if p == nil {
		return b
	}
	return AppendIntMember(b, key, *p)
}

// AppendBoolMember appends the member key with the boolean v.
func AppendBoolMember(b []byte, key string, v bool) []byte {
	return append(AppendBool(append(b, key...), v), ',')
}

// AppendBoolPtrMember appends the member key with *p, unless p is nil.
func AppendBoolPtrMember(b []byte, key string, p *bool) []byte {
	if p == nil {
		return b
	}
	return AppendBoolMember(b, key, *p)
}

// AppendFloatMember appends the member key with the number v; NaN and the
// infinities are errors, as in AppendFloat.
func AppendFloatMember(b []byte, key string, v float64) ([]byte, error) {
	b, err := AppendFloat(append(b, key...), v)
	return append(b, ','), err
}

// AppendFloatPtrMember appends the member key with *p, unless p is nil.
func AppendFloatPtrMember(b []byte, key string, p *float64) ([]byte, error) {
	if p == nil {
		return b, nil
	}
	return AppendFloatMember(b, key, *p)
}

// AppendMember appends the member key with v, a generated type.
func AppendMember[V Appender](b []byte, key string, v V) ([]byte, error) {
	b, err := v.AppendJSON(append(b, key...))
	return append(b, ','), err
}

// AppendPtrMember appends the member key with *p, a generated type, unless p
// is nil.
func AppendPtrMember[V Appender](b []byte, key string, p *V) ([]byte, error) {
	if p == nil {
		return b, nil
	}
	return AppendMember(b, key, *p)
}

// AppendSliceMember appends the member key with the array of the items of
// v, generated types, unless v is nil.
func AppendSliceMember[S ~[]V, V Appender](b []byte, key string, v S) (_ []byte, err error) {
	if v == nil {
		return b, nil
	}
	b = append(append(b, key...), '[')
	for i := range v {
		if b, err = v[i].AppendJSON(b); err != nil {
			return b, err
		}
		b = append(b, ',')
	}
	return append(EndArray(b), ','), nil
}

// AppendStringsMember appends the member key with the array of strings v,
// unless v is nil.
func AppendStringsMember[S ~[]string](b []byte, key string, v S) []byte {
	if v == nil {
		return b
	}
	b = append(append(b, key...), '[')
	for _, s := range v {
		b = append(AppendString(b, s), ',')
	}
	return append(EndArray(b), ',')
}

// AppendNullableMember appends the member key with v, null or the value that
// app appends (AppendString, AppendInt, AppendBool), unless v is absent.
func AppendNullableMember[T any](b []byte, key string, v Nullable[T], app func([]byte, T) []byte) []byte {
	if v.IsZero() {
		return b
	}
	b = append(b, key...)
	if p := v.Ptr(); p != nil {
		b = app(b, *p)
	} else {
		b = append(b, "null"...)
	}
	return append(b, ',')
}
