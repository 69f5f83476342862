package golang

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/model"
)

// requiredItems is how many leading items of a tuple must be present: its
// minItems, at most its number of positions. The others may be absent from
// the end of the array.
func (d *decl) requiredItems(t *model.Tuple) int {
	if t.Checks.MinItems == nil {
		return 0
	}
	return max(0, min(*t.Checks.MinItems, len(t.Items)))
}

func itemName(i int) string { return "V" + strconv.Itoa(i) }

// tupleFields renders one field per position, then Rest:
//
//	V0   float64
//	V1   *string // optional: nil is absent
//	Rest []int64
func (d *decl) tupleFields(t *model.Tuple) []jen.Code {
	req := d.requiredItems(t)
	var docs [][]string
	var fields []jen.Code
	for i, ref := range t.Items {
		var doc []paragraph
		if it := d.lookup(ref.ID); it != nil && !it.Base().Named {
			doc = fieldDoc(itemName(i), it.Base().Doc)
		}
		docs = append(docs, commentLines(doc, 1))
		fields = append(fields, jen.Id(itemName(i)).Add(d.slot(ref, i < req)))
	}
	if t.Rest != nil {
		docs = append(docs, commentLines([]paragraph{prose("Rest holds the items after the positions above.")}, 1))
		fields = append(fields, jen.Id("Rest").Index().Add(d.slot(*t.Rest, true)))
	}
	return documentFields(docs, fields)
}

// tupleNote documents the JSON form of a tuple.
func tupleNote(t *model.Tuple, req int) string {
	names := make([]string, len(t.Items))
	for i := range t.Items {
		names[i] = itemName(i)
	}
	if t.Rest != nil {
		names = append(names, "Rest...")
	}
	note := "It is encoded as the JSON array [" + strings.Join(names, ", ") + "]."
	if req < len(t.Items) {
		note += " Items from " + itemName(req) + " on may be absent (nil, or IsZero for a runtime.Nullable); " +
			"since an array cannot skip a position, MarshalJSON fails when an item is set after an absent one."
	}
	return note
}

func (d *decl) tupleMethods(t *model.Tuple) []jen.Code {
	return []jen.Code{d.tupleMarshal(t), d.tupleUnmarshal(t)}
}

// tupleMarshal encodes the items in order:
//
//	items := []any{x.V0}
//	if x.V1 != nil {
//		items = append(items, x.V1)
//	}
//	if x.V2 != nil {
//		if len(items) != 2 {
//			return nil, runtime.TupleGap(2)
//		}
//		items = append(items, x.V2)
//	}
//	for _, v := range x.Rest {
//		items = append(items, v)
//	}
//	return json.Marshal(items)
func (d *decl) tupleMarshal(t *model.Tuple) jen.Code {
	req, n := d.requiredItems(t), len(t.Items)
	gap := func(i int) jen.Code {
		return jen.If(jen.Len(jen.Id("items")).Op("!=").Lit(i)).Block(
			jen.Return(jen.Nil(), jen.Qual(runtimePkg, "TupleGap").Call(jen.Lit(i))))
	}
	push := func(v jen.Code) jen.Code { return jen.Id("items").Op("=").Append(jen.Id("items"), v) }
	first := make([]jen.Code, req)
	for i := range first {
		first[i] = jen.Id("x").Dot(itemName(i))
	}
	body := []jen.Code{jen.Id("items").Op(":=").Index().Any().Values(first...)}
	for i := req; i < n; i++ {
		var then []jen.Code
		if i > req {
			then = append(then, gap(i))
		}
		then = append(then, push(jen.Id("x").Dot(itemName(i))))
		body = append(body, jen.If(d.itemPresent(t.Items[i], itemName(i))).Block(then...))
	}
	if t.Rest != nil {
		if req < n {
			body = append(body, jen.If(jen.Len(jen.Id("x").Dot("Rest")).Op(">").Lit(0)).Block(gap(n)))
		}
		body = append(body, jen.For(jen.List(jen.Id("_"), jen.Id("v")).Op(":=").Range().Id("x").Dot("Rest")).Block(
			push(jen.Id("v"))))
	}
	body = append(body, jen.Return(jen.Qual(jsonPkg, "Marshal").Call(jen.Id("items"))))
	return d.method(false, "MarshalJSON", "encodes x as a JSON array.", nil, marshalResults(), body...)
}

// itemPresent is the condition that an optional item is present: x.V1 != nil,
// or !x.V1.IsZero() for a runtime.Nullable.
func (d *decl) itemPresent(ref model.Ref, name string) jen.Code {
	field := jen.Id("x").Dot(name)
	if d.presence(ref, false) == nullable {
		return jen.Op("!").Add(field).Dot("IsZero").Call()
	}
	return field.Op("!=").Nil()
}

// tupleUnmarshal decodes the items of a JSON array:
//
//	items, err := runtime.TupleItems(data, 1, 3)
//	if err != nil {
//		return err
//	}
//	var out Pair
//	if err := json.Unmarshal(items[0], &out.V0); err != nil {
//		return err
//	}
//	if len(items) > 1 {
//		if err := json.Unmarshal(items[1], &out.V1); err != nil {
//			return err
//		}
//	}
//	*x = out
//	return nil
func (d *decl) tupleUnmarshal(t *model.Tuple) jen.Code {
	req, n := d.requiredItems(t), len(t.Items)
	maxItems := n
	if t.Rest != nil {
		maxItems = -1
	}
	// if err := <call>; err != nil { return err }
	check := func(call jen.Code) jen.Code {
		return jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	}
	unmarshal := func(i int) jen.Code {
		return check(jen.Qual(jsonPkg, "Unmarshal").Call(jen.Id("items").Index(jen.Lit(i)), jen.Op("&").Id("out").Dot(itemName(i))))
	}
	body := []jen.Code{
		jen.List(jen.Id("items"), jen.Err()).Op(":=").Qual(runtimePkg, "TupleItems").Call(jen.Id("data"), jen.Lit(req), jen.Lit(maxItems)),
		returnIfErr(),
		jen.Var().Id("out").Add(d.self()),
	}
	for i := 0; i < n; i++ {
		if i < req {
			body = append(body, unmarshal(i))
			continue
		}
		body = append(body, jen.If(jen.Len(jen.Id("items")).Op(">").Lit(i)).Block(unmarshal(i)))
	}
	if t.Rest != nil {
		body = append(body, jen.If(jen.Len(jen.Id("items")).Op(">").Lit(n)).Block(
			check(jen.Qual(runtimePkg, "DecodeItems").Call(jen.Id("items").Index(jen.Lit(n), jen.Empty()), jen.Op("&").Id("out").Dot("Rest")))))
	}
	body = append(body, jen.Op("*").Id("x").Op("=").Id("out"), jen.Return(jen.Nil()))
	return d.method(true, "UnmarshalJSON", "decodes the JSON array data into x.", unmarshalParams(), jen.Error(), body...)
}
