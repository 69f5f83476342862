package golang

import (
	"encoding/json"
	"strconv"
	"strings"

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
		return []jen.Code{d.textMethod(false, "Valid", "reports false: "+d.name+" has no values.", "", "bool",
			func(w *goText) { w.line("return false") })}
	}
	self := d.selfText()
	w := d.text
	w.start()
	if len(consts) == 1 {
		w.add("const ")
	} else {
		w.line("const (")
	}
	cases := make([]string, 0, len(consts))
	seen := map[string]bool{}
	for i, c := range consts {
		canon, lit := d.constValue(base, c)
		if i > 0 {
			w.line()
		}
		w.add(c.name, " ", self, " = ", lit)
		if !seen[canon] { // a switch cannot list one value twice
			seen[canon] = true
			cases = append(cases, c.name)
		}
	}
	if len(consts) > 1 {
		w.add("\n)")
	}
	block := w.finish()
	valid := d.textMethod(false, "Valid", "reports whether x is one of the "+d.name+" constants.", "", "bool",
		func(w *goText) {
			if len(cases) <= validChain { // return x == SeverityInfo || x == SeverityWarning
				w.add("return ")
				for i, c := range cases {
					if i > 0 {
						w.add(" || ")
					}
					w.add("x == ", c)
				}
				w.line()
				return
			}
			w.line("switch x {")
			w.line("case ", strings.Join(cases, ", "), ":")
			w.line("return true")
			w.line("}")
			w.line("return false")
		})
	return []jen.Code{block, valid}
}

// constValue returns the canonical JSON text of a constant's value and its Go
// literal for the base type.
func (d *decl) constValue(base model.ScalarKind, c enumConst) (string, string) {
	canon, err := envgenrt.CanonicalJSON([]byte(c.value.JSON))
	if err != nil {
		d.fail(d.loc(), "", "value %s of %s is not JSON: %v", c.value.JSON, d.name, err)
		return "", "nil"
	}
	bad := func(want string) (string, string) {
		d.fail(d.loc(), "", "value %s of %s is not %s", canon, d.name, want)
		return canon, "nil"
	}
	switch base {
	case model.ScalarString:
		var s string
		if json.Unmarshal([]byte(canon), &s) != nil {
			return bad("a string")
		}
		return canon, quote(s)
	case model.ScalarBoolean:
		b, err := strconv.ParseBool(canon)
		if err != nil {
			return bad("a boolean")
		}
		return canon, strconv.FormatBool(b)
	case model.ScalarInteger:
		if _, err := strconv.ParseInt(canon, 10, 64); err != nil {
			return bad("an integer that fits int64")
		}
		return canon, canon // the number as written: 3, -1
	case model.ScalarNumber:
		if _, err := strconv.ParseFloat(canon, 64); err != nil {
			return bad("a number that fits float64")
		}
		return canon, canon // 1.5, 100
	}
	return canon, textLiteral(canon)
}
