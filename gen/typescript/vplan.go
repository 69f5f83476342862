package typescript

import (
	"path"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/model"
	"github.com/envgen/envgen/gen/naming"
)

// vplan is what the validators of one rendering know about the whole space,
// decided once before any module is written: which schema nodes get a check
// function and its name, the module that declares it and whether others
// import it, and which functions need the machinery of $dynamicRef and
// unevaluated*. It mirrors gen/golang's vplan, so that the two halves read
// side by side.
//
// Every schema node with checks gets one function,
// `checkX(v: unknown, p: number, c: rt.Context): boolean`. Named types use
// their TypeScript name (checkEnvelope); anonymous ones the name of the named
// type whose schema encloses theirs and the JSON Pointer from there
// (checkEnvelopeThenPropertiesStatus). Names never come from map order or
// TypeIDs: a clash left after that is numbered in location order.
type vplan struct {
	space  *model.Space
	fn     map[model.TypeID]string       // the check function; absent: always valid, or another's (aliases)
	inner  map[model.TypeID]string       // for split functions: the body behind the frame set-up
	module map[model.TypeID]string       // the module that declares fn
	eval   map[model.TypeID]bool         // marks the members and items it evaluates (for unevaluated*)
	enters map[model.TypeID]bool         // enters its schema resource for the dynamic scope
	dyn    map[model.TypeID]bool         // may resolve a $dynamicRef in the dynamic scope
	via    map[model.TypeID]model.TypeID // a named type that reaches it
	orNull map[model.TypeID]string       // adapters that accept null besides, by the type they adapt
	// dynamic is set when some $dynamicRef resolves in the dynamic scope.
	dynamic    bool
	anchors    map[string]string // resource location → its anchors function
	names      map[string]bool   // every function name, once taken has been asked
	funcModule map[string]string // check function → its module, once moduleOfFunc has been asked
	order      []model.TypeID    // the types with functions, by name

	// evalBy is, for an imported type that unevaluated* needs to see into,
	// the schema with unevaluated* (refused: imports.go).
	evalBy map[model.TypeID]model.Location
	// importedAnchorsOf caches importedAnchors (imports.go).
	importedAnchorsOf map[model.TypeID][]string
}

// newVPlan plans the validators of space; moduleOf gives the module that
// declares a type's schema.
func newVPlan(space *model.Space, moduleOf func(model.Type) string) *vplan {
	p := &vplan{
		space: space, fn: map[model.TypeID]string{}, inner: map[model.TypeID]string{},
		module: map[model.TypeID]string{}, eval: map[model.TypeID]bool{}, enters: map[model.TypeID]bool{}, dyn: map[model.TypeID]bool{}, via: map[model.TypeID]model.TypeID{},
		orNull: map[model.TypeID]string{}, anchors: map[string]string{},
		evalBy: map[model.TypeID]model.Location{}, importedAnchorsOf: map[model.TypeID][]string{},
	}
	reached := p.reach()
	p.markEval(reached)
	p.markDynamic(reached)
	p.markEnters(reached)
	p.name(reached, moduleOf)
	return p
}

func (p *vplan) get(id model.TypeID) model.Type {
	if id <= 0 || int(id) >= len(p.space.Types) {
		return nil
	}
	return p.space.Types[id]
}

// resolve is the type whose function validates a use of id: aliases and type
// parameters that are plain references stand for their targets, unless an
// alias has to enter a schema resource of its own.
func (p *vplan) resolve(id model.TypeID) model.Type {
	t := p.get(id)
	for range len(p.space.Types) {
		if imported(t) { // its validator is its package's
			return t
		}
		switch x := t.(type) {
		case *model.Alias:
			if p.enters[x.ID] {
				return t
			}
			t = p.get(x.Target.ID)
		case *model.TypeParam:
			if p.bookended(x.Anchor, x.Default) {
				return t
			}
			t = p.get(x.Default.ID)
		default:
			return t
		}
	}
	return t
}

// bookended reports whether a $dynamicRef to anchor with the static target
// def resolves in the dynamic scope: def declares that $dynamicAnchor.
func (p *vplan) bookended(anchor string, def model.Ref) bool {
	t := p.get(def.ID)
	if anchor == "" || t == nil {
		return false
	}
	a, ok := p.space.Anchor(t.Base().Resource, anchor)
	return ok && a.ID == def.ID
}

// targets are the types a $dynamicRef to anchor may resolve to.
func (p *vplan) targets(anchor string) []model.TypeID {
	var out []model.TypeID
	for _, r := range p.space.Resources {
		for _, a := range r.Anchors {
			if a.Name == anchor {
				out = append(out, a.Type.ID)
			}
		}
	}
	return out
}

// trivial reports whether t accepts every value: it needs no function.
func trivial(t model.Type) bool {
	if t == nil {
		return true
	}
	switch t.(type) {
	case *model.Alias, *model.TypeParam:
		return false
	}
	return reflect.DeepEqual(t.Base().Checks, model.Checks{})
}

// edges are the types t's validator calls, aliases and type parameters not
// yet followed; none for a type an imported package declares, whose
// validator is its package's (imports.go).
func (p *vplan) edges(t model.Type) []model.TypeID {
	if imported(t) {
		return nil
	}
	return p.allEdges(t)
}

// allEdges are the types t's validator calls, or its package's does.
func (p *vplan) allEdges(t model.Type) []model.TypeID {
	var out []model.TypeID
	c := t.Base()
	for _, r := range model.CheckRefs(&c.Checks) {
		out = append(out, r.ID)
	}
	if dr := c.Checks.DynamicRef; dr != nil && p.bookended(dr.Anchor, dr.Default) {
		out = append(out, p.targets(dr.Anchor)...)
	}
	switch x := t.(type) {
	case *model.TypeParam:
		out = append(out, x.Default.ID)
		if p.bookended(x.Anchor, x.Default) {
			out = append(out, p.targets(x.Anchor)...)
		}
	case *model.Alias:
		out = append(out, x.Target.ID)
	}
	return out
}

// reach lists the types reachable from the named types, in ID order, and
// notes whether any $dynamicRef resolves dynamically.
func (p *vplan) reach() []model.TypeID {
	seen := map[model.TypeID]bool{}
	var stack []model.TypeID
	for _, t := range p.space.Types[1:] {
		if t.Base().Named && !imported(t) {
			stack = append(stack, t.Base().ID)
			p.via[t.Base().ID] = t.Base().ID
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t := p.get(id)
		if t == nil || seen[id] {
			continue
		}
		seen[id] = true
		next := p.edges(t)
		if imported(t) {
			for _, anchor := range p.importedAnchors(t) {
				p.dynamic = true
				next = append(next, p.targets(anchor)...)
			}
		}
		for _, e := range next {
			if _, ok := p.via[e]; !ok {
				p.via[e] = p.via[id]
			}
		}
		if x, ok := t.(*model.TypeParam); ok && p.bookended(x.Anchor, x.Default) {
			p.dynamic = true
		}
		if dr := t.Base().Checks.DynamicRef; dr != nil && p.bookended(dr.Anchor, dr.Default) {
			p.dynamic = true
		}
		stack = append(stack, next...)
	}
	out := make([]model.TypeID, 0, len(seen))
	for id := range seen {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// markEval marks the types that unevaluated* depends on: those with
// unevaluatedProperties or unevaluatedItems, and every type they reach in
// place.
func (p *vplan) markEval(reached []model.TypeID) {
	for _, root := range reached {
		if c := &p.get(root).Base().Checks; c.UnevaluatedProperties != nil || c.UnevaluatedItems != nil {
			p.markEvalFrom(root)
		}
	}
}

// markEvalFrom marks the types that the unevaluated* of root reach in place.
func (p *vplan) markEvalFrom(root model.TypeID) {
	stack := []model.TypeID{root}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t := p.get(id)
		if t == nil || p.eval[id] {
			continue
		}
		p.eval[id] = true
		if imported(t) { // its package's validator marks nothing here: refused where it is called
			p.evalBy[id] = p.get(root).Base().Loc
			continue
		}
		c := &t.Base().Checks
		for _, r := range model.InPlaceRefs(c) {
			stack = append(stack, r.ID)
		}
		if c.DynamicRef != nil {
			stack = append(stack, p.targets(c.DynamicRef.Anchor)...)
		}
		switch x := t.(type) {
		case *model.TypeParam:
			stack = append(stack, x.Default.ID)
			stack = append(stack, p.targets(x.Anchor)...)
		case *model.Alias:
			stack = append(stack, x.Target.ID)
		}
	}
}

// markDynamic finds the types from which some $dynamicRef that resolves in
// the dynamic scope can be reached: only their functions need the scope.
func (p *vplan) markDynamic(reached []model.TypeID) {
	if !p.dynamic {
		return
	}
	callers := map[model.TypeID][]model.TypeID{}
	var stack []model.TypeID
	for _, id := range reached {
		t := p.get(id)
		for _, e := range p.edges(t) {
			callers[e] = append(callers[e], id)
		}
		dr := t.Base().Checks.DynamicRef
		tp, isParam := t.(*model.TypeParam)
		if (dr != nil && p.bookended(dr.Anchor, dr.Default)) || (isParam && p.bookended(tp.Anchor, tp.Default)) ||
			(imported(t) && p.importedDynamic(t)) {
			stack = append(stack, id)
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.dyn[id] {
			continue
		}
		p.dyn[id] = true
		stack = append(stack, callers[id]...)
	}
}

// hasAnchors reports whether validating t may resolve a $dynamicRef, and
// t's schema resource declares $dynamicAnchors: entering it can change
// what that resolves to.
func (p *vplan) hasAnchors(t model.Type) bool {
	return t != nil && !imported(t) && p.dyn[t.Base().ID] && p.space.Resource(t.Base().Resource) != nil
}

// markEnters decides which functions enter their schema resource: those
// called from another resource, and aliases whose target is in another
// resource. A function called from its own resource needs not: the resource
// is in scope already, and the outermost binding of an anchor wins. Where
// validation starts, validateX and isX put the resource in scope.
func (p *vplan) markEnters(reached []model.TypeID) {
	for _, id := range reached {
		if a, ok := p.get(id).(*model.Alias); ok && p.hasAnchors(a) && p.get(a.Target.ID).Base().Resource != a.Resource {
			p.enters[id] = true
		}
	}
	for _, id := range reached {
		t := p.get(id)
		for _, e := range p.edges(t) {
			callee := p.resolve(e)
			if callee != nil && callee.Base().Resource != t.Base().Resource && p.hasAnchors(callee) {
				if _, alias := callee.(*model.Alias); !alias {
					p.enters[callee.Base().ID] = true
				}
			}
		}
	}
}

// name names the functions of the reached types that need one, and places
// them in modules.
func (p *vplan) name(reached []model.TypeID, moduleOf func(model.Type) string) {
	type want struct {
		id   model.TypeID
		name string
		loc  string
	}
	var wants []want
	for _, id := range reached {
		t := p.get(id)
		if p.resolve(id) != t || trivial(t) || t.Base().Checks.False {
			continue // aliases and plain references have none of their own; false is rt.never
		}
		prefix := "check"
		if _, ok := t.(*model.TypeParam); ok {
			prefix = "dynamic" // resolves in the dynamic scope: dynamicEnvelopeDefsData
		}
		ident, owner := p.ident(t)
		switch {
		case t.Base().External != nil: // beside the named type that reaches it, not in a module of its package
			p.module[id] = moduleOf(p.get(p.via[id]))
		case owner != nil:
			p.module[id] = moduleOf(owner)
		case t.Base().Loc.File != "":
			p.module[id] = moduleOf(t)
		default: // made up with no schema of its own: beside the named type that reaches it
			p.module[id] = moduleOf(p.get(p.via[id]))
		}
		wants = append(wants, want{id, prefix + ident, t.Base().Loc.URL})
	}
	sort.Slice(wants, func(i, j int) bool {
		if wants[i].name != wants[j].name {
			return wants[i].name < wants[j].name
		}
		return wants[i].loc < wants[j].loc
	})
	taken := map[string]bool{}
	unique := func(name string) string {
		out := name
		for i := 2; taken[out]; i++ {
			out = name + strconv.Itoa(i)
		}
		taken[out] = true
		return out
	}
	for _, w := range wants {
		p.fn[w.id] = unique(w.name)
		p.order = append(p.order, w.id)
	}
	for _, w := range wants {
		if _, alias := p.get(w.id).(*model.Alias); !alias && p.split(p.get(w.id)) {
			p.inner[w.id] = unique(p.fn[w.id] + "In")
		}
	}
	for _, id := range reached { // adapters for uses that allow null besides, where a Check is passed
		for _, r := range model.CheckRefs(&p.get(id).Base().Checks) {
			if target := p.resolve(r.ID); r.OrNull && target != nil && p.fn[target.Base().ID] != "" {
				if _, ok := p.orNull[target.Base().ID]; !ok {
					p.orNull[target.Base().ID] = unique(p.fn[target.Base().ID] + "OrNull")
				}
			}
		}
	}
	if p.dynamic {
		for _, r := range p.space.Resources {
			ident, _ := p.identAt(r.Loc, "")
			p.anchors[r.Loc] = unique("anchors" + ident)
		}
	}
	sort.Slice(p.order, func(i, j int) bool { return p.fn[p.order[i]] < p.fn[p.order[j]] })
}

// taken reports whether name is the name of a function of the validators:
// a check, an adapter, an anchors function, or validateX and isX of a named
// type.
func (p *vplan) taken(name string) bool {
	if p.names == nil {
		p.names = map[string]bool{}
		for _, m := range []map[model.TypeID]string{p.fn, p.inner, p.orNull} {
			for _, n := range m {
				p.names[n] = true
			}
		}
		for _, n := range p.anchors {
			p.names[n] = true
		}
		for _, t := range p.space.Types[1:] {
			if t.Base().Named {
				p.names["validate"+t.Base().Name.TS] = true
				p.names["is"+t.Base().Name.TS] = true
			}
		}
	}
	return p.names[name]
}

// moduleOfFunc returns the module that declares the check function name.
func (p *vplan) moduleOfFunc(name string) (string, bool) {
	if p.funcModule == nil {
		p.funcModule = map[string]string{}
		for id, n := range p.fn {
			p.funcModule[n] = p.module[id]
		}
		for id, n := range p.inner {
			p.funcModule[n] = p.module[id]
		}
	}
	m, ok := p.funcModule[name]
	return m, ok
}

// split reports whether t's function sets up frames around a body function.
func (p *vplan) split(t model.Type) bool {
	if imported(t) {
		return false
	}
	c := &t.Base().Checks
	return p.enters[t.Base().ID] || c.UnevaluatedProperties != nil || c.UnevaluatedItems != nil
}

// ident is the name part of t's function, and the named type whose name it
// starts with (nil when there is none).
func (p *vplan) ident(t model.Type) (string, model.Type) {
	c := t.Base()
	if c.Named && c.Kind != model.KindTypeParam {
		return c.Name.TS, t
	}
	ident, owner := p.identAt(c.Loc.URL, c.Loc.File)
	if c.Kind == model.KindTypeParam && owner == t {
		owner = nil
	}
	return ident, owner
}

// identAt names a schema location ("doc#/pointer"): the named type whose
// location is the longest prefix of it, then the rest of the pointer, e.g.
// Envelope + /then/properties/status → EnvelopeThenPropertiesStatus.
func (p *vplan) identAt(url, file string) (string, model.Type) {
	doc, ptr, _ := strings.Cut(url, "#")
	var best model.Type
	bestLen := -1
	for _, t := range p.space.Types[1:] {
		c := t.Base()
		if !c.Named || c.Kind == model.KindTypeParam || c.Loc.URL == "" {
			continue
		}
		d, tp, _ := strings.Cut(c.Loc.URL, "#")
		if d != doc || (tp != ptr && !strings.HasPrefix(ptr, tp+"/")) {
			continue
		}
		if len(tp) > bestLen || (len(tp) == bestLen && c.Name.TS < best.Base().Name.TS) {
			best, bestLen = t, len(tp)
		}
	}
	var b strings.Builder
	rest := ptr
	if best != nil {
		b.WriteString(best.Base().Name.TS)
		rest = ptr[bestLen:]
	} else {
		base := path.Base(file)
		if file == "" {
			base = path.Base(doc)
		}
		b.WriteString(identWord(moduleName(base), "Schema"))
	}
	for _, tok := range strings.Split(strings.TrimPrefix(rest, "/"), "/") {
		if tok != "" {
			b.WriteString(identWord(strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~"), "X"))
		}
	}
	return b.String(), best
}

// identWord is a schema word as part of an identifier, or def when it has no
// letters or digits: "request_id" → "RequestID", "$defs" → "Defs", "0" → "0".
func identWord(s, def string) string {
	w := naming.Camel(s)
	if w == "" {
		return def
	}
	if s[0] >= '0' && s[0] <= '9' {
		return strings.TrimPrefix(w, "X") // Camel keeps an identifier from starting with a digit; a tail may
	}
	return w
}
