package golang

import (
	"path"
	"sort"
	"strings"

	"github.com/envgen/envgen/gen/internal/checkplan"
	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// vplan is what the validators of one rendering know about the whole space,
// decided once before any file is written: which types need a check
// function and its name, where it is declared, and which functions need the
// machinery of $dynamicRef and unevaluated*. The language-neutral analysis
// is checkplan's Plan, which gen/internal/typescript's vplan embeds too; this adds the
// names and the files that declare them.
//
// Every schema node with checks gets one function, `checkX(s, n) bool`. Named
// types use their Go name (checkEnvelope); anonymous ones the name of the
// named type whose schema encloses theirs and the JSON Pointer from there
// (checkEnvelopeThenPropertiesStatus). Names never come from map order or
// TypeIDs: a clash left after that is numbered in location order. These
// names are this backend's own: starting with a lower-case word ("check",
// "dynamic", "anchors"), they cannot be the name of a type, constant or
// field, which package naming gives (see its targets.go).
type vplan struct {
	*checkplan.Plan
	space *model.Space
	fn    map[model.TypeID]string       // the check function; absent: always valid
	inner map[model.TypeID]string       // for split functions: the body behind the frame set-up
	owner map[model.TypeID]model.TypeID // the named type whose file declares the function; 0: the schema's own file
	// anchors are, when Dynamic is set (some $dynamicRef resolves in the
	// dynamic scope), the functions that put the $dynamicAnchors of a
	// resource in scope: functions in such resources enter their resource.
	anchors map[string]string // resource location → name of its anchors function
	orNull  map[model.TypeID]string
	// inline are the leaves (validate_leaf.go) checked in place, by the
	// function of the one object or array that uses them: they have none.
	// (By TypeID, as the space's types are: a slice, not a map, since it is
	// asked for every property.)
	inline []bool
	order  []model.TypeID                  // the types with functions, by name
	owned  map[model.TypeID][]model.TypeID // owner → the functions its file declares, in order
	// resOwned is, once asked for, owner → the indexes of the resources in
	// space.Resources whose anchors function its file declares.
	resOwned map[model.TypeID][]int
	facts    map[*model.Checks]checkFacts // what leafShape and arrayItems ask, by schema (factsOf)
}

func newVPlan(space *model.Space) *vplan {
	p := &vplan{
		space: space, fn: map[model.TypeID]string{}, inner: map[model.TypeID]string{},
		owner: map[model.TypeID]model.TypeID{}, anchors: map[string]string{}, orNull: map[model.TypeID]string{},
		owned: map[model.TypeID][]model.TypeID{}, facts: make(map[*model.Checks]checkFacts, len(space.Types)),
	}
	p.Plan = checkplan.New(space, checkplan.Options{
		ShapeEdges: true, // unions and generic arguments check their parts
		Spelling: checkplan.Spelling{
			Name: func(c *model.Common) string { return c.Name.Go },
			Stem: func(base string) string { return strings.TrimSuffix(base, path.Ext(base)) },
			Word: identWord,
		},
	})
	p.name(p.Reached)
	return p
}

// enters reports whether t's function enters t's schema resource for the
// dynamic scope: the resource declares $dynamicAnchors, and a $dynamicRef
// may be met while t is validated.
func (p *vplan) enters(t model.Type) bool { return p.HasAnchors(t) }

// scoped reports whether an alias enters a schema resource of its own, which
// declares $dynamicAnchors (see build's scopeAlias): then it has a function
// that enters it before checking the target.
func (p *vplan) scoped(a *model.Alias) bool {
	return p.Dynamic && p.ReachesDynamic[a.ID] && p.space.Resource(a.Resource) != nil
}

// split reports whether t's function sets up frames around a body function.
func (p *vplan) split(t model.Type) bool { return checkplan.Split(t, p.enters(t)) }

// name names the functions of the reached types that need one.
func (p *vplan) name(reached []model.TypeID) {
	var wants []checkplan.Want
	uses := p.usesOf(reached)
	general := p.generalUses(reached, uses)
	p.inline = p.inlineLeaves(reached, uses)
	for _, id := range reached {
		t := p.Get(id)
		if p.Resolve(id) != t || checkplan.Trivial(t) || p.inline[id] { // aliases and plain references have none of their own
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
		wants = append(wants, checkplan.Want{ID: id, Name: prefix + ident, Loc: t.Base().Loc.URL})
	}
	checkplan.SortWants(wants)
	unique := checkplan.Names{}.Unique
	for _, w := range wants {
		p.fn[w.ID] = unique(w.Name)
		p.order = append(p.order, w.ID)
		p.owned[p.owner[w.ID]] = append(p.owned[p.owner[w.ID]], w.ID)
	}
	for _, w := range wants {
		t := p.Get(w.ID)
		if p.split(t) {
			p.inner[w.ID] = unique(p.fn[w.ID] + "In")
		}
	}
	orNull := func(r *model.Ref) {
		if !r.OrNull {
			return
		}
		if target := p.Resolve(r.ID); target != nil && p.fn[target.Base().ID] != "" {
			if _, ok := p.orNull[target.Base().ID]; !ok {
				p.orNull[target.Base().ID] = unique(p.fn[target.Base().ID] + "OrNull")
			}
		}
	}
	for i, id := range reached { // adapters for uses that allow null besides
		for _, r := range uses[i].refs {
			orNull(r)
		}
		for _, r := range model.ShapeRefs(p.Get(id)) {
			orNull(r)
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

// typeUses are the check refs of one reached type, and the other edges of
// its validator (checkplan's Edges past the check refs), computed once for
// generalUses, inlineLeaves and the adapters of name.
type typeUses struct {
	refs  []*model.Ref
	edges []model.TypeID
}

func (p *vplan) usesOf(reached []model.TypeID) []typeUses {
	out := make([]typeUses, len(reached))
	for i, id := range reached {
		t := p.Get(id)
		refs := model.CheckRefs(&t.Base().Checks)
		edges := p.Edges(t) // the check refs, then shapes, aliases, type parameters, dynamic targets
		if len(edges) >= len(refs) {
			edges = edges[len(refs):]
		}
		out[i] = typeUses{refs: refs, edges: edges}
	}
	return out
}

// generalUses finds the types used where a false schema is not checked in
// place: everything but additionalProperties, unevaluatedProperties,
// unevaluatedItems and items (past prefixItems), whose emitters report
// "unexpected property" and the like themselves.
func (p *vplan) generalUses(reached []model.TypeID, uses []typeUses) []bool {
	out := make([]bool, len(p.space.Types))
	for i, id := range reached {
		t := p.Get(id)
		if t.Base().Named { // its CheckNode calls it
			out[id] = true
		}
		c := &t.Base().Checks
		refs := uses[i].refs
		for _, r := range refs {
			special := r == c.AdditionalProperties || r == c.UnevaluatedProperties || r == c.UnevaluatedItems || r == c.Items
			if !special || r.OrNull {
				out[p.Resolve(r.ID).Base().ID] = true
			}
		}
		// an edge that is also a check ref's type is not a use of its own
		isCheck := refIDs(refs)
		for _, id := range uses[i].edges { // shapes, type parameters, aliases, dynamic targets
			if tt := p.Resolve(id); tt != nil && !isCheck.has(id) {
				out[tt.Base().ID] = true
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

// inlineLeaves finds the leaves that need no function: schemas whose only
// use is one properties or items slot (without null besides), whose checks
// the slot's function spells in place, and named ones that no slot uses (the
// CheckNode method of a named one spells them too). A leaf that anything
// else names (a second slot, an applicator, a union, an alias, an anchor)
// keeps its function.
func (p *vplan) inlineLeaves(reached []model.TypeID, typeUses []typeUses) []bool {
	uses := make([]int, len(p.space.Types))          // by TypeID; 1: one slot; more: other uses
	slot := make([]model.TypeID, len(p.space.Types)) // the type whose slot uses a type
	for i, id := range reached {
		t := p.Get(id)
		c := &t.Base().Checks
		imported := checkplan.Imported(t)
		refs := typeUses[i].refs
		for _, r := range refs {
			target := p.Resolve(r.ID)
			if target == nil {
				continue
			}
			if !r.OrNull && target.Base().ID == r.ID && !imported && inlineSlot(c, r) { // (inlineSlot scans the properties: last)
				uses[r.ID]++
				slot[r.ID] = id
			} else {
				uses[target.Base().ID] += 2
			}
		}
		// The fields of an object and the items of an array are the shape
		// of what properties and items check: no call of their own. Every
		// other edge (union branches, type arguments, alias targets, type
		// parameters, dynamic targets) names the function.
		plain := shapeOfChecks(t, refs)
		for _, e := range typeUses[i].edges {
			if plain[e] > 0 {
				plain[e]--
				continue
			}
			if target := p.Resolve(e); target != nil {
				uses[target.Base().ID] += 2
			}
		}
	}
	for _, r := range p.space.Resources { // anchors are looked up
		for _, a := range r.Anchors {
			uses[a.Type.ID] += 2
		}
	}
	out := make([]bool, len(p.space.Types))
	var named []model.TypeID // named leaves that one slot uses
	for _, id := range reached {
		t := p.Get(id)
		c := t.Base()
		// (a named leaf's CheckNode method checks it in place too: it needs
		// no function where no slot, or one, names it)
		if uses[id] > 1 || (uses[id] == 0 && !c.Named) || p.Resolve(id) != t || len(c.TypeParams) > 0 ||
			c.External != nil || c.Loc.URL == "" || p.split(t) || p.Eval[id] {
			continue
		}
		if leaf, _ := p.leafShape(&c.Checks, true); !leaf && !p.isArrayLeaf(&c.Checks) { // (a format may be asserted: the plan does not know the options)
			continue
		}
		if c.Named && uses[id] == 1 {
			named = append(named, id)
			continue
		}
		out[id] = true
	}
	// A named leaf is spelled twice, in its CheckNode and in the slot: only
	// where it is short, and where the slot's object checks its properties
	// one by one anyway (it has an anonymous leaf in place, or no
	// CheckMembers: validate_objects.go).
	for _, id := range named {
		if enumText(p.Get(id).Base().Checks.Enum) > 32 {
			continue
		}
		parent := &p.Get(slot[id]).Base().Checks
		oneByOne := len(parent.Properties) <= 1
		for _, prop := range parent.Properties {
			oneByOne = oneByOne || (out[prop.Type.ID] && !p.Get(prop.Type.ID).Base().Named)
		}
		if oneByOne || parent.Items != nil && parent.Items.ID == id {
			out[id] = true
		}
	}
	return out
}

// enumText is the length of the values of an enum, as JSON texts.
func enumText(values []model.Value) int {
	n := 0
	for _, v := range values {
		n += len(v.JSON)
	}
	return n
}

// inlineSlot reports whether r is c's items or one of its properties.
func inlineSlot(c *model.Checks, r *model.Ref) bool {
	if r == c.Items {
		return true
	}
	for i := range c.Properties {
		if r == &c.Properties[i].Type {
			return true
		}
	}
	return false
}

// shapeOfChecks counts the fields of an object, or the items of an array,
// that are the types of its check refs (nil for other types).
func shapeOfChecks(t model.Type, refs []*model.Ref) map[model.TypeID]int {
	var out map[model.TypeID]int
	isCheck := refIDs(refs)
	count := func(r *model.Ref) {
		if len(r.Args) == 0 && isCheck.has(r.ID) {
			if out == nil {
				out = make(map[model.TypeID]int, len(refs))
			}
			out[r.ID]++
		}
	}
	switch x := t.(type) {
	case *model.Object:
		for _, f := range x.Fields {
			count(&f.Type)
		}
	case *model.Array:
		count(&x.Items)
	}
	return out
}

// refIDs is the set of the IDs of refs, for has.
func refIDs(refs []*model.Ref) idSet {
	if len(refs) <= 16 {
		return idSet{refs: refs}
	}
	set := make(map[model.TypeID]bool, len(refs))
	for _, r := range refs {
		set[r.ID] = true
	}
	return idSet{set: set}
}

// idSet answers whether an ID is that of one of a few refs by a scan, of
// many by a map.
type idSet struct {
	refs []*model.Ref
	set  map[model.TypeID]bool
}

func (s idSet) has(id model.TypeID) bool {
	if s.set != nil {
		return s.set[id]
	}
	for _, r := range s.refs {
		if r.ID == id {
			return true
		}
	}
	return false
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

// ownedResources maps each named type to the resources whose anchors
// functions its file declares (see identAt); computed once.
func (p *vplan) ownedResources() map[model.TypeID][]int {
	if p.resOwned == nil {
		p.resOwned = map[model.TypeID][]int{}
		for i := range p.space.Resources {
			_, owner := p.identAt(p.space.Resources[i].Loc, "")
			p.resOwned[owner] = append(p.resOwned[owner], i)
		}
	}
	return p.resOwned
}

// identAt names a schema location (see checkplan's IdentAt), and gives
// the named type whose name it starts with (0 when there is none).
func (p *vplan) identAt(url, file string) (string, model.TypeID) {
	ident, owner := p.IdentAt(url, file)
	if owner == nil {
		return ident, 0
	}
	return ident, owner.Base().ID
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
	return fallback
}

// fileOf is the Go file that declares t's function.
func (p *vplan) fileOf(r *renderer, id model.TypeID) string {
	if o := p.owner[id]; o != 0 {
		return goFileName(r.fileOf(p.Get(o)))
	}
	t := p.Get(id)
	if t.Base().External != nil {
		return r.importsFile()
	}
	if t.Base().Loc.File == "" {
		return docFile
	}
	return goFileName(t.Base().Loc.File)
}
