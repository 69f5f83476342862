package build

import (
	"sort"
	"strings"

	"github.com/envgen/envgen/gen/model"
)

// imports marks the types whose schema document is not an input and whose URL
// an import's prefix covers (the longest prefix wins) as External: their
// package, generated elsewhere, declares them. The types that package
// declares of its own (a document's root, its $defs entries) are Named and
// get the name hints Build gives them in an input, so that package naming
// gives them the names they have there.
func (b *builder) imports(imports []model.Import) {
	if len(imports) == 0 {
		return
	}
	byLength := make([]*model.Import, len(imports))
	for i := range imports {
		byLength[i] = &imports[i]
	}
	sort.SliceStable(byLength, func(i, j int) bool { return len(byLength[i].Prefix) > len(byLength[j].Prefix) })
	inputs := map[string]bool{}
	for _, f := range b.set.Files {
		inputs[f.URL] = true
	}
	for _, t := range b.space.Types[1:] {
		c := t.Base()
		doc, ptr, _ := strings.Cut(c.Loc.URL, "#")
		if doc == "" || inputs[doc] {
			continue
		}
		for _, imp := range byLength {
			if strings.HasPrefix(doc, imp.Prefix) {
				c.External = imp
				break
			}
		}
		if c.External == nil || c.Kind == model.KindTypeParam || !declared(ptr) {
			continue
		}
		c.Named = true
		var hint model.NameHint
		fromLocation(&hint, c.Loc)
		hint.Title, _ = b.set.Raw(c.Loc.URL)["title"].(string)
		mergeHint(&c.NameHint, hint)
	}
}

// declared reports whether the schema at ptr gets a declaration of its own in
// the package generated from its document: the root and every $defs (or
// definitions) entry.
func declared(ptr string) bool {
	if ptr == "" {
		return true
	}
	parent := ptr[:strings.LastIndex(ptr, "/")]
	return strings.HasSuffix(parent, "/$defs") || strings.HasSuffix(parent, "/definitions")
}
