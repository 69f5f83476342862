package lower

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/load"
)

// deepSchema writes a schema whose one property is an array nested depth
// levels deep (items/items/…), with an $id at one level in the middle.
func deepSchema(t *testing.T, depth int) string {
	t.Helper()
	inner := `{"type":"string"}`
	for i := range depth {
		id := ""
		if i == depth/2 {
			id = `"$id":"https://example.com/middle.json",`
		}
		inner = `{` + id + `"type":"array","items":` + inner + `}`
	}
	path := filepath.Join(t.TempDir(), "deep.json")
	doc := `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"x":` + inner + `}}`
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestResourceOfDeepNesting: finding the resource of each schema of a deep
// nesting reads each schema once, not once per level above it (1000 levels
// took ~95 s of generation when every schema walked all its ancestors), and
// still finds the nearest $id above.
func TestResourceOfDeepNesting(t *testing.T) {
	const depth = 1000
	set, err := load.Load(load.Options{Inputs: []string{deepSchema(t, depth)}})
	if err != nil {
		t.Fatal(err)
	}
	b := newBuilder(set)
	space, err := b.build(nil)
	if err != nil {
		t.Fatal(err)
	}
	if b.lookups > 2*depth+10 {
		t.Errorf("%d schemas read to find the resources of %d nested levels", b.lookups, depth)
	}
	// The schema with the $id is the one depth-1-depth/2 levels below x.
	idLevel := depth - 1 - depth/2
	inMiddle, atRoot := 0, 0
	for _, ty := range space.Types[1:] {
		c := ty.Base()
		n := strings.Count(c.Loc.Pointer, "/items")
		if n == 0 {
			continue
		}
		doc := c.Loc.URL[:strings.Index(c.Loc.URL, "#")+1]
		want := doc
		if n >= idLevel {
			want = doc + "/properties/x" + strings.Repeat("/items", idLevel)
			inMiddle++
		} else {
			atRoot++
		}
		if c.Resource != want {
			t.Fatalf("the schema %d levels down: resource has %d levels, want %d",
				n, strings.Count(c.Resource, "/items"), strings.Count(want, "/items"))
		}
	}
	if inMiddle == 0 || atRoot == 0 {
		t.Fatalf("%d types under the $id, %d above: the schema is not what the test means", inMiddle, atRoot)
	}
}
