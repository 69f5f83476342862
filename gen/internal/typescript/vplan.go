package typescript

import (
	"sort"
	"strings"

	"github.com/envgen/envgen/gen/internal/checkplan"
	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// vplan is what the validators of one rendering know about the whole space,
// decided once before any module is written: which schema nodes get a check
// function and its name, the module that declares it and whether others
// import it, and which functions need the machinery of $dynamicRef and
// unevaluated*. The language-neutral analysis is checkplan's Plan, which
// gen/internal/golang's vplan embeds too; this adds the names and modules.
//
// Every schema node with checks gets one function,
// `checkX(v: unknown, p: number, c: rt.Context): boolean`. Named types use
// their TypeScript name (checkEnvelope); anonymous ones the name of the named
// type whose schema encloses theirs and the JSON Pointer from there
// (checkEnvelopeThenPropertiesStatus). Names never come from map order or
// TypeIDs: a clash left after that is numbered in location order. These
// names, and validateX and isX, are this backend's own: starting with a
// lower-case word, they cannot be the name of a type, which package naming
// gives (see its targets.go).
type vplan struct {
	*checkplan.Plan
	space  *model.Space
	tsName func(*model.Common) string // a named type's name here (renderer.name)
	fn     map[model.TypeID]string    // the check function; absent: always valid, or another's (aliases)
	inner  map[model.TypeID]string    // for split functions: the body behind the frame set-up
	module map[model.TypeID]string    // the module that declares fn
	enters map[model.TypeID]bool      // enters its schema resource for the dynamic scope
	orNull map[model.TypeID]string    // adapters that accept null besides, by the type they adapt
	// anchors are set when Dynamic is (some $dynamicRef resolves in the
	// dynamic scope).
	anchors    map[string]string // resource location → its anchors function
	names      map[string]bool   // every function name, once taken has been asked
	funcModule map[string]string // check function → its module, once moduleOfFunc has been asked
	order      []model.TypeID    // the types with functions, by name
}

// newVPlan plans the validators of space; name gives a named type's name
// here, and moduleOf the module that declares a type's schema.
func newVPlan(space *model.Space, name func(*model.Common) string, moduleOf func(model.Type) string) *vplan {
	p := &vplan{
		space: space, tsName: name, fn: map[model.TypeID]string{}, inner: map[model.TypeID]string{},
		module: map[model.TypeID]string{}, enters: map[model.TypeID]bool{},
		orNull: map[model.TypeID]string{}, anchors: map[string]string{},
	}
	p.Plan = checkplan.New(space, checkplan.Options{Spelling: checkplan.Spelling{
		Name: name,
		Stem: moduleName,
		Word: identWord,
	}})
	// An alias has a function of its own when it enters a schema resource.
	p.KeepAlias = func(a *model.Alias) bool { return p.enters[a.ID] }
	p.markEnters(p.Reached)
	p.name(p.Reached, moduleOf)
	return p
}

// markEnters decides which functions enter their schema resource: those
// called from another resource, and aliases whose target is in another
// resource. A function called from its own resource needs not: the resource
// is in scope already, and the outermost binding of an anchor wins. Where
// validation starts, validateX and isX put the resource in scope.
func (p *vplan) markEnters(reached []model.TypeID) {
	for _, id := range reached {
		if a, ok := p.Get(id).(*model.Alias); ok && p.HasAnchors(a) && p.Get(a.Target.ID).Base().Resource != a.Resource {
			p.enters[id] = true
		}
	}
	for _, id := range reached {
		t := p.Get(id)
		for _, e := range p.Edges(t) {
			callee := p.Resolve(e)
			if callee != nil && callee.Base().Resource != t.Base().Resource && p.HasAnchors(callee) {
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
	var wants []checkplan.Want
	for _, id := range reached {
		t := p.Get(id)
		if p.Resolve(id) != t || checkplan.Trivial(t) || t.Base().Checks.False {
			continue // aliases and plain references have none of their own; false is rt.never
		}
		prefix := "check"
		if _, ok := t.(*model.TypeParam); ok {
			prefix = "dynamic" // resolves in the dynamic scope: dynamicEnvelopeDefsData
		}
		ident, owner := p.ident(t)
		switch {
		case t.Base().External != nil: // beside the named type that reaches it, not in a module of its package
			p.module[id] = moduleOf(p.Get(p.Via[id]))
		case owner != nil:
			p.module[id] = moduleOf(owner)
		case t.Base().Loc.File != "":
			p.module[id] = moduleOf(t)
		default: // made up with no schema of its own: beside the named type that reaches it
			p.module[id] = moduleOf(p.Get(p.Via[id]))
		}
		wants = append(wants, checkplan.Want{ID: id, Name: prefix + ident, Loc: t.Base().Loc.URL})
	}
	checkplan.SortWants(wants)
	unique := checkplan.Names{}.Unique
	for _, w := range wants {
		p.fn[w.ID] = unique(w.Name)
		p.order = append(p.order, w.ID)
	}
	for _, w := range wants {
		if _, alias := p.Get(w.ID).(*model.Alias); !alias && p.split(p.Get(w.ID)) {
			p.inner[w.ID] = unique(p.fn[w.ID] + "In")
		}
	}
	for _, id := range reached { // adapters for uses that allow null besides, where a Check is passed
		for _, r := range model.CheckRefs(&p.Get(id).Base().Checks) {
			if target := p.Resolve(r.ID); r.OrNull && target != nil && p.fn[target.Base().ID] != "" {
				if _, ok := p.orNull[target.Base().ID]; !ok {
					p.orNull[target.Base().ID] = unique(p.fn[target.Base().ID] + "OrNull")
				}
			}
		}
	}
	if p.Dynamic {
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
				p.names["validate"+p.tsName(t.Base())] = true
				p.names["is"+p.tsName(t.Base())] = true
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
func (p *vplan) split(t model.Type) bool { return checkplan.Split(t, p.enters[t.Base().ID]) }

// ident is the name part of t's function, and the named type whose name it
// starts with (nil when there is none).
func (p *vplan) ident(t model.Type) (string, model.Type) {
	c := t.Base()
	if c.Named && c.Kind != model.KindTypeParam {
		return p.tsName(c), t
	}
	ident, owner := p.identAt(c.Loc.URL, c.Loc.File)
	if c.Kind == model.KindTypeParam && owner == t {
		owner = nil
	}
	return ident, owner
}

// identAt names a schema location: see checkplan's IdentAt.
func (p *vplan) identAt(url, file string) (string, model.Type) { return p.IdentAt(url, file) }

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
