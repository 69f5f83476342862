package golang

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
)

// declaration renders the type declaration of a named type with its doc
// comment:
//
//	// Warning is ...
//	type Warning struct { ... }
func (d *decl) declaration() []jen.Code {
	var underlying jen.Code
	var fields []structField
	isStruct, alias := false, false
	switch t := d.t.(type) {
	case *model.Object:
		isStruct, fields = true, d.fields(t)
	case *model.Union:
		isStruct, fields = true, d.unionFields(t)
	case *model.Tuple:
		isStruct, fields = true, d.tupleFields(t)
	case *model.Enum:
		underlying = enumBase(t.ValueType)
	case *model.Const:
		underlying = enumBase(t.ValueType)
	case *model.Scalar:
		underlying = scalarCode(t.Scalar)
	case *model.Array:
		underlying = jen.Index().Add(d.slot(t.Items, true))
	case *model.Map:
		underlying = jen.Map(jen.String()).Add(d.slot(t.Values, true))
	case *model.Any, *model.TypeParam: // a type parameter: under a name of its own (see newDecl)
		underlying = jen.Qual(jsonPkg, "RawMessage")
	case *model.Alias:
		// type SearchEnvelope = Envelope[SearchResult]: an alias, not a new
		// type, so that the target's methods stay; or, for d.wrap, a type of
		// its own: type Derived BaseSchema.
		alias = !d.wrap
		underlying = d.typeCode(t.Target)
	default:
		d.fail(d.loc(), "", "cannot declare a type of kind %s", d.t.Base().Kind)
		return nil
	}
	w := d.text
	w.start()
	w.doc(d.typeDoc())
	w.add("type ", d.name)
	if len(d.params) > 0 { // Envelope[T any]
		params := make([]string, len(d.params))
		for i, p := range d.params {
			params[i] = p.name + " any"
		}
		w.add("[", strings.Join(params, ", "), "]")
	}
	switch {
	case isStruct:
		w.add(" ")
		structText(w, fields)
	case alias:
		w.add(" = ", w.spell(underlying))
	default:
		w.add(" ", w.spell(underlying))
	}
	return []jen.Code{w.finish()}
}

// constants renders the constants of an enum or const type.
func (d *decl) constants() []jen.Code {
	if d.standIn {
		return nil // the values of an anonymous enum have no constant names
	}
	switch t := d.t.(type) {
	case *model.Enum:
		if len(t.Members) != len(t.Values) {
			d.fail(d.loc(), "package naming should name every value",
				"enum %s has %d values but %d constant names", d.name, len(t.Values), len(t.Members))
			return nil
		}
		consts := make([]enumConst, len(t.Values))
		for i, v := range t.Values {
			consts[i] = enumConst{name: t.Members[i], value: v}
		}
		return d.enumConstants(t.ValueType, consts)
	case *model.Const:
		return d.enumConstants(t.ValueType, []enumConst{{name: t.Member, value: t.Value}})
	}
	return nil
}

// withDoc puts comment lines (with their "//") above code.
func withDoc(lines []string, code jen.Code) *jen.Statement {
	s := &jen.Statement{}
	for _, l := range lines {
		s.Comment(l).Line()
	}
	return s.Add(code)
}
