package load

import (
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/envgen/envgen/schemas"
)

// TestWhereAgreesWithLocation: for every schema compiled from the golden
// cases' inputs (and the canonical schemas they reach), Where and Members
// give what Locate, Raw and Keys read from its Location string, and a
// document's NestedIDs and DynamicAnchors say whether any object in it (below
// the root, for $id) has the member, found by walking the decoded document.
func TestWhereAgreesWithLocation(t *testing.T) {
	top, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	cases, err := filepath.Glob(filepath.Join(top, "golden", "*"))
	if err != nil || len(cases) < 20 {
		t.Fatalf("golden cases: %d (%v)", len(cases), err)
	}
	dialects, _ := filepath.Glob(filepath.Join(top, "dialects", "*"))
	cases = append(append(cases, dialects...), filepath.Join(top, "schemas"))
	write(t, map[string]string{"nested.json": `{"$defs": {"a": {"$id": "https://example.com/a.json",
		"properties": {"x": {"type": "string"}}}, "b": {"properties": {"$id": {"type": "string"}}}}}`})
	cases = append(cases, "nested.json")
	nested, anchored, checked := 0, 0, 0
	for _, in := range cases {
		set, err := Load(Options{Inputs: []string{in}, Embedded: schemas.FS, EmbeddedName: "envgen:schemas"})
		if err != nil {
			continue // a golden case of an error
		}
		for sch := range set.c.placed {
			checked++
			p := set.Where(sch)
			if want := set.Locate(sch.Location); p.Loc != want {
				t.Fatalf("%s: Where(%s).Loc = %+v, Locate = %+v", in, sch.Location, p.Loc, want)
			}
			if want := set.Raw(sch.Location); !reflect.DeepEqual(p.Raw, want) {
				t.Fatalf("%s: Where(%s).Raw = %v, Raw = %v", in, sch.Location, p.Raw, want)
			}
			if got, want := set.Members(sch, "properties"), set.Keys(sch.Location+"/properties"); !slices.Equal(got, want) {
				t.Fatalf("%s: Members(%s) = %q, Keys = %q", in, sch.Location, got, want)
			}
			root, _ := splitLocation(sch.Location)
			doc := set.docs[root].doc
			if want := hasMember(doc, "$id", false); p.NestedIDs != want {
				t.Fatalf("%s: NestedIDs of %s = %v, want %v", in, root, p.NestedIDs, want)
			}
			if want := hasMember(doc, "$dynamicAnchor", true); p.DynamicAnchors != want {
				t.Fatalf("%s: DynamicAnchors of %s = %v, want %v", in, root, p.DynamicAnchors, want)
			}
			if p.NestedIDs {
				nested++
			}
			if p.DynamicAnchors {
				anchored++
			}
		}
	}
	t.Logf("%d schemas, %d nested, %d anchored", checked, nested, anchored)
	if checked < 1000 || nested == 0 || anchored == 0 || nested == checked || anchored == checked {
		t.Errorf("%d schemas, %d in documents with nested $id, %d with $dynamicAnchor: the inputs do not exercise both answers",
			checked, nested, anchored)
	}
}

// hasMember reports whether an object in v has the member key; at the root
// too when root is set.
func hasMember(v any, key string, root bool) bool {
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x[key]; ok && root {
			return true
		}
		for _, m := range x {
			if hasMember(m, key, true) {
				return true
			}
		}
	case []any:
		for _, m := range x {
			if hasMember(m, key, true) {
				return true
			}
		}
	}
	return false
}
