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

// emitter renders the checks of one registry entry, nil when the schema
// does not have its keywords.
type emitter func(f *vfn) []jen.Code

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
	vars  []jen.Code
	have  map[string]int // required members that members finds, by their index in at (validate_objects.go)
	paths *paths         // the schema paths the function names (sp); nil: literals
}

// n, s and c are the identifiers generated code uses for the node, the state
// and a child node.
var (
	nodeID  = jen.Id("n")
	stateID = jen.Id("s")
)

// sp is the schema path of a keyword of this schema, e.g.
// "envelope.json#/then/required": a literal, or p+"/then/required" where
// the function declares const p = "envelope.json#" (paths.resolve).
func (f *vfn) sp(keyword ...string) jen.Code {
	if f.paths == nil {
		return jen.Lit(f.spText(keyword...))
	}
	st := &jen.Statement{}
	f.paths.lits = append(f.paths.lits, pathLit{st, f.spText(keyword...)})
	return st
}

// paths are the schema paths one check function names. Where its own
// location starts enough of them, the function declares it once,
//
//	const p = "envelope.json#/$defs/warning"
//
// and spells them p+"/type" (a constant expression: the same string in the
// binary as the literal, and still found by a search for "warning/type" or
// "/properties/code/type").
type paths struct {
	prefix string
	lits   []pathLit
}

type pathLit struct {
	st   *jen.Statement // filled by resolve
	full string
}

// newPaths collects the paths of a function whose own location is f's.
func (f *vfn) newPaths() *paths { return &paths{prefix: f.spText()} }

// resolve fills in the paths, and returns the declaration of p, or nil
// where p would not make the function shorter.
func (ps *paths) resolve() jen.Code {
	under := func(full string) bool {
		return full == ps.prefix || strings.HasPrefix(full, ps.prefix+"/")
	}
	saved := -len("\tconst p = \"\"\n") - len(ps.prefix)
	for _, l := range ps.lits {
		if under(l.full) {
			saved += len(ps.prefix) - len("p+")
		}
	}
	use := saved > 0
	for _, l := range ps.lits {
		switch {
		case !use || !under(l.full):
			*l.st = append(*l.st, jen.Lit(l.full))
		case l.full == ps.prefix:
			*l.st = append(*l.st, jen.Id("p"))
		default:
			*l.st = append(*l.st, jen.Id("p").Op("+").Lit(l.full[len(ps.prefix):]))
		}
	}
	if !use {
		return nil
	}
	return jen.Const().Id("p").Op("=").Lit(ps.prefix)
}

// spText is sp as a string.
func (f *vfn) spText(keyword ...string) string {
	loc := f.t.Base().Loc
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
func (f *vfn) failCall(node, schemaPath jen.Code, keyword string, msg keywords.Message, args ...jen.Code) jen.Code {
	if len(msg.Holes()) != len(args) {
		panic("golang: message " + msg.String() + " of " + keyword + ": wrong number of arguments")
	}
	if text, ok := msg.Plain(); ok {
		return jen.Add(stateID).Dot("Fail").Call(node, schemaPath, jen.Lit(keyword), jen.Lit(text))
	}
	format, holes := messageFormat(msg)
	vals := make([]jen.Code, len(holes))
	for i, h := range holes {
		vals[i] = args[i]
		if h == keywords.Name {
			vals[i] = jen.Qual(runtimePkg, "Quoted").Call(args[i])
		}
	}
	call := append([]jen.Code{node, schemaPath, jen.Lit(keyword), jen.Lit(format)}, vals...)
	return jen.Add(stateID).Dot("Failf").Call(call...)
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
func (f *vfn) failIf(cond, node, schemaPath jen.Code, keyword string, msg keywords.Message, args ...jen.Code) jen.Code {
	fail := f.failCall(node, schemaPath, keyword, msg, args...)
	if isTrue(cond) {
		return jen.If(fail).Block(jen.Return(jen.False()))
	}
	return jen.If(jen.Add(cond).Op("&&").Add(fail)).Block(jen.Return(jen.False()))
}

// failStop is failIf for type, enum and const: a value that fails one of
// them gets that one error and no other from the same schema, as
// santhosh-tekuri reports it (docs/validation.md).
//
//	if !s.IsType(n, runtime.TypeString) {
//		s.Failf(n, "a.json#/type", "type", "must be string, not %s", s.TypeOf(n))
//		return false
//	}
func (f *vfn) failStop(cond, node, schemaPath jen.Code, keyword string, msg keywords.Message, args ...jen.Code) jen.Code {
	return jen.If(cond).Block(f.failCall(node, schemaPath, keyword, msg, args...), jen.Return(jen.False()))
}

// okCall is the call of a keyword check of envgenrt (checks.go), which
// records its own error and reports whether node passed:
// s.MinLength(n, 1, "…/minLength").
func (f *vfn) okCall(helper string, node jen.Code, keyword string, args ...jen.Code) jen.Code {
	return jen.Add(stateID).Dot(helper).Call(append(append([]jen.Code{node}, args...), f.sp(keyword))...)
}

// stmt is the statement of such a check: if !ok && s.Stop() { return false }
// (none for nil).
func stmt(ok jen.Code) []jen.Code {
	if ok == nil {
		return nil
	}
	return []jen.Code{sub(ok)}
}

// isTrue reports whether a condition is the literal true: jen.True(),
// possibly wrapped in statements of one item. (It compares jennifer's
// tokens: rendering the condition to compare its text formats it with
// go/format, a cost that showed in the generator's profile.)
func isTrue(cond jen.Code) bool {
	for {
		s, ok := cond.(*jen.Statement)
		if !ok || s == nil || len(*s) != 1 {
			return false
		}
		if (*s)[0] == trueToken {
			return true
		}
		cond = (*s)[0]
	}
}

// trueToken is the one token of jen.True().
var trueToken = (*jen.True())[0]

// sub is: if !call && s.Stop() { return false }, for a subschema whose
// errors are the caller's.
func sub(call jen.Code) jen.Code {
	return jen.If(jen.Op("!").Add(call).Op("&&").Add(stateID).Dot("Stop").Call()).Block(jen.Return(jen.False()))
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
func (f *vfn) call(ref model.Ref, node jen.Code) jen.Code {
	if t := f.vp.Resolve(ref.ID); f.vp.inline[t.Base().ID] { // a leaf in place: (s.Is(c, …) && s.MinLength(c, …))
		leaf := &vfn{renderer: f.renderer, t: t, c: &t.Base().Checks, name: f.name, paths: f.paths}
		e, ok := leaf.leafExpr(node)
		if !ok {
			panic("golang: not a leaf: " + t.Base().Loc.URL)
		}
		if _, later := leafShape(leaf.c, f.opts.AssertFormat); later != nil && !typed(leaf.c, later) || (len(leaf.c.Types) > 0 && leaf.c.Enum != nil) {
			return jen.Parens(e)
		}
		return e
	}
	c := jen.Id(f.vp.fn[f.vp.Resolve(ref.ID).Base().ID]).Call(stateID, node)
	if ref.OrNull {
		return jen.Parens(jen.Add(stateID).Dot("IsNull").Call(node).Op("||").Add(c))
	}
	return c
}

// inPlace is the expression that validates node itself against ref, as
// allOf, $ref, dependentSchemas, then and else do, reporting errors: call,
// or, where this function records annotations, s.Track(checkX, n), so that a
// subschema that fails leaves none (as rt.track does in TypeScript).
func (f *vfn) inPlace(ref model.Ref, node jen.Code) jen.Code {
	if f.eval {
		return jen.Add(stateID).Dot("Track").Call(f.funcValue(ref), node)
	}
	return f.call(ref, node)
}

// funcValue is ref's validator as a runtime.CheckFunc: the function, its
// OrNull adapter, or runtime.Always.
func (f *vfn) funcValue(ref model.Ref) jen.Code {
	return f.renderer.funcValue(ref)
}

func (r *renderer) funcValue(ref model.Ref) jen.Code {
	t := r.vp.Resolve(ref.ID)
	name := r.vp.fn[t.Base().ID]
	if r.vp.inline[t.Base().ID] {
		panic("golang: a leaf checked in place has no function: " + t.Base().Loc.URL)
	}
	switch {
	case checkplan.Trivial(t):
		return jen.Qual(runtimePkg, "Always")
	case name == "":
		return jen.Qual(runtimePkg, "Never") // the shared false schema
	case ref.OrNull:
		return jen.Id(r.orNullAdapter(t.Base().ID))
	}
	return jen.Id(name)
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

// eachChild is the loop over the members or items of n, with their index
// when withIndex is set:
//
//	for c, i := s.First(n), 0; c < s.End(n); c, i = s.Next(c), i+1 { … }
func eachChild(withIndex bool, body ...jen.Code) jen.Code {
	c := jen.Id("c")
	next := jen.Add(stateID).Dot("Next").Call(c)
	if !withIndex {
		return jen.For(
			c.Clone().Op(":=").Add(stateID).Dot("First").Call(nodeID),
			c.Clone().Op("<").Add(stateID).Dot("End").Call(nodeID),
			c.Clone().Op("=").Add(next),
		).Block(body...)
	}
	return jen.For(
		jen.List(c, jen.Id("i")).Op(":=").List(jen.Add(stateID).Dot("First").Call(nodeID), jen.Lit(0)),
		c.Clone().Op("<").Add(stateID).Dot("End").Call(nodeID),
		jen.List(c, jen.Id("i")).Op("=").List(next, jen.Id("i").Op("+").Lit(1)),
	).Block(body...)
}

// markItem is s.Mark(n, i), when this function records annotations.
func (f *vfn) markItem() []jen.Code {
	if !f.eval {
		return nil
	}
	return []jen.Code{jen.Add(stateID).Dot("Mark").Call(nodeID, jen.Id("i"))}
}

// body is the statements of the check function.
func (f *vfn) body() []jen.Code {
	if f.c.False {
		return []jen.Code{
			f.failCall(nodeID, f.sp(), "false", keywords.False()),
			jen.Return(jen.False()),
		}
	}
	if ok, is := f.leafExpr(nodeID); is { // return s.Is(…) && s.MinLength(…)
		return []jen.Code{jen.Return(ok)}
	}
	out := []jen.Code{jen.Id("errs").Op(":=").Add(stateID).Dot("ErrorCount").Call()}
	var group []jen.Code
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
			out = append(out, jen.If(jen.Add(stateID).Dot("Kind").Call(nodeID).Op("==").Qual(runtimePkg, kindConst[current])).Block(group...))
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
		return []jen.Code{jen.Return(f.typeCheck(nodeID))}
	}
	flush()
	if stops { // a value that got this far passed: no errs := s.ErrorCount() before
		return append(out[1:], jen.Return(jen.True()))
	}
	return append(out, jen.Return(jen.Add(stateID).Dot("ErrorCount").Call().Op("==").Id("errs")))
}

// failStops are the registry entries whose checks are failStop statements
// only, returning false on the error they record.
var failStops = map[string]bool{"type": true, "enum": true, "const": true}

// checkBody is the statements of the check function of a type declared here.
func (f *vfn) checkBody() []jen.Code {
	switch x := f.t.(type) {
	case *model.TypeParam:
		return []jen.Code{f.dynamicCall(x.Anchor, x.Default, nodeID)}
	case *model.Alias: // an alias that enters its resource (vplan.scoped): the target's checks
		if f.always(x.Target) {
			return []jen.Code{jen.Return(jen.True())}
		}
		return []jen.Code{jen.Return(f.call(x.Target, nodeID))}
	}
	return f.body()
}

// checkFuncs renders the check function(s) of the type id: the function, and
// for a split one the body behind its frame set-up.
func (r *renderer) checkFuncs(id model.TypeID) []jen.Code {
	t := r.vp.Get(id)
	name := r.vp.fn[id]
	f := &vfn{renderer: r, t: t, c: &t.Base().Checks, name: name, eval: r.vp.Eval[id]}
	f.paths = f.newPaths()
	params := []jen.Code{jen.Add(stateID).Op("*").Qual(runtimePkg, "State"), jen.Id("n").Int32()}
	// No doc comment for the usual function: the schema paths in its body
	// name its schema, and the type's doc comment names the type's.
	var doc []string
	var body []jen.Code
	if imported(t) { // see imports.go
		body = r.adapter(t)
		doc = []string{"// " + name + " validates a value against " + path.Base(t.Base().Loc.File) + "#" + t.Base().Loc.Pointer +
			" with the validator of " + t.Base().External.Package() + "." + t.Base().Name.Go + "."}
	} else {
		body = f.checkBody()
		if p := f.paths.resolve(); p != nil {
			body = append([]jen.Code{p}, body...)
		}
	}
	if t.Base().Loc.File == "" {
		doc = []string{"// " + name + " accepts no value: it stands for additionalProperties false."}
	}
	out := f.vars
	inner, split := r.vp.inner[id]
	if !split {
		return append(out, withDoc(doc, jen.Func().Id(name).Params(params...).Bool().Block(body...)))
	}
	out = append(out, withDoc(doc, jen.Func().Id(name).Params(params...).Bool().Block(r.frames(t, inner)...)))
	out = append(out, jen.Func().Id(inner).Params(params...).Bool().Block(body...))
	return out
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
func (r *renderer) frames(t model.Type, inner string) []jen.Code {
	c := t.Base()
	var pre, post []jen.Code
	if r.vp.enters(t) {
		pre = append(pre, jen.Id("m").Op(":=").Add(stateID).Dot("Enter").Call(jen.Lit(c.Resource), jen.Id(r.vp.anchors[c.Resource])))
		post = append(post, jen.Add(stateID).Dot("Leave").Call(jen.Id("m")))
	}
	if c.Checks.UnevaluatedProperties != nil || c.Checks.UnevaluatedItems != nil {
		pre = append(pre, jen.Id("e").Op(":=").Add(stateID).Dot("BeginEval").Call(nodeID))
		post = append([]jen.Code{jen.Add(stateID).Dot("EndEval").Call(jen.Id("e"), jen.Id("ok"))}, post...)
	}
	out := append(pre, jen.Id("ok").Op(":=").Id(inner).Call(stateID, nodeID))
	out = append(out, post...)
	return append(out, jen.Return(jen.Id("ok")))
}

// orNullFunc renders an adapter: null, or the type's own checks.
//
//	func checkXOrNull(s *envgenrt.State, n int32) bool { return s.IsNull(n) || checkX(s, n) }
func (r *renderer) orNullFunc(id model.TypeID) jen.Code {
	name := r.vp.orNull[id]
	return jen.Func().Id(name).Params(jen.Add(stateID).Op("*").Qual(runtimePkg, "State"), jen.Id("n").Int32()).Bool().
		Block(jen.Return(jen.Add(stateID).Dot("IsNull").Call(nodeID).Op("||").Id(r.vp.fn[id]).Call(stateID, nodeID)))
}
