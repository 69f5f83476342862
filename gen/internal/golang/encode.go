package golang

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/model"
)

// AppendJSON writes what json.Marshal would, without reflection: MarshalJSON
// and Validate both use it. Every statement that can fail returns at once:
//
//	if b, err = x.Meta.AppendJSON(b); err != nil {
//		return b, err
//	}

// bErr is: if b, err = <call>; err != nil { return b, err }
func bErr(call jen.Code) jen.Code {
	return jen.If(jen.List(jen.Id("b"), jen.Err()).Op("=").Add(call), jen.Err().Op("!=").Nil()).
		Block(jen.Return(jen.Id("b"), jen.Err()))
}

// appendLit is b = append(b, `text`...)
func appendLit(text string) jen.Code {
	lit := jen.Lit(text)
	if strconv.CanBackquote(text) {
		lit = jen.Op("`" + text + "`")
	}
	if len(text) == 1 {
		lit = jen.LitRune(rune(text[0]))
		return jen.Id("b").Op("=").Append(jen.Id("b"), lit)
	}
	return jen.Id("b").Op("=").Append(jen.Id("b"), jen.Add(lit).Op("..."))
}

// memberKey is the JSON text `"name":`.
func memberKey(name string) string {
	return string(envgenrt.AppendString(nil, name)) + ":"
}

// appendSlot appends v, held with presence p: nil and null pointers and
// null Nullables write null (absent ones are left out by the caller).
func (d *decl) appendSlot(ref model.Ref, p presence, v *jen.Statement, depth int) []jen.Code {
	return d.appendHeld(ref, p, v, depth, false)
}

// appendHeld is appendSlot; present says that the caller has checked that v
// is present (not nil, not absent).
func (d *decl) appendHeld(ref model.Ref, p presence, v *jen.Statement, depth int, present bool) []jen.Code {
	switch p {
	case pointer:
		if present {
			return d.appendValue(ref, d.deref(ref, v), v, depth)
		}
		// if v == nil { null } else { append *v }
		return []jen.Code{jen.If(v.Clone().Op("==").Nil()).Block(appendLit("null")).Else().Block(
			d.appendValue(ref, d.deref(ref, v), v, depth)...)}
	case nullable:
		// if p := v.Ptr(); p != nil { append *p } else { null }
		p := jen.Id("p" + strconv.Itoa(depth))
		return []jen.Code{jen.If(p.Clone().Op(":=").Add(v).Dot("Ptr").Call(), p.Clone().Op("!=").Nil()).Block(
			d.appendValue(ref, d.deref(ref, p), p, depth+1)...).Else().Block(appendLit("null"))}
	}
	if present {
		d.nonNil = true // the caller has checked a slice or map for nil
		defer func() { d.nonNil = false }()
	}
	return d.appendValue(ref, v, nil, depth)
}

// deref is *v, in parentheses when it is indexed or selected from.
func (d *decl) deref(ref model.Ref, v *jen.Statement) *jen.Statement {
	if t, _ := d.resolve(ref); t != nil && !t.Base().Named {
		switch t.(type) {
		case *model.Array, *model.Map, *model.Object:
			return jen.Parens(jen.Op("*").Add(v))
		}
	}
	return jen.Op("*").Add(v)
}

// appendValue appends v, a value of the type ref spells; addr is a pointer
// to it when one is at hand.
func (d *decl) appendValue(ref model.Ref, v, addr *jen.Statement, depth int) []jen.Code {
	t, _ := d.resolve(ref)
	if t == nil {
		return nil
	}
	c := t.Base()
	if _, ok := t.(*model.TypeParam); ok {
		if addr == nil {
			addr = jen.Op("&").Add(v)
		}
		return []jen.Code{bErr(jen.Qual(runtimePkg, "AppendValue").Call(jen.Id("b"), addr))}
	}
	if c.Named {
		if addr != nil { // a pointer calls the method as well: p.AppendJSON(b)
			v = addr
		}
		return []jen.Code{bErr(jen.Add(v).Dot("AppendJSON").Call(jen.Id("b")))}
	}
	return d.appendShape(t, v, depth)
}

// appendShape appends v, the value of an anonymous type or of a named type's
// own shape.
func (d *decl) appendShape(t model.Type, v *jen.Statement, depth int) []jen.Code {
	if depth > maxDepth {
		d.fail(t.Base().Loc, "", "anonymous types nest without end")
		return nil
	}
	switch t := t.(type) {
	case *model.Scalar:
		return appendScalar(t.Scalar, v)
	case *model.Enum:
		return appendScalar(t.ValueType, v)
	case *model.Const:
		return appendScalar(t.ValueType, v)
	case *model.Any:
		return []jen.Code{bErr(jen.Qual(runtimePkg, "AppendRaw").Call(jen.Id("b"), v))}
	case *model.Array:
		i := jen.Id("i" + strconv.Itoa(depth))
		item := d.appendSlot(t.Items, d.presence(t.Items, true), v.Clone().Index(i), depth+1)
		loop := jen.For(i.Clone().Op(":=").Range().Add(v))
		if !usesIndex(item, "i"+strconv.Itoa(depth)) {
			loop = jen.For(jen.Range().Add(v)) // items that are always null: "items": {"type": "null"}
		}
		list := []jen.Code{
			appendLit("["),
			loop.Block(append(item, appendLit(","))...),
			jen.Id("b").Op("=").Qual(runtimePkg, "EndArray").Call(jen.Id("b")),
		}
		if d.takeNonNil() {
			return list
		}
		return []jen.Code{jen.If(v.Clone().Op("==").Nil()).Block(appendLit("null")).Else().Block(list...)}
	case *model.Map:
		return d.appendMap(v, t.Values, depth, nil)
	case *model.Object: // an inline struct
		return d.appendObject(t, v, depth)
	}
	d.fail(t.Base().Loc, "", "cannot encode a %s without a name", t.Base().Kind)
	return nil
}

// appendMap appends the members of a map in name order, each checked
// against known when given (the fields of the struct the map extends):
//
//	var keys1 [16]string
//	for _, k1 := range runtime.SortedKeys(v, keys1[:0]) {
//		b = runtime.AppendString(b, k1)
//		b = append(b, ':')
//		…
//		b = append(b, ',')
//	}
func (d *decl) appendMap(v *jen.Statement, values model.Ref, depth int, known []string) []jen.Code {
	suffix := strconv.Itoa(depth)
	keys, k := jen.Id("keys"+suffix), jen.Id("k"+suffix)
	var body []jen.Code
	if len(known) > 0 {
		names := make([]jen.Code, len(known))
		for i, n := range known {
			names[i] = jen.Lit(n)
		}
		body = append(body, jen.Switch(k).Block(jen.Case(names...).Block(
			jen.Return(jen.Id("b"), jen.Qual(runtimePkg, "KnownMember").Call(k)))))
	}
	body = append(body,
		jen.Id("b").Op("=").Qual(runtimePkg, "AppendString").Call(jen.Id("b"), k),
		appendLit(":"),
	)
	body = append(body, d.appendSlot(values, d.presence(values, true), v.Clone().Index(k), depth+1)...)
	body = append(body, appendLit(","))
	loop := []jen.Code{
		jen.Var().Add(keys).Index(jen.Lit(16)).String(),
		jen.For(jen.List(jen.Id("_"), k).Op(":=").Range().Qual(runtimePkg, "SortedKeys").Call(v, keys.Clone().Index(jen.Empty(), jen.Lit(0)))).
			Block(body...),
	}
	if known != nil {
		return loop
	}
	object := append(append([]jen.Code{appendLit("{")}, loop...), jen.Id("b").Op("=").Qual(runtimePkg, "EndObject").Call(jen.Id("b")))
	if d.takeNonNil() {
		return object
	}
	return []jen.Code{jen.If(v.Clone().Op("==").Nil()).Block(appendLit("null")).Else().Block(object...)}
}

// takeNonNil reports (once) whether the slice or map about to be appended
// is known not to be nil.
func (d *decl) takeNonNil() bool {
	v := d.nonNil
	d.nonNil = false
	return v
}

// appendScalar appends a scalar held in its Go spelling.
func appendScalar(k model.ScalarKind, v *jen.Statement) []jen.Code {
	set := func(fn string) []jen.Code {
		return []jen.Code{jen.Id("b").Op("=").Qual(runtimePkg, fn).Call(jen.Id("b"), v)}
	}
	switch k {
	case model.ScalarString:
		return set("AppendString")
	case model.ScalarInteger:
		return set("AppendInt")
	case model.ScalarBoolean:
		return set("AppendBool")
	case model.ScalarNumber:
		return []jen.Code{bErr(jen.Qual(runtimePkg, "AppendFloat").Call(jen.Id("b"), v))}
	case model.ScalarNull:
		return []jen.Code{appendLit("null")}
	}
	return []jen.Code{bErr(jen.Qual(runtimePkg, "AppendRaw").Call(jen.Id("b"), v))}
}

// present is the condition that an optional member is present, or nil when
// it always is.
func (d *decl) present(ref model.Ref, p presence, v *jen.Statement) jen.Code {
	switch p {
	case pointer:
		return v.Clone().Op("!=").Nil()
	case nullable:
		return jen.Op("!").Add(v).Dot("IsZero").Call()
	}
	if t, _ := d.resolve(ref); t != nil {
		switch d.classOf(t) {
		case nilClass, jsonClass:
			return v.Clone().Op("!=").Nil()
		}
	}
	return nil
}

// appendObject is AppendJSON of a struct x: its members in schema order, the
// optional ones when present, then the extra members in name order.
func (d *decl) appendObject(o *model.Object, x *jen.Statement, depth int) []jen.Code {
	out := []jen.Code{appendLit("{")}
	var known []string
	for _, f := range o.Fields {
		known = append(known, f.JSONName)
		p := d.presence(f.Type, f.Required)
		v := x.Clone().Dot(f.GoName)
		cond := d.present(f.Type, p, v)
		optional := !f.Required && cond != nil
		if call := d.memberCall(f.Type, p, v, memberKey(f.JSONName), optional); call != nil {
			out = append(out, call)
			continue
		}
		member := append([]jen.Code{appendLit(memberKey(f.JSONName))}, d.appendHeld(f.Type, p, v, depth, optional)...)
		member = append(member, appendLit(","))
		if optional {
			out = append(out, jen.If(cond).Block(member...))
			continue
		}
		out = append(out, member...)
	}
	if o.Extra != nil {
		out = append(out, d.appendMap(x.Clone().Dot("Extra"), *o.Extra, depth, append([]string{}, known...))...)
	}
	return append(out, jen.Id("b").Op("=").Qual(runtimePkg, "EndObject").Call(jen.Id("b")))
}

// memberCall is the one call that appends the member key with v, held with
// presence p, or nil when that takes more than a call:
//
//	b = envgenrt.AppendStringMember(b, `"id":`, x.ID)
//	b = envgenrt.AppendIntPtrMember(b, `"count":`, x.Count)                 (optional: nothing when nil)
//	if b, err = envgenrt.AppendPtrMember(b, `"next":`, x.Next); err != nil { return b, err }
//	if b, err = envgenrt.AppendSliceMember(b, `"hits":`, x.Hits); err != nil { return b, err }
func (d *decl) memberCall(ref model.Ref, p presence, v *jen.Statement, key string, optional bool) jen.Code {
	t, _ := d.resolve(ref)
	if t == nil || isTypeParam(t) {
		return nil
	}
	if p == nullable { // b = envgenrt.AppendNullableMember(b, `"note":`, x.Note, envgenrt.AppendString)
		return d.nullableMember(ref, t, v, key, optional)
	}
	// a pointer that is set when present, or a value always present
	single := (p == pointer) == optional
	own := d.typeOf(ref) == t // not through an alias
	call := func(fn string, arg jen.Code) jen.Code {
		return jen.Qual(runtimePkg, fn).Call(jen.Id("b"), textLiteral(key), arg)
	}
	set := func(fn string) jen.Code { return jen.Id("b").Op("=").Add(call(fn, v)) }
	suffix := ""
	if p == pointer {
		suffix = "Ptr"
	}
	switch {
	case t.Base().Named:
		if !single {
			return nil
		}
		if stringEnum(t) { // its AppendJSON is AppendString: b = envgenrt.AppendStringPtrMember(b, `"kind":`, (*string)(x.Kind))
			if p == pointer {
				return jen.Id("b").Op("=").Add(call("AppendStringPtrMember", jen.Parens(jen.Op("*").String()).Call(v)))
			}
			return jen.Id("b").Op("=").Add(call("AppendStringMember", jen.String().Call(v)))
		}
		return bErr(call("Append"+suffix+"Member", v))
	case !own:
		return nil
	}
	switch t := t.(type) {
	case *model.Scalar:
		if !single {
			return nil
		}
		switch t.Scalar {
		case model.ScalarString:
			return set("AppendString" + suffix + "Member")
		case model.ScalarInteger:
			return set("AppendInt" + suffix + "Member")
		case model.ScalarBoolean:
			return set("AppendBool" + suffix + "Member")
		case model.ScalarNumber:
			return bErr(call("AppendFloat"+suffix+"Member", v))
		}
	case *model.Array:
		if !optional || p != bare || d.presence(t.Items, true) != bare {
			return nil
		}
		it, null := d.resolve(t.Items)
		switch {
		case it == nil || isTypeParam(it) || null:
		case it.Base().Named:
			return bErr(call("AppendSliceMember", v))
		case scalarKind(it) == model.ScalarString && d.typeOf(t.Items) == it:
			return set("AppendStringsMember")
		}
	}
	return nil
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
// or boolean, or nil for other types.
func (d *decl) nullableMember(ref model.Ref, t model.Type, v *jen.Statement, key string, optional bool) jen.Code {
	fn := map[model.ScalarKind]string{
		model.ScalarString: "AppendString", model.ScalarInteger: "AppendInt", model.ScalarBoolean: "AppendBool",
	}[scalarKind(t)]
	if !optional || fn == "" || t.Base().Named || d.typeOf(ref) != t { // Nullable[string], not of a type through an alias
		return nil
	}
	return jen.Id("b").Op("=").Qual(runtimePkg, "AppendNullableMember").Call(jen.Id("b"), textLiteral(key), v, jen.Qual(runtimePkg, fn))
}

// textLiteral is text as a Go string literal, raw when it can be.
func textLiteral(text string) jen.Code {
	if strconv.CanBackquote(text) {
		return jen.Op("`" + text + "`")
	}
	return jen.Lit(text)
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
func (d *decl) appendUnion(u *model.Union) []jen.Code {
	bs := d.branches(u)
	out := []jen.Code{jen.Id("set").Op(":=").Lit(0)}
	var cases []jen.Code
	for _, b := range bs {
		out = append(out, jen.If(isSet(b)).Block(jen.Id("set").Op("++")))
		cases = append(cases, jen.Case(isSet(b)).Block(d.appendSlot(b.ref, b.presence, jen.Id("x").Dot(b.name), 1)...))
	}
	out = append(out, jen.If(jen.Id("set").Op("!=").Lit(1)).Block(
		jen.Return(jen.Id("b"), jen.Qual(runtimePkg, "UnionSetError").Call(jen.Lit(d.name), jen.Id("set")))))
	return append(out, jen.Switch().Block(cases...))
}

// appendTuple encodes the items in order; an item set after an absent one is
// an error, since an array cannot skip a position.
func (d *decl) appendTuple(t *model.Tuple) []jen.Code {
	req := d.requiredItems(t)
	out := []jen.Code{appendLit("[")}
	if req < len(t.Items) || t.Rest != nil {
		out = append(out, jen.Id("gap").Op(":=").False())
	}
	gapCheck := func(i int) jen.Code {
		return jen.If(jen.Id("gap")).Block(jen.Return(jen.Id("b"), jen.Qual(runtimePkg, "TupleGap").Call(jen.Lit(i))))
	}
	for i, ref := range t.Items {
		v := jen.Id("x").Dot(itemName(i))
		p := d.presence(ref, i < req)
		item := append(d.appendSlot(ref, p, v, 1), appendLit(","))
		if i < req {
			out = append(out, item...)
			continue
		}
		cond := d.present(ref, p, v)
		if cond == nil {
			cond = jen.True()
		}
		if i > req {
			item = append([]jen.Code{gapCheck(i)}, item...)
		}
		out = append(out, jen.If(cond).Block(item...).Else().Block(jen.Id("gap").Op("=").True()))
	}
	if t.Rest != nil {
		rest := d.appendSlot(*t.Rest, d.presence(*t.Rest, true), jen.Id("x").Dot("Rest").Index(jen.Id("i")), 1)
		out = append(out,
			jen.If(jen.Len(jen.Id("x").Dot("Rest")).Op(">").Lit(0)).Block(gapCheck(len(t.Items))),
			restLoop(usesIndex(rest, "i")).Block(append(rest, appendLit(","))...))
	}
	return append(out, jen.Id("b").Op("=").Qual(runtimePkg, "EndArray").Call(jen.Id("b")))
}

// appendBody is the body of a named type's AppendJSON, before its return.
func (d *decl) appendBody() []jen.Code {
	x := jen.Id("x")
	switch t := d.t.(type) {
	case *model.Object:
		return d.appendObject(t, x, 1)
	case *model.Union:
		return d.appendUnion(t)
	case *model.Tuple:
		return d.appendTuple(t)
	case *model.Enum:
		return appendNamedScalar(t.ValueType, x)
	case *model.Const:
		return appendNamedScalar(t.ValueType, x)
	case *model.Scalar:
		return appendNamedScalar(t.Scalar, x)
	case *model.Any, *model.TypeParam:
		return []jen.Code{bErr(jen.Qual(runtimePkg, "AppendRaw").Call(jen.Id("b"), x))}
	case *model.Array, *model.Map:
		return d.appendShape(t, x, 1)
	case *model.Alias: // d.wrap: Target(x).AppendJSON(b)
		return []jen.Code{bErr(jen.Parens(d.typeCode(t.Target)).Call(x).Dot("AppendJSON").Call(jen.Id("b")))}
	}
	return nil
}

// appendNamedScalar appends x, a named type over a scalar (or JSON text).
func appendNamedScalar(k model.ScalarKind, x *jen.Statement) []jen.Code {
	if isJSONText(k) && k != model.ScalarNull {
		return []jen.Code{bErr(jen.Qual(runtimePkg, "AppendText").Call(jen.Id("b"), jen.String().Call(x)))}
	}
	switch k {
	case model.ScalarString:
		return appendScalar(k, jen.String().Call(x))
	case model.ScalarInteger:
		return appendScalar(k, jen.Int64().Call(x))
	case model.ScalarNumber:
		return appendScalar(k, jen.Float64().Call(x))
	case model.ScalarBoolean:
		return appendScalar(k, jen.Bool().Call(x))
	}
	return appendScalar(k, x)
}

// usesIndex reports whether code reads the element at index variable i
// (v[i]): an item that is always null does not, and Go refuses a loop
// variable that is declared and not used.
func usesIndex(code []jen.Code, i string) bool {
	return strings.Contains(fmt.Sprintf("%#v", jen.Block(code...)), "["+i+"]")
}

// restLoop ranges over a tuple's Rest, with the index i when the items use it.
func restLoop(useIndex bool) *jen.Statement {
	if useIndex {
		return jen.For(jen.Id("i").Op(":=").Range().Id("x").Dot("Rest"))
	}
	return jen.For(jen.Range().Id("x").Dot("Rest"))
}
