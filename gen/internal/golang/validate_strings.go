package golang

import (
	"strconv"

	"github.com/dlclark/regexp2"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/keywords"
)

// minLength, maxLength, pattern, format: checks of strings, run when the
// instance is a string. Lengths count code points.

// minLength: if s.Stops(s.MinLength(n, 3, "…/minLength")) { … }
// (envgenrt spells "must be at least 3 characters long").
func (f *vfn) minLength() []string { return stmt(f.minLengthOK("n")) }

func (f *vfn) minLengthOK(node string) string {
	if f.c.MinLength == nil || *f.c.MinLength == 0 {
		return ""
	}
	return f.okCall("MinLength", node, "minLength", strconv.Itoa(*f.c.MinLength))
}

// maxLength: if s.Stops(s.MaxLength(n, 200, "…/maxLength")) { … }
func (f *vfn) maxLength() []string { return stmt(f.maxLengthOK("n")) }

func (f *vfn) maxLengthOK(node string) string {
	if f.c.MaxLength == nil {
		return ""
	}
	return f.okCall("MaxLength", node, "maxLength", strconv.Itoa(*f.c.MaxLength))
}

// regexpVar declares a pattern, compiled once per package: on RE2 when
// envgenrt.TranslateECMA can translate it, else on regexp2:
//
//	var patternWarningCode = runtime.MustPattern(`^[a-z_]+$`)
func (f *vfn) regexpVar(name, pattern, keywordPath string) string {
	name = f.varName(name)
	re, err := envgenrt.TranslateECMA(pattern)
	if err == nil {
		_, err = envgenrt.CompileECMA(pattern)
	}
	if err != nil {
		// What RE2 cannot run (lookaround, backreferences) runs on regexp2,
		// for this pattern only, with a match timeout:
		//
		//	var patternX = runtime.MustECMAPattern(`^(?!x)`)
		if _, err2 := regexp2.Compile(envgenrt.ForRegexp2(pattern), envgenrt.ECMAOptions); envgenrt.CheckECMA(pattern) == nil && err2 == nil {
			f.vars = append(f.vars, "var "+name+" = "+call(f.text.rt("MustECMAPattern"), textLiteral(pattern)))
			return name
		}
		loc := f.t.Base().Loc
		loc.Pointer += keywordPath
		f.fail(loc, "docs/validation.md lists what is supported", "%v", err)
		return name
	}
	f.vars = append(f.vars, "var "+name+" = "+call(f.text.rt("MustPattern"), textLiteral(re)))
	return name
}

// pattern:
//
//	if !patternX.Match(s.Str(n)) && s.Fail(n, "…/pattern", "pattern", `must match the pattern "^a"`) { … }
func (f *vfn) pattern() []string {
	if f.c.Pattern == "" {
		return nil
	}
	re := f.regexpVar(keywords.PatternName(f.name), f.c.Pattern, "/pattern")
	return []string{f.failIf("!"+re+".Match(s.Str(n))", "n", f.sp("pattern"), "pattern", keywords.Pattern(f.c.Pattern))}
}

// format is an annotation unless Options.AssertFormat is set:
//
//	if !envgenrt.IsDateTime(s.Str(n)) && s.Fail(n, "…/format", "format", "must be a valid date-time") { … }
//
// The formats are keywords.Formats; envgenrt.Is<Func> checks each.
func (f *vfn) format() []string {
	if f.c.Format == "" || !f.opts.AssertFormat {
		return nil
	}
	fn, ok := keywords.FormatFunc(f.c.Format)
	if !ok {
		loc := f.t.Base().Loc
		loc.Pointer += "/format"
		f.fail(loc, "turn format assertion off, or use one of the formats docs/validation.md lists",
			"format %q cannot be asserted", f.c.Format)
		return nil
	}
	cond := "!" + f.text.rt("Is"+fn) + "(s.Str(n))"
	return []string{f.failIf(cond, "n", f.sp("format"), "format", keywords.Format(f.c.Format))}
}
