// Package naming decides every name in a type space, once, in one place.
//
// A named type is called after, in order: an override (x-go-name in the
// schema, or the caller's map by location), its $defs key, its title (for the
// root of a file, its title and then its file name), and last the path from
// the named type it is nested in ("Envelope" + "meta" → "EnvelopeMeta"), where
// a word the path repeats three times or more is counted ("DeepX" and 29
// items → "DeepXItem29", not the word 29 times). Two
// types that want one name are qualified from the schema's structure
// (qualify.go), never numbered ("Foo1"); a valid schema is never refused.
//
// A type that an imported package declares (model.Common.External) gets the
// name that package gives it: the same rules over the same schemas, in a
// namespace of the package's own, and no override by location applies.
//
// What each target language accepts as a name, and what would collide there,
// is decided here too (targets.go): CheckGo and CheckTS refuse what a backend
// could not declare, TypeParams names type parameters, and the backends only
// spell the names.
package naming

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// Assign names every named type of space, with its enum constants, union
// branches and struct fields. overrides maps a schema location ("file#/pointer")
// to a Go name, for a type or a struct field; a location that is neither is
// an error.
func Assign(space *model.Space, overrides map[string]string) error {
	n := &namer{space: space, overrides: overrides, gen: map[model.TypeID]int{}, runs: map[model.TypeID]pathRun{}, owner: map[identifier]model.Location{}}
	named := namedByLocation(space)
	if err := n.checkOverrides(named); err != nil {
		return err
	}
	// A type named after the path from its parent is named after its parent
	// is (which gets a name for this even when it is spelled inline):
	// generation by generation, each settled before the next.
	all := slices.Clone(named)
	in := map[model.TypeID]bool{}
	for _, t := range named {
		in[t.Base().ID] = true
	}
	for i := 0; i < len(all); i++ {
		if p := all[i].Base().NameHint.Parent; p != 0 && !in[p] && n.own(all[i].Base()) == "" && n.override(all[i].Base()) == "" {
			in[p] = true
			all = append(all, n.space.Get(p))
		}
	}
	var byGen [][]model.Type
	for _, t := range all {
		g := n.generation(t, 0)
		for len(byGen) <= g {
			byGen = append(byGen, nil)
		}
		byGen[g] = append(byGen[g], t)
	}
	for _, batch := range byGen {
		if err := n.settle(batch); err != nil {
			return err
		}
	}
	for _, t := range named {
		if err := n.members(t); err != nil {
			return err
		}
	}
	return nil
}

// namedByLocation returns the named types of space sorted by location: the
// order of space.Named() (by Go name, then location) stably sorted by
// location, in one sort.
func namedByLocation(space *model.Space) []model.Type {
	var named []model.Type
	for _, t := range space.Types {
		if t != nil && t.Base().Named {
			named = append(named, t)
		}
	}
	slices.SortFunc(named, func(x, y model.Type) int {
		a, b := x.Base(), y.Base()
		if c := a.Loc.Compare(b.Loc); c != 0 {
			return c
		}
		if c := strings.Compare(a.Name.Go, b.Name.Go); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID) // Types' order (Space.Named)
	})
	return named
}

type namer struct {
	space     *model.Space
	overrides map[string]string
	gen       map[model.TypeID]int          // generation + 1, once known
	runs      map[model.TypeID]pathRun      // of each type named after its path
	owner     map[identifier]model.Location // package-level identifier → who took it
}

// identifier is a package-level identifier: its name and the package it is
// declared in, "" for the one generated here, else an import's prefix.
type identifier struct {
	pkg, name string
}

func pkgOf(c *model.Common) string {
	if c.External != nil {
		return c.External.Prefix
	}
	return ""
}

// checkOverrides refuses an override at a location where there is no type
// or member to name.
func (n *namer) checkOverrides(named []model.Type) error {
	if len(n.overrides) == 0 {
		return nil
	}
	known := map[string]bool{}
	for _, t := range n.space.Types {
		if t == nil {
			continue
		}
		c := t.Base()
		if c.External != nil {
			continue
		}
		known[c.Loc.String()] = true
		if o, ok := t.(*model.Object); ok {
			for _, f := range o.Fields {
				known[f.Loc.String()] = true
			}
		}
	}
	locs := make([]string, 0, len(n.overrides))
	for loc := range n.overrides {
		locs = append(locs, loc)
	}
	sort.Strings(locs)
	for _, loc := range locs {
		if !known[loc] {
			return fmt.Errorf("--name %s=%s: no type or member of the inputs is at %s", loc, n.overrides[loc], loc)
		}
	}
	return nil
}

// generation is 0 for a type with a name of its own, else one more than
// its parent's.
func (n *namer) generation(t model.Type, depth int) int {
	c := t.Base()
	if g, ok := n.gen[c.ID]; ok {
		return g - 1
	}
	g := 0
	if (n.own(c) == "" || n.isDefault(c)) && n.override(c) == "" && c.NameHint.Parent != 0 && depth < 1000 {
		g = n.generation(n.space.Get(c.NameHint.Parent), depth+1) + 1
	}
	n.gen[c.ID] = g + 1
	return g
}

// override is the name c is given by the caller or x-go-name, if any.
func (n *namer) override(c *model.Common) string {
	if n.isDefault(c) {
		return "" // a root's TreeDefault shares its location, not its override
	}
	if o, ok := n.overrideAt(c.Loc); ok && c.External == nil {
		return o
	}
	return c.NameHint.Override
}

// overrideAt is the name given (Options.Names) to the schema at loc, if any;
// without overrides, no location's string is built.
func (n *namer) overrideAt(loc model.Location) (string, bool) {
	if len(n.overrides) == 0 {
		return "", false
	}
	o, ok := n.overrides[loc.String()]
	return o, ok
}

func (n *namer) isDefault(c *model.Common) bool {
	return slices.ContainsFunc(n.space.Roots, func(r model.Root) bool { return r.Default == c.ID })
}

// own is the word c is named after when it has one: its $defs key, title,
// or file name.
func (n *namer) own(c *model.Common) string {
	if n.isDefault(c) {
		return ""
	}
	h := c.NameHint
	tries := []string{h.DefsKey, h.Title}
	if h.FileName != "" {
		tries = append(tries, h.FileName)
	}
	for _, s := range tries {
		if s != "" {
			return s
		}
	}
	return ""
}

// candidate is c's name before collisions, and where it came from.
func (n *namer) candidate(c *model.Common) (string, source, error) {
	h := c.NameHint
	if o := n.override(c); o != "" {
		return o, fromOverride, nil // CheckGo and CheckTS refuse what their language cannot declare
	}
	switch {
	case h.DefsKey != "":
		return Spell(h.DefsKey), fromKey, nil
	case h.Title != "":
		return Spell(h.Title), fromTitle, nil
	case h.FileName != "":
		return Spell(h.FileName), fromFile, nil
	case h.Parent != 0:
		parent := n.space.Get(h.Parent)
		word := n.pathName(parent, h.Path)
		// A word its ancestors repeat (arrays in arrays: Item, Item, …)
		// collapses to a count from minRun on: DeepXItem29, not
		// DeepXItemItem…Item. The parent was named a generation before.
		r := pathRun{word: word, top: h.Parent, n: 1}
		if pr, ok := n.runs[h.Parent]; ok && pr.word == word {
			r.top, r.n = pr.top, pr.n+1
		}
		n.runs[c.ID] = r
		if r.n >= minRun {
			return n.space.Get(r.top).Base().Name.Go + word + strconv.Itoa(r.n), fromPath, nil
		}
		return parent.Base().Name.Go + word, fromPath, nil
	}
	// No word of its own: the last token of its location ("" → Empty,
	// "//" → SlashSlash), or its file's name.
	if toks := pointerTokens(c.Loc.Pointer); len(toks) > 0 {
		return Spell(toks[len(toks)-1]), fromKey, nil
	}
	return Spell(fileWord(c.Loc.File)), fromFile, nil
}

// minRun is the shortest run of one path word that collapses to a count: a
// pair (MatrixItemItem) reads well enough.
const minRun = 3

// pathRun is how a type named after its path ends: the word of its path
// from its parent, written n times by it and its parents in a row, below the
// type top.
type pathRun struct {
	word string
	top  model.TypeID
	n    int
}

// pending is a type of the batch being named, with how far its name has
// been qualified.
type pending struct {
	c     *model.Common
	from  source
	base  string
	ctx   []string
	level int
	name  string
}

// settle names one generation of types: each its candidate, and the
// candidates that collide (with each other or a name taken before)
// qualified step by step from their context, until none does.
func (n *namer) settle(batch []model.Type) error {
	ps := make([]*pending, len(batch))
	for i, t := range batch {
		c := t.Base()
		name, from, err := n.candidate(c)
		if err != nil {
			return err
		}
		ps[i] = &pending{c: c, from: from, base: name, name: name, ctx: context(c, from)}
	}
	for {
		group := map[identifier][]*pending{}
		for _, p := range ps {
			id := identifier{pkgOf(p.c), p.name}
			group[id] = append(group[id], p)
		}
		progressed, colliding := false, false
		for _, p := range ps {
			id := identifier{pkgOf(p.c), p.name}
			if _, taken := n.owner[id]; !taken && len(group[id]) == 1 {
				continue
			}
			colliding = true
			if p.c.Loc.Pointer == "" && slices.ContainsFunc(group[id], func(q *pending) bool {
				return q.c.Loc.Pointer != "" && n.canQualify(q)
			}) {
				continue // the root of a file yields last
			}
			if n.qualify(p) {
				progressed = true
			}
		}
		if !colliding {
			break
		}
		if !progressed {
			return n.refuse(ps)
		}
	}
	for _, p := range ps {
		p.c.Name = model.Names{Go: p.name, TS: p.name}
		if ts := p.c.NameHint.TSOverride; ts != "" && !n.isDefault(p.c) {
			p.c.Name.TS = ts // CheckTS refuses one TypeScript cannot declare
		}
		n.owner[identifier{pkgOf(p.c), p.name}] = p.c.Loc
	}
	return nil
}

// canQualify reports whether qualify can still change p.
func (n *namer) canQualify(p *pending) bool {
	q := *p
	return n.qualify(&q)
}

// qualify takes p one step further from its context; it reports false when
// p cannot change (an override, or every step taken).
func (n *namer) qualify(p *pending) bool {
	if p.from == fromOverride {
		return false
	}
	p.level++
	k := p.level
	if p.from == fromPath {
		if k == 1 {
			if full := n.fullPath(p.c); full != "" && full != p.base {
				p.base, p.name = full, full
				return true
			}
			p.level++
		}
		k--
	}
	switch {
	case k <= len(p.ctx):
		var b strings.Builder
		for _, w := range p.ctx[len(p.ctx)-k:] {
			b.WriteString(Spell(w))
		}
		p.name = b.String() + p.base
	case k <= len(p.ctx)+3:
		// The words of the whole pointer, which end with a key's own word;
		// for a type named after its path, of the pointer from its parent,
		// after the parent's name (as its struct field is spelled).
		prefix, pointer := p.base, p.c.Loc.Pointer
		switch p.from {
		case fromKey:
			prefix = ""
		case fromPath:
			if parent, rel, ok := n.fromParent(p.c); ok {
				prefix, pointer = parent, rel
			}
		}
		spell := []func(string) string{Spell, literal, exact}[k-len(p.ctx)-1]
		p.name = prefix + pathWords(pointer, spell)
	case k == len(p.ctx)+4:
		p.name = p.base + exact(p.c.Loc.Pointer)
	default:
		return false
	}
	return true
}

// fromParent returns the name of c's parent and the pointer from it to c,
// when c is inside its parent's schema.
func (n *namer) fromParent(c *model.Common) (string, string, bool) {
	parent := n.space.Get(c.NameHint.Parent).Base()
	rel, ok := strings.CutPrefix(c.Loc.Pointer, parent.Loc.Pointer+"/")
	if parent.Loc.File != c.Loc.File || !ok {
		return "", "", false
	}
	return parent.Name.Go, "/" + rel, true
}

// fullPath spells every pointer token from c's parent to c after the
// parent's name ("Envelope" + "/properties/meta" → "EnvelopePropertiesMeta"),
// or "" when c is not inside its parent's schema.
func (n *namer) fullPath(c *model.Common) string {
	parent := n.space.Get(c.NameHint.Parent).Base()
	if parent.Loc.File != c.Loc.File || !strings.HasPrefix(c.Loc.Pointer, parent.Loc.Pointer+"/") {
		return ""
	}
	var b strings.Builder
	b.WriteString(parent.Name.Go)
	for _, t := range pointerTokens(strings.TrimPrefix(c.Loc.Pointer, parent.Loc.Pointer)) {
		b.WriteString(Spell(t))
	}
	return b.String()
}

// refuse reports two overrides that ask for one name.
func (n *namer) refuse(ps []*pending) error {
	by := map[identifier][]model.Location{}
	for _, p := range ps {
		by[identifier{pkgOf(p.c), p.name}] = append(by[identifier{pkgOf(p.c), p.name}], p.c.Loc)
	}
	for _, p := range ps {
		id := identifier{pkgOf(p.c), p.name}
		locs := by[id]
		if prev, taken := n.owner[id]; taken {
			locs = append(locs, prev)
		}
		if len(locs) > 1 {
			sort.Slice(locs, func(i, j int) bool { return locs[i].Compare(locs[j]) < 0 })
			return &model.Error{Loc: locs[1], Message: fmt.Sprintf("the Go name %q is asked for here and at %s", p.name, locs[0]),
				Hint: "two overrides (x-go-name or --name) give one name: change one"}
		}
	}
	return nil
}

// pathName spells the path from a parent; a branch of a discriminated union
// is called after its tag ("Shape" + "circle" → "ShapeCircle").
func (n *namer) pathName(parent model.Type, path []string) string {
	var b strings.Builder
	for _, p := range path {
		if u, ok := parent.(*model.Union); ok && u.Discriminator != "" && strings.HasPrefix(p, "Variant") {
			if i, err := strconv.Atoi(strings.TrimPrefix(p, "Variant")); err == nil && i-1 < len(u.Tags) {
				if tag := valueName(u.Tags[i-1][0]); tag != "" {
					p = tag
				}
			}
		}
		b.WriteString(Camel(p))
	}
	return b.String()
}

// claim records that the type c uses a package-level identifier of its
// package, refusing a second; what and value (joined) say what it names, for
// the message.
func (n *namer) claim(c *model.Common, name, what, value string) error {
	loc, id := c.Loc, identifier{pkgOf(c), name}
	if prev, taken := n.owner[id]; taken {
		first, second := prev, loc
		if second.Compare(first) < 0 {
			first, second = second, first
		}
		return &model.Error{
			Loc:     second,
			Message: fmt.Sprintf("the Go name %q is wanted by this %s%s and by %s", name, what, value, first),
			Hint:    fmt.Sprintf("set \"x-go-name\" on one of them, or pass --name '%s=Other%s'", second, name),
		}
	}
	n.owner[id] = loc
	return nil
}
