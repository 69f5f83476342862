package load

import (
	"errors"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/internal/synthetic"
)

// walkReference is walkSchemas as it was written first, keyword list by
// keyword list, with every pointer built: the order the new walk must keep.
func walkReference(doc any, ptr string, fn func(ptr string, obj map[string]any)) {
	obj, ok := doc.(map[string]any)
	if !ok {
		return
	}
	fn(ptr, obj)
	for _, kw := range schemaKeywords {
		if v, ok := obj[kw]; ok {
			walkReference(v, ptr+"/"+kw, fn)
		}
	}
	for _, kw := range schemaArrayKeywords {
		if arr, ok := obj[kw].([]any); ok {
			for i, v := range arr {
				walkReference(v, ptr+"/"+kw+"/"+strconv.Itoa(i), fn)
			}
		}
	}
	for _, kw := range schemaMapKeywords {
		m, ok := obj[kw].(map[string]any)
		if !ok {
			continue
		}
		for _, k := range sortedKeys(m) {
			walkReference(m[k], ptr+"/"+kw+"/"+escape(k), fn)
		}
	}
}

// TestWalkSchemasOrder: walkSchemas visits the same objects in the same order
// with the same pointers as walkReference, on every JSON schema of the
// repository, the synthetic benchmark schema, and one that puts every
// keyword, escapes in keys and both forms of items together.
func TestWalkSchemasOrder(t *testing.T) {
	docs := map[string][]byte{
		"synthetic": synthetic.Schema(30),
		"all": []byte(`{"items":[{"a":1},{"items":{"not":{}}}],"prefixItems":[{}],"additionalItems":{"x":1},
			"properties":{"a/b~c":{"if":{},"then":{},"else":{}},"z":{"$defs":{"q":{"contains":{}}}}},
			"patternProperties":{"^x":{}},"dependentSchemas":{"d":{}},"dependencies":{"e":{},"f":["g"]},
			"definitions":{"h":true,"i":{"allOf":[{},{"anyOf":[{}]}],"oneOf":[{}]}},
			"contentSchema":{},"propertyNames":{},"unevaluatedItems":{},"unevaluatedProperties":{},
			"additionalProperties":{"not":{"items":{}}}}`),
	}
	root := filepath.Join("..", "..", "..")
	for _, dir := range []string{"golden", "schemas", "dialects"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
				data, err := os.ReadFile(path)
				if err == nil {
					docs[path] = data
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	type visit struct {
		ptr string
		obj map[string]any
	}
	for name, data := range docs {
		doc, err := decodeJSON(data)
		if err != nil {
			continue
		}
		var want, got []visit
		walkReference(doc, "", func(ptr string, obj map[string]any) { want = append(want, visit{ptr, obj}) })
		walkSchemas(doc, func(ptr func() string, obj map[string]any, _ uint64) { got = append(got, visit{ptr(), obj}) })
		if len(want) < 20 && name == "all" || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: walkSchemas visits\n%v\nwant\n%v", name, got, want)
		}
	}
}

// TestWalkListsCoverDrafts: the keyword lists are kept in several places,
// and a drift between them fails nowhere else. Every subschema location of
// every draft is in the walk's list of its kind, so that walkSchemas visits
// it and collect, reading walk masks, descends into it.
func TestWalkListsCoverDrafts(t *testing.T) {
	lists := map[string][]string{"": schemaKeywords, "*": schemaMapKeywords, "[]": schemaArrayKeywords}
	for _, d := range []*draft{draft4, draft6, draft7, draft2019, draft2020} {
		for _, p := range d.specs {
			if p.bits == 0 || p.bits&^subschemaBits != 0 {
				t.Errorf("draft %d: %s has walk bits %#x, want some of %#x", d.version, p.kw, p.bits, subschemaBits)
			}
			if !slices.Contains(lists[p.kind], p.kw) {
				t.Errorf("draft %d: %s (kind %q) is not in the walk's list of its kind", d.version, p.kw, p.kind)
			}
		}
	}
}

// TestRefusedKeywords: every keyword of refused is refused, wherever it is,
// by its location, where the draft in force reads it as a keyword (2019-09,
// or no draft declared, with a hint to declare one), and generates where it
// is an annotation (2020-12, draft-07 declared; a nested resource's own
// $schema counts); and it is in no other list of the walk (one bit in walk
// masks: a keyword both walked into and refused would have two).
func TestRefusedKeywords(t *testing.T) {
	const (
		d2019 = `"$schema": "https://json-schema.org/draft/2019-09/schema", `
		d2020 = `"$schema": "https://json-schema.org/draft/2020-12/schema", `
		d7    = `"$schema": "http://json-schema.org/draft-07/schema#", `
	)
	for _, kw := range refusedOrder {
		if n := bits.OnesCount64(walkBits[kw]); n != 1 {
			t.Errorf("%s has %d bits in walk masks, want 1", kw, n)
		}
		// Each draft's metaschema holds the value: 2019-09's $recursiveAnchor
		// is a boolean, 2020-12's (deprecated, an annotation) a string.
		value, value2019 := `"#"`, `"#"`
		if kw == "$recursiveAnchor" {
			value, value2019 = `"a"`, "true"
		}
		sub, sub2019 := `{"items": {"`+kw+`": `+value+`}}`, `{"items": {"`+kw+`": `+value2019+`}}`
		tests := []struct {
			name, doc, ptr, hint string // ptr "": generates
		}{
			{"2019-09", `{` + d2019 + `"$defs": {"a": ` + sub2019 + `}}`, "/$defs/a/items/" + kw, refused[kw]},
			{"no draft declared", `{"$defs": {"a": ` + sub + `}}`, "/$defs/a/items/" + kw, refused[kw] + "; where it is an annotation"},
			{"2020-12", `{` + d2020 + `"$defs": {"a": ` + sub + `}}`, "", ""},
			{"draft-07", `{` + d7 + `"definitions": {"a": ` + sub + `}}`, "", ""},
			{"a 2019-09 resource in a 2020-12 document", `{` + d2020 + `"$defs": {"a": {"$id": "a.json", ` + d2019 + `"items": {"` + kw + `": ` + value2019 + `}}}}`,
				"/$defs/a/items/" + kw, refused[kw]},
			{"a 2020-12 resource in a 2019-09 document", `{` + d2019 + `"$defs": {"a": {"$id": "a.json", ` + d2020 + `"items": {"` + kw + `": ` + value + `}}}}`, "", ""},
			// The resource in force decides, not the document's root; a
			// resource without $schema has its enclosing resource's draft.
			{"a 2020-12 resource in a document that declares no draft", `{"$defs": {"a": {"$id": "a.json", ` + d2020 + `"items": {"` + kw + `": ` + value + `}}}}`, "", ""},
			{"a resource without $schema in a 2020-12 document", `{` + d2020 + `"$defs": {"a": {"$id": "a.json", "items": {"` + kw + `": ` + value + `}}}}`, "", ""},
			{"a resource without $schema in a 2019-09 document", `{` + d2019 + `"$defs": {"a": {"$id": "a.json", "items": {"` + kw + `": ` + value2019 + `}}}}`,
				"/$defs/a/items/" + kw, refused[kw]},
		}
		for _, tc := range tests {
			write(t, map[string]string{"s.json": tc.doc})
			_, err := Load(Options{Inputs: []string{"s.json"}})
			var me *model.Error
			switch {
			case tc.ptr == "" && err != nil:
				t.Errorf("%s, %s: %v, want it to generate (an annotation)", kw, tc.name, err)
			case tc.ptr == "":
			case !errors.As(err, &me) || me.Loc.Pointer != tc.ptr || me.Message != `unsupported keyword "`+kw+`"` || !strings.HasPrefix(me.Hint, tc.hint):
				t.Errorf("%s, %s: %v, want it refused at %s with the hint %q", kw, tc.name, err, tc.ptr, tc.hint)
			case tc.hint == refused[kw] && me.Hint != refused[kw]:
				t.Errorf("%s, %s: hint %q, want %q", kw, tc.name, me.Hint, refused[kw])
			}
		}
	}
}

// TestWalkBits: each keyword of the walk lists has bits of its own in walk
// masks (one a list it is in: items has two), and each mask that collect
// and defEntries.add test holds the bits of its keywords and no other's. Every
// keyword of collectKeywords is in a mask but $ref: collect reads $ref only
// where an identifier keyword has already let it look (getID, under bitsID;
// collectAnchors, under bitsAnchors), so a wrong bit for $ref (another
// keyword's, or one a mask tests) shows here and nowhere else.
func TestWalkBits(t *testing.T) {
	lists := slices.Concat(schemaKeywords, schemaArrayKeywords, schemaMapKeywords, collectKeywords, refusedOrder)
	var taken uint64 // the bits of the keywords before
	for _, kw := range slices.Compact(slices.Sorted(slices.Values(lists))) {
		b := walkBits[kw]
		if want := len(slices.DeleteFunc(slices.Clone(lists), func(l string) bool { return l != kw })); bits.OnesCount64(b) != want {
			t.Errorf("%s has %d bits in walk masks, want %d", kw, bits.OnesCount64(b), want)
		}
		if b&taken != 0 {
			t.Errorf("%s shares bits %#x with another keyword", kw, b&taken)
		}
		taken |= b
	}
	subschemas := slices.Concat(schemaKeywords, schemaArrayKeywords, schemaMapKeywords)
	masks := []struct {
		name string
		mask uint64
		kws  []string
	}{
		{"bitSchema", bitSchema, []string{"$schema"}},
		{"bitsID", bitsID, []string{"$id", "id"}},
		{"bitsAnchors", bitsAnchors, []string{"$id", "id", "$anchor", "$dynamicAnchor"}},
		{"bitsPatterns", bitsPatterns, []string{"pattern", "patternProperties"}},
		{"bitsDefs", bitsDefs, []string{"$defs", "definitions"}},
		{"bitsRefused", bitsRefused, refusedOrder},
		{"subschemaBits", subschemaBits, subschemas},
	}
	inMask := map[string]bool{}
	for _, m := range masks {
		var want uint64
		for _, kw := range m.kws {
			want |= walkBits[kw]
			inMask[kw] = true
		}
		if m.mask != want {
			t.Errorf("%s is %#x, want %#x, the bits of %v", m.name, m.mask, want, m.kws)
		}
	}
	for _, kw := range collectKeywords {
		if inMask[kw] != (kw != "$ref") {
			t.Errorf("%s: in a mask %v, want %v", kw, inMask[kw], kw != "$ref")
		}
	}
}
