package golang

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/envgenrt"
)

// minLength, maxLength, pattern, format: checks of strings, run when the
// instance is a string. Lengths count code points.

func (f *vfn) minLength() []jen.Code {
	if f.c.MinLength == nil || *f.c.MinLength == 0 {
		return nil
	}
	m := *f.c.MinLength
	// if s.Length(n) < 3 && s.Fail(n, "…/minLength", "minLength", "must be at least 3 characters long") { … }
	return []jen.Code{f.failIf(jen.Add(stateID).Dot("Length").Call(nodeID).Op("<").Lit(m), nodeID, f.sp("minLength"), "minLength",
		"must be at least "+plural(m, "character")+" long")}
}

func (f *vfn) maxLength() []jen.Code {
	if f.c.MaxLength == nil {
		return nil
	}
	m := *f.c.MaxLength
	return []jen.Code{f.failIf(jen.Add(stateID).Dot("Length").Call(nodeID).Op(">").Lit(m), nodeID, f.sp("maxLength"), "maxLength",
		"must be at most "+plural(m, "character")+" long")}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// regexpVar declares a pattern, compiled once per package, and refuses one
// that RE2 cannot do (see envgenrt.TranslateECMA):
//
//	var patternWarningCode = runtime.MustPattern(`^[a-z_]+$`)
func (f *vfn) regexpVar(name, pattern, keywordPath string) jen.Code {
	name = f.varName(name)
	re, err := envgenrt.TranslateECMA(pattern)
	if err == nil {
		_, err = envgenrt.CompileECMA(pattern)
	}
	if err != nil {
		loc := f.t.Base().Loc
		loc.Pointer += keywordPath
		f.fail(loc, "rewrite the pattern without lookaround or backreferences; docs/validation.md lists what RE2 supports",
			"%v", err)
		return jen.Id(name)
	}
	lit := jen.Lit(re)
	if strconv.CanBackquote(re) {
		lit = jen.Op("`" + re + "`")
	}
	f.vars = append(f.vars, jen.Var().Id(name).Op("=").Qual(runtimePkg, "MustPattern").Call(lit))
	return jen.Id(name)
}

// pattern:
//
//	if !patternX.Match(s.Str(n)) && s.Fail(n, "…/pattern", "pattern", `must match the pattern "^a"`) { … }
func (f *vfn) pattern() []jen.Code {
	if f.c.Pattern == "" {
		return nil
	}
	re := f.regexpVar("pattern"+strings.TrimPrefix(f.name, "check"), f.c.Pattern, "/pattern")
	cond := jen.Op("!").Add(re).Dot("Match").Call(jen.Add(stateID).Dot("Str").Call(nodeID))
	return []jen.Code{f.failIf(cond, nodeID, f.sp("pattern"), "pattern", "must match the pattern "+strconv.Quote(f.c.Pattern))}
}

// formatFuncs are the runtime checks of the formats that can be asserted.
var formatFuncs = map[string]string{
	"date-time": "IsDateTime", "date": "IsDate", "time": "IsTime", "duration": "IsDuration",
	"email": "IsEmail", "hostname": "IsHostname", "ipv4": "IsIPv4", "ipv6": "IsIPv6",
	"uri": "IsURI", "uri-reference": "IsURIReference", "uuid": "IsUUID",
	"json-pointer": "IsJSONPointer", "regex": "IsRegex",
}

// format is an annotation unless Options.AssertFormat is set:
//
//	if !runtime.IsDateTime(s.Str(n)) && s.Fail(n, "…/format", "format", "must be a date-time") { … }
func (f *vfn) format() []jen.Code {
	if f.c.Format == "" || !f.opts.AssertFormat {
		return nil
	}
	fn, ok := formatFuncs[f.c.Format]
	if !ok {
		loc := f.t.Base().Loc
		loc.Pointer += "/format"
		f.fail(loc, "turn format assertion off, or use one of the formats docs/validation.md lists",
			"format %q cannot be asserted", f.c.Format)
		return nil
	}
	cond := jen.Op("!").Qual(runtimePkg, fn).Call(jen.Add(stateID).Dot("Str").Call(nodeID))
	return []jen.Code{f.failIf(cond, nodeID, f.sp("format"), "format", "must be a valid "+f.c.Format)}
}
