package golang

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// DecodeNode fills a value from a node of the value tree that its validator
// has accepted: no reflection, exact member names, nested generated types
// filled by their own DecodeNode from the same tree. What can still fail is a
// Go type narrower than the schema (an integer beyond int64): an error, never
// a silent change.

// errReturn is: if err := <call>; err != nil { return err }
func errReturn(call jen.Code) jen.Code {
	return errCheck{jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())), call}
}

// errCheck is an errReturn statement that remembers its call, so that a body
// made of it alone can be written as return <call>.
type errCheck struct {
	jen.Code
	call jen.Code
}

// wrongKind is: if s.Kind(node) != envgenrt.KindX { return s.WrongKind(node, want) }
func wrongKind(node jen.Code, kind, want string) jen.Code {
	return jen.If(jen.Add(stateID).Dot("Kind").Call(node).Op("!=").Qual(runtimePkg, kind)).
		Block(jen.Return(jen.Add(stateID).Dot("WrongKind").Call(node, jen.Lit(want))))
}

// decodeSlot fills target, held with presence p, from node.
//
//	pointer:  if !s.IsNull(c) { v1 := new(T); …; target = v1 }
//	          { v1 := new(T); …; target = v1 }   (optional T, a type parameter: null is T's to decode)
//	nullable: if s.IsNull(c) { target = envgenrt.NullValue[T]() } else { var v1 T; …; target = envgenrt.Value(v1) }
func (d *decl) decodeSlot(target *jen.Statement, ref model.Ref, p presence, node jen.Code, depth int) []jen.Code {
	v := jen.Id("v" + strconv.Itoa(depth))
	switch p {
	case pointer:
		if call := d.decodePointer(target, ref, node); call != nil {
			return []jen.Code{errReturn(call)}
		}
		body := []jen.Code{v.Clone().Op(":=").New(d.typeCode(ref))}
		body = append(body, d.decodeValue(jen.Op("*").Add(v), v, ref, node, depth+1)...)
		body = append(body, target.Clone().Op("=").Add(v))
		if t, null := d.resolve(ref); isTypeParam(t) && !null {
			// An optional T: nil is absent, and whether null is a value is
			// T's argument's to say. T decodes it (json.RawMessage holds
			// "null"), so that null is kept.
			return []jen.Code{jen.Block(body...)}
		}
		return []jen.Code{jen.If(jen.Op("!").Add(stateID).Dot("IsNull").Call(node)).Block(body...)}
	case nullable:
		body := []jen.Code{jen.Var().Add(v).Add(d.typeCode(ref))}
		body = append(body, d.decodeValue(v, nil, ref, node, depth+1)...)
		body = append(body, target.Clone().Op("=").Qual(runtimePkg, "Value").Call(v))
		return []jen.Code{jen.If(jen.Add(stateID).Dot("IsNull").Call(node)).Block(
			target.Clone().Op("=").Qual(runtimePkg, "NullValue").Types(d.typeCode(ref)).Call(),
		).Else().Block(body...)}
	}
	if t, null := d.resolve(ref); null && t != nil && d.classOf(t) == nilClass {
		// a nil slice or map is null
		return []jen.Code{jen.If(jen.Op("!").Add(stateID).Dot("IsNull").Call(node)).Block(d.decodeValue(target, nil, ref, node, depth)...)}
	}
	return d.decodeValue(target, nil, ref, node, depth)
}

// ptrReaders are the State methods that fill an optional scalar: a pointer
// into a block of cells the decode shares, nil for null.
var ptrReaders = map[model.ScalarKind]string{
	model.ScalarString: "ReadStringPtr", model.ScalarInteger: "ReadInt64Ptr",
	model.ScalarNumber: "ReadFloat64Ptr", model.ScalarBoolean: "ReadBoolPtr",
}

// decodePointer is the call that fills target, a pointer that null leaves
// nil, from node, or nil when the runtime has no helper for its type:
//
//	s.ReadStringPtr(c, &target)                (a scalar)
//	envgenrt.DecodeStringPtr(s, c, &target)    (a generated type over a string)
//	envgenrt.DecodeScalarPtr(s, c, &target)    (… over a number or a boolean)
//	envgenrt.DecodePtr(s, c, &target)          (another generated type)
func (d *decl) decodePointer(target *jen.Statement, ref model.Ref, node jen.Code) jen.Code {
	t, _ := d.resolve(ref)
	if t == nil || isTypeParam(t) {
		return nil
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
		return jen.Qual(runtimePkg, fn).Call(stateID, node, jen.Op("&").Add(target))
	}
	if sc, ok := t.(*model.Scalar); ok && ptrReaders[sc.Scalar] != "" && d.typeOf(ref) == t { // not through an alias
		return jen.Add(stateID).Dot(ptrReaders[sc.Scalar]).Call(node, jen.Op("&").Add(target))
	}
	return nil
}

// isTypeParam reports whether t is a type parameter.
func isTypeParam(t model.Type) bool {
	_, ok := t.(*model.TypeParam)
	return ok
}

// decodeValue fills target, a value of the type ref spells; addr is a
// pointer to it when one is at hand.
func (d *decl) decodeValue(target, addr *jen.Statement, ref model.Ref, node jen.Code, depth int) []jen.Code {
	t, _ := d.resolve(ref)
	if t == nil {
		return nil
	}
	recv := target // addressable: x.Meta.DecodeNode(s, c) takes its address
	if addr != nil {
		recv = addr
	}
	if _, ok := t.(*model.TypeParam); !ok && t.Base().Named {
		return []jen.Code{errReturn(jen.Add(recv).Dot("DecodeNode").Call(stateID, node))}
	}
	if addr == nil {
		addr = jen.Op("&").Add(target)
	}
	if _, ok := t.(*model.TypeParam); ok {
		return []jen.Code{errReturn(jen.Qual(runtimePkg, "DecodeValue").Call(stateID, node, addr))}
	}
	if o, ok := t.(*model.Object); ok { // an inline struct
		return d.decodeObject(o, recv, target, node, depth)
	}
	return d.decodeShape(target, addr, t, node, depth)
}

// decodeShape fills target with the value of an anonymous type, or of a
// named type's own shape.
func (d *decl) decodeShape(target, addr *jen.Statement, t model.Type, node jen.Code, depth int) []jen.Code {
	switch t := t.(type) {
	case *model.Scalar:
		return readScalar(t.Scalar, addr, node)
	case *model.Enum:
		return readScalar(t.ValueType, addr, node)
	case *model.Const:
		return readScalar(t.ValueType, addr, node)
	case *model.Any:
		return []jen.Code{target.Clone().Op("=").Add(stateID).Dot("DecodeRaw").Call(node)}
	case *model.Array:
		if call := d.decodeItems(addr, t.Items, node); call != nil {
			return []jen.Code{errReturn(call)}
		}
		// v := make([]T, s.Count(c)); for c1, i1 := … { fill v[i1] from c1 }; target = v
		suffix := strconv.Itoa(depth)
		v, c, i := jen.Id("a"+suffix), jen.Id("c"+suffix), jen.Id("i"+suffix)
		item := d.decodeSlot(v.Clone().Index(i), t.Items, d.presence(t.Items, true), c, depth+1)
		return []jen.Code{
			wrongKind(node, "KindArray", "an array"),
			v.Clone().Op(":=").Make(jen.Index().Add(d.slot(t.Items, true)), jen.Add(stateID).Dot("Count").Call(node)),
			jen.For(
				jen.List(c, i).Op(":=").List(jen.Add(stateID).Dot("First").Call(node), jen.Lit(0)),
				c.Clone().Op("<").Add(stateID).Dot("End").Call(node),
				jen.List(c, i).Op("=").List(jen.Add(stateID).Dot("Next").Call(c), i.Clone().Op("+").Lit(1)),
			).Block(item...),
			target.Clone().Op("=").Add(v),
		}
	case *model.Map:
		suffix := strconv.Itoa(depth)
		v := jen.Id("m" + suffix)
		return []jen.Code{
			wrongKind(node, "KindObject", "an object"),
			v.Clone().Op(":=").Make(jen.Map(jen.String()).Add(d.slot(t.Values, true)), jen.Add(stateID).Dot("Count").Call(node)),
			d.eachMember(node, depth, d.decodeMember(v, t.Values, depth)...),
			target.Clone().Op("=").Add(v),
		}
	}
	d.fail(t.Base().Loc, "package naming should mark such types Named", "cannot decode a %s without a name", t.Base().Kind)
	return nil
}

// decodeItems is the call that fills the slice *addr from the array node,
// or nil when the runtime has no helper for its items:
//
//	envgenrt.DecodeSlice(s, c, addr)                              (generated types)
//	envgenrt.ReadSlice(s, c, addr, (*envgenrt.State).ReadString)  (scalars)
func (d *decl) decodeItems(addr *jen.Statement, items model.Ref, node jen.Code) jen.Code {
	if d.presence(items, true) != bare {
		return nil
	}
	t, null := d.resolve(items)
	if t == nil || isTypeParam(t) || null {
		return nil
	}
	if t.Base().Named {
		return jen.Qual(runtimePkg, "DecodeSlice").Call(stateID, node, addr)
	}
	read := map[model.ScalarKind]string{model.ScalarString: "ReadString", model.ScalarInteger: "ReadInt64",
		model.ScalarNumber: "ReadFloat64", model.ScalarBoolean: "ReadBool"}
	if sc, ok := t.(*model.Scalar); ok && read[sc.Scalar] != "" && d.typeOf(items) == t {
		return jen.Qual(runtimePkg, "ReadSlice").Call(stateID, node, addr,
			jen.Parens(jen.Op("*").Qual(runtimePkg, "State")).Dot(read[sc.Scalar]))
	}
	return nil
}

// eachMember is the loop over the members (or items) c<depth> of node.
func (d *decl) eachMember(node jen.Code, depth int, body ...jen.Code) jen.Code {
	c := jen.Id("c" + strconv.Itoa(depth))
	return jen.For(
		c.Clone().Op(":=").Add(stateID).Dot("First").Call(node),
		c.Clone().Op("<").Add(stateID).Dot("End").Call(node),
		c.Clone().Op("=").Add(stateID).Dot("Next").Call(c),
	).Block(body...)
}

// decodeMember fills m[name] from the member c<depth>:
//
//	var e1 T
//	…
//	m[string(s.Key(c1))] = e1
func (d *decl) decodeMember(m *jen.Statement, values model.Ref, depth int) []jen.Code {
	suffix := strconv.Itoa(depth)
	c, e := jen.Id("c"+suffix), jen.Id("e"+suffix)
	out := []jen.Code{jen.Var().Add(e).Add(d.slot(values, true))}
	out = append(out, d.decodeSlot(e, values, d.presence(values, true), c, depth+1)...)
	return append(out, m.Clone().Index(jen.Add(stateID).Dot("KeyString").Call(c)).Op("=").Add(e))
}

// readScalar is: if err := s.ReadString(c, &target); err != nil { return err }
func readScalar(k model.ScalarKind, addr *jen.Statement, node jen.Code) []jen.Code {
	return []jen.Code{errReturn(jen.Add(stateID).Dot(scalarReaders[k]).Call(node, addr))}
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
func (d *decl) decodeObject(o *model.Object, x, whole *jen.Statement, node jen.Code, depth int) []jen.Code {
	c := jen.Id("c" + strconv.Itoa(depth))
	var cases []jen.Code
	calls := 0 // members filled by one call: err = <call>, tested after the switch
	for _, f := range o.Fields {
		target, p := x.Clone().Dot(f.GoName), d.presence(f.Type, f.Required)
		if call := d.slotCall(target, f.Type, p, c); call != nil {
			cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(jen.Err().Op("=").Add(call)))
			calls++
			continue
		}
		fill := d.decodeSlot(target, f.Type, p, c, depth+1)
		cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(fill...))
	}
	if o.Extra != nil {
		extra := x.Clone().Dot("Extra")
		fill := append([]jen.Code{jen.If(extra.Clone().Op("==").Nil()).Block(
			extra.Clone().Op("=").Make(jen.Map(jen.String()).Add(d.slot(*o.Extra, true))))},
			d.decodeMember(extra, *o.Extra, depth)...)
		cases = append(cases, jen.Default().Block(fill...))
	} else {
		// A member the struct cannot hold: the validator refuses it first
		// where the schema forbids it.
		cases = append(cases, jen.Default().Block(jen.Return(jen.Add(stateID).Dot("DecodeError").Call(c,
			jen.Lit("unexpected member")))))
	}
	body := []jen.Code{jen.Switch(jen.String().Call(jen.Add(stateID).Dot("Key").Call(c))).Block(cases...)}
	if o.Named {
		return d.decodeNamedObject(node, c, body, len(cases) > 0)
	}
	var decl jen.Code = jen.Null()
	if calls > 0 {
		// var err error; for … { switch … { case "id": err = s.ReadString(c1, &x.ID) … }; if err != nil { return err } }
		decl = jen.Var().Err().Error()
		body = append(body, returnIfErr())
	}
	loop := d.eachMember(node, depth, body...)
	if len(cases) == 0 {
		loop = jen.Null()
	}
	zero := whole.Clone().Op("=").Add(d.typeCode(model.Ref{ID: o.ID})).Values()
	return []jen.Code{
		wrongKind(node, "KindObject", "an object"),
		zero,
		decl,
		loop,
	}
}

// decodeNamedObject is the body of a struct's DecodeNode: StartObject tests
// the kind and zeroes *x (unless s.Fresh: a new slice item or pointer target
// is zero already), then the loop fills the members while err is nil:
//
//	err := envgenrt.StartObject(s, n, x)
//	for c1 := s.First(n); err == nil && c1 < s.End(n); c1 = s.Next(c1) {
//		switch string(s.Key(c1)) {
//		case "id":
//			err = s.ReadString(c1, &x.ID)
//		…
//		}
//	}
//	return err
func (d *decl) decodeNamedObject(node jen.Code, c *jen.Statement, body []jen.Code, members bool) []jen.Code {
	start := jen.Qual(runtimePkg, "StartObject").Call(stateID, node, jen.Id("x"))
	if !members {
		return []jen.Code{jen.Return(start)}
	}
	loop := jen.For(
		c.Clone().Op(":=").Add(stateID).Dot("First").Call(node),
		jen.Err().Op("==").Nil().Op("&&").Add(c.Clone()).Op("<").Add(stateID).Dot("End").Call(node),
		c.Clone().Op("=").Add(stateID).Dot("Next").Call(c),
	).Block(body...)
	return []jen.Code{jen.Err().Op(":=").Add(start), loop, jen.Return(jen.Err())}
}

// slotCall is the one call that fills target, held with presence p, from
// node, returning an error; nil when filling it takes more than a call.
func (d *decl) slotCall(target *jen.Statement, ref model.Ref, p presence, node jen.Code) jen.Code {
	switch p {
	case pointer:
		return d.decodePointer(target, ref, node)
	case nullable:
		// envgenrt.ReadNullable(s, c, &target, (*envgenrt.State).ReadString), envgenrt.DecodeNullable(s, c, &target)
		t, _ := d.resolve(ref)
		switch {
		case t == nil || isTypeParam(t):
		case t.Base().Named:
			return jen.Qual(runtimePkg, "DecodeNullable").Call(stateID, node, jen.Op("&").Add(target))
		case d.typeOf(ref) == t && ptrReaders[scalarKind(t)] != "":
			return jen.Qual(runtimePkg, "ReadNullable").Call(stateID, node, jen.Op("&").Add(target),
				jen.Parens(jen.Op("*").Qual(runtimePkg, "State")).Dot(scalarReaders[scalarKind(t)]))
		}
		return nil
	}
	t, null := d.resolve(ref)
	if t == nil || isTypeParam(t) || (null && d.classOf(t) == nilClass) {
		return nil
	}
	if t.Base().Named {
		return jen.Add(target).Dot("DecodeNode").Call(stateID, node)
	}
	switch t := t.(type) {
	case *model.Scalar:
		if fn := scalarReaders[t.Scalar]; fn != "" && d.typeOf(ref) == t {
			return jen.Add(stateID).Dot(fn).Call(node, jen.Op("&").Add(target))
		}
	case *model.Array:
		if d.typeOf(ref) == t {
			return d.decodeItems(jen.Op("&").Add(target), t.Items, node)
		}
	}
	return nil
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
//		if v := new(Circle); v.DecodeNode(s, n) == nil {
//			*x = Shape{Circle: v}
//			return nil
//		}
//	}
func (d *decl) decodeUnion(u *model.Union) []jen.Code {
	bs := d.branches(u)
	if u.Discriminator != "" {
		tag := jen.Id("tag")
		cases := make([]jen.Code, 0, len(bs)+1)
		for _, b := range bs {
			tags := make([]jen.Code, len(b.tags))
			for i, t := range b.tags {
				tags[i] = textLit(t)
			}
			fill := append(d.newBranch(b, true), jen.Op("*").Id("x").Op("=").Add(d.self()).Values(jen.Dict{jen.Id(b.name): d.branchValue(b)}))
			cases = append(cases, jen.Case(tags...).Block(fill...))
		}
		cases = append(cases, jen.Default().Block(jen.Return(
			jen.Qual(runtimePkg, "UnknownTag").Call(jen.Lit(d.name), jen.Lit(u.Discriminator), jen.Id("text")))))
		return []jen.Code{
			tag.Clone().Op(":=").Add(stateID).Dot("Lookup").Call(nodeID, jen.Lit(u.Discriminator)),
			jen.If(tag.Clone().Op("<").Lit(0)).Block(jen.Return(jen.Add(stateID).Dot("DecodeError").Call(nodeID,
				jen.Lit("member "+strconv.Quote(u.Discriminator)+" is missing")))),
			jen.List(jen.Id("text"), jen.Err()).Op(":=").Add(stateID).Dot("DecodeText").Call(tag),
			returnIfErr(),
			jen.Switch(jen.Id("text")).Block(cases...),
			jen.Return(jen.Nil()),
		}
	}
	var out []jen.Code
	for i, b := range bs {
		// func() error { v = …; return nil }() == nil: the branch decodes
		fill := jen.Func().Params().Error().Block(append(d.newBranch(b, false), jen.Return(jen.Nil()))...).Call().Op("==").Nil()
		try := []jen.Code{
			jen.Var().Id("v").Add(d.branchType(b)),
			jen.If(fill).Block(
				jen.Op("*").Id("x").Op("=").Add(d.self()).Values(jen.Dict{jen.Id(b.name): d.branchValue(b)}),
				jen.Return(jen.Nil()),
			),
		}
		if t := d.vp.Resolve(b.ref.ID); t != nil && d.vp.fn[t.Base().ID] != "" {
			out = append(out, jen.If(jen.Add(stateID).Dot("Valid").Call(d.funcValue(u.Branches[i]), nodeID)).Block(try...))
			continue
		}
		out = append(out, jen.Block(try...))
	}
	return append(out, jen.Return(jen.Qual(runtimePkg, "UnionMatchError").Call(jen.Lit(d.name), jen.Lit(0))))
}

// branchType is what a branch decodes into: the value (not its pointer), or
// the envgenrt.Nullable.
func (d *decl) branchType(b branch) jen.Code {
	if b.presence == nullable {
		return wrap(d.typeCode(b.ref), nullable)
	}
	return d.typeCode(b.ref)
}

// branchValue is the field value of a decoded branch: &v, or v for a
// envgenrt.Nullable.
func (d *decl) branchValue(b branch) jen.Code {
	if b.presence == nullable {
		return jen.Id("v")
	}
	return jen.Op("&").Id("v")
}

// newBranch fills v (of branchType, declared here when declare is set) from
// n, returning any error: a branch that holds a value refuses null, unless
// null is one of its values.
func (d *decl) newBranch(b branch, declare bool) []jen.Code {
	v := jen.Id("v")
	var out []jen.Code
	if declare {
		out = []jen.Code{jen.Var().Add(v).Add(d.branchType(b))}
	}
	if b.presence == nullable {
		return append(out, d.decodeSlot(v, b.ref, nullable, nodeID, 1)...)
	}
	if t, _ := d.resolve(b.ref); t != nil && !declare { // (a tagged branch is an object)
		if k := d.classOf(t); k != nullClass && k != jsonClass {
			out = append(out, jen.If(jen.Add(stateID).Dot("IsNull").Call(nodeID)).Block(
				jen.Return(jen.Add(stateID).Dot("WrongKind").Call(nodeID, jen.Lit("a value")))))
		}
	}
	return append(out, d.decodeValue(v, nil, b.ref, nodeID, 1)...)
}

// decodeTuple fills V0, V1 … and Rest from the items of the array.
func (d *decl) decodeTuple(t *model.Tuple) []jen.Code {
	req := d.requiredItems(t)
	var cases []jen.Code
	c := jen.Id("c1")
	for i, ref := range t.Items {
		cases = append(cases, jen.Case(jen.Lit(i)).Block(d.decodeSlot(jen.Id("x").Dot(itemName(i)), ref, d.presence(ref, i < req), c, 2)...))
	}
	if t.Rest != nil {
		rest := jen.Id("x").Dot("Rest")
		fill := []jen.Code{jen.Var().Id("e").Add(d.slot(*t.Rest, true))}
		fill = append(fill, d.decodeSlot(jen.Id("e"), *t.Rest, d.presence(*t.Rest, true), c, 2)...)
		fill = append(fill, rest.Clone().Op("=").Append(rest, jen.Id("e")))
		cases = append(cases, jen.Default().Block(fill...))
	} else {
		cases = append(cases, jen.Default().Block(jen.Return(jen.Add(stateID).Dot("DecodeError").Call(c,
			jen.Lit("want at most "+keywords.Count(len(t.Items), "item"))))))
	}
	return []jen.Code{
		wrongKind(nodeID, "KindArray", "an array"),
		jen.Op("*").Id("x").Op("=").Add(d.self()).Values(),
		jen.For(
			jen.List(c, jen.Id("i")).Op(":=").List(jen.Add(stateID).Dot("First").Call(nodeID), jen.Lit(0)),
			c.Clone().Op("<").Add(stateID).Dot("End").Call(nodeID),
			jen.List(c, jen.Id("i")).Op("=").List(jen.Add(stateID).Dot("Next").Call(c), jen.Id("i").Op("+").Lit(1)),
		).Block(jen.Switch(jen.Id("i")).Block(cases...)),
		jen.If(jen.Add(stateID).Dot("Count").Call(nodeID).Op("<").Lit(req)).Block(jen.Return(
			jen.Add(stateID).Dot("DecodeError").Call(nodeID, jen.Lit("want at least "+keywords.Count(req, "item"))))),
	}
}

// decodeBody is the body of a named type's DecodeNode, before its return.
func (d *decl) decodeBody() []jen.Code {
	x := jen.Id("x")
	switch t := d.t.(type) {
	case *model.Object:
		return d.decodeObject(t, x, jen.Op("*").Add(x), nodeID, 1)
	case *model.Union:
		return d.decodeUnion(t)
	case *model.Tuple:
		return d.decodeTuple(t)
	case *model.Enum:
		return readNamed(t.ValueType, x)
	case *model.Const:
		return readNamed(t.ValueType, x)
	case *model.Scalar:
		return readNamed(t.Scalar, x)
	case *model.Any, *model.TypeParam:
		return []jen.Code{jen.Op("*").Add(x).Op("=").Add(d.self()).Call(jen.Add(stateID).Dot("DecodeRaw").Call(nodeID))}
	case *model.Array, *model.Map:
		return d.decodeShape(jen.Op("*").Add(x), x, t, nodeID, 1)
	case *model.Alias: // d.wrap: (*Target)(x).DecodeNode(s, n)
		return []jen.Code{errReturn(jen.Parens(jen.Op("*").Add(d.typeCode(t.Target))).Call(x).Dot("DecodeNode").Call(stateID, nodeID))}
	}
	return nil
}

// readNamed fills x, a pointer to a named type over a scalar or JSON text:
// s.ReadString(n, (*string)(x)).
func readNamed(k model.ScalarKind, x *jen.Statement) []jen.Code {
	var base jen.Code
	switch {
	case isJSONText(k) && k != model.ScalarNull:
		return []jen.Code{errReturn(jen.Add(stateID).Dot("ReadText").Call(nodeID, jen.Parens(jen.Op("*").String()).Call(x)))}
	case k == model.ScalarString:
		base = jen.String()
	case k == model.ScalarInteger:
		base = jen.Int64()
	case k == model.ScalarNumber:
		base = jen.Float64()
	case k == model.ScalarBoolean:
		base = jen.Bool()
	case k == model.ScalarNull:
		return []jen.Code{errReturn(jen.Add(stateID).Dot("ReadNull").Call(nodeID, jen.Nil()))}
	}
	return readScalar(k, jen.Parens(jen.Op("*").Add(base)).Call(x), nodeID)
}

// scalarKind is t's kind when t is a scalar, else 0.
func scalarKind(t model.Type) model.ScalarKind {
	if sc, ok := t.(*model.Scalar); ok {
		return sc.Scalar
	}
	return 0
}
