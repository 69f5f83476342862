package golang

import (
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// DecodeNode fills a value from a node of the value tree that its validator
// has accepted: no reflection, exact member names, nested generated types
// filled by their own DecodeNode from the same tree. What can still fail is a
// Go type narrower than the schema (an integer beyond int64): an error, never
// a silent change.
//
// The functions here write Go text (gotext.go): targets, nodes and calls are
// Go expressions as strings ("x.ID", "c1", "s.ReadString(c1, &x.ID)"), and
// statements go to d.text one a line.

// wrongKind writes: if s.Kind(node) != envgenrt.KindX { return s.WrongKind(node, want) }
func wrongKind(w *goText, node, kind, want string) {
	w.line("if s.Kind(", node, ") != ", w.rt(kind), " {")
	w.line("return s.WrongKind(", node, ", ", quote(want), ")")
	w.line("}")
}

// decodeSlot fills target, held with presence p, from node.
//
//	pointer:  if !s.IsNull(c) { v1 := new(T); …; target = v1 }
//	          { v1 := new(T); …; target = v1 }   (optional T, a type parameter: null is T's to decode)
//	nullable: if s.IsNull(c) { target = envgenrt.NullValue[T]() } else { var v1 T; …; target = envgenrt.Value(v1) }
func (d *decl) decodeSlot(target string, ref model.Ref, p presence, node string, depth int) {
	w := d.text
	v := "v" + strconv.Itoa(depth)
	switch p {
	case pointer:
		if fill := d.decodePointer(target, ref, node); fill != "" {
			w.errReturn(fill)
			return
		}
		if t, null := d.resolve(ref); isTypeParam(t) && !null {
			// An optional T: nil is absent, and whether null is a value is
			// T's argument's to say. T decodes it (json.RawMessage holds
			// "null"), so that null is kept.
			w.line("{")
		} else {
			w.line("if !s.IsNull(", node, ") {")
		}
		w.line(v, " := new(", d.typeText(ref), ")")
		d.decodeValue("*"+v, v, ref, node, depth+1)
		w.line(target, " = ", v)
		w.line("}")
		return
	case nullable:
		w.line("if s.IsNull(", node, ") {")
		w.line(target, " = ", w.rt("NullValue"), "[", d.typeText(ref), "]()")
		w.line("} else {")
		w.line("var ", v, " ", d.typeText(ref))
		d.decodeValue(v, "", ref, node, depth+1)
		w.line(target, " = ", w.rt("Value"), "(", v, ")")
		w.line("}")
		return
	}
	if t, null := d.resolve(ref); null && t != nil && d.classOf(t) == nilClass {
		// a nil slice or map is null
		w.line("if !s.IsNull(", node, ") {")
		d.decodeValue(target, "", ref, node, depth)
		w.line("}")
		return
	}
	d.decodeValue(target, "", ref, node, depth)
}

// ptrReaders are the State methods that fill an optional scalar: a pointer
// into a block of cells the decode shares, nil for null.
var ptrReaders = map[model.ScalarKind]string{
	model.ScalarString: "ReadStringPtr", model.ScalarInteger: "ReadInt64Ptr",
	model.ScalarNumber: "ReadFloat64Ptr", model.ScalarBoolean: "ReadBoolPtr",
}

// decodePointer is the call that fills target, a pointer that null leaves
// nil, from node, or "" when the runtime has no helper for its type:
//
//	s.ReadStringPtr(c, &target)                (a scalar)
//	envgenrt.DecodeStringPtr(s, c, &target)    (a generated type over a string)
//	envgenrt.DecodeScalarPtr(s, c, &target)    (… over a number or a boolean)
//	envgenrt.DecodePtr(s, c, &target)          (another generated type)
func (d *decl) decodePointer(target string, ref model.Ref, node string) string {
	t, _ := d.resolve(ref)
	if t == nil || isTypeParam(t) {
		return ""
	}
	if t.Base().Named {
		fn := "DecodePtr"
		switch k, ok := model.ScalarKindOf(t); {
		case !ok:
		case k == model.ScalarString || k == model.ScalarAny:
			fn = "DecodeStringPtr" // a cell among the decode's string cells: no allocation of its own
		case k == model.ScalarInteger || k == model.ScalarNumber || k == model.ScalarBoolean:
			fn = "DecodeScalarPtr"
		}
		return call(d.text.rt(fn), "s", node, "&"+target)
	}
	if sc, ok := t.(*model.Scalar); ok && ptrReaders[sc.Scalar] != "" && d.typeOf(ref) == t { // not through an alias
		return call("s."+ptrReaders[sc.Scalar], node, "&"+target)
	}
	return ""
}

// isTypeParam reports whether t is a type parameter.
func isTypeParam(t model.Type) bool {
	_, ok := t.(*model.TypeParam)
	return ok
}

// decodeValue fills target, a value of the type ref spells; addr is a
// pointer to it when one is at hand ("" when not).
func (d *decl) decodeValue(target, addr string, ref model.Ref, node string, depth int) {
	t, _ := d.resolve(ref)
	if t == nil {
		return
	}
	recv := target // addressable: x.Meta.DecodeNode(s, c) takes its address
	if addr != "" {
		recv = addr
	}
	if _, ok := t.(*model.TypeParam); !ok && t.Base().Named {
		d.text.errReturn(call(recv+".DecodeNode", "s", node))
		return
	}
	if addr == "" {
		addr = "&" + target
	}
	if _, ok := t.(*model.TypeParam); ok {
		d.text.errReturn(call(d.text.rt("DecodeValue"), "s", node, addr))
		return
	}
	if o, ok := t.(*model.Object); ok { // an inline struct
		d.decodeObject(o, recv, target, node, depth)
		return
	}
	d.decodeShape(target, addr, t, node, depth)
}

// decodeShape fills target with the value of an anonymous type, or of a
// named type's own shape.
func (d *decl) decodeShape(target, addr string, t model.Type, node string, depth int) {
	w := d.text
	switch t := t.(type) {
	case *model.Scalar:
		w.errReturn(readScalar(t.Scalar, addr, node))
		return
	case *model.Enum:
		w.errReturn(readScalar(t.ValueType, addr, node))
		return
	case *model.Const:
		w.errReturn(readScalar(t.ValueType, addr, node))
		return
	case *model.Any:
		w.line(target, " = s.DecodeRaw(", node, ")")
		return
	case *model.Array:
		if fill := d.decodeItems(addr, t.Items, node, true); fill != "" {
			w.errReturn(fill)
			return
		}
		// v := make([]T, s.Count(c)); for c1, i1 := … { fill v[i1] from c1 }; target = v
		suffix := strconv.Itoa(depth)
		v, c, i := "a"+suffix, "c"+suffix, "i"+suffix
		wrongKind(w, node, "KindArray", "an array")
		w.line(v, " := make([]", d.slotText(t.Items, true), ", s.Count(", node, "))")
		w.line("for ", c, ", ", i, " := s.First(", node, "), 0; ", c, " < s.End(", node, "); ",
			c, ", ", i, " = s.Next(", c, "), ", i, "+1 {")
		d.decodeSlot(v+"["+i+"]", t.Items, d.presence(t.Items, true), c, depth+1)
		w.line("}")
		w.line(target, " = ", v)
		return
	case *model.Map:
		v := "m" + strconv.Itoa(depth)
		wrongKind(w, node, "KindObject", "an object")
		w.line(v, " := make(map[string]", d.slotText(t.Values, true), ", s.Count(", node, "))")
		d.eachMember(node, depth, func() { d.decodeMember(v, t.Values, "c"+strconv.Itoa(depth), depth) })
		w.line(target, " = ", v)
		return
	}
	d.fail(t.Base().Loc, "package naming should mark such types Named", "cannot decode a %s without a name", t.Base().Kind)
}

// decodeItems is the call that fills the slice *addr from the array node,
// or "" when the runtime has no helper for its items; plain says that *addr
// is a []T, not a named slice type:
//
//	envgenrt.DecodeSlice(s, c, addr)                              (generated types)
//	s.ReadStrings(c, addr)                                        (scalars, plain)
//	envgenrt.ReadSlice(s, c, addr, (*envgenrt.State).ReadString)  (scalars)
func (d *decl) decodeItems(addr string, items model.Ref, node string, plain bool) string {
	if d.presence(items, true) != bare {
		return ""
	}
	t, null := d.resolve(items)
	if t == nil || isTypeParam(t) || null {
		return ""
	}
	if t.Base().Named {
		return call(d.text.rt("DecodeSlice"), "s", node, addr)
	}
	if sc, ok := t.(*model.Scalar); ok && ptrReaders[sc.Scalar] != "" && d.typeOf(items) == t {
		read := scalarReaders[sc.Scalar]
		if plain {
			return call("s."+read+"s", node, addr)
		}
		rt := d.text.rt
		return call(rt("ReadSlice"), "s", node, addr, "(*"+rt("State")+")."+read)
	}
	return ""
}

// eachMember writes the loop over the members (or items) c<depth> of node,
// its body written by body.
func (d *decl) eachMember(node string, depth int, body func()) {
	c, end := "c"+strconv.Itoa(depth), "end"+strconv.Itoa(depth)
	d.text.line("for ", c, ", ", end, " := s.Bounds(", node, "); ", c, " < ", end, "; ", c, " = s.Next(", c, ") {")
	body()
	d.text.line("}")
}

// decodeMember fills m[name] from the member c:
//
//	var e1 T
//	…
//	m[s.KeyString(c1)] = e1
func (d *decl) decodeMember(m string, values model.Ref, c string, depth int) {
	e := "e" + strconv.Itoa(depth)
	d.text.line("var ", e, " ", d.slotText(values, true))
	d.decodeSlot(e, values, d.presence(values, true), c, depth+1)
	d.text.line(m, "[s.KeyString(", c, ")] = ", e)
}

// readScalar is the call that fills a scalar: s.ReadString(c, &target).
func readScalar(k model.ScalarKind, addr, node string) string {
	return call("s."+scalarReaders[k], node, addr)
}

// scalarReaders are the State methods that fill a scalar.
var scalarReaders = map[model.ScalarKind]string{
	model.ScalarString: "ReadString", model.ScalarInteger: "ReadInt64", model.ScalarNumber: "ReadFloat64",
	model.ScalarBoolean: "ReadBool", model.ScalarNull: "ReadNull", model.ScalarAny: "ReadRaw",
}

// decodeObject fills the struct x (DecodeNode's *x, or an inline struct):
// each member into its field, the others into Extra.
//
// x is the struct, or a pointer to it, to select fields from; whole is what
// the zero value is assigned to.
func (d *decl) decodeObject(o *model.Object, x, whole, node string, depth int) {
	w := d.text
	c := "c" + strconv.Itoa(depth)
	if len(o.Fields) == 0 && o.Extra == nil {
		d.decodeEmptyObject(o, whole, node)
		return
	}
	if o.Named {
		// c, end, err := envgenrt.BeginObject(s, n, x); for … { switch … }; return err
		// (the members are c: nested loops name theirs c2, c3 …)
		d.decodeNamedObject(node, "c", func() { d.memberSwitch(o, x, "c", "key", depth) })
		return
	}
	wrongKind(w, node, "KindObject", "an object")
	w.line(whole, " = ", d.typeText(model.Ref{ID: o.ID}), "{}")
	// The loop first: whether a member is filled by one call, err = <call>,
	// tested after the switch, is known once the switch is written; then
	// var err error goes ahead of it:
	//
	//	var err error
	//	for c1, end1 := s.Bounds(c); c1 < end1; {
	//		key1, next1 := s.Member(c1)
	//		switch string(key1) { case "id": err = s.ReadString(c1, &x.ID) … }
	//		if err != nil { return err }
	//		c1 = next1
	//	}
	mark := len(w.buf)
	calls := false
	suffix := strconv.Itoa(depth)
	key, next := "key"+suffix, "next"+suffix
	w.line("for ", c, ", end", suffix, " := s.Bounds(", node, "); ", c, " < end", suffix, "; {")
	w.line(key, ", ", next, " := s.Member(", c, ")")
	if calls = d.memberSwitch(o, x, c, key, depth); calls {
		w.returnIfErr("err")
	}
	w.line(c, " = ", next)
	w.line("}")
	if calls {
		loop := w.cut(mark)
		w.line("var err error")
		w.add(loop)
	}
}

// decodeEmptyObject fills the struct of an object with no properties and
// no Extra: any member is an error. (A loop around a switch of only
// default: return … would end in unreachable code.)
//
//	c, end, err := envgenrt.BeginObject(s, n, x)      (DecodeNode)
//	if err == nil && c < end {
//		return s.NoMember(c)
//	}
//	return err
//
//	if s.Count(c) > 0 {                              (an inline struct)
//		return s.NoMember(s.First(c))
//	}
func (d *decl) decodeEmptyObject(o *model.Object, whole, node string) {
	w := d.text
	if o.Named {
		w.line("c, end, err := ", call(w.rt("BeginObject"), "s", node, "x"))
		w.line("if err == nil && c < end {")
		w.line("return s.NoMember(c)")
		w.line("}")
		w.line("return err")
		return
	}
	wrongKind(w, node, "KindObject", "an object")
	w.line(whole, " = ", d.typeText(model.Ref{ID: o.ID}), "{}")
	w.line("if s.Count(", node, ") > 0 {")
	w.line("return s.NoMember(s.First(", node, "))")
	w.line("}")
}

// memberSwitch writes the switch on key, the name of member c, that fills
// the fields of x, and Extra or an error for the other members:
//
//	switch string(key1) {
//	case "id":
//		err = s.ReadString(c1, &x.ID)
//	…
//	default:
//		return s.NoMember(c1)
//	}
//
// calls reports whether a member is filled by one call (err = <call>).
func (d *decl) memberSwitch(o *model.Object, x, c, key string, depth int) (calls bool) {
	w := d.text
	w.line("switch string(", key, ") {")
	for _, f := range o.Fields {
		target, p := x+"."+f.GoName, d.presence(f.Type, f.Required)
		w.line("case ", quote(f.JSONName), ":")
		if fill := d.slotCall(target, f.Type, p, c); fill != "" {
			w.line("err = ", fill)
			calls = true
			continue
		}
		d.decodeSlot(target, f.Type, p, c, depth+1)
	}
	w.line("default:")
	if o.Extra != nil {
		extra := x + ".Extra"
		w.line("if ", extra, " == nil {")
		w.line(extra, " = make(map[string]", d.slotText(*o.Extra, true), ")")
		w.line("}")
		d.decodeMember(extra, *o.Extra, c, depth)
	} else {
		// A member the struct cannot hold: the validator refuses it first
		// where the schema forbids it; s.NoMember is the error "unexpected member".
		w.line("return s.NoMember(", c, ")")
	}
	w.line("}")
	return calls
}

// decodeNamedObject writes the body of a struct's DecodeNode: BeginObject
// tests the kind, zeroes *x (unless s.Fresh: a new slice item or pointer
// target is zero already) and returns the bounds of the members, then the
// loop fills the members while err is nil, reading each name (key) and the
// next member at once:
//
//	c, end, err := envgenrt.BeginObject(s, n, x)
//	for err == nil && c < end {
//		key, next := s.Member(c)
//		switch string(key) {
//		case "id":
//			err = s.ReadString(c, &x.ID)
//		…
//		}
//		c = next
//	}
//	return err
func (d *decl) decodeNamedObject(node, c string, body func()) {
	w := d.text
	w.line(c, ", end, err := ", call(w.rt("BeginObject"), "s", node, "x"))
	w.line("for err == nil && ", c, " < end {")
	w.line("key, next := s.Member(", c, ")")
	body()
	w.line(c, " = next")
	w.line("}")
	w.line("return err")
}

// slotCall is the one call that fills target, held with presence p, from
// node, returning an error; "" when filling it takes more than a call.
func (d *decl) slotCall(target string, ref model.Ref, p presence, node string) string {
	rt := d.text.rt
	switch p {
	case pointer:
		return d.decodePointer(target, ref, node)
	case nullable:
		// s.ReadNullableString(c, &target), envgenrt.DecodeNullable(s, c, &target)
		t, _ := d.resolve(ref)
		switch {
		case t == nil || isTypeParam(t):
		case t.Base().Named:
			return call(rt("DecodeNullable"), "s", node, "&"+target)
		case d.typeOf(ref) == t && ptrReaders[scalarKind(t)] != "":
			return call("s.ReadNullable"+strings.TrimPrefix(scalarReaders[scalarKind(t)], "Read"), node, "&"+target)
		}
		return ""
	}
	t, null := d.resolve(ref)
	if t == nil || isTypeParam(t) || (null && d.classOf(t) == nilClass) {
		return ""
	}
	if t.Base().Named {
		return call(target+".DecodeNode", "s", node)
	}
	switch t := t.(type) {
	case *model.Scalar:
		if fn := scalarReaders[t.Scalar]; fn != "" && d.typeOf(ref) == t {
			return call("s."+fn, node, "&"+target)
		}
	case *model.Array:
		if d.typeOf(ref) == t {
			return d.decodeItems("&"+target, t.Items, node, true)
		}
	}
	return ""
}

// decodeUnion fills the branch that the discriminator selects:
//
//	switch text {
//	case `"circle"`:
//		v := new(Circle)
//		if err := v.DecodeNode(s, n); err != nil {
//			return err
//		}
//		*x = Shape{Circle: v}
//	…
//	default:
//		return envgenrt.UnknownTag("Shape", "kind", text)
//	}
//
// or, without a discriminator, the first branch whose validator accepts the
// node and that decodes:
//
//	if s.Valid(checkCircle, n) {
//		var v Circle
//		if func() error { …; return nil }() == nil {
//			*x = Shape{Circle: &v}
//			return nil
//		}
//	}
func (d *decl) decodeUnion(u *model.Union) {
	w := d.text
	bs := d.branches(u)
	if u.Discriminator != "" {
		w.line("tag := s.Lookup(n, ", quote(u.Discriminator), ")")
		w.line("if tag < 0 {")
		w.line("return s.DecodeError(n, ", quote("member "+strconv.Quote(u.Discriminator)+" is missing"), ")")
		w.line("}")
		w.line("text, err := s.DecodeText(tag)")
		w.returnIfErr("err")
		w.line("switch text {")
		for _, b := range bs {
			w.add("case ")
			for i, t := range b.tags {
				if i > 0 {
					w.add(", ")
				}
				w.add(textLiteral(t))
			}
			w.line(":")
			d.newBranch(b, true)
			w.line("*x = ", d.selfText(), "{", b.name, ": ", branchValue(b), "}")
		}
		w.line("default:")
		w.line("return ", call(w.rt("UnknownTag"), quote(d.name), quote(u.Discriminator), "text"))
		w.line("}")
		w.line("return nil")
		return
	}
	for i, b := range bs {
		if t := d.vp.Resolve(b.ref.ID); t != nil && d.vp.fn[t.Base().ID] != "" {
			w.line("if s.Valid(", d.funcText(u.Branches[i]), ", n) {")
		} else {
			w.line("{")
		}
		w.line("var v ", d.branchType(b))
		// func() error { v = …; return nil }() == nil: the branch decodes
		w.line("if func() error {")
		d.newBranch(b, false)
		w.line("return nil")
		w.line("}() == nil {")
		w.line("*x = ", d.selfText(), "{", b.name, ": ", branchValue(b), "}")
		w.line("return nil")
		w.line("}")
		w.line("}")
	}
	w.line("return ", call(w.rt("UnionMatchError"), quote(d.name), "0"))
}

// branchType is what a branch decodes into: the value (not its pointer), or
// the envgenrt.Nullable.
func (d *decl) branchType(b branch) string {
	if b.presence == nullable {
		return d.text.spell(wrap(d.typeCode(b.ref), nullable))
	}
	return d.typeText(b.ref)
}

// branchValue is the field value of a decoded branch: &v, or v for a
// envgenrt.Nullable.
func branchValue(b branch) string {
	if b.presence == nullable {
		return "v"
	}
	return "&v"
}

// newBranch fills v (of branchType, declared here when declare is set) from
// n, returning any error: a branch that holds a value refuses null, unless
// null is one of its values.
func (d *decl) newBranch(b branch, declare bool) {
	w := d.text
	if declare {
		w.line("var v ", d.branchType(b))
	}
	if b.presence == nullable {
		d.decodeSlot("v", b.ref, nullable, "n", 1)
		return
	}
	if t, _ := d.resolve(b.ref); t != nil && !declare { // (a tagged branch is an object)
		if k := d.classOf(t); k != nullClass && k != jsonClass {
			w.line("if s.IsNull(n) {")
			w.line("return s.WrongKind(n, ", quote("a value"), ")")
			w.line("}")
		}
	}
	d.decodeValue("v", "", b.ref, "n", 1)
}

// decodeTuple fills V0, V1 … and Rest from the items of the array.
func (d *decl) decodeTuple(t *model.Tuple) {
	w := d.text
	req := d.requiredItems(t)
	wrongKind(w, "n", "KindArray", "an array")
	w.line("*x = ", d.selfText(), "{}")
	w.line("for c1, i := s.First(n), 0; c1 < s.End(n); c1, i = s.Next(c1), i+1 {")
	w.line("switch i {")
	for i, ref := range t.Items {
		w.line("case ", strconv.Itoa(i), ":")
		d.decodeSlot("x."+itemName(i), ref, d.presence(ref, i < req), "c1", 2)
	}
	w.line("default:")
	if t.Rest != nil {
		w.line("var e ", d.slotText(*t.Rest, true))
		d.decodeSlot("e", *t.Rest, d.presence(*t.Rest, true), "c1", 2)
		w.line("x.Rest = append(x.Rest, e)")
	} else {
		w.line("return s.DecodeError(c1, ", quote("want at most "+keywords.Count(len(t.Items), "item")), ")")
	}
	w.line("}")
	w.line("}")
	w.line("if s.Count(n) < ", strconv.Itoa(req), " {")
	w.line("return s.DecodeError(n, ", quote("want at least "+keywords.Count(req, "item")), ")")
	w.line("}")
}

// decodeBody writes the body of a named type's DecodeNode, ending with its
// return.
func (d *decl) decodeBody() {
	w := d.text
	if fill := d.decodeCall(); fill != "" {
		w.line("return ", fill) // return s.ReadString(n, (*string)(x))
		return
	}
	switch t := d.t.(type) {
	case *model.Object:
		d.decodeObject(t, "x", "*x", "n", 1)
		if t.Named {
			return // … return err
		}
	case *model.Union:
		d.decodeUnion(t)
		return
	case *model.Tuple:
		d.decodeTuple(t)
	case *model.Any, *model.TypeParam:
		w.line("*x = ", d.selfText(), "(s.DecodeRaw(n))")
	case *model.Array, *model.Map:
		d.decodeShape("*x", "x", t, "n", 1)
	}
	w.line("return nil")
}

// decodeCall is the one call that is the whole of a named type's
// DecodeNode, or "" when it takes more: a named scalar, a wrapping alias,
// or a slice the runtime fills.
func (d *decl) decodeCall() string {
	switch t := d.t.(type) {
	case *model.Enum:
		return d.readNamed(t.ValueType)
	case *model.Const:
		return d.readNamed(t.ValueType)
	case *model.Scalar:
		return d.readNamed(t.Scalar)
	case *model.Array:
		return d.decodeItems("x", t.Items, "n", false)
	case *model.Alias: // d.wrap: (*Target)(x).DecodeNode(s, n)
		return call("(*"+d.typeText(t.Target)+")(x).DecodeNode", "s", "n")
	}
	return ""
}

// readNamed is the call that fills x, a pointer to a named type over a
// scalar or JSON text: s.ReadString(n, (*string)(x)).
func (d *decl) readNamed(k model.ScalarKind) string {
	switch {
	case isJSONText(k) && k != model.ScalarNull:
		return "s.ReadText(n, (*string)(x))"
	case k == model.ScalarString:
		return readScalar(k, "(*string)(x)", "n")
	case k == model.ScalarInteger:
		return readScalar(k, "(*int64)(x)", "n")
	case k == model.ScalarNumber:
		return readScalar(k, "(*float64)(x)", "n")
	case k == model.ScalarBoolean:
		return readScalar(k, "(*bool)(x)", "n")
	case k == model.ScalarNull:
		return "s.ReadNull(n, nil)"
	}
	d.fail(d.loc(), "", "cannot decode a named scalar of kind %v", k)
	return ""
}

// scalarKind is t's kind when t is a scalar, else 0.
func scalarKind(t model.Type) model.ScalarKind {
	if sc, ok := t.(*model.Scalar); ok {
		return sc.Scalar
	}
	return 0
}
