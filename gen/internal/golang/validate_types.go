package golang

import (
	"strings"

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
func (f *vfn) typeKeyword() []string {
	if len(f.c.Types) == 0 {
		return nil
	}
	return []string{ifFalse("!" + f.typeCheck("n"))}
}

// typeCheck is the call of typeKeyword: s.Is(n, mask, "…/type"), whose
// message the runtime spells (envgenrt.TypeFormat), or s.CheckType(n, mask,
// "…/type", format) for types listed in another order than the runtime's.
func (f *vfn) typeCheck(node string) string {
	if f.typeSet() == envgenrt.TypeInteger { // inlined for most integers
		return call("s.IsInt", node, f.sp("type"))
	}
	mask := f.typeMaskCode(f.c.Types)
	if f.vp.factsOf(f.c).typeSpelt { // the usual order: s.Is(n, mask, "…/type")
		if one := isOne[f.typeSet()]; one != "" { // s.IsString(n, "…/type")
			return call("s."+one, node, f.sp("type"))
		}
		return call("s.Is", node, mask, f.sp("type"))
	}
	format, _ := messageFormat(keywords.Type(f.c.Types))
	return call("s.CheckType", node, mask, f.sp("type"), quote(format))
}

// isOne names the runtime's Is for a type keyword of one type, but null
// (State.IsNull is the decoders' test): s.IsString(n, "…/type") is
// s.Is(n, envgenrt.TypeString, "…/type"), 14 bytes shorter.
var isOne = map[envgenrt.Type]string{envgenrt.TypeObject: "IsObject", envgenrt.TypeArray: "IsArray",
	envgenrt.TypeString: "IsString", envgenrt.TypeNumber: "IsNumber", envgenrt.TypeBoolean: "IsBoolean"}

// typeMaskCode is the runtime's constant of types: envgenrt.TypeNull|envgenrt.TypeString.
func (f *vfn) typeMaskCode(types []string) string {
	if len(types) == 1 {
		return f.text.rt(typeMask[types[0]])
	}
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = f.text.rt(typeMask[t])
	}
	return strings.Join(names, "|")
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

// instanceKinds are the instance kinds of the JSON types that have checks
// of their own.
var instanceKinds = map[string]keywords.Instance{"string": keywords.String, "integer": keywords.Number,
	"number": keywords.Number, "array": keywords.Array, "object": keywords.Object}

func typeKind(types []string) (keywords.Instance, bool) {
	kinds := instanceKinds
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
func (f *vfn) literalVar(name string, values []model.Value) string {
	name = f.varName(name)
	lits := make([]string, len(values))
	for i, v := range values {
		lits[i] = call(f.text.rt("MustLiteral"), textLiteral(v.JSON))
	}
	f.vars = append(f.vars, "var "+name+" = []*"+f.text.rt("Literal")+"{"+strings.Join(lits, ", ")+"}")
	return name
}

// allStrings reports whether the values all are strings.
func allStrings(values []model.Value) bool {
	for _, v := range values {
		if _, ok := v.Go.(string); !ok {
			return false
		}
	}
	return true
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
func (f *vfn) enumKeyword() []string {
	if f.c.Enum == nil {
		return nil
	}
	if ok := f.enumOK("n"); ok != "" {
		return []string{ifFalse("!" + ok)}
	}
	msg := keywords.Enum(valueTexts(f.c.Enum))
	v := f.literalVar(keywords.EnumName(f.name), f.c.Enum)
	return []string{f.failStop("!s.OneOf(n, "+v+")", "n", f.sp("enum"), "enum", msg)}
}

// enumOK is s.Enum(node, "…/enum", "ok", "partial") for an enum of strings,
// else nil.
func (f *vfn) enumOK(node string) string {
	if f.c.Enum == nil || !allStrings(f.c.Enum) {
		return ""
	}
	args := append(make([]string, 0, 2+len(f.c.Enum)), node, f.sp("enum"))
	for _, v := range f.c.Enum {
		args = append(args, quote(v.Go.(string)))
	}
	return call("s.Enum", args...)
}

// constKeyword: like enum with one value.
func (f *vfn) constKeyword() []string {
	if f.c.Const == nil {
		return nil
	}
	msg := keywords.Const(f.c.Const.JSON)
	var cond string
	switch v := f.c.Const.Go.(type) {
	case string:
		cond = "!s.StringIn(n, " + quote(v) + ")"
	case bool, nil:
		// s.Kind(n) != envgenrt.KindTrue
		kind := map[any]string{true: "KindTrue", false: "KindFalse", nil: "KindNull"}[v]
		cond = "s.Kind(n) != " + f.text.rt(kind)
	default:
		lits := f.literalVar(keywords.ConstName(f.name), []model.Value{*f.c.Const})
		cond = "!s.OneOf(n, " + lits + ")"
	}
	return []string{f.failStop(cond, "n", f.sp("const"), "const", msg)}
}
