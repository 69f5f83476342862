package lower

import (
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// The dynamic scope of $dynamicRef is made of schema resources: a document's
// root, and every schema with an $id of its own. The validators need, for
// every type, the resource its schema belongs to (Common.Resource), and for
// every resource, the $dynamicAnchors it declares (Space.Resources).

// anchorUse is a $dynamicAnchor met while building.
type anchorUse struct {
	resource, name string
	id             model.TypeID
}

// resourceIn returns the resource location of a schema lower has met: the
// longest prefix of its pointer that is a schema with an $id, else the
// document root. It is found once per schema.
//
// Finding it walks up the pointer; the answer for each pointer is
// remembered, and the walk stops at the first ancestor already answered: a
// schema nested n levels deep is then one lookup, not n, which keeps deep
// nesting (items/items/…) linear rather than cubic. A document with no $id
// below its root needs no walk.
func (b *builder) resourceIn(in *schemaInfo) string {
	if in.hasRes {
		return in.res
	}
	in.res, in.hasRes = b.resourceOf(in), true
	return in.res
}

func (b *builder) resourceOf(in *schemaInfo) string {
	loc := in.loc
	if loc.URL == "" {
		return ""
	}
	doc, ptr, found := strings.Cut(loc.URL, "#")
	if !found { // a URL without a fragment is its document's root
		return loc.URL + "#"
	}
	if !in.nestedIDs { // no $id below the document's root: the walk up would end there
		return loc.URL[:len(doc)+1]
	}
	var walked []string // the pointers met before the answer, to remember it for
	res := ""
	for {
		// doc + "#" + ptr, a prefix of loc.URL (ptr only gets shorter)
		at := loc.URL[:len(doc)+1+len(ptr)]
		if ptr == "" {
			res = at
			break
		}
		if r, ok := b.resource[at]; ok {
			res = r
			break
		}
		b.lookups++
		var raw map[string]any
		if len(at) == len(loc.URL) { // the schema itself
			raw = in.raw
		} else {
			raw = b.raw(at)
		}
		if id, ok := raw["$id"].(string); ok && id != "" && !strings.HasPrefix(id, "#") {
			res = at
			break
		}
		walked = append(walked, at)
		ptr = ptr[:strings.LastIndex(ptr, "/")]
	}
	for _, at := range walked {
		b.resource[at] = res
	}
	return res
}

// noteAnchor records that the type id is the schema s, which may declare a
// $dynamicAnchor.
func (b *builder) noteAnchor(c *model.Common, s *jsonschema.Schema) {
	if s.DynamicAnchor != "" && c.Resource != "" {
		b.anchors = append(b.anchors, anchorUse{c.Resource, s.DynamicAnchor, c.ID})
	}
}

// resources fills Space.Resources from the anchors met, sorted by location
// and name.
func (b *builder) resources() {
	byLoc := map[string]*model.Resource{}
	for _, a := range b.anchors {
		r := byLoc[a.resource]
		if r == nil {
			r = &model.Resource{Loc: a.resource}
			byLoc[a.resource] = r
		}
		r.Anchors = append(r.Anchors, model.DynamicAnchor{Name: a.name, Type: model.Ref{ID: a.id, Nullable: b.nullable[a.id]}})
	}
	for _, r := range byLoc {
		sort.Slice(r.Anchors, func(i, j int) bool { return r.Anchors[i].Name < r.Anchors[j].Name })
		b.space.Resources = append(b.space.Resources, *r)
	}
	sort.Slice(b.space.Resources, func(i, j int) bool { return b.space.Resources[i].Loc < b.space.Resources[j].Loc })
}

// anchoredResource reports whether the schema resource at res declares a
// $dynamicAnchor anywhere inside it (not in resources nested in it).
func (b *builder) anchoredResource(res string) bool {
	if res == "" {
		return false
	}
	if v, ok := b.anchored[res]; ok {
		return v
	}
	var walk func(v any, root bool) bool
	walk = func(v any, root bool) bool {
		switch x := v.(type) {
		case map[string]any:
			if id, ok := x["$id"].(string); ok && !root && id != "" && !strings.HasPrefix(id, "#") {
				return false // a resource of its own
			}
			if _, ok := x["$dynamicAnchor"].(string); ok {
				return true
			}
			for _, v := range x { // in any order: the answer is whether one is found
				if walk(v, false) {
					return true
				}
			}
		case []any:
			for _, e := range x {
				if walk(e, false) {
					return true
				}
			}
		}
		return false
	}
	v := walk(b.raw(res), true)
	b.anchored[res] = v
	return v
}
