// Package lower turns compiled schemas into the model's type space.
//
// It works in passes, so that no pass needs to know the order the others
// visit schemas in: (1) every input root and every $defs entry becomes a type,
// and the schemas they reach become types as they are met, each once, keyed by
// its location; (2) type parameters found at $dynamicRef are propagated to the
// named types that reach them, and uses of generic types get their arguments;
// (3) the types that need a declaration of their own are marked Named, and
// those that an imported package declares External. Names themselves are
// package naming's job.
package lower

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/internal/model"
)

// Build returns the type space of a loaded set. Types from schema documents
// that are not inputs and that one of imports covers are External (see
// model.Common.External).
func Build(set *load.Set, imports ...model.Import) (*model.Space, error) {
	return newBuilder(set).build(imports)
}

func newBuilder(set *load.Set) *builder {
	n := set.Schemas() // about one entry each in the maps below that grow with the schemas
	return &builder{
		set:      set,
		space:    &model.Space{Types: make([]model.Type, 0, n+1)},
		byLoc:    make(map[string]model.TypeID, n),
		nullable: map[model.TypeID]bool{},
		params:   map[string]model.TypeID{},
		visiting: map[string]bool{},
		anchored: map[string]bool{},
		resource: map[string]string{}, // empty unless a document has $id below its root (resourceIn)
		raws:     map[string]map[string]any{},
		infos:    make(map[*jsonschema.Schema]*schemaInfo, n),
	}
}

// build is Build, on a fresh builder.
func (b *builder) build(imports []model.Import) (*model.Space, error) {
	set := b.set
	// The documents of imported packages first, as their packages were
	// built from them: their types get the hints, and so the names, they
	// have there (imports.go).
	imported, err := set.Referenced(func(url string) bool { return importOf(imports, url) != nil })
	if err != nil {
		return nil, err
	}
	for _, f := range imported {
		if b.file(f); b.err != nil {
			return nil, b.err
		}
	}
	for _, f := range set.Files {
		id := b.file(f)
		b.space.Roots = append(b.space.Roots, model.Root{File: f.Path, URL: f.URL, Type: id})
		if b.err != nil {
			return nil, b.err
		}
	}
	b.imports(imports)
	markNamed(b.space)
	nameCycles(b.space)
	nameDeepNesting(b.space)
	if err := b.generics(); err != nil {
		return nil, err
	}
	b.defaultRoots()
	b.resources()
	return b.space, nil
}

// defaultRoots gives each generic root (one with $dynamicAnchors of its own:
// Tree[T any]) a non-generic alias for the instantiation its own schema
// implies, named after it with "Default": type TreeDefault =
// Tree[json.RawMessage]. A user decodes the document into it without
// knowing T, and gets exactly the schema's verdicts.
func (b *builder) defaultRoots() {
	for i, root := range b.space.Roots {
		c := b.space.Get(root.Type).Base()
		if len(c.TypeParams) == 0 || c.External != nil {
			continue
		}
		a := &model.Alias{Target: model.Ref{ID: root.Type}}
		a.Loc, a.Resource, a.Named = c.Loc, c.Resource, true
		a.Doc.Description = "the whole document, with the type arguments its own schema implies: decode into it without knowing them."
		a.NameHint = model.NameHint{Parent: root.Type, Path: []string{"Default"}}
		b.space.Roots[i].Default = b.space.Add(a)
	}
}

// file declares the types of a document: its root and every $defs entry. It
// returns the root's.
func (b *builder) file(f *load.File) model.TypeID {
	root := b.ref(f.Schema, model.NameHint{FileName: baseName(f.Path)})
	id := b.declare(root, f.Schema, model.NameHint{FileName: baseName(f.Path), Title: f.Schema.Title})
	for _, d := range f.Defs {
		r := b.ref(d.Schema, model.NameHint{DefsKey: d.Key})
		b.declare(r, d.Schema, model.NameHint{DefsKey: d.Key, Title: d.Schema.Title})
	}
	return id
}

type builder struct {
	set      *load.Set
	space    *model.Space
	byLoc    map[string]model.TypeID            // a schema's file#pointer → its type
	nullable map[model.TypeID]bool              // types whose own schema admits null besides their shape
	params   map[string]model.TypeID            // the TypeParam for a $dynamicAnchor's location
	visiting map[string]bool                    // pure $ref chains being followed, to refuse cycles
	anchors  []anchorUse                        // the $dynamicAnchors met, for Space.Resources
	anchored map[string]bool                    // resource → whether it declares $dynamicAnchors (anchoredResource)
	resource map[string]string                  // file#pointer → its resource (resourceOf), so that nesting costs linear time
	lookups  int                                // schemas resourceOf has read, for the tests
	raws     map[string]map[string]any          // location → its schema object (raw), read once
	infos    map[*jsonschema.Schema]*schemaInfo // what info found for each schema
	// The schema info was last asked about, and its answer: a map of every
	// schema is a cache miss per lookup once it is large.
	lastSchema *jsonschema.Schema
	lastInfo   *schemaInfo
	err        error // the first error; building goes on with placeholders, output is discarded
}

// raw is b.set.Raw, once per location: lower reads a schema's object for
// its type, its nullability, its overrides and its resource.
func (b *builder) raw(location string) map[string]any {
	if m, ok := b.raws[location]; ok {
		return m
	}
	m := b.set.Raw(location)
	b.raws[location] = m
	return m
}

// schemaInfo is what lower reads about a compiled schema's place: found once
// per schema, where ref, newType and their helpers each looked it up by the
// schema's Location string.
type schemaInfo struct {
	loc model.Location
	key string         // loc.String(), the key of byLoc
	raw map[string]any // the schema object, nil for a boolean schema

	res            string // its resource (resourceIn), once hasRes
	hasRes         bool
	nestedIDs      bool     // load.Place.NestedIDs
	dynamicAnchors bool     // load.Place.DynamicAnchors
	props          []string // its property names in written order (propertyOrder), once hasProps
	hasProps       bool
}

// info returns s's schemaInfo.
func (b *builder) info(s *jsonschema.Schema) *schemaInfo {
	if s == b.lastSchema { // ref, newType and their helpers ask of one schema in turn
		return b.lastInfo
	}
	in, ok := b.infos[s]
	if !ok {
		p := b.set.Where(s)
		in = &schemaInfo{loc: p.Loc, key: p.Loc.String(), raw: p.Raw, nestedIDs: p.NestedIDs, dynamicAnchors: p.DynamicAnchors}
		b.infos[s] = in
	}
	b.lastSchema, b.lastInfo = s, in
	return in
}

func (b *builder) fail(loc model.Location, hint, format string, args ...any) {
	if b.err == nil {
		b.err = &model.Error{Loc: loc, Message: fmt.Sprintf(format, args...), Hint: hint}
	}
}

// declare makes sure the schema at a root or $defs entry has a type of its own
// with the given hint: when the schema is only a reference (its ref resolved to
// a type that lives elsewhere), that is an Alias.
func (b *builder) declare(r model.Ref, s *jsonschema.Schema, hint model.NameHint) model.TypeID {
	in := b.info(s)
	loc := in.loc
	if r.ID != 0 && b.space.Get(r.ID).Base().Loc.String() == loc.String() {
		c := b.space.Get(r.ID).Base()
		mergeHint(&c.NameHint, hint)
		c.Named = true
		return r.ID
	}
	a := &model.Alias{Target: r}
	a.Loc = loc
	a.Doc = docOf(s)
	a.NameHint = hint
	a.Named = true
	a.Resource = b.resourceIn(in)
	if o := b.override(s); o != "" {
		a.NameHint.Override = o
	}
	a.NameHint.TSOverride = b.tsOverride(s)
	id := b.space.Add(a)
	b.byLoc[aliasKey(loc)] = id
	b.nameNonNull(id, r, loc)
	return id
}

// nameNonNull names the type of the non-null branch of a root or $defs entry
// that is "T or null" ({"oneOf": [{"type": "null"}, T]}) like the branch of
// a union it is: after the alias declared for the whole schema, with
// "Variant" and the branch's position (Cycle → CycleVariant2). It would
// otherwise want the alias's own name.
func (b *builder) nameNonNull(alias model.TypeID, r model.Ref, loc model.Location) {
	if !r.OrNull || r.ID == 0 {
		return
	}
	c := b.space.Get(r.ID).Base()
	rest, ok := strings.CutPrefix(c.Loc.Pointer, loc.Pointer+"/")
	if c.Loc.File != loc.File || !ok {
		return
	}
	keyword, index, ok := strings.Cut(rest, "/")
	n, err := strconv.Atoi(index)
	if !ok || err != nil || keyword != "oneOf" && keyword != "anyOf" {
		return
	}
	h := &c.NameHint
	*h = model.NameHint{Override: h.Override, TSOverride: h.TSOverride, Title: h.Title, Parent: alias, Path: []string{"Variant" + strconv.Itoa(n+1)}}
}

func aliasKey(loc model.Location) string { return "alias:" + loc.String() }

func mergeHint(h *model.NameHint, extra model.NameHint) {
	if extra.DefsKey != "" {
		h.DefsKey = extra.DefsKey
	}
	if extra.FileName != "" && h.FileName == "" {
		h.FileName = extra.FileName
	}
	if extra.Title != "" && h.Title == "" {
		h.Title = extra.Title
	}
}

// tsOverride reads x-ts-name, the schema's own TypeScript name for its type.
func (b *builder) tsOverride(s *jsonschema.Schema) string {
	name, _ := b.info(s).raw["x-ts-name"].(string)
	return name
}

// override reads x-go-name, the schema's own name for its type.
func (b *builder) override(s *jsonschema.Schema) string {
	name, _ := b.info(s).raw["x-go-name"].(string)
	return name
}

func baseName(p string) string {
	base := path.Base(p)
	for _, ext := range []string{".json", ".yaml", ".yml"} {
		base = strings.TrimSuffix(base, ext)
	}
	return strings.TrimSuffix(base, ".schema")
}

// ref returns the use of the type for schema s, building it on first sight.
func (b *builder) ref(s *jsonschema.Schema, hint model.NameHint) model.Ref {
	in := b.info(s)
	loc, key := in.loc, in.key
	if target := b.pureRef(s); target != nil {
		// (A document without $dynamicAnchor has no anchored resource.)
		if res := b.resourceIn(in); in.dynamicAnchors && b.anchoredResource(res) && b.resourceIn(b.info(target)) != res {
			return b.scopeAlias(s, target, loc, hint)
		}
		if b.visiting[key] {
			b.fail(loc, "break the cycle with a schema that is more than a $ref", "$ref cycle: this reference leads back to itself")
			return model.Ref{}
		}
		if b.visiting == nil {
			b.visiting = map[string]bool{}
		}
		b.visiting[key] = true
		defer delete(b.visiting, key)
		return b.ref(target, model.NameHint{})
	}
	if inner, ok := b.nullableOf(s); ok {
		// Met by reference, T of "T or null" is named for where the whole
		// schema is: a $defs entry's key, a document's file name.
		fromLocation(&hint, loc)
		r := b.ref(inner, hint)
		r.Nullable, r.OrNull = true, true
		return r
	}
	if id, ok := b.byLoc[key]; ok {
		return model.Ref{ID: id, Nullable: b.nullable[id]}
	}
	id := b.newType(s, loc, key, hint)
	return model.Ref{ID: id, Nullable: b.nullable[id]}
}

// annotations are the keywords that do not change what a schema accepts.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "$defs": true, "definitions": true, "$anchor": true,
	"$vocabulary": true, "title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "format": true, "contentEncoding": true,
	"contentMediaType": true, "contentSchema": true,
}

// onlyAnnotations reports whether raw has no assertion keywords besides those
// named in allowed.
func onlyAnnotations(raw map[string]any, allowed ...string) bool {
outer:
	for k := range raw {
		if annotations[k] || strings.HasPrefix(k, "x-") {
			continue
		}
		for _, a := range allowed {
			if k == a {
				continue outer
			}
		}
		return false
	}
	return true
}

// pureRef returns the target of a schema that is nothing but a $ref (plus
// annotations), whose type is therefore the target's type.
func (b *builder) pureRef(s *jsonschema.Schema) *jsonschema.Schema {
	if s.Ref == nil {
		return nil
	}
	raw := b.info(s).raw
	if raw == nil || s.DraftVersion < 2019 || onlyAnnotations(raw, "$ref") {
		if _, dyn := raw["$dynamicAnchor"]; dyn {
			return nil
		}
		return s.Ref
	}
	return nil
}

// scopeAlias is the type of a schema that is only a $ref to another schema
// resource, from a resource that declares $dynamicAnchors: evaluation that
// reaches it enters its resource before the target's, which can change what a
// $dynamicRef under the target resolves to, so the schema is an Alias of its
// own (with its Resource) rather than the target's type.
func (b *builder) scopeAlias(s, target *jsonschema.Schema, loc model.Location, hint model.NameHint) model.Ref {
	key := aliasKey(loc)
	if id, ok := b.byLoc[key]; ok {
		return model.Ref{ID: id}
	}
	a := &model.Alias{}
	a.Loc = loc
	a.Doc = docOf(s)
	a.NameHint = hint
	fromLocation(&a.NameHint, loc)
	a.Resource = b.resourceIn(b.info(s))
	id := b.space.Add(a)
	b.byLoc[key] = id
	a.Target = b.ref(target, model.NameHint{})
	return model.Ref{ID: id}
}

// nullableOf recognises the two spellings of "T or null": a type list with
// "null" and one other type, and anyOf/oneOf of a schema and {"type": "null"}.
// It returns the schema of T for the second spelling; the first is handled
// where types are read, since T is the same schema.
func (b *builder) nullableOf(s *jsonschema.Schema) (*jsonschema.Schema, bool) {
	raw := b.info(s).raw
	for _, branches := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf} {
		if len(branches) != 2 || raw == nil || !onlyAnnotations(raw, "anyOf", "oneOf") || (s.AnyOf != nil && s.OneOf != nil) {
			continue
		}
		for i, br := range branches {
			other := branches[1-i]
			if isNullSchema(br) && !admitsNull(other) {
				return other, true
			}
		}
	}
	return nil, false
}

func isNullSchema(s *jsonschema.Schema) bool {
	return s.Types != nil && s.Types.ToStrings()[0] == "null" && len(s.Types.ToStrings()) == 1 &&
		s.Ref == nil && s.Enum == nil && s.Const == nil && s.Not == nil && s.AllOf == nil && s.AnyOf == nil && s.OneOf == nil
}

func admitsNull(s *jsonschema.Schema) bool {
	for s.Ref != nil && s.Types == nil {
		s = s.Ref
	}
	if s.Bool != nil {
		return *s.Bool
	}
	if s.Types == nil {
		return s.Enum == nil && s.Const == nil
	}
	for _, t := range s.Types.ToStrings() {
		if t == "null" {
			return true
		}
	}
	return false
}
