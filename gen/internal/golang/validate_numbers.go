package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: checks of
// numbers, run when the instance is a number. Numbers are compared as the
// decimals they are written as (runtime.CompareNumber, runtime.MultipleOf),
// never through float64.

// compare is:
//
//	if s.Compare(n, "1") < 0 && s.Fail(n, "…/minimum", "minimum", "must be at least 1") { … }
//
// (s.Compare is envgenrt.CompareNumber of the text, with the value of an
// integer the parser has read.)
func (f *vfn) compare(limit *model.Number, keyword, op string, message func(string) keywords.Message) []jen.Code {
	if limit == nil {
		return nil
	}
	cmp := jen.Add(stateID).Dot("Compare").Call(nodeID, jen.Lit(limit.Text))
	return []jen.Code{f.failIf(cmp.Op(op).Lit(0), nodeID, f.sp(keyword), keyword, message(limit.Text))}
}

func (f *vfn) minimum() []jen.Code {
	return f.compare(f.c.Minimum, "minimum", "<", keywords.Minimum)
}

func (f *vfn) maximum() []jen.Code {
	return f.compare(f.c.Maximum, "maximum", ">", keywords.Maximum)
}

func (f *vfn) exclusiveMinimum() []jen.Code {
	return f.compare(f.c.ExclusiveMinimum, "exclusiveMinimum", "<=", keywords.ExclusiveMinimum)
}

func (f *vfn) exclusiveMaximum() []jen.Code {
	return f.compare(f.c.ExclusiveMaximum, "exclusiveMaximum", ">=", keywords.ExclusiveMaximum)
}

// multipleOf:
//
//	if !runtime.MultipleOf(s.Text(n), "0.01") && s.Fail(n, "…/multipleOf", "multipleOf", "must be a multiple of 0.01") { … }
func (f *vfn) multipleOf() []jen.Code {
	m := f.c.MultipleOf
	if m == nil {
		return nil
	}
	cond := jen.Op("!").Qual(runtimePkg, "MultipleOf").Call(jen.Add(stateID).Dot("Text").Call(nodeID), jen.Lit(m.Text))
	return []jen.Code{f.failIf(cond, nodeID, f.sp("multipleOf"), "multipleOf", keywords.MultipleOf(m.Text))}
}
