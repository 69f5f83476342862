package lower

import (
	"reflect"
	"sort"

	"github.com/envgen/envgen/gen/internal/model"
)

// generics (run after markNamed) gives every named type that reaches a type parameter (through its shape,
// across other types) that parameter, and every use of a generic type its
// arguments.
//
// The argument for a parameter at a use is decided by the schema resource the
// use stands in, as $dynamicRef decides it at validation time: a resource
// (a file, or a schema with an $id of its own) that defines the parameter's
// $dynamicAnchor itself binds it to that schema (this is how a tool's schema
// fixes the envelope's data); any other use passes the parameter on, which
// makes the using type generic too.
func (b *builder) generics() error {
	if len(b.params) == 0 {
		return nil
	}
	bindings := b.bindings()
	// Fixpoint: a type's parameters are those its shape reaches and its own
	// file does not bind.
	params := map[model.TypeID][]model.TypeID{}
	for changed := true; changed; {
		changed = false
		for _, t := range b.space.Types[1:] {
			c := t.Base()
			if c.Kind == model.KindTypeParam {
				continue
			}
			set := map[model.TypeID]bool{}
			for _, r := range model.ShapeRefs(t) {
				for _, p := range b.reach(*r, params) {
					if _, bound := bindings.lookup(c.Resource, b.space.Get(p).(*model.TypeParam)); !bound {
						set[p] = true
					}
				}
			}
			if len(set) != len(params[c.ID]) {
				params[c.ID] = sortedParams(b.space, set)
				changed = true
			}
		}
	}
	// Only declared types have parameters; an anonymous type is spelled
	// inline, so the parameters it reaches are its user's.
	for id, ps := range params {
		if c := b.space.Get(id).Base(); c.Named {
			c.TypeParams = ps
		}
	}
	// Arguments at every use of a generic type.
	for _, t := range b.space.Types[1:] {
		for _, r := range model.ShapeRefs(t) {
			b.fillArgs(t.Base().Resource, r, bindings)
		}
	}
	return nil
}

// reach lists the type parameters a Ref stands for or reaches.
func (b *builder) reach(r model.Ref, params map[model.TypeID][]model.TypeID) []model.TypeID {
	if b.space.Get(r.ID).Base().Kind == model.KindTypeParam {
		return []model.TypeID{r.ID}
	}
	return params[r.ID]
}

func (b *builder) fillArgs(ctx string, r *model.Ref, bindings anchorBindings) {
	target := b.space.Get(r.ID)
	if len(target.Base().TypeParams) == 0 || len(r.Args) > 0 {
		return
	}
	for _, pid := range target.Base().TypeParams {
		p := b.space.Get(pid).(*model.TypeParam)
		if arg, ok := bindings.lookup(ctx, p); ok {
			r.Args = append(r.Args, arg)
			continue
		}
		r.Args = append(r.Args, model.Ref{ID: pid})
	}
}

func sortedParams(space *model.Space, set map[model.TypeID]bool) []model.TypeID {
	out := make([]model.TypeID, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := space.Get(out[i]).(*model.TypeParam), space.Get(out[j]).(*model.TypeParam)
		if a.Anchor != b.Anchor {
			return a.Anchor < b.Anchor
		}
		return a.Loc.Compare(b.Loc) < 0
	})
	return out
}

// anchorBindings maps a schema resource (Common.Resource) and an anchor name
// to the type of the schema that resource marks with that $dynamicAnchor.
type anchorBindings map[string]map[string]model.Ref

// lookup returns the binding of p in the resource res, unless that resource
// is p's own (where the anchor is the default, not a binding).
func (ab anchorBindings) lookup(res string, p *model.TypeParam) (model.Ref, bool) {
	if res == p.Resource {
		return model.Ref{}, false
	}
	r, ok := ab[res][p.Anchor]
	return r, ok
}

// bindings finds, in every schema resource that has types, the
// $dynamicAnchor schemas that are types of their own (in practice, $defs
// entries).
func (b *builder) bindings() anchorBindings {
	ab := anchorBindings{}
	for _, t := range b.space.Types[1:] {
		c := t.Base()
		if c.Kind == model.KindTypeParam || c.Kind == model.KindAlias {
			continue
		}
		raw := b.raw(c.Loc.URL)
		anchor, ok := raw["$dynamicAnchor"].(string)
		if !ok {
			continue
		}
		if ab[c.Resource] == nil {
			ab[c.Resource] = map[string]model.Ref{}
		}
		ab[c.Resource][anchor] = model.Ref{ID: c.ID, Nullable: b.nullable[c.ID]}
	}
	return ab
}

// markNamed marks the types that need a declaration of their own: roots and
// $defs entries (already marked), and every object, union, tuple, enum and
// const that a named type's shape spells, since those cannot be written
// inline in Go. Types used only by checks stay anonymous.
func markNamed(space *model.Space) {
	var visit func(id model.TypeID)
	seen := map[model.TypeID]bool{}
	visit = func(id model.TypeID) {
		if seen[id] {
			return
		}
		seen[id] = true
		t := space.Get(id)
		switch t.Base().Kind {
		case model.KindObject, model.KindUnion, model.KindTuple, model.KindEnum, model.KindConst:
			t.Base().Named = true
		}
		for _, r := range model.ShapeRefs(t) {
			visit(r.ID)
		}
		if p, ok := t.(*model.TypeParam); ok {
			visit(p.Default.ID)
		}
	}
	for _, t := range space.Types[1:] {
		if t.Base().Named {
			visit(t.Base().ID)
		}
	}
	// The schema at a type parameter's own $dynamicAnchor is its default, not a
	// type of its own: Envelope[T any], not a type Data beside it. (It stays
	// named when it says more than "any JSON value".)
	for _, t := range space.Types[1:] {
		p, ok := t.(*model.TypeParam)
		if !ok {
			continue
		}
		d := space.Get(p.Default.ID).Base()
		if d.Kind == model.KindAny && d.Loc.File == p.Loc.File && isEmpty(d.Checks) {
			d.Named = false
		}
	}
}

func isEmpty(c model.Checks) bool {
	return reflect.DeepEqual(c, model.Checks{})
}

// nameCycles names the anonymous types that contain themselves through other
// anonymous types ({"oneOf": [{"type": "null"}, {"type": "array", "items":
// {"$ref": "#"}}]}): a type has to have a name to refer to itself by, so the
// first type met on such a cycle becomes a named one, called by its path
// like any nested type, and the backends declare it.
//
// Only the shapes of named types are searched, as markNamed searches them:
// a cycle that only checks use (under "not", "if", "contains" …) is never
// declared, and naming a type there would have the backends declare it with
// the anonymous objects and unions it holds, which markNamed did not name.
func nameCycles(space *model.Space) {
	const (
		onPath = 1
		done   = 2
	)
	state := make([]uint8, len(space.Types))
	var visit func(id model.TypeID)
	visit = func(id model.TypeID) {
		state[id] = onPath
		for _, ref := range model.ShapeRefs(space.Get(id)) {
			u := space.Resolve(*ref)
			if u == nil || u.Base().Named {
				continue
			}
			if _, ok := u.(*model.TypeParam); ok {
				continue
			}
			switch next := u.Base().ID; state[next] {
			case onPath:
				u.Base().Named = true
			case 0:
				visit(next)
			}
		}
		state[id] = done
	}
	for _, t := range space.Types[1:] {
		if id := t.Base().ID; t.Base().Named && state[id] == 0 {
			visit(id)
		}
	}
}

// maxInline is how deep anonymous types nest inside one declaration before
// the next one gets a name of its own (from its path, like any nested type):
// a schema of 300 nested arrays is valid, and generates as ten declarations
// of 30 levels rather than one Go type the backends refuse to spell.
const maxInline = 30

// nameDeepNesting names every anonymous type that sits maxInline anonymous
// levels below its nearest named type. Cycles are named already
// (nameCycles), so the walk ends; a type met again deeper is walked again,
// at most maxInline times.
func nameDeepNesting(space *model.Space) {
	deepest := make([]int, len(space.Types)) // deepest level each type was walked at, plus one
	var visit func(id model.TypeID, level int)
	visit = func(id model.TypeID, level int) {
		t := space.Get(id)
		if level >= maxInline {
			t.Base().Named = true
		}
		if t.Base().Named {
			level = 0
		}
		if deepest[id] > level {
			return
		}
		deepest[id] = level + 1
		for _, ref := range model.ShapeRefs(t) {
			u := space.Resolve(*ref)
			if u == nil || u.Base().Named {
				continue
			}
			if _, ok := u.(*model.TypeParam); ok {
				continue
			}
			visit(u.Base().ID, level+1)
		}
	}
	for _, t := range space.Types[1:] {
		if t.Base().Named {
			visit(t.Base().ID, 0)
		}
	}
}
