package golang

import (
	"strconv"
	"strings"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/model"
)

// AppendJSON writes what json.Marshal would, without reflection: MarshalJSON
// and Validate both use it. A struct whose members are each one call writes
// them on an envgenrt.Object, which keeps the first error for End to return
// (objectWriter):
//
//	o := envgenrt.NewObject(b)
//	o.String(`"id":`, x.ID)
//	envgenrt.PtrMember(&o, `"meta":`, x.Meta)
//	return o.End()
//
// Elsewhere every statement that can fail returns at once:
//
//	if b, err = x.Meta.AppendJSON(b); err != nil {
//		return b, err
//	}
//
// As for DecodeNode (decode.go), the functions here write Go text: values
// are Go expressions as strings ("x.Meta"), statements go to d.text.

// bErr writes: if b, err = <expr>; err != nil { return b, err }
func bErr(w *goText, expr string) { w.ifErr("b, err = "+expr, "b, err") }

// appendLit writes: b = append(b, `text`...), or b = append(b, 'c') for one byte.
func appendLit(w *goText, text string) {
	if len(text) == 1 {
		w.line("b = append(b, ", strconv.QuoteRune(rune(text[0])), ")")
		return
	}
	w.line("b = append(b, ", textLiteral(text), "...)")
}

// memberKey is the JSON text `"name":`.
func memberKey(name string) string {
	return string(envgenrt.AppendString(nil, name)) + ":"
}

// appendSlot appends v, held with presence p: nil and null pointers and
// null Nullables write null (absent ones are left out by the caller).
func (d *decl) appendSlot(ref model.Ref, p presence, v string, depth int) {
	d.appendHeld(ref, p, v, depth, false)
}

// appendHeld is appendSlot; present says that the caller has checked that v
// is present (not nil, not absent).
func (d *decl) appendHeld(ref model.Ref, p presence, v string, depth int, present bool) {
	w := d.text
	switch p {
	case pointer:
		if present {
			d.appendValue(ref, d.deref(ref, v), v, depth)
			return
		}
		// if v == nil { null } else { append *v }
		w.line("if ", v, " == nil {")
		appendLit(w, "null")
		w.line("} else {")
		d.appendValue(ref, d.deref(ref, v), v, depth)
		w.line("}")
		return
	case nullable:
		// if p := v.Ptr(); p != nil { append *p } else { null }
		p := "p" + strconv.Itoa(depth)
		w.line("if ", p, " := ", v, ".Ptr(); ", p, " != nil {")
		d.appendValue(ref, d.deref(ref, p), p, depth+1)
		w.line("} else {")
		appendLit(w, "null")
		w.line("}")
		return
	}
	if present {
		d.nonNil = true // the caller has checked a slice or map for nil
		defer func() { d.nonNil = false }()
	}
	d.appendValue(ref, v, "", depth)
}

// deref is *v, in parentheses when it is indexed or selected from.
func (d *decl) deref(ref model.Ref, v string) string {
	if t, _ := d.resolve(ref); t != nil && !t.Base().Named {
		switch t.(type) {
		case *model.Array, *model.Map, *model.Object:
			return "(*" + v + ")"
		}
	}
	return "*" + v
}

// appendValue appends v, a value of the type ref spells; addr is a pointer
// to it when one is at hand ("" when not).
func (d *decl) appendValue(ref model.Ref, v, addr string, depth int) {
	t, _ := d.resolve(ref)
	if t == nil {
		return
	}
	c := t.Base()
	if _, ok := t.(*model.TypeParam); ok {
		if addr == "" {
			addr = "&" + v
		}
		bErr(d.text, call(d.text.rt("AppendValue"), "b", addr))
		return
	}
	if c.Named {
		if addr != "" { // a pointer calls the method as well: p.AppendJSON(b)
			v = addr
		}
		bErr(d.text, v+".AppendJSON(b)")
		return
	}
	d.appendShape(t, v, depth)
}

// appendShape appends v, the value of an anonymous type or of a named type's
// own shape.
func (d *decl) appendShape(t model.Type, v string, depth int) {
	w := d.text
	// Whether v is known not to be nil (appendHeld) is about v alone: taken
	// before any item or member is written, so that a nested slice or map
	// does not take it for its own.
	nonNil := d.takeNonNil()
	if depth > maxDepth {
		d.fail(t.Base().Loc, "", "anonymous types nest without end")
		return
	}
	switch t := t.(type) {
	case *model.Scalar:
		appendScalar(w, t.Scalar, v)
	case *model.Enum:
		appendScalar(w, t.ValueType, v)
	case *model.Const:
		appendScalar(w, t.ValueType, v)
	case *model.Any:
		bErr(w, call(w.rt("AppendRaw"), "b", v))
	case *model.Array:
		// The item first: whether it reads v[i] decides the loop.
		i := "i" + strconv.Itoa(depth)
		mark := len(w.buf)
		d.appendSlot(t.Items, d.presence(t.Items, true), v+"["+i+"]", depth+1)
		appendLit(w, ",")
		item := w.cut(mark)
		if !nonNil {
			w.line("if ", v, " == nil {")
			appendLit(w, "null")
			w.line("} else {")
		}
		appendLit(w, "[")
		if usesIndex(item, i) {
			w.line("for ", i, " := range ", v, " {")
		} else {
			w.line("for range ", v, " {") // items that are always null: "items": {"type": "null"}
		}
		w.add(item)
		w.line("}")
		w.line("b = ", w.rt("EndArray"), "(b)")
		if !nonNil {
			w.line("}")
		}
	case *model.Map:
		d.appendMap(v, t.Values, depth, nil, nonNil)
	case *model.Object: // an inline struct
		d.appendObject(t, v, depth, false)
	default:
		d.fail(t.Base().Loc, "", "cannot encode a %s without a name", t.Base().Kind)
	}
}

// appendMap appends the members of a map in name order, each checked
// against known when given (the fields of the struct the map extends; not
// nil, though maybe empty, for a struct's Extra). Without known, a map that
// may be nil (not nonNil) is null when it is:
//
//	var keys1 [16]string
//	for _, k1 := range runtime.SortedKeys(v, keys1[:0]) {
//		b = runtime.AppendString(b, k1)
//		b = append(b, ':')
//		…
//		b = append(b, ',')
//	}
func (d *decl) appendMap(v string, values model.Ref, depth int, known []string, nonNil bool) {
	w := d.text
	suffix := strconv.Itoa(depth)
	keys, k := "keys"+suffix, "k"+suffix
	whole := known == nil // the map's own JSON object, not members of a struct's
	if whole {
		if !nonNil {
			w.line("if ", v, " == nil {")
			appendLit(w, "null")
			w.line("} else {")
		}
		appendLit(w, "{")
	}
	w.line("var ", keys, " [16]string")
	w.line("for _, ", k, " := range ", w.rt("SortedKeys"), "(", v, ", ", keys, "[:0]) {")
	if len(known) > 0 {
		names := make([]string, len(known))
		for i, n := range known {
			names[i] = quote(n)
		}
		w.line("switch ", k, " {")
		w.line("case ", strings.Join(names, ", "), ":")
		w.line("return b, ", w.rt("KnownMember"), "(", k, ")")
		w.line("}")
	}
	w.line("b = ", w.rt("AppendString"), "(b, ", k, ")")
	appendLit(w, ":")
	d.appendSlot(values, d.presence(values, true), v+"["+k+"]", depth+1)
	appendLit(w, ",")
	w.line("}")
	if whole {
		w.line("b = ", w.rt("EndObject"), "(b)")
		if !nonNil {
			w.line("}")
		}
	}
}

// takeNonNil reports (once) whether the slice or map about to be appended
// is known not to be nil.
func (d *decl) takeNonNil() bool {
	v := d.nonNil
	d.nonNil = false
	return v
}

// appendScalar appends a scalar held in its Go spelling.
func appendScalar(w *goText, k model.ScalarKind, v string) {
	switch k {
	case model.ScalarString:
		w.line("b = ", w.rt("AppendString"), "(b, ", v, ")")
	case model.ScalarInteger:
		w.line("b = ", w.rt("AppendInt"), "(b, ", v, ")")
	case model.ScalarBoolean:
		w.line("b = ", w.rt("AppendBool"), "(b, ", v, ")")
	case model.ScalarNumber:
		bErr(w, call(w.rt("AppendFloat"), "b", v))
	case model.ScalarNull:
		appendLit(w, "null")
	default:
		bErr(w, call(w.rt("AppendRaw"), "b", v))
	}
}

// present is the condition that an optional member is present, or "" when
// it always is.
func (d *decl) present(ref model.Ref, p presence, v string) string {
	switch p {
	case pointer:
		return v + " != nil"
	case nullable:
		return "!" + v + ".IsZero()"
	}
	if t, _ := d.resolve(ref); t != nil {
		switch d.classOf(t) {
		case nilClass, jsonClass:
			return v + " != nil"
		}
	}
	return ""
}

// appendObject is AppendJSON of a struct x: its members in schema order, the
// optional ones when present, then the extra members in name order. It ends
// with b = envgenrt.EndObject(b), or when it is AppendJSON's whole body
// (top), with return envgenrt.EndObject(b), nil. (A whole body whose members
// are each one call writes them through an envgenrt.Object instead:
// objectWriter.)
func (d *decl) appendObject(o *model.Object, x string, depth int, top bool) {
	w := d.text
	appendLit(w, "{")
	var known []string
	for _, f := range o.Fields {
		known = append(known, f.JSONName)
		p := d.presence(f.Type, f.Required)
		v := x + "." + f.GoName
		cond := d.present(f.Type, p, v)
		optional := !f.Required && cond != ""
		if m := d.memberCall(f.Type, p, v, optional); m.fn != "" {
			if m.fallible {
				bErr(w, m.appendCall(w, memberKey(f.JSONName)))
			} else {
				w.line("b = ", m.appendCall(w, memberKey(f.JSONName)))
			}
			continue
		}
		if optional {
			w.line("if ", cond, " {")
		}
		appendLit(w, memberKey(f.JSONName))
		d.appendHeld(f.Type, p, v, depth, optional)
		appendLit(w, ",")
		if optional {
			w.line("}")
		}
	}
	if o.Extra != nil {
		if known == nil {
			known = []string{} // not nil: the map's members extend the struct's
		}
		d.appendMap(x+".Extra", *o.Extra, depth, known, false)
	}
	if top {
		w.line("return ", w.rt("EndObject"), "(b), nil")
		return
	}
	w.line("b = ", w.rt("EndObject"), "(b)")
}

// appendUnion encodes the one branch that is set.
//
//	set := 0
//	if x.Circle != nil {
//		set++
//	}
//	…
//	if set != 1 {
//		return b, runtime.UnionSetError("Shape", set)
//	}
//	switch {
//	case x.Circle != nil:
//		…
//	}
func (d *decl) appendUnion(u *model.Union) {
	w := d.text
	bs := d.branches(u)
	w.line("set := 0")
	for _, b := range bs {
		w.line("if ", isSet(b), " {")
		w.line("set++")
		w.line("}")
	}
	w.line("if set != 1 {")
	w.line("return b, ", w.rt("UnionSetError"), "(", quote(d.name), ", set)")
	w.line("}")
	w.line("switch {")
	for _, b := range bs {
		w.line("case ", isSet(b), ":")
		d.appendSlot(b.ref, b.presence, "x."+b.name, 1)
	}
	w.line("}")
}

// appendTuple encodes the items in order; an item set after an absent one is
// an error, since an array cannot skip a position.
func (d *decl) appendTuple(t *model.Tuple) {
	w := d.text
	req := d.requiredItems(t)
	appendLit(w, "[")
	if req < len(t.Items) || t.Rest != nil {
		w.line("gap := false")
	}
	gapCheck := func(i int) {
		w.line("if gap {")
		w.line("return b, ", w.rt("TupleGap"), "(", strconv.Itoa(i), ")")
		w.line("}")
	}
	for i, ref := range t.Items {
		v := "x." + itemName(i)
		p := d.presence(ref, i < req)
		if i < req {
			d.appendSlot(ref, p, v, 1)
			appendLit(w, ",")
			continue
		}
		cond := d.present(ref, p, v)
		if cond == "" {
			cond = "true"
		}
		w.line("if ", cond, " {")
		if i > req {
			gapCheck(i)
		}
		d.appendSlot(ref, p, v, 1)
		appendLit(w, ",")
		w.line("} else {")
		w.line("gap = true")
		w.line("}")
	}
	if t.Rest != nil {
		mark := len(w.buf)
		d.appendSlot(*t.Rest, d.presence(*t.Rest, true), "x.Rest[i]", 1)
		appendLit(w, ",")
		rest := w.cut(mark)
		w.line("if len(x.Rest) > 0 {")
		gapCheck(len(t.Items))
		w.line("}")
		if usesIndex(rest, "i") {
			w.line("for i := range x.Rest {")
		} else {
			w.line("for range x.Rest {")
		}
		w.add(rest)
		w.line("}")
	}
	w.line("b = ", w.rt("EndArray"), "(b)")
}

// appendBody writes the body of a named type's AppendJSON, ending with its
// return; calls are the struct's memberCalls.
func (d *decl) appendBody(calls []member) {
	w := d.text
	switch t := d.t.(type) {
	case *model.Object:
		if calls != nil { // … return o.End()
			d.objectWriter(t, calls)
			return
		}
		d.appendObject(t, "x", 1, true) // … return envgenrt.EndObject(b), nil
		return
	case *model.Union:
		d.appendUnion(t)
	case *model.Tuple:
		d.appendTuple(t)
	case *model.Enum:
		if appendNamedScalar(w, t.ValueType) {
			return
		}
	case *model.Const:
		if appendNamedScalar(w, t.ValueType) {
			return
		}
	case *model.Scalar:
		if appendNamedScalar(w, t.Scalar) {
			return
		}
	case *model.Any, *model.TypeParam:
		bErr(w, call(w.rt("AppendRaw"), "b", "x"))
	case *model.Array, *model.Map:
		d.appendShape(t, "x", 1)
	case *model.Alias: // d.wrap: Target(x).AppendJSON(b)
		bErr(w, "("+d.typeText(t.Target)+")(x).AppendJSON(b)")
	}
	w.line("return b, nil")
}

// appendUsesErr reports whether the body appendBody writes assigns err, the
// second of AppendJSON's results, which it then names: (_ []byte, err error);
// calls are the struct's memberCalls.
func (d *decl) appendUsesErr(calls []member) bool {
	switch t := d.t.(type) {
	case *model.Object:
		return calls == nil
	case *model.Enum:
		return namedScalarAppender(t.ValueType) == ""
	case *model.Const:
		return namedScalarAppender(t.ValueType) == ""
	case *model.Scalar:
		return namedScalarAppender(t.Scalar) == ""
	}
	return true
}

// namedScalarAppender is the runtime function that appends a named type over
// a scalar of kind k in one call that cannot fail, or "".
func namedScalarAppender(k model.ScalarKind) string {
	return map[model.ScalarKind]string{model.ScalarString: "AppendString", model.ScalarInteger: "AppendInt",
		model.ScalarBoolean: "AppendBool"}[k]
}

// appendNamedScalar appends x, a named type over a scalar (or JSON text),
// and reports whether that was a return statement:
//
//	return envgenrt.AppendString(b, string(x)), nil
func appendNamedScalar(w *goText, k model.ScalarKind) (returned bool) {
	conv := map[model.ScalarKind]string{model.ScalarString: "string", model.ScalarInteger: "int64",
		model.ScalarNumber: "float64", model.ScalarBoolean: "bool"}[k]
	if fn := namedScalarAppender(k); fn != "" {
		w.line("return ", w.rt(fn), "(b, ", conv, "(x)), nil")
		return true
	}
	switch {
	case isJSONText(k) && k != model.ScalarNull:
		bErr(w, call(w.rt("AppendText"), "b", "string(x)"))
	case conv != "":
		appendScalar(w, k, conv+"(x)")
	default:
		appendScalar(w, k, "x")
	}
	return false
}

// usesIndex reports whether code reads the element at index variable i
// (v[i]): an item that is always null does not, and Go refuses a loop
// variable that is declared and not used.
func usesIndex(code string, i string) bool {
	return strings.Contains(code, "["+i+"]")
}
