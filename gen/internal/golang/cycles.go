package golang

import "github.com/envgen/envgen/gen/internal/model"

// checkAnonymousCycles refuses an anonymous type that contains itself through
// other anonymous types (aliases followed, as the JSON methods follow them):
// such a type has no name for its Go code to refer to itself by, and spelling
// or decoding it would never end. The TypeScript backend refuses the same
// with the same message, e.g. for {"oneOf": [{"type": "null"},
// {"type": "array", "items": {"$ref": "#"}}]}. Package lower names such
// types (nameCycles), so this is a safety net. Only what a named type's shape
// spells is searched: a type that only checks use (under "not", "if" …) is
// never spelled, and may contain itself.
func (r *renderer) checkAnonymousCycles() {
	const (
		onPath = 1
		done   = 2
	)
	state := make([]uint8, len(r.space.Types))
	var visit func(id model.TypeID) bool
	visit = func(id model.TypeID) bool {
		switch state[id] {
		case onPath:
			c := r.space.Get(id).Base()
			r.fail(c.Loc, "move the schema to $defs, so that the type has a name to refer to itself by",
				"this %s refers to itself but has no name", c.Kind)
			return false
		case done:
			return true
		}
		state[id] = onPath
		for _, ref := range model.ShapeRefs(r.space.Get(id)) {
			u := r.space.Resolve(*ref)
			if u == nil || u.Base().Named {
				continue
			}
			if _, ok := u.(*model.TypeParam); ok {
				continue
			}
			if !visit(u.Base().ID) {
				return false
			}
		}
		state[id] = done
		return true
	}
	for id := 1; id < len(r.space.Types); id++ {
		t := r.space.Get(model.TypeID(id))
		if t == nil || !t.Base().Named || state[id] == done {
			continue
		}
		if !visit(model.TypeID(id)) {
			return
		}
	}
}
