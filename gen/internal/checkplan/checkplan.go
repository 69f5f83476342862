// Package checkplan is the language-neutral half of the validation plan:
// what the validators of one rendering need to know about the whole space
// before any file is written. It decides which types are reached from the
// named types, which of them unevaluated* needs to see into, whether some
// $dynamicRef resolves in the dynamic scope and which types may meet one,
// how a schema location is spelled as an identifier, and how clashing
// function names are ordered and numbered.
//
// Both backends read it: gen/internal/golang and gen/internal/typescript embed a Plan in their
// own vplan, which adds what is theirs: function names, and the files or
// modules that declare them.
package checkplan

import (
	"path"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// Options are what a backend decides for itself.
type Options struct {
	// ShapeEdges counts the parts of unions and generic arguments as calls:
	// the backend's validator of such a shape checks its parts.
	ShapeEdges bool
	// Spelling spells identifiers for IdentAt.
	Spelling Spelling
}

// Spelling is how a backend spells the parts of an identifier.
type Spelling struct {
	Name func(c *model.Common) string    // a named type's name
	Stem func(base string) string        // a schema file's base name, before Word
	Word func(s, fallback string) string // a file stem or pointer token
}

// Plan is the language-neutral analysis of a space's validators.
type Plan struct {
	Space *model.Space
	// Reached are the types reachable from the named types declared here,
	// in ID order.
	Reached []model.TypeID
	// Eval holds the types that mark the members and items they evaluate
	// (for unevaluated*).
	Eval map[model.TypeID]bool
	// EvalBy is, for an imported type that unevaluated* needs to see into,
	// the schema with unevaluated* (refused by the backends).
	EvalBy map[model.TypeID]model.Location
	// Dynamic is set when some $dynamicRef resolves in the dynamic scope.
	Dynamic bool
	// ReachesDynamic holds the types whose validation may meet a $dynamicRef
	// that resolves in the dynamic scope.
	ReachesDynamic map[model.TypeID]bool
	// Via is, for each reached type, a named type that reaches it.
	Via map[model.TypeID]model.TypeID
	// KeepAlias reports whether Resolve stops at an alias: it has a function
	// of its own. Nil: when it has anchors (HasAnchors).
	KeepAlias func(a *model.Alias) bool

	opts              Options
	importedAnchorsOf map[model.TypeID][]string
	namedAt           map[string]model.Type // named types by location ("doc#pointer"), for IdentAt
}

// New analyses the validators of space.
func New(space *model.Space, opts Options) *Plan {
	p := &Plan{
		Space: space, Eval: map[model.TypeID]bool{}, EvalBy: map[model.TypeID]model.Location{},
		ReachesDynamic: map[model.TypeID]bool{}, Via: map[model.TypeID]model.TypeID{},
		opts: opts, importedAnchorsOf: map[model.TypeID][]string{},
	}
	p.Reached = p.reach()
	p.markEval(p.Reached)
	p.markDynamic(p.Reached)
	return p
}

// Imported reports whether t is declared by an imported package.
func Imported(t model.Type) bool { return t != nil && t.Base().Imported() }

// Get is the type id, or nil.
func (p *Plan) Get(id model.TypeID) model.Type {
	if id <= 0 || int(id) >= len(p.Space.Types) {
		return nil
	}
	return p.Space.Types[id]
}

// Resolve is the type whose function validates a use of id: aliases and type
// parameters that are plain references stand for their targets, unless
// KeepAlias keeps an alias; a type an imported package declares is its own.
func (p *Plan) Resolve(id model.TypeID) model.Type {
	t := p.Get(id)
	for range len(p.Space.Types) {
		if Imported(t) { // its validator is its package's
			return t
		}
		switch x := t.(type) {
		case *model.Alias:
			if p.keepAlias(x) {
				return t
			}
			t = p.Get(x.Target.ID)
		case *model.TypeParam:
			if p.Bookended(x.Anchor, x.Default) {
				return t
			}
			t = p.Get(x.Default.ID)
		default:
			return t
		}
	}
	return t
}

func (p *Plan) keepAlias(a *model.Alias) bool {
	if p.KeepAlias != nil {
		return p.KeepAlias(a)
	}
	return p.HasAnchors(a)
}

// HasAnchors reports whether validating t may resolve a $dynamicRef in the
// dynamic scope, and t's schema resource declares $dynamicAnchors: entering
// it can change what that resolves to.
func (p *Plan) HasAnchors(t model.Type) bool {
	return t != nil && !Imported(t) && p.Dynamic && p.ReachesDynamic[t.Base().ID] && p.Space.Resource(t.Base().Resource) != nil
}

// Bookended reports whether a $dynamicRef to anchor with the static target
// def resolves in the dynamic scope: def declares that $dynamicAnchor.
func (p *Plan) Bookended(anchor string, def model.Ref) bool {
	t := p.Get(def.ID)
	if anchor == "" || t == nil {
		return false
	}
	a, ok := p.Space.Anchor(t.Base().Resource, anchor)
	return ok && a.ID == def.ID
}

// Targets are the types a $dynamicRef to anchor may resolve to.
func (p *Plan) Targets(anchor string) []model.TypeID {
	var out []model.TypeID
	for _, r := range p.Space.Resources {
		for _, a := range r.Anchors {
			if a.Name == anchor {
				out = append(out, a.Type.ID)
			}
		}
	}
	return out
}

// Trivial reports whether t accepts every value: it needs no function.
func Trivial(t model.Type) bool {
	if t == nil {
		return true
	}
	switch t.(type) {
	case *model.Alias, *model.TypeParam:
		return false
	}
	// Checks holds only bools, strings, slices and pointers, for which
	// IsZero is DeepEqual to the zero value, without DeepEqual's allocations
	// (1.5% of the generator's at N=1000).
	return reflect.ValueOf(&t.Base().Checks).Elem().IsZero()
}

// Split reports whether t's function sets up frames around a body function:
// it enters its schema resource, or has unevaluated*.
func Split(t model.Type, enters bool) bool {
	if Imported(t) {
		return false
	}
	c := &t.Base().Checks
	return enters || c.UnevaluatedProperties != nil || c.UnevaluatedItems != nil
}

// Edges are the types t's validator calls, aliases and type parameters not
// yet followed; none for a type an imported package declares, whose
// validator is its package's.
func (p *Plan) Edges(t model.Type) []model.TypeID {
	if Imported(t) {
		return nil
	}
	return p.AllEdges(t)
}

// AllEdges are the types t's validator calls, or its package's does.
func (p *Plan) AllEdges(t model.Type) []model.TypeID {
	var out []model.TypeID
	c := t.Base()
	for _, r := range model.CheckRefs(&c.Checks) {
		out = append(out, r.ID)
	}
	if dr := c.Checks.DynamicRef; dr != nil && p.Bookended(dr.Anchor, dr.Default) {
		out = append(out, p.Targets(dr.Anchor)...)
	}
	switch x := t.(type) {
	case *model.TypeParam:
		out = append(out, x.Default.ID)
		if p.Bookended(x.Anchor, x.Default) {
			out = append(out, p.Targets(x.Anchor)...)
		}
	case *model.Alias:
		out = append(out, x.Target.ID)
	}
	if p.opts.ShapeEdges {
		for _, r := range model.ShapeRefs(t) { // unions and generic arguments check their parts
			out = append(out, r.ID)
		}
	}
	return out
}

// reach lists the types reachable from the named types, in ID order, and
// notes whether any $dynamicRef resolves dynamically.
func (p *Plan) reach() []model.TypeID {
	seen := map[model.TypeID]bool{}
	var stack []model.TypeID
	for _, t := range p.Space.Types[1:] {
		if t.Base().Named && !Imported(t) {
			stack = append(stack, t.Base().ID)
			p.Via[t.Base().ID] = t.Base().ID
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t := p.Get(id)
		if t == nil || seen[id] {
			continue
		}
		seen[id] = true
		next := p.Edges(t)
		if Imported(t) {
			for _, anchor := range p.ImportedAnchors(t) {
				p.Dynamic = true
				next = append(next, p.Targets(anchor)...)
			}
		}
		for _, e := range next {
			if _, ok := p.Via[e]; !ok {
				p.Via[e] = p.Via[id]
			}
		}
		if p.bookendedAt(t) {
			p.Dynamic = true
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

// bookendedAt reports whether t is a type parameter or has a $dynamicRef
// that resolves in the dynamic scope.
func (p *Plan) bookendedAt(t model.Type) bool {
	if x, ok := t.(*model.TypeParam); ok && p.Bookended(x.Anchor, x.Default) {
		return true
	}
	dr := t.Base().Checks.DynamicRef
	return dr != nil && p.Bookended(dr.Anchor, dr.Default)
}

// markEval marks the types that unevaluated* depends on: those with
// unevaluatedProperties or unevaluatedItems, and every type they reach in
// place.
func (p *Plan) markEval(reached []model.TypeID) {
	for _, root := range reached {
		if c := &p.Get(root).Base().Checks; c.UnevaluatedProperties != nil || c.UnevaluatedItems != nil {
			p.markEvalFrom(root)
		}
	}
}

// markEvalFrom marks the types that the unevaluated* of root reach in place.
func (p *Plan) markEvalFrom(root model.TypeID) {
	stack := []model.TypeID{root}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		t := p.Get(id)
		if t == nil || p.Eval[id] {
			continue
		}
		p.Eval[id] = true
		if Imported(t) { // its package's validator marks nothing here: refused where it is called
			p.EvalBy[id] = p.Get(root).Base().Loc
			continue
		}
		c := &t.Base().Checks
		for _, r := range model.InPlaceRefs(c) {
			stack = append(stack, r.ID)
		}
		if c.DynamicRef != nil {
			stack = append(stack, p.Targets(c.DynamicRef.Anchor)...)
		}
		switch x := t.(type) {
		case *model.TypeParam:
			stack = append(stack, x.Default.ID)
			stack = append(stack, p.Targets(x.Anchor)...)
		case *model.Alias:
			stack = append(stack, x.Target.ID)
		}
	}
}

// markDynamic finds the types whose validation may reach a $dynamicRef that
// resolves dynamically, by walking the calls backwards from those.
func (p *Plan) markDynamic(reached []model.TypeID) {
	if !p.Dynamic {
		return
	}
	callers := map[model.TypeID][]model.TypeID{}
	var stack []model.TypeID
	for _, id := range reached {
		t := p.Get(id)
		for _, e := range p.Edges(t) {
			callers[e] = append(callers[e], id)
		}
		if p.bookendedAt(t) || (Imported(t) && len(p.ImportedAnchors(t)) > 0) {
			stack = append(stack, id)
		}
	}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.ReachesDynamic[id] {
			continue
		}
		p.ReachesDynamic[id] = true
		stack = append(stack, callers[id]...)
	}
}

// ImportedAnchors are the $dynamicAnchors that validating the imported type
// t may resolve in the dynamic scope: their schemas, here too, may be what
// its validator ends up calling (through the functions that enter their
// resources), so they are reached as the targets of a $dynamicRef here are.
func (p *Plan) ImportedAnchors(t model.Type) []string {
	out, ok := p.importedAnchorsOf[t.Base().ID]
	if !ok {
		out = p.dynamicAnchorsFrom(t)
		p.importedAnchorsOf[t.Base().ID] = out
	}
	return out
}

// dynamicAnchorsFrom walks every validator call from t, its package's too.
func (p *Plan) dynamicAnchorsFrom(t model.Type) []string {
	var out []string
	seen := map[model.TypeID]bool{}
	stack := []model.TypeID{t.Base().ID}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		u := p.Get(id)
		if u == nil || seen[id] {
			continue
		}
		seen[id] = true
		if x, ok := u.(*model.TypeParam); ok && p.Bookended(x.Anchor, x.Default) && !slices.Contains(out, x.Anchor) {
			out = append(out, x.Anchor)
		}
		if dr := u.Base().Checks.DynamicRef; dr != nil && p.Bookended(dr.Anchor, dr.Default) && !slices.Contains(out, dr.Anchor) {
			out = append(out, dr.Anchor)
		}
		stack = append(stack, p.AllEdges(u)...)
	}
	slices.Sort(out)
	return out
}

// IdentAt names a schema location ("doc#/pointer"): the named type whose
// location is the longest prefix of it, then the rest of the pointer, e.g.
// Envelope + /then/properties/status → EnvelopeThenPropertiesStatus. It
// returns that named type too (nil when there is none: then the name starts
// with the file's).
func (p *Plan) IdentAt(url, file string) (string, model.Type) {
	sp := p.opts.Spelling
	doc, ptr, found := strings.Cut(url, "#")
	// The named type at the longest pointer that is ptr or encloses it: look
	// up ptr, then each enclosing pointer, up to the document's root.
	var best model.Type
	bestLen := -1
	for tp := ptr; ; tp = tp[:max(strings.LastIndex(tp, "/"), 0)] {
		var key string // doc + "#" + tp
		if found {     // a prefix of url then: no new string
			key = url[:len(doc)+1+len(tp)]
		} else {
			key = doc + "#" + tp
		}
		if t, ok := p.named()[key]; ok {
			best, bestLen = t, len(tp)
			break
		}
		if tp == "" {
			break
		}
	}
	var b strings.Builder
	rest := ptr
	if best != nil {
		b.WriteString(sp.Name(best.Base()))
		rest = ptr[bestLen:]
	} else {
		base := path.Base(file)
		if file == "" {
			base = path.Base(doc)
		}
		b.WriteString(sp.Word(sp.Stem(base), "Schema"))
	}
	for _, tok := range strings.Split(strings.TrimPrefix(rest, "/"), "/") {
		if tok != "" {
			b.WriteString(sp.Word(strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~"), "X"))
		}
	}
	return b.String(), best
}

// named indexes the named types by location, once: where two share one,
// the one whose name sorts first.
func (p *Plan) named() map[string]model.Type {
	if p.namedAt != nil {
		return p.namedAt
	}
	sp := p.opts.Spelling
	p.namedAt = map[string]model.Type{}
	for _, t := range p.Space.Types[1:] {
		c := t.Base()
		if !c.Named || c.Kind == model.KindTypeParam || c.Loc.URL == "" {
			continue
		}
		d, tp, _ := strings.Cut(c.Loc.URL, "#")
		key := d + "#" + tp
		if prev, ok := p.namedAt[key]; !ok || sp.Name(c) < sp.Name(prev.Base()) {
			p.namedAt[key] = t
		}
	}
	return p.namedAt
}

// Want is a function that a type's validator needs: its name before a clash
// is numbered, and the schema location that orders clashes.
type Want struct {
	ID   model.TypeID
	Name string
	Loc  string
}

// SortWants orders wants by name, then location, so that names never come
// from map order or TypeIDs.
func SortWants(wants []Want) {
	sort.Slice(wants, func(i, j int) bool {
		if wants[i].Name != wants[j].Name {
			return wants[i].Name < wants[j].Name
		}
		return wants[i].Loc < wants[j].Loc
	})
}

// Names are the function names taken so far.
type Names map[string]bool

// Unique takes name, numbered from 2 when it is taken already: checkX2.
func (n Names) Unique(name string) string {
	out := name
	for i := 2; n[out]; i++ {
		out = name + strconv.Itoa(i)
	}
	n[out] = true
	return out
}
