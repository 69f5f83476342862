package golang

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
// decided once before any file is written: which types need a check
// function and its name, where it is declared, and which functions need the
// machinery of $dynamicRef and unevaluated*.
//
// Every schema node with checks gets one function, `checkX(s, n) bool`. Named
// types use their Go name (checkEnvelope); anonymous ones the name of the
// named type whose schema encloses theirs and the JSON Pointer from there
// (checkEnvelopeThenPropertiesStatus). Names never come from map order or
// TypeIDs: a clash left after that is numbered in location order.
type vplan struct {
	space *model.Space
	fn    map[model.TypeID]string       // the check function; absent: always valid
	inner map[model.TypeID]string       // for split functions: the body behind the frame set-up
	owner map[model.TypeID]model.TypeID // the named type whose file declares the function; 0: the schema's own file
	eval  map[model.TypeID]bool         // marks the members and items it evaluates (for unevaluated*)
	// dynamic is set when some $dynamicRef resolves in the dynamic scope:
	// then functions in resources with $dynamicAnchors enter their resource.
	dynamic bool
	anchors map[string]string // resource location → name of its anchors function
	orNull  map[model.TypeID]string
	order   []model.TypeID // the types with functions, by name
	// reachesDynamic holds the types whose validation may meet a $dynamicRef
	// that resolves dynamically: only their functions need to enter their
	// resource.
	reachesDynamic map[model.TypeID]bool

	// evalBy is, for an imported type that unevaluated* needs to see into,
	// the schema with unevaluated* (refused: imports.go).
	evalBy map[model.TypeID]model.Location
	// importedAnchorsOf caches importedAnchors (imports.go).
	importedAnchorsOf map[model.TypeID][]string
}

func newVPlan(space *model.Space) *vplan {
	p := &vplan{
		space: space, fn: map[model.TypeID]string{}, inner: map[model.TypeID]string{},
		owner: map[model.TypeID]model.TypeID{}, eval: map[model.TypeID]bool{},
		anchors: map[string]string{}, orNull: map[model.TypeID]string{}, reachesDynamic: map[model.TypeID]bool{},
		evalBy: map[model.TypeID]model.Location{}, importedAnchorsOf: map[model.TypeID][]string{},
	}
	reached := p.reach()
	p.markEval(reached)
	p.markDynamic(reached)
	p.name(reached)
	return p
}

func (p *vplan) get(id model.TypeID) model.Type {
	if id <= 0 || int(id) >= len(p.space.Types) {
		return nil
	}
	return p.space.Types[id]
}

// resolve follows aliases, and type parameters that are plain references,
// up to a type an imported package declares, whose validator is its own.
func (p *vplan) resolve(id model.TypeID) model.Type {
	t := p.get(id)
	for range len(p.space.Types) {
		if imported(t) {
			return t
		}
		switch x := t.(type) {
		case *model.Alias:
			if p.scoped(x) {
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

// scoped reports whether an alias enters a schema resource of its own, which
// declares $dynamicAnchors (see build's scopeAlias): then it has a function
// that enters it before checking the target.
func (p *vplan) scoped(a *model.Alias) bool {
	return p.dynamic && p.reachesDynamic[a.ID] && p.space.Resource(a.Resource) != nil
}

// bookended reports whether a $dynamicRef to anchor with the static target
// def resolves dynamically: def declares that $dynamicAnchor.
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

// trivial reports whether t accepts every value: no function at all.
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

// edges are the types t's validator calls; none for a type an imported
// package declares, whose validator is its package's (see imports.go).
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
	if c.Checks.DynamicRef != nil && p.bookended(c.Checks.DynamicRef.Anchor, c.Checks.DynamicRef.Default) {
		out = append(out, p.targets(c.Checks.DynamicRef.Anchor)...)
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
	for _, r := range model.ShapeRefs(t) { // unions and generic arguments check their parts
		out = append(out, r.ID)
	}
	return out
}

// reach lists the types reachable from the named types declared here, in ID
// order.
func (p *vplan) reach() []model.TypeID {
	seen := map[model.TypeID]bool{}
	var stack []model.TypeID
	for _, t := range p.space.Types[1:] {
		if t.Base().Named && !imported(t) {
			stack = append(stack, t.Base().ID)
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
		if x, ok := t.(*model.TypeParam); ok && p.bookended(x.Anchor, x.Default) {
			p.dynamic = true
		}
		if dr := t.Base().Checks.DynamicRef; dr != nil && p.bookended(dr.Anchor, dr.Default) {
			p.dynamic = true
		}
		if imported(t) {
			for _, anchor := range p.importedAnchors(t) {
				p.dynamic = true
				stack = append(stack, p.targets(anchor)...)
			}
		}
		stack = append(stack, p.edges(t)...)
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

// markDynamic finds the types whose validation may reach a $dynamicRef that
// resolves dynamically, by walking the calls backwards from those.
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
		if x, ok := t.(*model.TypeParam); ok && p.bookended(x.Anchor, x.Default) {
			stack = append(stack, id)
		}
		if dr := t.Base().Checks.DynamicRef; dr != nil && p.bookended(dr.Anchor, dr.Default) {
			stack = append(stack, id)
		}
		if imported(t) && p.importedDynamic(t) {
			stack = append(stack, id)
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.reachesDynamic[id] {
			continue
		}
		p.reachesDynamic[id] = true
		stack = append(stack, callers[id]...)
	}
}

// enters reports whether t's function enters t's schema resource for the
// dynamic scope: the resource declares $dynamicAnchors, and a $dynamicRef
// may be met while t is validated.
func (p *vplan) enters(t model.Type) bool {
	return !imported(t) && p.dynamic && p.reachesDynamic[t.Base().ID] && p.space.Resource(t.Base().Resource) != nil
}

// split reports whether t's function sets up frames around a body function.
func (p *vplan) split(t model.Type) bool {
	if imported(t) {
		return false
	}
	c := &t.Base().Checks
	return p.enters(t) || c.UnevaluatedProperties != nil || c.UnevaluatedItems != nil
}

// name names the functions of the reached types that need one.
func (p *vplan) name(reached []model.TypeID) {
	type want struct {
		id   model.TypeID
		name string
		loc  string
	}
	var wants []want
	general := p.generalUses(reached)
	for _, id := range reached {
		t := p.get(id)
		if p.resolve(id) != t || trivial(t) { // aliases and plain references have none of their own
			continue
		}
		if t.Base().Checks.False && !general[id] { // additionalProperties: false and the like, checked where used
			continue
		}
		prefix := "check"
		if _, ok := t.(*model.TypeParam); ok {
			prefix = "dynamic"
		}
		ident, owner := p.ident(t)
		if t.Base().External != nil { // declared in the file of the first input (imports.go)
			owner = 0
		}
		p.owner[id] = owner
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
		t := p.get(w.id)
		if p.split(t) {
			p.inner[w.id] = unique(p.fn[w.id] + "In")
		}
	}
	for _, id := range reached { // adapters for uses that allow null besides
		refs := model.CheckRefs(&p.get(id).Base().Checks)
		refs = append(refs, model.ShapeRefs(p.get(id))...)
		for _, r := range refs {
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

// generalUses finds the types used where a false schema is not checked in
// place: everything but additionalProperties, unevaluatedProperties,
// unevaluatedItems and items (past prefixItems), whose emitters report
// "unexpected property" and the like themselves.
func (p *vplan) generalUses(reached []model.TypeID) map[model.TypeID]bool {
	out := map[model.TypeID]bool{}
	for _, id := range reached {
		t := p.get(id)
		if t.Base().Named { // its CheckNode calls it
			out[id] = true
		}
		c := &t.Base().Checks
		special := map[*model.Ref]bool{c.AdditionalProperties: true, c.UnevaluatedProperties: true,
			c.UnevaluatedItems: true, c.Items: true}
		for _, r := range model.CheckRefs(c) {
			if !special[r] || r.OrNull {
				out[p.resolve(r.ID).Base().ID] = true
			}
		}
		for _, id := range p.edges(t) { // shapes, type parameters, aliases, dynamic targets
			if tt := p.resolve(id); tt != nil {
				if _, isCheck := checkRefIDs(c)[id]; !isCheck {
					out[tt.Base().ID] = true
				}
			}
		}
	}
	for _, r := range p.space.Resources { // anchors are looked up
		for _, a := range r.Anchors {
			out[a.Type.ID] = true
		}
	}
	return out
}

func checkRefIDs(c *model.Checks) map[model.TypeID]bool {
	out := map[model.TypeID]bool{}
	for _, r := range model.CheckRefs(c) {
		out[r.ID] = true
	}
	return out
}

// ident is the name part of t's function, and the named type whose name it
// starts with.
func (p *vplan) ident(t model.Type) (string, model.TypeID) {
	c := t.Base()
	if c.Named && c.Kind != model.KindTypeParam {
		return c.Name.Go, c.ID
	}
	if c.Loc.URL == "" { // made up by the builder: the shared false schema
		return "Nothing", 0
	}
	return p.identAt(c.Loc.URL, c.Loc.File)
}

// identAt names a schema location ("doc#/pointer"): the named type whose
// location is the longest prefix of it, then the rest of the pointer, e.g.
// Envelope + /then/properties/status → EnvelopeThenPropertiesStatus.
func (p *vplan) identAt(url, file string) (string, model.TypeID) {
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
		if len(tp) > bestLen || (len(tp) == bestLen && c.Name.Go < best.Base().Name.Go) {
			best, bestLen = t, len(tp)
		}
	}
	var b strings.Builder
	var owner model.TypeID
	rest := ptr
	if best != nil {
		b.WriteString(best.Base().Name.Go)
		owner = best.Base().ID
		rest = ptr[bestLen:]
	} else {
		base := path.Base(file)
		if file == "" {
			base = path.Base(doc)
		}
		b.WriteString(identWord(strings.TrimSuffix(base, path.Ext(base)), "Schema"))
	}
	for _, tok := range strings.Split(strings.TrimPrefix(rest, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		b.WriteString(identWord(tok, "X"))
	}
	return b.String(), owner
}

// identWord spells a file name or pointer token as part of an identifier,
// as package naming spells names (initialisms upper case: "id" → "ID").
func identWord(s, fallback string) string {
	if s != "" && strings.Trim(s, "0123456789") == "" { // an index: allOf/0 → AllOf0
		return s
	}
	if w := naming.Camel(s); w != "" {
		return w
	}
	return exportedName(s, fallback)
}

// fileOf is the Go file that declares t's function.
func (p *vplan) fileOf(r *renderer, id model.TypeID) string {
	if o := p.owner[id]; o != 0 {
		return goFileName(r.fileOf(p.get(o)))
	}
	t := p.get(id)
	if t.Base().External != nil {
		return r.importsFile()
	}
	if t.Base().Loc.File == "" {
		return docFile
	}
	return goFileName(t.Base().Loc.File)
}
