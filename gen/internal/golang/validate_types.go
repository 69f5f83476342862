package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// type, enum, const: the keywords that apply to every instance.

// typeMask is the runtime constant of each JSON type.
var typeMask = map[string]string{
	"null": "TypeNull", "boolean": "TypeBoolean", "integer": "TypeInteger", "number": "TypeNumber",
	"string": "TypeString", "array": "TypeArray", "object": "TypeObject",
}

// typeKeyword: a value of another type gets this one error and no other
// from the schema (see failStop).
//
//	if !s.Is(n, envgenrt.TypeNull|envgenrt.TypeString, "…/type") { // "must be null or string, not <type>"
//		return false
//	}
func (f *vfn) typeKeyword() []jen.Code {
	if len(f.c.Types) == 0 {
		return nil
	}
	return []jen.Code{jen.If(jen.Op("!").Add(f.typeCheck(nodeID))).Block(jen.Return(jen.False()))}
}

// typeCheck is the call of typeKeyword: s.Is(n, mask, "…/type"), whose
// message the runtime spells (envgenrt.TypeFormat), or s.CheckType(n, mask,
// "…/type", format) for types listed in another order than the runtime's.
func (f *vfn) typeCheck(node jen.Code) jen.Code {
	mask := typeMaskCode(f.c.Types)
	format, _ := messageFormat(keywords.Type(f.c.Types))
	if f.typeSet() == envgenrt.TypeInteger { // inlined for most integers
		return jen.Add(stateID).Dot("IsInt").Call(node, f.sp("type"))
	}
	if format == envgenrt.TypeFormat(f.typeSet()) { // the usual order: s.Is(n, mask, "…/type")
		return jen.Add(stateID).Dot("Is").Call(node, mask, f.sp("type"))
	}
	return jen.Add(stateID).Dot("CheckType").Call(node, mask, f.sp("type"), jen.Lit(format))
}

// typeMaskCode is the runtime's constant of types: envgenrt.TypeNull|envgenrt.TypeString.
func typeMaskCode(types []string) *jen.Statement {
	var mask *jen.Statement
	for _, t := range types {
		if mask == nil {
			mask = jen.Qual(runtimePkg, typeMask[t])
		} else {
			mask.Op("|").Qual(runtimePkg, typeMask[t])
		}
	}
	return mask
}

// typeSet is the type keyword's set, as the runtime spells it.
func (f *vfn) typeSet() envgenrt.Type { return typeSetOf(f.c.Types) }

func typeSetOf(types []string) envgenrt.Type {
	var set envgenrt.Type
	for _, t := range types {
		for _, n := range envgenrt.TypeNames {
			if n.Name == t {
				set |= n.Type
			}
		}
	}
	return set
}

// typeKinds is the instance kind the type keyword leaves, when it allows
// one only: the checks of that kind need not test the kind again.
func (f *vfn) typeKind() (keywords.Instance, bool) { return typeKind(f.c.Types) }

func typeKind(types []string) (keywords.Instance, bool) {
	kinds := map[string]keywords.Instance{"string": keywords.String, "integer": keywords.Number,
		"number": keywords.Number, "array": keywords.Array, "object": keywords.Object}
	var kind keywords.Instance
	for i, t := range types {
		k, ok := kinds[t]
		if !ok || (i > 0 && k != kind) {
			return keywords.Any, false
		}
		kind = k
	}
	return kind, len(types) > 0
}

// literalVar declares the JSON values of an enum or const once per package:
//
//	var enumMixed = []*runtime.Literal{runtime.MustLiteral(`1`), runtime.MustLiteral(`"a"`)}
func (f *vfn) literalVar(name string, values []model.Value) jen.Code {
	name = f.varName(name)
	lits := make([]jen.Code, len(values))
	for i, v := range values {
		lits[i] = jen.Qual(runtimePkg, "MustLiteral").Call(textLit(v.JSON))
	}
	f.vars = append(f.vars, jen.Var().Id(name).Op("=").Index().Op("*").Qual(runtimePkg, "Literal").Values(lits...))
	return jen.Id(name)
}

// allStrings returns the values as Go strings when they all are strings.
func allStrings(values []model.Value) ([]jen.Code, bool) {
	out := make([]jen.Code, len(values))
	for i, v := range values {
		s, ok := v.Go.(string)
		if !ok {
			return nil, false
		}
		out[i] = jen.Lit(s)
	}
	return out, true
}

// valueTexts are the JSON texts of values, for keywords.Enum.
func valueTexts(values []model.Value) []string {
	texts := make([]string, len(values))
	for i, v := range values {
		texts[i] = v.JSON
	}
	return texts
}

// enumKeyword, for strings (envgenrt spells `must be one of "ok", "partial"`):
//
//	if !s.Enum(n, "…/enum", "ok", "partial") {
//		return false
//	}
//
// or, for values that are not all strings, !s.OneOf(n, enumX) && s.Fail(…).
func (f *vfn) enumKeyword() []jen.Code {
	if f.c.Enum == nil {
		return nil
	}
	if ok := f.enumOK(nodeID); ok != nil {
		return []jen.Code{jen.If(jen.Op("!").Add(ok)).Block(jen.Return(jen.False()))}
	}
	msg := keywords.Enum(valueTexts(f.c.Enum))
	v := f.literalVar(keywords.EnumName(f.name), f.c.Enum)
	cond := jen.Op("!").Add(stateID).Dot("OneOf").Call(nodeID, v)
	return []jen.Code{f.failStop(cond, nodeID, f.sp("enum"), "enum", msg)}
}

// enumOK is s.Enum(node, "…/enum", "ok", "partial") for an enum of strings,
// else nil.
func (f *vfn) enumOK(node jen.Code) jen.Code {
	strs, ok := allStrings(f.c.Enum)
	if f.c.Enum == nil || !ok {
		return nil
	}
	return jen.Add(stateID).Dot("Enum").Call(append([]jen.Code{node, f.sp("enum")}, strs...)...)
}

// constKeyword: like enum with one value.
func (f *vfn) constKeyword() []jen.Code {
	if f.c.Const == nil {
		return nil
	}
	msg := keywords.Const(f.c.Const.JSON)
	var cond jen.Code
	switch v := f.c.Const.Go.(type) {
	case string:
		cond = jen.Op("!").Add(stateID).Dot("StringIn").Call(nodeID, jen.Lit(v))
	case bool, nil:
		// s.Kind(n) != envgenrt.KindTrue
		kind := map[any]string{true: "KindTrue", false: "KindFalse", nil: "KindNull"}[v]
		cond = jen.Add(stateID).Dot("Kind").Call(nodeID).Op("!=").Qual(runtimePkg, kind)
	default:
		lits := f.literalVar(keywords.ConstName(f.name), []model.Value{*f.c.Const})
		cond = jen.Op("!").Add(stateID).Dot("OneOf").Call(nodeID, lits)
	}
	return []jen.Code{f.failStop(cond, nodeID, f.sp("const"), "const", msg)}
}
