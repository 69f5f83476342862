package golang

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/model"
	envruntime "github.com/envgen/envgen/runtime"
)

// branch is one branch of a union as its struct declares it.
type branch struct {
	name     string    // the field, e.g. "Circle"
	ref      model.Ref // the branch type
	presence presence  // pointer, or nullable when the branch admits null
	tags     []string  // canonical JSON texts of the discriminator values, e.g. `"circle"`
}

// branches lists the branches of u, checking the names and tags the model
// gives them.
func (d *decl) branches(u *model.Union) []branch {
	if len(u.BranchNames) != len(u.Branches) {
		d.fail(d.loc(), "package naming should name every branch",
			"union %s has %d branches but %d branch names", d.name, len(u.Branches), len(u.BranchNames))
		return nil
	}
	if u.Discriminator != "" && len(u.Tags) != len(u.Branches) {
		d.fail(d.loc(), "", "union %s has %d branches but %d tag lists", d.name, len(u.Branches), len(u.Tags))
		return nil
	}
	names := fieldNames{d: d}
	owner := map[string]string{} // tag → branch
	out := make([]branch, len(u.Branches))
	for i, ref := range u.Branches {
		b := branch{name: u.BranchNames[i], ref: ref, presence: pointer}
		names.add(b.name, d.loc())
		if _, null := d.resolve(ref); null {
			b.presence = nullable
		}
		if u.Discriminator != "" {
			if len(u.Tags[i]) == 0 {
				d.fail(d.loc(), "", "branch %s of %s has no value of discriminator %q", b.name, d.name, u.Discriminator)
			}
			for _, v := range u.Tags[i] {
				tag, err := envruntime.CanonicalJSON([]byte(v.JSON))
				if err != nil {
					d.fail(d.loc(), "", "discriminator value %s of %s is not JSON: %v", v.JSON, d.name, err)
				}
				if prev, ok := owner[tag]; ok {
					d.fail(d.loc(), "", "discriminator value %s selects both %s and %s", tag, prev, b.name)
				}
				owner[tag] = b.name
				b.tags = append(b.tags, tag)
			}
		}
		out[i] = b
	}
	return out
}

// unionFields renders one field per branch, exactly one of which is set:
//
//	Circle *Circle
//	Square *Square
func (d *decl) unionFields(u *model.Union) []jen.Code {
	var docs [][]string
	var fields []jen.Code
	for _, b := range d.branches(u) {
		var doc []paragraph
		if len(b.tags) > 0 {
			doc = append(doc, prose(b.name+" is set when "+u.Discriminator+" is "+strings.Join(b.tags, " or ")+"."))
		}
		docs = append(docs, commentLines(doc, 1))
		fields = append(fields, jen.Id(b.name).Add(wrap(d.typeCode(b.ref), b.presence)))
	}
	return documentFields(docs, fields)
}

// isSet is the condition that a branch is set: x.Circle != nil, or
// !x.Maybe.IsZero() for a runtime.Nullable.
func isSet(b branch) jen.Code {
	field := jen.Id("x").Dot(b.name)
	if b.presence == nullable {
		return jen.Op("!").Add(field).Dot("IsZero").Call()
	}
	return field.Op("!=").Nil()
}

// fromNew is what a branch field is set to after v := new(T): v for a
// pointer, *v for a runtime.Nullable.
func fromNew(b branch) jen.Code {
	if b.presence == nullable {
		return jen.Op("*").Id("v")
	}
	return jen.Id("v")
}

// newBranch is the new(T) a branch decodes into.
func (d *decl) newBranch(b branch) jen.Code {
	t := d.typeCode(b.ref)
	if b.presence == nullable {
		t = wrap(t, nullable)
	}
	return jen.New(t)
}

func (d *decl) unionMethods(u *model.Union) []jen.Code {
	bs := d.branches(u)
	unmarshal := d.untaggedUnmarshal(u, bs)
	if u.Discriminator != "" {
		unmarshal = d.taggedUnmarshal(u, bs)
	}
	return []jen.Code{d.unionMarshal(bs), unmarshal}
}

// unionMarshal encodes the one branch that is set:
//
//	var set []any
//	if x.Circle != nil {
//		set = append(set, x.Circle)
//	}
//	...
//	if len(set) != 1 {
//		return nil, runtime.UnionSetError("Shape", len(set))
//	}
//	return json.Marshal(set[0])
func (d *decl) unionMarshal(bs []branch) jen.Code {
	body := []jen.Code{jen.Var().Id("set").Index().Any()}
	for _, b := range bs {
		body = append(body, jen.If(isSet(b)).Block(
			jen.Id("set").Op("=").Append(jen.Id("set"), jen.Id("x").Dot(b.name)),
		))
	}
	body = append(body,
		jen.If(jen.Len(jen.Id("set")).Op("!=").Lit(1)).Block(
			jen.Return(jen.Nil(), jen.Qual(runtimePkg, "UnionSetError").Call(jen.Lit(d.name), jen.Len(jen.Id("set")))),
		),
		jen.Return(jen.Qual(jsonPkg, "Marshal").Call(jen.Id("set").Index(jen.Lit(0)))),
	)
	return d.method(false, "MarshalJSON", "encodes the branch of x that is set; exactly one must be.",
		nil, marshalResults(), body...)
}

// taggedUnmarshal decodes into the branch the discriminator selects:
//
//	tag, err := runtime.Discriminator(data, "kind")
//	if err != nil {
//		return err
//	}
//	switch tag {
//	case `"circle"`:
//		v := new(Circle)
//		if err := json.Unmarshal(data, v); err != nil {
//			return err
//		}
//		*x = Shape{Circle: v}
//	...
//	default:
//		return runtime.UnknownTag("Shape", "kind", tag)
//	}
//	return nil
func (d *decl) taggedUnmarshal(u *model.Union, bs []branch) jen.Code {
	cases := make([]jen.Code, 0, len(bs)+1)
	for _, b := range bs {
		tags := make([]jen.Code, len(b.tags))
		for i, t := range b.tags {
			tags[i] = textLit(t)
		}
		cases = append(cases, jen.Case(tags...).Block(
			jen.Id("v").Op(":=").Add(d.newBranch(b)),
			jen.If(
				jen.Err().Op(":=").Qual(jsonPkg, "Unmarshal").Call(jen.Id("data"), jen.Id("v")),
				jen.Err().Op("!=").Nil(),
			).Block(jen.Return(jen.Err())),
			jen.Op("*").Id("x").Op("=").Add(d.self()).Values(jen.Dict{jen.Id(b.name): fromNew(b)}),
		))
	}
	cases = append(cases, jen.Default().Block(
		jen.Return(jen.Qual(runtimePkg, "UnknownTag").Call(jen.Lit(d.name), jen.Lit(u.Discriminator), jen.Id("tag"))),
	))
	return d.method(true, "UnmarshalJSON", "decodes data into the branch that its member "+
		strconv.Quote(u.Discriminator)+" selects.",
		unmarshalParams(), jen.Error(),
		jen.List(jen.Id("tag"), jen.Err()).Op(":=").Qual(runtimePkg, "Discriminator").Call(jen.Id("data"), jen.Lit(u.Discriminator)),
		returnIfErr(),
		jen.Switch(jen.Id("tag")).Block(cases...),
		jen.Return(jen.Nil()),
	)
}

// untaggedUnmarshal tries each branch with a strict decode. For oneOf exactly
// one must fit:
//
//	var u Shape
//	fits := 0
//	if v := new(Circle); runtime.DecodeStrict(data, v) == nil {
//		u.Circle = v
//		fits++
//	}
//	...
//	if fits != 1 {
//		return runtime.UnionMatchError("Shape", fits)
//	}
//	*x = u
//	return nil
//
// For anyOf the first that fits wins:
//
//	if v := new(Circle); runtime.DecodeStrict(data, v) == nil {
//		*x = Shape{Circle: v}
//		return nil
//	}
//	...
//	return runtime.UnionMatchError("Shape", 0)
func (d *decl) untaggedUnmarshal(u *model.Union, bs []branch) jen.Code {
	try := func(b branch, then ...jen.Code) jen.Code {
		return jen.If(
			jen.Id("v").Op(":=").Add(d.newBranch(b)),
			jen.Qual(runtimePkg, "DecodeStrict").Call(jen.Id("data"), jen.Id("v")).Op("==").Nil(),
		).Block(then...)
	}
	var body []jen.Code
	doc := "decodes data into the first branch it fits."
	if u.Exclusive {
		doc = "decodes data into the one branch it fits; it fails if it fits none or several."
		body = append(body, jen.Var().Id("u").Add(d.self()), jen.Id("fits").Op(":=").Lit(0))
		for _, b := range bs {
			body = append(body, try(b, jen.Id("u").Dot(b.name).Op("=").Add(fromNew(b)), jen.Id("fits").Op("++")))
		}
		body = append(body,
			jen.If(jen.Id("fits").Op("!=").Lit(1)).Block(
				jen.Return(jen.Qual(runtimePkg, "UnionMatchError").Call(jen.Lit(d.name), jen.Id("fits"))),
			),
			jen.Op("*").Id("x").Op("=").Id("u"),
			jen.Return(jen.Nil()),
		)
	} else {
		for _, b := range bs {
			body = append(body, try(b,
				jen.Op("*").Id("x").Op("=").Add(d.self()).Values(jen.Dict{jen.Id(b.name): fromNew(b)}),
				jen.Return(jen.Nil()),
			))
		}
		body = append(body, jen.Return(jen.Qual(runtimePkg, "UnionMatchError").Call(jen.Lit(d.name), jen.Lit(0))))
	}
	return d.method(true, "UnmarshalJSON", doc, unmarshalParams(), jen.Error(), body...)
}
