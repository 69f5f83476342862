package golang

import (
	"path"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/checkplan"
	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// Validators. Every schema node with checks becomes one function over the
// value tree of package runtime:
//
//	func checkWarning(s *envgenrt.State, n int32) bool {
//		errs := s.ErrorCount()
//		if !s.IsType(n, runtime.TypeObject) && s.Failf(n, "warning.json#/type", "type", "must be object, not %s", s.TypeOf(n)) {
//			return false
//		}
//		…
//		return s.ErrorCount() == errs
//	}
//
// A failed check records an error and goes on, so that every violation is
// reported; s.Fail (and s.Stop after a failed subschema) say when to return
// at once instead: inside anyOf, oneOf, not, if and contains, whose branches
// report nothing, and once runtime.MaxErrors errors are collected.
//
// Each keyword has one small emitter, laid out in the order of the keyword
// registry (gen/internal/keywords), which is the order checks run and errors
// are listed in; the TypeScript validators read the same registry, and its
// messages. Emitters of one instance kind that follow each other are grouped
// under one test of the instance's kind.

// kindConst is the runtime constant an instance group tests for.
var kindConst = map[keywords.Instance]string{
	keywords.String: "KindString", keywords.Number: "KindNumber", keywords.Array: "KindArray", keywords.Object: "KindObject",
}

// emitter renders the checks of one registry entry as Go statements, nil
// when the schema does not have its keywords.
type emitter func(f *vfn) []string

// emitters are this backend's half of the registry, by entry.
var emitters = map[string]emitter{
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

// ordered is emitters in the order of the registry. (Assigned in init, since
// emitters render leaves through body, which reads it.)
var ordered []keywords.Slot[emitter]

func init() { ordered = keywords.Ordered(emitters) }

// vfn renders the check function of one type.
type vfn struct {
	*renderer
	t     model.Type
	c     *model.Checks
	name  string // e.g. "checkWarning"
	eval  bool   // marks what it evaluates, for unevaluated* (vplan.eval)
	vars  []string
	have  map[string]int // required members that members finds, by their index in at (validate_objects.go)
	paths *paths         // the schema paths the function names (sp); nil: literals
}

// n, s and c are the identifiers generated code uses for the node, the state
// and a child node; nodeID and stateID are them as jennifer code, for the
// adapters of imports.go.
var (
	nodeID  = jen.Id("n")
	stateID = jen.Id("s")
)

// spText is sp as a string.
func (f *vfn) spText(keyword ...string) string {
	loc := f.t.Base().Loc
	if len(keyword) == 1 { // most: one concatenation
		return path.Base(loc.File) + "#" + loc.Pointer + "/" + escapeToken(keyword[0])
	}
	p := path.Base(loc.File) + "#" + loc.Pointer
	for _, k := range keyword {
		p += "/" + escapeToken(k)
	}
	return p
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// failCall is the call that records an error: s.Fail(node, sp, keyword,
// "message") for a message without holes, else s.Failf with a format and
// args, one per hole of the message (a member name is quoted as JSON, by
// envgenrt.Quoted):
//
//	s.Failf(n, "a.json#/additionalProperties", "additionalProperties", "unexpected property %s", envgenrt.Quoted(s.Key(c)))
func (f *vfn) failCall(node, schemaPath string, keyword string, msg keywords.Message, args ...string) string {
	if len(msg.Holes()) != len(args) {
		panic("golang: message " + msg.String() + " of " + keyword + ": wrong number of arguments")
	}
	if text, ok := msg.Plain(); ok {
		return call("s.Fail", node, schemaPath, quote(keyword), quote(text))
	}
	format, holes := messageFormat(msg)
	vals := append(make([]string, 0, 4+len(holes)), node, schemaPath, quote(keyword), quote(format))
	for i, h := range holes {
		if h == keywords.Name {
			vals = append(vals, call(f.text.rt("Quoted"), args[i]))
		} else {
			vals = append(vals, args[i])
		}
	}
	return call("s.Failf", vals...)
}

// messageFormat is msg as a format for fmt.Sprintf, with its holes in order.
func messageFormat(msg keywords.Message) (string, []keywords.Hole) {
	var format strings.Builder
	var holes []keywords.Hole
	for _, p := range msg {
		switch p.Hole {
		case keywords.Text:
			format.WriteString(strings.ReplaceAll(p.Text, "%", "%%"))
			continue
		case keywords.Int:
			format.WriteString("%d")
		default: // TypeOf, Name
			format.WriteString("%s")
		}
		holes = append(holes, p.Hole)
	}
	return format.String(), holes
}

// failIf is: if cond && s.Fail(node, sp, keyword, message) { return false }
// (failCall spells the message).
func (f *vfn) failIf(cond, node, schemaPath string, keyword string, msg keywords.Message, args ...string) string {
	fail := f.failCall(node, schemaPath, keyword, msg, args...)
	if cond == "true" {
		return ifFalse(fail)
	}
	return ifFalse(cond + " && " + fail)
}

// failStop is failIf for type, enum and const: a value that fails one of
// them gets that one error and no other from the same schema, as
// santhosh-tekuri reports it (docs/validation.md).
//
//	if !s.IsType(n, runtime.TypeString) {
//		s.Failf(n, "a.json#/type", "type", "must be string, not %s", s.TypeOf(n))
//		return false
//	}
func (f *vfn) failStop(cond, node, schemaPath string, keyword string, msg keywords.Message, args ...string) string {
	return ifBlock(cond, f.failCall(node, schemaPath, keyword, msg, args...), "return false")
}

// okCall is the call of a keyword check of envgenrt (checks.go), which
// records its own error and reports whether node passed:
// s.MinLength(n, 1, "…/minLength").
func (f *vfn) okCall(helper, node, keyword string, args ...string) string {
	all := append(append(make([]string, 0, len(args)+2), node), args...)
	return call("s."+helper, append(all, f.sp(keyword))...)
}

// stmt is the statement of such a check: if s.Stops(ok) { return false }
// (none for "").
func stmt(ok string) []string {
	if ok == "" {
		return nil
	}
	return []string{sub(ok)}
}

// sub is: if s.Stops(call) { return false } (!call && s.Stop()), for a
// subschema whose errors are the caller's.
func sub(call string) string { return ifFalse(stops(call)) }

// stops is s.Stops(ok): ok is false and the validator should stop. An ok
// in parentheses (call's) loses them: s.Stops(a && b).
func stops(ok string) string {
	if inParens(ok) {
		ok = ok[1 : len(ok)-1]
	}
	return "s.Stops(" + ok + ")"
}

// inParens reports whether expression e is one pair of parentheses around
// the rest, reading over Go string literals ("…", `…`).
func inParens(e string) bool {
	if len(e) < 2 || e[0] != '(' || e[len(e)-1] != ')' {
		return false
	}
	depth := 0
	for i := 0; i < len(e); i++ {
		switch e[i] {
		case '"':
			for i++; i < len(e) && e[i] != '"'; i++ {
				if e[i] == '\\' {
					i++
				}
			}
		case '`':
			for i++; i < len(e) && e[i] != '`'; i++ {
			}
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 && i < len(e)-1 {
				return false // (a) || (b)
			}
		}
	}
	return depth == 0
}

// always reports whether ref accepts every value, so that no call is needed.
func (f *vfn) always(ref model.Ref) bool {
	return checkplan.Trivial(f.vp.Resolve(ref.ID))
}

// never reports whether ref is the schema false.
func (f *vfn) never(ref model.Ref) bool {
	t := f.vp.Resolve(ref.ID)
	return t != nil && t.Base().Checks.False && !ref.OrNull
}

// call is the expression that validates node against ref, reporting errors:
// checkX(s, node), or (s.IsNull(node) || checkX(s, node)) when null is
// allowed besides. Callers test always first.
func (f *vfn) call(ref model.Ref, node string) string {
	if t := f.vp.Resolve(ref.ID); f.vp.inline[t.Base().ID] { // a leaf in place: (s.Is(c, …) && s.MinLength(c, …))
		leaf := &vfn{renderer: f.renderer, t: t, c: &t.Base().Checks, name: f.name, paths: f.paths}
		e, ok := leaf.leafExpr(node)
		if !ok {
			panic("golang: not a leaf: " + t.Base().Loc.URL)
		}
		if _, later := f.vp.leafShape(leaf.c, f.opts.AssertFormat); later != nil && !f.vp.typed(leaf.c, later) || (len(leaf.c.Types) > 0 && leaf.c.Enum != nil) {
			return "(" + e + ")"
		}
		return e
	}
	c := f.vp.fn[f.vp.Resolve(ref.ID).Base().ID] + "(s, " + node + ")"
	if ref.OrNull {
		return "(s.IsNull(" + node + ") || " + c + ")"
	}
	return c
}

// inPlace is the expression that validates node itself against ref, as
// allOf, $ref, dependentSchemas, then and else do, reporting errors: call,
// or, where this function records annotations, s.Track(checkX, n), so that a
// subschema that fails leaves none (as rt.track does in TypeScript).
func (f *vfn) inPlace(ref model.Ref, node string) string {
	if f.eval {
		return call("s.Track", f.funcText(ref), node)
	}
	return f.call(ref, node)
}

// funcText is ref's validator as a runtime.CheckFunc, spelt: the function,
// its OrNull adapter, or runtime.Always.
func (r *renderer) funcText(ref model.Ref) string {
	name, rt := r.checkFunc(ref)
	if rt {
		return r.text.rt(name)
	}
	return name
}

// checkFunc is the name funcText spells, and whether it is envgenrt's.
func (r *renderer) checkFunc(ref model.Ref) (string, bool) {
	t := r.vp.Resolve(ref.ID)
	name := r.vp.fn[t.Base().ID]
	if r.vp.inline[t.Base().ID] {
		panic("golang: a leaf checked in place has no function: " + t.Base().Loc.URL)
	}
	switch {
	case checkplan.Trivial(t):
		return "Always", true
	case name == "":
		return "Never", true // the shared false schema
	case ref.OrNull:
		return r.orNullAdapter(t.Base().ID), false
	}
	return name, false
}

// varName makes a package-level variable name unique among the variables
// and functions of the package (a pattern of checkFooProperties0 and the
// first patternProperties of checkFoo could otherwise share one). Files and
// functions render in a fixed order, so the numbering is stable.
func (r *renderer) varName(name string) string {
	if r.vars == nil {
		r.vars = map[string]bool{}
		for _, fn := range r.vp.fn {
			r.vars[fn] = true
		}
	}
	out := name
	for i := 2; r.vars[out]; i++ {
		out = name + strconv.Itoa(i)
	}
	r.vars[out] = true
	return out
}

// orNullAdapter names the adapter that accepts null besides the type's own
// checks (vplan.orNull).
func (r *renderer) orNullAdapter(id model.TypeID) string { return r.vp.orNull[id] }

// eachChild is the loop over the members or items of n (End read once),
// with their index when withIndex is set:
//
//	for c, end := s.Bounds(n); c < end; c = s.Next(c) { … }
//	for c, i := s.First(n), 0; c < s.End(n); c, i = s.Next(c), i+1 { … }
func eachChild(withIndex bool, body ...string) string {
	if !withIndex {
		return "for c, end := s.Bounds(n); c < end; c = s.Next(c) " + block(body...)
	}
	return "for c, i := s.First(n), 0; c < s.End(n); c, i = s.Next(c), i+1 " + block(body...)
}

// markItem is s.Mark(n, i), when this function records annotations.
func (f *vfn) markItem() []string {
	if !f.eval {
		return nil
	}
	return []string{"s.Mark(n, i)"}
}

// body is the statements of the check function.
func (f *vfn) body() []string {
	if f.c.False {
		return []string{f.failCall("n", f.sp(), "false", keywords.False()), "return false"}
	}
	if ok, is := f.leafExpr("n"); is { // return s.Is(…) && s.MinLength(…)
		return []string{"return " + ok}
	}
	out := []string{"errs := s.ErrorCount()"}
	var group []string
	current := keywords.Any
	known, single := f.typeKind() // the kind the type keyword has checked
	emitted := 0
	stops := true // every check emitted returns false when it fails (failStop): no error count needed
	flush := func() {
		if len(group) == 0 {
			return
		}
		if current == keywords.Any || (single && current == known) {
			out = append(out, group...)
		} else {
			// if s.Kind(n) == envgenrt.KindString { … }
			out = append(out, ifBlock("s.Kind(n) == "+f.text.rt(kindConst[current]), group...))
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
		emitted++
		stops = stops && failStops[e.Name()]
	}
	if emitted == 1 && len(f.c.Types) > 0 { // the type keyword alone: return s.Is(…)
		return []string{"return " + f.typeCheck("n")}
	}
	flush()
	if stops { // a value that got this far passed: no errs := s.ErrorCount() before
		return append(out[1:], "return true")
	}
	return append(out, "return s.ErrorCount() == errs")
}

// failStops are the registry entries whose checks are failStop statements
// only, returning false on the error they record.
var failStops = map[string]bool{"type": true, "enum": true, "const": true}

// checkBody is the statements of the check function of a type declared here.
func (f *vfn) checkBody() []string {
	switch x := f.t.(type) {
	case *model.TypeParam:
		return []string{f.dynamicCall(x.Anchor, x.Default, "n")}
	case *model.Alias: // an alias that enters its resource (vplan.scoped): the target's checks
		if f.always(x.Target) {
			return []string{"return true"}
		}
		return []string{"return " + f.call(x.Target, "n")}
	}
	return f.body()
}

// checkFuncs renders the check function(s) of the type id: the function, and
// for a split one the body behind its frame set-up, each as Go text, after
// the variables (patterns, literals) they use.
func (r *renderer) checkFuncs(id model.TypeID) []jen.Code {
	t := r.vp.Get(id)
	name := r.vp.fn[id]
	f := &vfn{renderer: r, t: t, c: &t.Base().Checks, name: name, eval: r.vp.Eval[id]}
	f.paths = f.newPaths()
	// (envgenrt, of the parameters, is the first import a check function
	// names, as in jennifer's walk of it)
	params := "(s *" + r.text.rt("State") + ", n int32) bool "
	// No doc comment for the usual function: the schema paths in its body
	// name its schema, and the type's doc comment names the type's.
	var doc []string
	var body []string
	if imported(t) { // see imports.go
		for _, s := range r.adapter(t) {
			body = append(body, r.text.spell(s))
		}
		doc = []string{"// " + name + " validates a value against " + path.Base(t.Base().Loc.File) + "#" + t.Base().Loc.Pointer +
			" with the validator of " + r.importName(t.Base().External) + "." + t.Base().Name.Go + "."}
	} else {
		body = f.checkBody()
		if p := f.paths.resolve(); p != "" {
			body = append([]string{p}, body...)
		}
	}
	if t.Base().Loc.File == "" {
		doc = []string{"// " + name + " accepts no value: it stands for additionalProperties false."}
	}
	out := make([]jen.Code, 0, len(f.vars)+2)
	for _, v := range f.vars {
		out = append(out, jen.Op(v))
	}
	inner, split := r.vp.inner[id]
	if !split {
		return append(out, jen.Op(f.paths.funcDecl(doc, name, params, body)))
	}
	out = append(out, jen.Op(f.paths.funcDecl(doc, name, params, r.frames(t, inner))))
	return append(out, jen.Op(f.paths.funcDecl(nil, inner, params, body)))
}

// frames is the body of a split function: enter the schema resource and
// begin collecting annotations, run the body, undo both.
//
//	m := s.Enter("https://example.com/tree#", anchorsTree)
//	e := s.BeginEval(n)
//	ok := checkTreeIn(s, n)
//	s.EndEval(e, ok)
//	s.Leave(m)
//	return ok
func (r *renderer) frames(t model.Type, inner string) []string {
	c := t.Base()
	var pre, post []string
	if r.vp.enters(t) {
		pre = append(pre, "m := s.Enter("+quote(c.Resource)+", "+r.vp.anchors[c.Resource]+")")
		post = append(post, "s.Leave(m)")
	}
	if c.Checks.UnevaluatedProperties != nil || c.Checks.UnevaluatedItems != nil {
		pre = append(pre, "e := s.BeginEval(n)")
		post = append([]string{"s.EndEval(e, ok)"}, post...)
	}
	out := append(pre, "ok := "+inner+"(s, n)")
	out = append(out, post...)
	return append(out, "return ok")
}

// orNullFunc renders an adapter: null, or the type's own checks.
//
//	func checkXOrNull(s *envgenrt.State, n int32) bool { return s.IsNull(n) || checkX(s, n) }
func (r *renderer) orNullFunc(id model.TypeID) jen.Code {
	name := r.vp.orNull[id]
	return jen.Op("func " + name + "(s *" + r.text.rt("State") + ", n int32) bool {\nreturn s.IsNull(n) || " + r.vp.fn[id] + "(s, n)\n}")
}
