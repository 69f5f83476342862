package golang

import (
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: checks of
// numbers, run when the instance is a number. Numbers are compared as the
// decimals they are written as (runtime.CompareNumber, runtime.MultipleOf),
// never through float64.

// compare is:
//
//	if s.Stops(s.Minimum(n, "1", "…/minimum")) { … }
//
// (envgenrt's Minimum compares as s.Compare does, envgenrt.CompareNumber of
// the text with the value of an integer the parser has read, and spells
// "must be at least 1".)
//
// A limit written as an integer of at most 18 digits calls the helper's Int
// form, which has its value too, so that it is not read on every call:
//
//	if s.Stops(s.MinimumInt(n, 1, "1", "…/minimum")) { … }
func (f *vfn) compare(limit *model.Number, helper, keyword string, node string) string {
	if limit == nil {
		return ""
	}
	if v, ok := smallInt(limit.Text); ok {
		return f.okCall(helper+"Int", node, keyword, strconv.FormatInt(v, 10), quote(limit.Text)) // (an untyped constant: int64(1) is longer)
	}
	return f.okCall(helper, node, keyword, quote(limit.Text))
}

// smallInt is the value of text when it is a JSON integer of at most 18
// digits, without fraction or exponent (which an int64 holds exactly).
func smallInt(text string) (int64, bool) {
	digits := strings.TrimPrefix(text, "-")
	if len(digits) == 0 || len(digits) > 18 || len(digits) > 1 && digits[0] == '0' {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(text, 10, 64)
	return v, err == nil
}

func (f *vfn) minimumOK(node string) string {
	return f.compare(f.c.Minimum, "Minimum", "minimum", node)
}

func (f *vfn) maximumOK(node string) string {
	return f.compare(f.c.Maximum, "Maximum", "maximum", node)
}

func (f *vfn) exclusiveMinimumOK(node string) string {
	return f.compare(f.c.ExclusiveMinimum, "ExclusiveMinimum", "exclusiveMinimum", node)
}

func (f *vfn) exclusiveMaximumOK(node string) string {
	return f.compare(f.c.ExclusiveMaximum, "ExclusiveMaximum", "exclusiveMaximum", node)
}

func (f *vfn) minimum() []string          { return stmt(f.minimumOK("n")) }
func (f *vfn) maximum() []string          { return stmt(f.maximumOK("n")) }
func (f *vfn) exclusiveMinimum() []string { return stmt(f.exclusiveMinimumOK("n")) }
func (f *vfn) exclusiveMaximum() []string { return stmt(f.exclusiveMaximumOK("n")) }

// multipleOf:
//
//	if !runtime.MultipleOf(s.Text(n), "0.01") && s.Fail(n, "…/multipleOf", "multipleOf", "must be a multiple of 0.01") { … }
func (f *vfn) multipleOf() []string {
	m := f.c.MultipleOf
	if m == nil {
		return nil
	}
	cond := "!" + call(f.text.rt("MultipleOf"), "s.Text(n)", quote(m.Text))
	return []string{f.failIf(cond, "n", f.sp("multipleOf"), "multipleOf", keywords.MultipleOf(m.Text))}
}
