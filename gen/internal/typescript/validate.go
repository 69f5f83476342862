package typescript

import (
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// Validators. Every schema node with checks becomes one function over the
// value, its depth and the validation's context (module _envgen.ts, imported
// as rt). The depth p is a number: the value is p members and items below the
// one validated. Nothing is written on the way down, a valid value spells no
// JSON Pointer: an error is recorded with the part of its path below p, and
// each check it fails on the way back adds its step (rt.up, see descent).
//
//	/** Checks a value against warning.json#. */
//	export function checkWarning(v: unknown, p: number, c: rt.Context): boolean {
//	  const sp = "warning.json#";
//	  let ok = true;
//	  if (typeof v === "object" && v !== null && !Array.isArray(v)) {
//	    const o = v as rt.Members;
//	    if (o["code"] !== undefined && checkCode(o["code"], p + 1, c) === false) { ok = false; if (rt.up(c, p, "code")) return false; }
//	    …
//	    if (o["code"] === undefined) { ok = false; if (rt.failRequired(c, p, sp, "code")) return false; }
//	  } else { rt.failType(c, p, sp, "object", v); return false; }
//	  return ok;
//	}
//
// A failed check records an error, sets ok to false and goes on, so that
// every violation is reported (rt.fail, or one of its short forms:
// validate_fail.go); rt.fail (and c.stop after a failed subschema) say when
// to return at once instead: inside anyOf, oneOf, not, if and contains, whose
// branches report nothing, in a type guard (and rt.validate's first, quiet
// pass), and once rt.maxErrors errors are collected. A valid value runs no
// failure site: it reads no error list and spells no JSON Pointer.
//
// Each keyword has one small emitter, laid out in the order of the keyword
// registry (gen/internal/keywords), which is the order checks run and errors
// are listed in: the same registry, and the same messages, as
// gen/internal/golang's, so that the Go and TypeScript validators agree
// error for error. Emitters of one instance kind that follow each other are
// grouped under one test of the value's type.

// instanceGuard is the test that narrows the value $v to the instance kind,
// as the statements of its group need it. The tests of arrays and objects are
// spelled out, not calls of a runtime function: V8 compiles them to a few
// compares where it does not inline the call (3% of the instructions of the
// 1.2 KB envelope's check). tsc narrows an object so tested only to object,
// whose members it does not let the code read: the group reads them from a
// typed view, o (see objectView).
var instanceGuard = map[keywords.Instance]string{
	keywords.String: `typeof $v === "string"`,
	keywords.Number: `typeof $v === "number"`,
	keywords.Array:  "Array.isArray($v)",
	keywords.Object: objectTest,
}

// objectTest is the test that the value $v is a JSON object.
const objectTest = `typeof $v === "object" && $v !== null && !Array.isArray($v)`

// objectView is the first statement of a group of object checks: the view of
// the object v that they read its members from (validate_objects.go).
const objectView = "const o = v as rt.Members;"

// typeAllows reports whether "type", if the schema has it, allows values of
// kind i: the checks of a kind it does not allow never run.
func (f *vfn) typeAllows(i keywords.Instance) bool {
	kinds := map[keywords.Instance][]string{keywords.String: {"string"}, keywords.Number: {"number", "integer"},
		keywords.Array: {"array"}, keywords.Object: {"object"}}[i]
	if kinds == nil {
		return true
	}
	if len(f.c.Types) > 0 && !slices.ContainsFunc(f.c.Types, func(t string) bool { return slices.Contains(kinds, t) }) {
		return false
	}
	// A value that is none of a non-empty enum's values (or not the const)
	// stops the check there, before the groups of instance kinds: where no
	// value is of the kind, its checks are never reached, and tsc narrows v
	// to never in them ({"enum": [1, 2], "maxLength": 3}).
	ofKind := func(v model.Value) bool { return slices.Contains(kinds, valueKind(v)) }
	if len(f.c.Enum) > 0 && !slices.ContainsFunc(f.c.Enum, ofKind) {
		return false
	}
	return f.c.Const == nil || ofKind(*f.c.Const)
}

// guard is instanceGuard for the value this function checks.
func (f *vfn) guard(i keywords.Instance) string {
	return strings.ReplaceAll(instanceGuard[i], "$v", f.v)
}

// emitter renders the checks of one registry entry, nothing when the schema
// does not have its keywords.
type emitter func(f *vfn) []string

// emitters are this backend's half of the registry, by entry. (Made in
// init: inlining a leaf runs the registry from inside an emitter.)
func emitters() map[string]emitter {
	return map[string]emitter{
		"type":  (*vfn).typeKeyword, // validate_types.go
		"enum":  (*vfn).enumKeyword,
		"const": (*vfn).constKeyword,

		"minLength": (*vfn).minLength, // validate_strings.go
		"maxLength": (*vfn).maxLength,
		"pattern":   (*vfn).pattern,
		"format":    (*vfn).format,

		"minimum":          (*vfn).minimum, // validate_numbers.go
		"maximum":          (*vfn).maximum,
		"exclusiveMinimum": (*vfn).exclusiveMinimum,
		"exclusiveMaximum": (*vfn).exclusiveMaximum,
		"multipleOf":       (*vfn).multipleOf,

		"prefixItems, items":                 (*vfn).items, // validate_arrays.go
		"contains, minContains, maxContains": (*vfn).contains,
		"minItems":                           (*vfn).minItems,
		"maxItems":                           (*vfn).maxItems,
		"uniqueItems":                        (*vfn).uniqueItems,
		"unevaluatedItems":                   (*vfn).unevaluatedItems,

		"properties, patternProperties, additionalProperties": (*vfn).members, // validate_objects.go
		"required":              (*vfn).required,
		"minProperties":         (*vfn).minProperties,
		"maxProperties":         (*vfn).maxProperties,
		"propertyNames":         (*vfn).propertyNames,
		"dependentRequired":     (*vfn).dependentRequired,
		"dependentSchemas":      (*vfn).dependentSchemas,
		"unevaluatedProperties": (*vfn).unevaluatedProperties,

		"$ref":        (*vfn).ref, // validate_refs.go
		"$dynamicRef": (*vfn).dynamicRef,

		"allOf":          (*vfn).allOf, // validate_applicators.go
		"anyOf":          (*vfn).anyOf,
		"oneOf":          (*vfn).oneOf,
		"not":            (*vfn).not,
		"if, then, else": (*vfn).ifThenElse,
	}
}

// ordered is emitters in the order of the registry.
var ordered []keywords.Slot[emitter]

func init() { ordered = keywords.Ordered(emitters()) }

// vfn renders the check function of one type.
type vfn struct {
	w    *moduleWriter
	vp   *vplan
	t    model.Type
	c    *model.Checks
	name string // e.g. "checkWarning"
	eval bool   // marks what it evaluates, for unevaluated* (vplan.eval)
	// v and p spell the value and its path: "v" and "p" in a check function;
	// a member and rt.at(c, p, "name") where a caller checks a member inline.
	v, p string
	// inlined is set for a leaf checked inside its caller's function, in a
	// block labelled "leaf:" (see inline).
	inlined bool
	// The type keyword of one type, which body merges with the test of that
	// type's group: its line, its test (typeof v === "string") and its failure
	// alone (if (rt.fail(…)) return false;).
	typeLine, typeTest, typeElse string
}

// sp is the schema path of a keyword of this schema, e.g.
// "envelope.json#/then/required".
func (f *vfn) sp(keyword ...string) string {
	return schemaPath(f.t.Base().Loc, keyword...)
}

func schemaPath(loc model.Location, keyword ...string) string {
	p := path.Base(loc.File) + "#" + loc.Pointer
	if loc.File == "" {
		p = "#" + loc.Pointer
	}
	for _, k := range keyword {
		p += "/" + escapeToken(k)
	}
	return p
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// memberPath is the instance path of a member known when generating:
// rt.at(c, p, "a/b").
func memberPath(name string) string {
	return "rt.at(c, p, " + stringLiteral(name) + ")"
}

// descent splits the instance path at of a member or item, rt.at(c, p, key),
// into the depth that a check called for it gets, p + 1, and the key that
// its caller adds in front of the instance paths of its errors when it fails
// (rt.up): nothing is written on the way down. The path of the value itself,
// p, is its own depth, with no key.
func descent(at string) (depth, key string) {
	if k, ok := strings.CutPrefix(at, "rt.at(c, p, "); ok {
		if k, ok := strings.CutSuffix(k, ")"); ok {
			return "p + 1", k
		}
	}
	return at, ""
}

// sub is: if (call === false) { ok = false; if (c.stop) return false; } for
// a subschema whose errors are the caller's, called at the instance path at
// (as f.call). Nothing when call is "" (always valid).
func sub(call, at string) []string {
	if call == "" {
		return nil
	}
	return []string{subIf(callFailed(call), at)}
}

// callFailed is the test that a check's call failed: checkX(…) === false, not
// !checkX(…). A check returns a boolean, so both say the same; but where V8
// does not inline the check, it does not know that, and ! converts whatever
// came back (a dozen instructions a call), where === false compares one word.
func callFailed(call string) string {
	return call + " === false"
}

// subIf is sub's statement for a failed subschema: cond says it failed. For a
// member or item, the failure adds its step to the errors' paths:
//
//	if (checkMeta(v["meta"], p + 1, c) === false) { ok = false; if (rt.up(c, p, "meta")) return false; }
func subIf(cond, at string) string {
	if _, key := descent(at); key != "" {
		return "if (" + cond + ") { ok = false; if (rt.up(c, p, " + key + ")) return false; }"
	}
	return "if (" + cond + ") { ok = false; if (c.stop) return false; }"
}

// target is the type whose function validates a use of ref.
func (f *vfn) target(ref model.Ref) model.Type { return f.vp.Resolve(ref.ID) }

// always reports whether ref accepts every value, so that no call is needed.
func (f *vfn) always(ref model.Ref) bool {
	t := f.target(ref)
	if _, ok := t.(*model.TypeParam); ok {
		return false
	}
	return t == nil || (!t.Base().Checks.False && f.vp.fn[t.Base().ID] == "")
}

// never reports whether ref is the schema false.
func (f *vfn) never(ref model.Ref) bool {
	t := f.target(ref)
	return t != nil && t.Base().Checks.False && !ref.OrNull
}

// fnName is the function that validates t.
func (f *vfn) fnName(t model.Type) string {
	return f.vp.fn[t.Base().ID]
}

// call is the expression that validates the value x (at path at) against
// ref, reporting errors: checkX(x, at, c), (x === null || checkX(x, at, c))
// when null is allowed besides, rt.never(c, at, sp) for false, and "" when
// ref accepts every value.
func (f *vfn) call(ref model.Ref, x, at string) string {
	if f.always(ref) {
		return ""
	}
	at, _ = descent(at)
	t := f.target(ref)
	var e string
	switch {
	case t.Base().Checks.False:
		e = "rt.never(c, " + at + ", " + stringLiteral(schemaPath(t.Base().Loc)) + ")"
	default:
		e = f.checkOf(t) + "(" + x + ", " + at + ", c)"
	}
	if ref.OrNull {
		return "(" + x + " === null || " + e + ")"
	}
	return e
}

// check is ref's validator as an rt.Check: the function, its OrNull
// adapter, rt.always or falseCheck.
func (f *vfn) check(ref model.Ref) string {
	t := f.target(ref)
	switch {
	case f.always(ref):
		return "rt.always"
	case t.Base().Checks.False && !ref.OrNull:
		return f.falseCheck(t)
	case ref.OrNull:
		return f.w.useOrNull(f, t)
	}
	return f.checkOf(t)
}

// checkOf is the rt.Check of t, which has a function.
func (f *vfn) checkOf(t model.Type) string {
	if t.Base().Checks.False {
		return f.falseCheck(t)
	}
	return f.fnName(t)
}

// falseCheck is the rt.Check of the schema false t: a module constant that
// reports its schema path, as the Go validator of a false schema does, or
// rt.nothing when it stands for additionalProperties false (no schema of
// its own):
//
//	const falseSchema = (_v: unknown, p: number, c: rt.Context): boolean => rt.never(c, p, "a.json#/$defs/none");
func (f *vfn) falseCheck(t model.Type) string {
	if t.Base().Loc.File == "" {
		return "rt.nothing"
	}
	return f.w.moduleConst("falseSchema", "(_v: unknown, p: number, c: rt.Context): boolean => rt.never(c, p, "+stringLiteral(schemaPath(t.Base().Loc))+")")
}

// inline spells the checks of ref where it is used, for the value read at
// path at, when ref is a leaf: an anonymous schema of type, enum, const,
// string and number keywords only. It saves a call, and reads as a person
// would write it:
//
//	const x = v["cursor"];
//	if (typeof x === "string") {
//	  if (!x) { ok = false; if (rt.failLimit(c, rt.at(c, p, "cursor"), "…/properties/*", "minLength", 1)) return false; }
//	} else { if (rt.failType(c, rt.at(c, p, "cursor"), "…/properties/*", "string", x)) return false; }
//
// in a block labelled leaf: where a failed type, enum or const skips checks
// that follow it (break leaf;).
func (f *vfn) inline(ref model.Ref, read, at string) ([]string, bool) {
	if !f.inlinable(ref) {
		return nil, false
	}
	t := f.target(ref)
	leaf := &vfn{w: f.w, vp: f.vp, t: t, c: &t.Base().Checks, name: f.vp.fn[t.Base().ID], v: "x", p: at, inlined: true}
	lines := append([]string{"const x = " + read + ";"}, leaf.checks()...)
	// A break that ends the leaf's last statement goes where the statement
	// would go anyway: the end of the caller's block (a loop's body, an if's).
	if last := lines[len(lines)-1]; strings.Count(strings.Join(lines, "\n"), "break leaf;") == 1 && strings.HasSuffix(last, " break leaf; }") {
		lines[len(lines)-1] = strings.TrimSuffix(last, " break leaf; }") + " }"
	}
	if !strings.Contains(strings.Join(lines, "\n"), "break leaf;") {
		return lines, true
	}
	return block("leaf:", lines...), true
}

// inlinable reports whether inline spells ref's checks where it is used.
func (f *vfn) inlinable(ref model.Ref) bool {
	t := f.target(ref)
	if t == nil || ref.OrNull || t.Base().Named || f.vp.fn[t.Base().ID] == "" || f.vp.Eval[t.Base().ID] || f.vp.split(t) {
		return false
	}
	switch t.(type) {
	case *model.Alias, *model.TypeParam:
		return false
	}
	rest := t.Base().Checks
	rest.Types, rest.Enum, rest.Const, rest.Format, rest.Pattern = nil, nil, nil, "", ""
	rest.MinLength, rest.MaxLength = nil, nil
	rest.Minimum, rest.Maximum, rest.ExclusiveMinimum, rest.ExclusiveMaximum, rest.MultipleOf = nil, nil, nil, nil, nil
	return reflect.DeepEqual(rest, model.Checks{})
}

// inPlace is the expression that validates v itself against ref, as $ref,
// allOf and the other in-place applicators do: quietly for a branch whose
// errors are not reported, and through rt.track where this function marks
// what is evaluated, so that a branch that fails leaves nothing.
func (f *vfn) inPlace(ref model.Ref, quiet bool) string {
	switch {
	case f.eval && quiet:
		return "rt.trackQuiet(c, " + f.check(ref) + ", v, p)"
	case f.eval:
		return "rt.track(c, " + f.check(ref) + ", v, p)"
	case quiet:
		if f.always(ref) {
			return "true"
		}
		if f.never(ref) {
			return "false"
		}
		return quietCall(f.check(ref), "v", "p")
	}
	return f.call(ref, "v", "p")
}

// quietCall is the call of check on x at depth p that reports nothing, as
// rt.quiet(c, check, x, p) does:
//
//	c.stop ? checkEnvelopeIf(v, p, c) : rt.quiet(c, checkEnvelopeIf, v, p)
//
// In a run that reports nothing (rt.is, and rt.validate's first run) c.stop
// is already true and the check is called directly: V8 then knows the
// function it calls and may inline it. A call through rt.quiet, which every
// branch of every schema goes through, is a call of an unknown function.
func quietCall(check, x, p string) string {
	return "c.stop ? " + check + "(" + x + ", " + p + ", c) : rt.quiet(c, " + check + ", " + x + ", " + p + ")"
}

// operand is the condition e, in parentheses if it is a conditional
// expression (quietCall's), as an operand of || or ===.
func operand(e string) string {
	if strings.HasPrefix(e, "c.stop ? ") {
		return "(" + e + ")"
	}
	return e
}

// body is the statements of the check function.
func (f *vfn) body() []string {
	out := append(f.checks(), f.rest()...)
	if !strings.Contains(strings.Join(out, "\n"), "ok = false;") {
		return append(out, "return true;")
	}
	return append(append([]string{"let ok = true;"}, out...), "return ok;")
}

// checks is the checks of every keyword, in the order of the registry, each
// instance kind's under one test of the value's kind.
func (f *vfn) checks() []string {
	var out, group []string
	current := keywords.Any
	flush := func() {
		if len(group) == 0 {
			return
		}
		if current == keywords.Object && reads(group, "o") {
			group = append([]string{objectView}, group...)
		}
		if !f.typeAllows(current) {
			// {"type": "array", "maxLength": 2}: no value the type check
			// lets through is a string, and tsc refuses v.length on the
			// never that typeof v === "string" narrows it to (tslint).
			group = nil
			return
		}
		switch {
		case current == keywords.Any:
			out = append(out, group...)
		case f.typeLine != "" && len(out) > 0 && out[len(out)-1] == f.typeLine &&
			(f.guard(current) == f.typeTest || strings.HasPrefix(f.typeTest, f.guard(current)+" && ")):
			// The type test and the group's test are one: if (typeof v === "string") { … } else if (rt.fail(…)) return false;
			out = append(out[:len(out)-1], "if ("+f.typeTest+") {")
			out = append(out, indent(group)...)
			out = append(out, "} else "+f.typeElse)
		default:
			out = append(out, "if ("+f.guard(current)+") {")
			out = append(out, indent(group)...)
			out = append(out, "}")
		}
		group = nil
	}
	for _, e := range ordered {
		code := e.Emit(f)
		if len(code) == 0 {
			continue
		}
		if e.Instance != current {
			flush()
			current = e.Instance
		}
		group = append(group, code...)
	}
	flush()
	return out
}

// indent indents TypeScript lines by one level.
func indent(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if l != "" {
			l = "  " + l
		}
		out[i] = l
	}
	return out
}

// block is head { body }.
func block(head string, body ...string) []string {
	out := append([]string{head + " {"}, indent(body)...)
	return append(out, "}")
}

// funcView is a function declaration, laid out by function.ts.tmpl.
type funcView struct {
	Doc       docView
	Export    bool
	Signature string     // e.g. "checkWarning(v: unknown, p: number, c: rt.Context): boolean"
	Body      []string   // statements, one a line, indented relative to the body
	module    string     // the module that declares it
	uses      []symbol   // the functions and constants its body names
	imported  model.Type // the imported type whose validateX and isX it calls (imports.go), or nil
}

// checkSignature is the parameter list and result of every check function.
const checkSignature = "(v: unknown, p: number, c: rt.Context): boolean"

// signature is name's checkSignature, with _v, _p and _c for the parameters the
// body does not read (a false schema reads neither v nor p; a check that
// cannot fail reads no c), as noUnusedParameters
// wants.
func signature(name string, body []string) string {
	sig := checkSignature
	for _, param := range []string{"v", "p", "c"} {
		if !reads(body, param) {
			sig = strings.Replace(sig, "("+param+": ", "(_"+param+": ", 1)
			sig = strings.Replace(sig, " "+param+": ", " _"+param+": ", 1)
		}
	}
	return name + sig
}

// reads reports whether the statements use the identifier id outside
// string literals (not as a property: x.id).
func reads(body []string, id string) bool {
	found := false
	for _, l := range body {
		identsOutsideStrings(l, func(name string, before byte) bool {
			found = name == id && before != '.' && (before >= 0x80 || identPart(string(rune(before))) == 0)
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// checkFuncs renders the check function(s) of the type id: the function,
// and for a split one the body behind its frame set-up.
func (w *moduleWriter) checkFuncs(vp *vplan, id model.TypeID) []funcView {
	fns := w.checkFuncsOf(vp, id)
	base := schemaPath(vp.Get(id).Base().Loc)
	for i := range fns {
		fns[i].module = w.name
		fns[i].Body = relativePaths(fns[i].Body, base)
	}
	return fns
}

func (w *moduleWriter) checkFuncsOf(vp *vplan, id model.TypeID) []funcView {
	t := vp.Get(id)
	if imported(t) {
		return []funcView{w.adapter(vp, t)}
	}
	name := vp.fn[id]
	f := &vfn{w: w, vp: vp, t: t, c: &t.Base().Checks, name: name, eval: vp.Eval[id], v: "v", p: "p"}
	doc := newDoc("", [][]string{{"Checks a value against " + schemaPath(t.Base().Loc) + "."}}, nil)
	if tp, ok := t.(*model.TypeParam); ok { // a $dynamicRef that is a schema of its own
		body, uses := w.capture(func() []string {
			return []string{"return rt.dynamic(c, " + stringLiteral(tp.Anchor) + ", " + f.check(tp.Default) + ")(v, p, c);"}
		})
		return []funcView{{Doc: doc, Signature: name + checkSignature, Body: body, uses: uses}}
	}
	if a, ok := t.(*model.Alias); ok { // an alias that enters its own resource, then checks its target
		body, uses := w.capture(func() []string {
			call := f.call(a.Target, "v", "p")
			if call == "" {
				call = "true"
			}
			return w.frames(vp, t, call)
		})
		return []funcView{{Doc: doc, Signature: name + checkSignature, Body: body, uses: uses}}
	}
	body, uses := w.capture(f.body)
	inner, split := vp.inner[id]
	if !split {
		body = segmentHook(t, name, body)
		return []funcView{{Doc: doc, Signature: signature(name, body), Body: body, uses: uses}}
	}
	frames, frameUses := w.capture(func() []string { return w.frames(vp, t, inner+"(v, p, c)") })
	if hooked := segmentHook(t, name, body); len(hooked) > len(body) {
		frames = append(hooked[:1:1], frames...)
	}
	return []funcView{
		{Doc: doc, Signature: name + checkSignature, Body: frames, uses: append(frameUses, symbol{w.name, inner})},
		{Doc: newDoc("", [][]string{{"The body of " + name + "."}}, nil), Signature: signature(inner, body), Body: body, uses: uses},
	}
}

// frames is the body of a split function: enter the schema resource and
// begin collecting what is evaluated, run the body (or an alias's target),
// undo both.
//
//	const m = rt.enter(c, anchorsTree);
//	const e = rt.beginEval(c, v);
//	const ok = checkTreeIn(v, p, c);
//	rt.endEval(c, e, ok);
//	rt.leave(c, m);
//	return ok;
func (w *moduleWriter) frames(vp *vplan, t model.Type, run string) []string {
	c := t.Base()
	var pre, post []string
	if vp.enters[c.ID] {
		pre = append(pre, "const m = rt.enter(c, "+w.useAnchors(vp, c.Resource)+");")
		post = append(post, "rt.leave(c, m);")
	}
	if c.Checks.UnevaluatedProperties != nil || c.Checks.UnevaluatedItems != nil {
		pre = append(pre, "const e = rt.beginEval(c, v);")
		post = append([]string{"rt.endEval(c, e, ok);"}, post...)
	}
	out := append(pre, "const ok = "+run+";")
	out = append(out, post...)
	return append(out, "return ok;")
}
