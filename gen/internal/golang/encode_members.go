package golang

import (
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// The members of a struct's AppendJSON that are one call each (memberCall),
// and the body that writes them all on an envgenrt.Object (objectWriter).

// objectWriter writes AppendJSON's whole body for the struct x whose
// members are each one call, calls (memberCalls):
//
//	o := envgenrt.NewObject(b)
//	o.String(`"id":`, x.ID)
//	envgenrt.PtrMember(&o, `"next":`, x.Next)
//	return o.End()
func (d *decl) objectWriter(o *model.Object, calls []member) {
	w := d.text
	w.line("o := ", w.rt("NewObject"), "(b)")
	for i, f := range o.Fields {
		w.line(calls[i].objectCall(w, memberKey(f.JSONName)))
	}
	w.line("return o.End()")
}

// memberCalls are the calls that append the members of the declared struct
// x, or nil when it is not a struct, has extra members or a member takes
// more than a call. AppendJSON computes them once: they decide both its
// results (appendUsesErr) and its body (appendBody).
func (d *decl) memberCalls() []member {
	o, ok := d.t.(*model.Object)
	if !ok || o.Extra != nil {
		return nil
	}
	calls := make([]member, len(o.Fields))
	for i, f := range o.Fields {
		p := d.presence(f.Type, f.Required)
		v := "x." + f.GoName
		if calls[i] = d.memberCall(f.Type, p, v, !f.Required && d.present(f.Type, p, v) != ""); calls[i].fn == "" {
			return nil
		}
	}
	return calls
}

// member is how one call appends a member (memberCall): fn names the call
// in both of its forms, arg is the value it takes.
//
//	fn             b = …                                                 on an envgenrt.Object o
//	"String"       envgenrt.AppendStringMember(b, k, arg)                o.String(k, arg)
//	"IntPtr"       envgenrt.AppendIntPtrMember(b, k, arg)                o.IntPtr(k, arg)
//	"NullableInt"  envgenrt.AppendNullableMember(b, k, arg, envgenrt.AppendInt)  o.NullableInt(k, arg)
//	"PtrMember"    envgenrt.AppendPtrMember(b, k, arg)                   envgenrt.PtrMember(&o, k, arg)
type member struct {
	fn, arg  string
	generic  bool // a function of the runtime over generated types, not a method of Object
	fallible bool // it returns an error as well
}

// appendCall is the call that appends the member key to b.
func (m member) appendCall(w *goText, key string) string {
	if scalar, ok := strings.CutPrefix(m.fn, "Nullable"); ok {
		return call(w.rt("AppendNullableMember"), "b", textLiteral(key), m.arg, w.rt("Append"+scalar))
	}
	if m.generic {
		return call(w.rt("Append"+m.fn), "b", textLiteral(key), m.arg)
	}
	return call(w.rt("Append"+m.fn+"Member"), "b", textLiteral(key), m.arg)
}

// objectCall is the call that appends the member key to the envgenrt.Object o.
func (m member) objectCall(w *goText, key string) string {
	if m.generic {
		return call(w.rt(m.fn), "&o", textLiteral(key), m.arg)
	}
	return call("o."+m.fn, textLiteral(key), m.arg)
}

// memberCall is the one call that appends a member with v, held with
// presence p, or a member without fn when that takes more than a call:
//
//	b = envgenrt.AppendStringMember(b, `"id":`, x.ID)
//	b = envgenrt.AppendIntPtrMember(b, `"count":`, x.Count)                 (optional: nothing when nil)
//	if b, err = envgenrt.AppendPtrMember(b, `"next":`, x.Next); err != nil { return b, err }
//	if b, err = envgenrt.AppendSliceMember(b, `"hits":`, x.Hits); err != nil { return b, err }
func (d *decl) memberCall(ref model.Ref, p presence, v string, optional bool) member {
	t, _ := d.resolve(ref)
	if t == nil || isTypeParam(t) {
		return member{}
	}
	if p == nullable { // b = envgenrt.AppendNullableMember(b, `"note":`, x.Note, envgenrt.AppendString)
		return d.nullableMember(ref, t, v, optional)
	}
	// a pointer that is set when present, or a value always present
	single := (p == pointer) == optional
	own := d.typeOf(ref) == t // not through an alias
	suffix := ""
	if p == pointer {
		suffix = "Ptr"
	}
	switch {
	case t.Base().Named:
		if !single {
			return member{}
		}
		if stringEnum(t) { // its AppendJSON is AppendString: b = envgenrt.AppendStringPtrMember(b, `"kind":`, (*string)(x.Kind))
			if p == pointer {
				return member{fn: "StringPtr", arg: "(*string)(" + v + ")"}
			}
			return member{fn: "String", arg: "string(" + v + ")"}
		}
		return member{fn: suffix + "Member", arg: v, generic: true, fallible: true}
	case !own:
		return member{}
	}
	switch t := t.(type) {
	case *model.Scalar:
		if !single {
			return member{}
		}
		switch t.Scalar {
		case model.ScalarString:
			return member{fn: "String" + suffix, arg: v}
		case model.ScalarInteger:
			return member{fn: "Int" + suffix, arg: v}
		case model.ScalarBoolean:
			return member{fn: "Bool" + suffix, arg: v}
		case model.ScalarNumber:
			return member{fn: "Float" + suffix, arg: v, fallible: true}
		}
	case *model.Array:
		if !optional || p != bare || d.presence(t.Items, true) != bare {
			return member{}
		}
		it, null := d.resolve(t.Items)
		switch {
		case it == nil || isTypeParam(it) || null:
		case it.Base().Named:
			return member{fn: "SliceMember", arg: v, generic: true, fallible: true}
		case scalarKind(it) == model.ScalarString && d.typeOf(t.Items) == it:
			return member{fn: "Strings", arg: v}
		}
	}
	return member{}
}

// stringEnum reports whether t is an enum or const of strings, a named
// string (enumBase) whose AppendJSON appends it as a string.
func stringEnum(t model.Type) bool {
	switch t := t.(type) {
	case *model.Enum:
		return t.ValueType == model.ScalarString
	case *model.Const:
		return t.ValueType == model.ScalarString
	}
	return false
}

// nullableMember is memberCall for an optional Nullable of a string, integer
// or boolean, and no call for other types.
func (d *decl) nullableMember(ref model.Ref, t model.Type, v string, optional bool) member {
	fn := map[model.ScalarKind]string{
		model.ScalarString: "NullableString", model.ScalarInteger: "NullableInt", model.ScalarBoolean: "NullableBool",
	}[scalarKind(t)]
	if !optional || fn == "" || t.Base().Named || d.typeOf(ref) != t { // Nullable[string], not of a type through an alias
		return member{}
	}
	return member{fn: fn, arg: v}
}
