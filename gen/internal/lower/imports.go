package lower

import (
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// Imported packages. Build declares the types of the documents an import
// covers (those references reached, that are not inputs) first, root and
// $defs as for an input, in the order of their paths: as the package
// generated from them did, so that package naming gives them the names they
// have there. imports then marks every type of those documents External.

// importOf returns the import whose prefix is the longest that the document
// URL url starts with, or nil.
func importOf(imports []model.Import, url string) *model.Import {
	var best *model.Import
	for i := range imports {
		if strings.HasPrefix(url, imports[i].Prefix) && (best == nil || len(imports[i].Prefix) > len(best.Prefix)) {
			best = &imports[i]
		}
	}
	return best
}

// imports marks the types whose schema document is not an input and that an
// import covers External.
func (b *builder) imports(imports []model.Import) {
	if len(imports) == 0 {
		return
	}
	inputs := map[string]bool{}
	for _, f := range b.set.Files {
		inputs[f.URL] = true
	}
	for _, t := range b.space.Types[1:] {
		c := t.Base()
		if doc, _, _ := strings.Cut(c.Loc.URL, "#"); doc != "" && !inputs[doc] {
			c.External = importOf(imports, doc)
		}
	}
}
