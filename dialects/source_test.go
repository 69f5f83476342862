package dialects

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
)

// TestSourceRestores records what a document has beyond its way back, deep
// values and array items included, and applying the record to the way back
// gives the document again.
func TestSourceRestores(t *testing.T) {
	doc := `{"a": {"deep": {"x": [1, {"y": null}]}, "s": "kept"}, "list": [1, 2, 3], "n": null, "same": 1.0}`
	back := `{"a": {"s": "other", "gone": true}, "list": [1, 2], "same": 1, "extra": 0}`
	x, _ := parse([]byte(doc))
	y, _ := parse([]byte(back))
	r := &recorder{kept: map[string]envelope.SourceValue{}}
	r.walk(x, y, "")
	s := &envelope.Source{Convention: "scalpel", Kept: r.kept, Absent: r.absent}
	if err := s.Validate(); err != nil {
		t.Fatalf("not a valid meta.source: %v\n%s", err, mustJSON(s))
	}
	want := `{"convention":"scalpel","kept":{"/a/deep":{},"/a/deep/x":[],"/a/deep/x/0":1,"/a/deep/x/1":{"y":null},"/a/s":"kept","/list":[1,2,3],"/n":null},"absent":["/a/gone","/extra"]}`
	if got := string(mustJSON(s)); got != want {
		t.Errorf("recorded %s\nwant     %s", got, want)
	}
	out, err := applySource(parseOrNil(back), s)
	if err != nil {
		t.Fatal(err)
	}
	z, _ := parse(out)
	if d := diff(x, z); len(d) > 0 {
		t.Errorf("applied, differs at %q: %s", d, out)
	}
}

func parseOrNil(s string) any {
	v, _ := parse([]byte(s))
	return v
}

// TestSourceBounds keeps to meta.json's bounds: at most 64 kept values, a
// value whole or not at all, no string over 2,000 characters.
func TestSourceBounds(t *testing.T) {
	var members []string
	for i := range 70 {
		members = append(members, fmt.Sprintf(`"m%02d": %d`, i, i))
	}
	members = append(members, `"long": "`+strings.Repeat("x", 2001)+`"`)
	x, _ := parse([]byte("{" + strings.Join(members, ",") + "}"))
	r := &recorder{kept: map[string]envelope.SourceValue{}}
	r.walk(x, map[string]any{}, "")
	if len(r.kept) != sourceMaxEntries {
		t.Errorf("kept %d values, want %d", len(r.kept), sourceMaxEntries)
	}
	if _, ok := r.kept["/long"]; ok {
		t.Error("kept a string over 2,000 characters")
	}
	s := &envelope.Source{Convention: "foundry", Kept: r.kept}
	if err := s.Validate(); err != nil {
		t.Errorf("not a valid meta.source: %v", err)
	}
}

// TestSourceStale applies a meta.source that does not fit the document: an
// entry whose parent is gone is skipped, and the conversion still gives a
// valid document.
func TestSourceStale(t *testing.T) {
	c := []byte(`{"success": true, "data": {"a": 1}, "meta": {"source": {"convention": "foundry",
		"kept": {"/nowhere/deep": 1, "/meta/pagination": {"page": 2}, "/data/a": "x"}, "absent": ["/meta/none"]}}}`)
	out, err := Convert(Canonical, "foundry", c)
	if err != nil {
		t.Fatal(err)
	}
	if vs := mustValidate(t, foundryDialect.schema, out); len(vs) > 0 {
		t.Fatalf("not valid: %v", vs)
	}
	if got := string(out); !strings.Contains(got, `"a":"x"`) || !strings.Contains(got, `"page":2`) || strings.Contains(got, "nowhere") {
		t.Errorf("got %s", out)
	}
}

func TestComparePointers(t *testing.T) {
	ptrs := []string{"/a/10", "/a/2", "/a", "/b", "/a/2/x", ""}
	slices.SortFunc(ptrs, comparePointers)
	if want := []string{"", "/a", "/a/2", "/a/2/x", "/a/10", "/b"}; !slices.Equal(ptrs, want) {
		t.Errorf("got %q, want %q", ptrs, want)
	}
}

// TestSourceProfile converts a Code Scalpel document to canonical and back
// in a profile: meta.source restores the document when it is in that
// profile, and the profile asked for wins when it is not.
func TestSourceProfile(t *testing.T) {
	doc := []byte(`{"data": 1, "request_id": "has spaces"}`)
	c, err := Convert("scalpel", Canonical, doc)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Convert(Canonical, "scalpel", c)
	if err != nil {
		t.Fatal(err)
	}
	assertSameJSON(t, "back in no profile", back, doc)
	r, err := ConvertWith(Canonical, "scalpel", c, Options{Profile: "minimal"})
	if err != nil {
		t.Fatal(err)
	}
	if vs := mustValidate(t, "scalpel/minimal.json", r.Output); len(vs) > 0 || strings.Contains(string(r.Output), "has spaces") {
		t.Errorf("not the minimal profile: %s %v", r.Output, vs)
	}
}
