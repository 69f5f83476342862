package golang

import (
	"encoding/json"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/model"
)

// enumConst is one constant of an enum or const type.
type enumConst struct {
	name  string // e.g. "SeverityWarning"
	value model.Value
}

// isJSONText reports whether a named enum or const of this base holds its
// values as canonical JSON text in a string: values of mixed types, or null.
func isJSONText(base model.ScalarKind) bool {
	return base == model.ScalarAny || base == model.ScalarNull
}

// enumBase is the underlying type of a named enum or const.
func enumBase(base model.ScalarKind) jen.Code {
	if isJSONText(base) {
		return jen.String()
	}
	return scalarCode(base)
}

// validChain is the number of constants up to which Valid compares x with
// each, in one line, rather than in a switch (which is shorter from five on).
const validChain = 4

// enumConstants renders the constants of an enum or const type and its Valid
// method:
//
//	const (
//		LevelA Level = "a"
//		…
//	)
//
//	func (x Level) Valid() bool {
//		switch x {
//		case LevelA, LevelB, LevelC, LevelD, LevelE:
//			return true
//		}
//		return false
//	}
//
// or, for at most validChain constants,
//
//	func (x Severity) Valid() bool {
//		return x == SeverityInfo || x == SeverityWarning
//	}
func (d *decl) enumConstants(base model.ScalarKind, consts []enumConst) []jen.Code {
	if len(consts) == 0 { // "enum": [] accepts nothing: no constants, and Valid is false
		return []jen.Code{d.method(false, "Valid", "reports false: "+d.name+" has no values.", nil, jen.Bool(),
			jen.Return(jen.False()))}
	}
	defs := make([]jen.Code, 0, len(consts))
	var cases []jen.Code
	seen := map[string]bool{}
	for _, c := range consts {
		canon, lit := d.constValue(base, c)
		defs = append(defs, jen.Id(c.name).Add(d.self()).Op("=").Add(lit))
		if !seen[canon] { // a switch cannot list one value twice
			seen[canon] = true
			cases = append(cases, jen.Id(c.name))
		}
	}
	block := jen.Const().Defs(defs...)
	if len(defs) == 1 {
		block = jen.Const().Add(defs[0])
	}
	body := []jen.Code{
		jen.Switch(jen.Id("x")).Block(jen.Case(cases...).Block(jen.Return(jen.True()))),
		jen.Return(jen.False()),
	}
	if len(cases) <= validChain { // return x == SeverityInfo || x == SeverityWarning
		var chain *jen.Statement
		for _, c := range cases {
			if chain == nil {
				chain = jen.Id("x").Op("==").Add(c)
			} else {
				chain.Op("||").Id("x").Op("==").Add(c)
			}
		}
		body = []jen.Code{jen.Return(chain)}
	}
	valid := d.method(false, "Valid", "reports whether x is one of the "+d.name+" constants.", nil, jen.Bool(), body...)
	return []jen.Code{block, valid}
}

// constValue returns the canonical JSON text of a constant's value and its Go
// literal for the base type.
func (d *decl) constValue(base model.ScalarKind, c enumConst) (string, jen.Code) {
	canon, err := envgenrt.CanonicalJSON([]byte(c.value.JSON))
	if err != nil {
		d.fail(d.loc(), "", "value %s of %s is not JSON: %v", c.value.JSON, d.name, err)
		return "", jen.Null()
	}
	bad := func(want string) (string, jen.Code) {
		d.fail(d.loc(), "", "value %s of %s is not %s", canon, d.name, want)
		return canon, jen.Null()
	}
	switch base {
	case model.ScalarString:
		var s string
		if json.Unmarshal([]byte(canon), &s) != nil {
			return bad("a string")
		}
		return canon, jen.Lit(s)
	case model.ScalarBoolean:
		b, err := strconv.ParseBool(canon)
		if err != nil {
			return bad("a boolean")
		}
		return canon, jen.Lit(b)
	case model.ScalarInteger:
		if _, err := strconv.ParseInt(canon, 10, 64); err != nil {
			return bad("an integer that fits int64")
		}
		return canon, jen.Op(canon) // the number as written: 3, -1
	case model.ScalarNumber:
		if _, err := strconv.ParseFloat(canon, 64); err != nil {
			return bad("a number that fits float64")
		}
		return canon, jen.Op(canon) // 1.5, 100
	}
	return canon, textLit(canon)
}

// textLit is a string literal for JSON text, raw when it can be: `"a"`.
func textLit(s string) jen.Code {
	if strconv.CanBackquote(s) {
		return jen.Op("`" + s + "`")
	}
	return jen.Lit(s)
}
