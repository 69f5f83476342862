package typescript

import (
	"encoding/json"
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// type, enum and const.

// typeTests are the tests of the JSON types, positive and negative, of the
// value $v.
var typeTests = map[string][2]string{
	"null":    {"$v === null", "$v !== null"},
	"boolean": {`typeof $v === "boolean"`, `typeof $v !== "boolean"`},
	"object":  {objectTest, `typeof $v !== "object" || $v === null || Array.isArray($v)`},
	"array":   {"Array.isArray($v)", "!Array.isArray($v)"},
	"number":  {"Number.isFinite($v)", "!Number.isFinite($v)"},
	"integer": {"Number.isInteger($v)", "!Number.isInteger($v)"},
	"string":  {`typeof $v === "string"`, `typeof $v !== "string"`},
}

// typeTest is the test that the value v has the JSON type t, or has not.
func typeTest(t, v string, negative bool) string {
	i := 0
	if negative {
		i = 1
	}
	return strings.ReplaceAll(typeTests[t][i], "$v", v)
}

// typeKeyword: if (typeof v !== "string") { ok = false; if (rt.failType(c, p, sp, "string", v)) return false; }
func (f *vfn) typeKeyword() []string {
	types := f.c.Types
	if len(types) == 0 {
		return nil
	}
	number := false
	for _, t := range types {
		number = number || t == "number"
	}
	var tests []string
	for _, t := range types {
		if t == "integer" && number {
			continue // number holds integers
		}
		tests = append(tests, typeTest(t, f.v, false))
	}
	cond := "!(" + strings.Join(parenthesized(tests), " || ") + ")"
	if len(tests) == 1 {
		cond = typeTest(types[0], f.v, true)
		if types[0] == "integer" && number {
			cond = typeTest("number", f.v, true)
		}
	}
	msg := message(keywords.Type(types), "rt.typeOf("+f.v+")")
	line := f.failStop(cond, "type", msg)
	if len(tests) == 1 {
		f.typeLine, f.typeTest, f.typeElse = line, tests[0], f.stopAlways("type", msg)
		if strings.HasPrefix(tests[0], "Number.") {
			// Number.isInteger and Number.isFinite narrow nothing for tsc: the
			// test that the number checks' group can be merged with says number.
			f.typeTest = `typeof ` + f.v + ` === "number" && ` + tests[0]
		}
	}
	return []string{line}
}

// parenthesized is the tests, each in parentheses if it is a conjunction
// (the object test), as operands of ||.
func parenthesized(tests []string) []string {
	out := make([]string, len(tests))
	for i, t := range tests {
		if strings.Contains(t, " && ") {
			t = "(" + t + ")"
		}
		out[i] = t
	}
	return out
}

// enumKeyword: if (v !== "a" && v !== "b") { rt.fail(…); return false; } a
// list of more scalars is a module Set, one with arrays or objects a module
// constant that rt.includes searches by JSON equality.
func (f *vfn) enumKeyword() []string {
	if f.c.Enum == nil {
		return nil
	}
	texts := make([]string, len(f.c.Enum))
	for i, v := range f.c.Enum {
		texts[i] = v.JSON
	}
	msg := message(keywords.Enum(texts))
	if len(f.c.Enum) == 0 {
		return []string{failAlways(f.p, f.sp("enum"), "enum", msg)}
	}
	if f.noneOfType(f.c.Enum) {
		return []string{f.failStop("rt.unsatisfiable()", "enum", msg)}
	}
	items := make([]string, len(f.c.Enum))
	for i, v := range f.c.Enum {
		items[i] = valueExpr(v)
	}
	if len(f.c.Enum) <= 4 && allScalars(f.c.Enum) {
		tests := make([]string, len(f.c.Enum))
		for i, v := range f.c.Enum {
			tests[i] = f.v + " !== " + valueExpr(v)
		}
		return []string{f.failStop(strings.Join(tests, " && "), "enum", msg)}
	}
	if allScalars(f.c.Enum) {
		// For scalars JSON equality is Set's (no value of a schema is NaN):
		// the bundle then needs neither rt.includes nor rt.equal.
		name := f.w.moduleConst(keywords.EnumName(f.name), "new Set<unknown>(["+strings.Join(items, ", ")+"])")
		return []string{f.failStop("!"+name+".has("+f.v+")", "enum", msg)}
	}
	name := f.w.moduleConst(keywords.EnumName(f.name), "["+strings.Join(items, ", ")+"]")
	return []string{f.failStop("!rt.includes("+name+", "+f.v+")", "enum", msg)}
}

// constKeyword: if (v !== "x") { rt.fail(…); return false; } an array or an
// object is a module constant compared with rt.equal.
func (f *vfn) constKeyword() []string {
	if f.c.Const == nil {
		return nil
	}
	v := *f.c.Const
	msg := message(keywords.Const(v.JSON))
	if f.noneOfType([]model.Value{v}) {
		return []string{f.failStop("rt.unsatisfiable()", "const", msg)}
	}
	if allScalars([]model.Value{v}) {
		return []string{f.failStop(f.v+" !== "+valueExpr(v), "const", msg)}
	}
	name := f.w.moduleConst(keywords.ConstName(f.name), valueExpr(v))
	return []string{f.failStop("!rt.equal("+f.v+", "+name+")", "const", msg)}
}

// noneOfType reports whether "type" allows none of the values' types
// ({"type": "object", "enum": ["a"]}, as SchemaStore's cloudify has): the
// value has passed the type check when the enum or const check runs, so it
// fails that check whatever it is, and comparing it with the values would
// be a comparison tsc refuses (TS2367: the types have no overlap).
func (f *vfn) noneOfType(vs []model.Value) bool {
	if len(f.c.Types) == 0 {
		return false
	}
	for _, v := range vs {
		kind := valueKind(v)
		for _, t := range f.c.Types {
			if t == kind || t == "number" && kind == "integer" || t == "integer" && kind == "number" {
				return false
			}
		}
	}
	return true
}

// valueKind is the JSON type of a value, as "type" names it: "integer" for
// a number with no fraction.
func valueKind(v model.Value) string { return keywords.JSONType(decodeValue(v)) }

// allScalars reports whether every value is a string, number, boolean or
// null, which === compares as JSON does.
func allScalars(vs []model.Value) bool {
	for _, v := range vs {
		switch decodeValue(v).(type) {
		case nil, bool, string, json.Number:
		default:
			return false
		}
	}
	return true
}
