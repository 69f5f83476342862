package typescript

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// The validators of one module, after its type declarations:
//
//	export function validateWarning(value: unknown): rt.ValidationError[] { … }   the API, per named type
//	export function isWarning(value: unknown): value is Warning { … }
//	const warningCodePattern = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/u;                    module constants
//	function anchorsEnvelope(name: string): rt.Check | undefined { … }              $dynamicAnchors of a resource
//	function checkWarning(v: unknown, p: number, c: rt.Context): boolean { … }      checks, by name
//
// Only what the API uses, directly or not, is declared: an emitter may find
// that a subschema needs no call after all (the if of an if without then or
// else, a branch after one that always passes). Check functions are exported
// only when another module calls them; the package index exports the API
// alone.

// symbol is a module-level name of the validators: a function or a
// constant.
type symbol struct {
	module, name string
}

// validatorsView is what renderValidators rendered for one module.
type validatorsView struct {
	api     []funcView              // validateX and isX, in type name order
	consts  []constView             // module constants, in order of first use
	byValue map[string]string       // constant value → its name, so that equal ones are shared
	names   map[string]bool         // the constants' names
	checks  []funcView              // check functions, by name; then anchors functions and adapters
	anchors map[string]bool         // resources whose anchors function the module uses
	orNull  map[model.TypeID]string // adapters the module uses
}

// constView is a module constant: const warningCodePattern = /…/u;
type constView struct {
	Name  string
	Value string
}

func newValidatorsView() validatorsView {
	return validatorsView{byValue: map[string]string{}, names: map[string]bool{}, anchors: map[string]bool{}, orNull: map[model.TypeID]string{}}
}

// capture runs render and finds the symbols its lines name: the functions
// and constants they spell, whatever emitters asked for on the way.
func (w *moduleWriter) capture(render func() []string) ([]string, []symbol) {
	lines := render()
	var uses []symbol
	seen := map[string]bool{}
	for _, l := range lines {
		identsOutsideStrings(l, func(id string, _ byte) bool {
			if !seen[id] {
				seen[id] = true
				if s, ok := w.symbolOf(id); ok {
					uses = append(uses, s)
				}
			}
			return true
		})
	}
	return lines, uses
}

// symbolOf finds the module-level name id: a constant, anchors function or
// adapter of this module, or a check function of any module.
func (w *moduleWriter) symbolOf(id string) (symbol, bool) {
	if w.val.names[id] {
		return symbol{w.name, id}, true
	}
	vp := w.r.vp
	for loc := range w.val.anchors {
		if vp.anchors[loc] == id {
			return symbol{w.name, id}, true
		}
	}
	for _, n := range w.val.orNull {
		if n == id {
			return symbol{w.name, id}, true
		}
	}
	if m, ok := vp.moduleOfFunc(id); ok {
		return symbol{m, id}, true
	}
	return symbol{}, false
}

// renderValidators renders the API of the module's named types, the check
// functions the plan puts in the module, and the anchors functions and
// adapters those use.
func (w *moduleWriter) renderValidators(m module) {
	vp := w.r.vp
	for _, t := range m.types {
		w.val.api = append(w.val.api, w.api(t)...)
	}
	for _, id := range vp.order {
		if vp.module[id] == m.name {
			w.val.checks = append(w.val.checks, w.checkFuncs(vp, id)...)
		}
	}
	for _, loc := range sortedKeys(w.val.anchors) {
		w.val.checks = append(w.val.checks, w.anchorsFunc(loc))
	}
	ids := make([]model.TypeID, 0, len(w.val.orNull))
	for id := range w.val.orNull {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return w.val.orNull[ids[i]] < w.val.orNull[ids[j]] })
	for _, id := range ids {
		name, target := w.val.orNull[id], vp.fn[id]
		w.val.checks = append(w.val.checks, funcView{
			Doc:       newDoc("", [][]string{{"Accepts null besides what " + target + " accepts."}}, nil),
			Signature: name + checkSignature,
			Body:      []string{"return v === null || " + target + "(v, p, c);"},
			module:    w.name,
			uses:      []symbol{{vp.module[id], target}},
		})
	}
}

// liveSymbols finds the functions and constants the API of every module
// uses, directly or not, and those of them another module uses.
func liveSymbols(writers []*moduleWriter) (live, exported map[symbol]bool) {
	uses := map[symbol][]symbol{}
	var stack []symbol
	for _, w := range writers {
		for _, f := range w.val.checks {
			uses[symbol{f.module, f.name()}] = f.uses
		}
		for _, f := range w.val.api {
			stack = append(stack, f.uses...)
			for _, u := range f.uses {
				if u.module != w.name {
					exported = setOf(exported, u)
				}
			}
		}
	}
	live = map[symbol]bool{}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if live[s] {
			continue
		}
		live[s] = true
		for _, u := range uses[s] {
			if u.module != s.module {
				exported = setOf(exported, u)
			}
			stack = append(stack, u)
		}
	}
	return live, exported
}

func setOf(m map[symbol]bool, s symbol) map[symbol]bool {
	if m == nil {
		m = map[symbol]bool{}
	}
	m[s] = true
	return m
}

// validatorDecls are the module's live validator declarations, in layout
// order; it records what they import.
func (w *moduleWriter) validatorDecls() []declaration {
	var out []declaration
	importFrom := func(f funcView) {
		if t := f.imported; t != nil {
			if directlyChecked(t) {
				w.useImported(t, "check")
			} else {
				w.useImported(t, "validate", "is")
			}
		}
		for _, u := range f.uses {
			if u.module != w.name {
				if w.values[u.module] == nil {
					w.values[u.module] = map[string]bool{}
				}
				w.values[u.module][u.name] = true
			}
		}
	}
	for _, f := range w.val.api {
		importFrom(f)
		out = append(out, declaration{"function.ts.tmpl", f})
	}
	for _, c := range w.val.consts {
		if w.r.live[symbol{w.name, c.Name}] {
			out = append(out, declaration{"const.ts.tmpl", c})
		}
	}
	for _, f := range w.val.checks {
		s := symbol{w.name, f.name()}
		if !w.r.live[s] {
			continue
		}
		f.Export = w.r.exported[s]
		importFrom(f)
		out = append(out, declaration{"function.ts.tmpl", f})
	}
	return out
}

// usesRuntime reports whether the module declares validators.
func (w *moduleWriter) usesRuntime() bool {
	if len(w.val.api) > 0 {
		return true
	}
	for _, f := range w.val.checks {
		if w.r.live[symbol{w.name, f.name()}] {
			return true
		}
	}
	return false
}

// name is the function's name, from its signature.
func (f funcView) name() string {
	name, _, _ := strings.Cut(f.Signature, "(")
	name, _, _ = strings.Cut(name, "<")
	return name
}

// moduleConst declares a module constant and returns its name; a value
// declared already is shared.
func (w *moduleWriter) moduleConst(name, value string) string {
	return w.moduleConstKeyed(name, value, value)
}

// moduleConstKeyed is moduleConst with the constants shared by key instead
// of value: a refuted pattern's RegExp is shared with no RegExp of the same
// source that means the opposite.
func (w *moduleWriter) moduleConstKeyed(name, key, value string) string {
	if n, ok := w.val.byValue[key]; ok {
		return n
	}
	base := name
	for i := 2; w.val.names[name] || w.r.vp.taken(name); i++ {
		name = base + strconv.Itoa(i)
	}
	w.val.names[name] = true
	w.val.byValue[key] = name
	if value == "[]" {
		// A bare [] would be an evolving any[], which tsc refuses in the
		// functions that use it (TS7034: SchemaStore's
		// apple-app-site-association, "const": []).
		value = "[] as unknown[]"
	}
	w.val.consts = append(w.val.consts, constView{Name: name, Value: value})
	return name
}

// useOrNull returns the adapter that accepts null besides t's checks.
func (w *moduleWriter) useOrNull(f *vfn, t model.Type) string {
	id := t.Base().ID
	name := w.r.vp.orNull[id]
	if name == "" { // false: spelled inline instead
		return "((v: unknown, p: number, c: rt.Context): boolean => v === null || " + f.checkOf(t) + "(v, p, c))"
	}
	w.val.orNull[id] = name
	return name
}

// useAnchors returns the anchors function of the resource at loc.
func (w *moduleWriter) useAnchors(vp *vplan, loc string) string {
	w.val.anchors[loc] = true
	return vp.anchors[loc]
}

// anchorsFunc renders the $dynamicAnchors of a resource:
//
//	function anchorsEnvelope(name: string): rt.Check | undefined {
//	  return name === "data" ? rt.always : undefined;
//	}
func (w *moduleWriter) anchorsFunc(loc string) funcView {
	vp := w.r.vp
	res := vp.space.Resource(loc)
	f := &vfn{w: w, vp: vp}
	body, uses := w.capture(func() []string {
		if len(res.Anchors) == 1 {
			a := res.Anchors[0]
			return []string{"return name === " + stringLiteral(a.Name) + " ? " + f.check(a.Type) + " : undefined;"}
		}
		body := []string{"switch (name) {"}
		for _, a := range res.Anchors {
			body = append(body, "  case "+stringLiteral(a.Name)+":", "    return "+f.check(a.Type)+";")
		}
		return append(body, "}", "return undefined;")
	})
	doc := "The $dynamicAnchors of the schema resource " + strings.TrimSuffix(loc, "#") + "."
	return funcView{Doc: newDoc("", [][]string{{doc}}, nil), Signature: vp.anchors[loc] + "(name: string): rt.Check | undefined",
		Body: body, module: w.name, uses: uses}
}

// api renders validateX and isX for the named type t. A generic type takes
// its type arguments' validators or guards, which bind the $dynamicAnchors
// of its type parameters:
//
//	export function validateEnvelope(value: unknown, validateT?: rt.Validator): rt.ValidationError[] {
//	  return rt.validate(value, checkEnvelope, [rt.bind("data", validateT)]);
//	}
//	export function isEnvelope<T = unknown>(value: unknown, isT?: rt.Guard<T>): value is Envelope<T> {
//	  return rt.is(value, checkEnvelope, [rt.bind("data", isT)]);
//	}
//
// The array is built on every call, even when it holds only constants
// ([anchorsEnvelope]), because it is not a constant: rt.is and rt.validate
// use it as the context's dynamic scope, which rt.enter pushes to and
// rt.leave pops. A check that throws (a value nested past maxDepth) leaves
// what it entered there, which rt.is does not undo; one array shared by
// every call would grow by a resource at each such value and put it in the
// dynamic scope of every later call (shown by hand-editing golden/import-map's
// isHistory to a module-level array: 1, 2, 3, 4 entries after three values
// too deep). Sharing it would need the runtime to restore or copy it, and
// the allocation it would save is one small array a call (a hand-edited
// isEnvelopeDefault with a shared array took 0.94× the CPU time on a small
// envelope, IQR 0.92–1.05 over 21 rounds: within the noise).
func (w *moduleWriter) api(t model.Type) []funcView {
	c := t.Base()
	vp := w.r.vp
	f := &vfn{w: w, vp: vp}
	check := f.check(model.Ref{ID: c.ID})
	name := c.Name.TS
	_, params := w.declScope(t)
	var validateParams, isParams, validateScope, isScope, args []string
	for _, p := range w.r.typeParams(t) {
		anchor := stringLiteral(w.r.space.Get(p.id).(*model.TypeParam).Anchor)
		validateParams = append(validateParams, ", validate"+p.name+"?: rt.Validator")
		isParams = append(isParams, ", is"+p.name+"?: rt.Guard<"+p.name+">")
		validateScope = append(validateScope, "rt.bind("+anchor+", validate"+p.name+")")
		isScope = append(isScope, "rt.bind("+anchor+", is"+p.name+")")
		args = append(args, p.name)
	}
	if target := vp.Resolve(c.ID); vp.HasAnchors(target) && !vp.enters[target.Base().ID] {
		anchors := w.useAnchors(vp, target.Base().Resource)
		validateScope = append(validateScope, anchors)
		isScope = append(isScope, anchors)
	}
	scope := func(binds []string) string {
		if len(binds) == 0 {
			return ""
		}
		return ", [" + strings.Join(binds, ", ") + "]"
	}
	typeArgs := ""
	if len(args) > 0 {
		typeArgs = "<" + strings.Join(args, ", ") + ">"
	}
	validate, uses := w.capture(func() []string { return []string{"return rt.validate(value, " + check + scope(validateScope) + ");"} })
	is, _ := w.capture(func() []string { return []string{"return rt.is(value, " + check + scope(isScope) + ");"} })
	return []funcView{{
		Doc:       newDoc("", [][]string{{"Every violation of {@link " + name + "} by a value; none when it is valid."}}, nil),
		Export:    true,
		Signature: "validate" + name + "(value: unknown" + strings.Join(validateParams, "") + "): rt.ValidationError[]",
		Body:      validate,
		module:    w.name,
		uses:      uses,
	}, {
		Doc:       newDoc("", [][]string{{"Reports whether a value is a valid {@link " + name + "}."}}, nil),
		Export:    true,
		Signature: "is" + name + params + "(value: unknown" + strings.Join(isParams, "") + "): value is " + name + typeArgs,
		Body:      is,
		module:    w.name,
		uses:      uses,
	}}
}

// exports are the names the package index exports from module m: its
// types (type-only unless they have a value too), its API, and checks, the
// check functions it declares for importers (checkExports).
func (w *moduleWriter) exports(m module, checks []string) []string {
	names := slices.Clone(checks)
	for _, t := range m.types {
		name := t.Base().Name.TS
		switch t.(type) {
		case *model.Enum, *model.Const:
			names = append(names, name)
		default:
			names = append(names, "type "+name)
		}
		names = append(names, "validate"+name, "is"+name)
	}
	sort.Slice(names, func(i, j int) bool {
		return strings.TrimPrefix(names[i], "type ") < strings.TrimPrefix(names[j], "type ")
	})
	return names
}
