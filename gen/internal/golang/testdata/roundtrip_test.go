// This file is copied next to the package that TestGeneratedCode renders from
// fullSpace, and run there with go test: it checks the behaviour the package
// doc of gen/internal/golang promises.

package api

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/envgen/envgen/envgenrt"
)

// sameJSON fails unless a and b are the same JSON value, member order aside
// and numbers compared by value.
func sameJSON(t *testing.T, got, want []byte) {
	t.Helper()
	canonical := func(b []byte) string {
		s, err := envgenrt.CanonicalJSON(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		return s
	}
	if canonical(got) != canonical(want) {
		t.Errorf("JSON differs\n got: %s\nwant: %s", got, want)
	}
}

// roundTrip decodes in into a new T, encodes it again, wants the same JSON,
// and returns the decoded value.
func roundTrip[T any](t *testing.T, in string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(in), &v); err != nil {
		t.Fatalf("decode %s: %v", in, err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encode %s: %v", in, err)
	}
	sameJSON(t, out, []byte(in))
	return v
}

const fullResult = `{
	"query": "q", "cursor": null, "list": null, "payload": {"x": [1, 2.5]}, "nothing": null,
	"severity": "info", "ratio": null, "version": "v1", "shape": {"kind": "box", "side": 2},
	"note": null, "optList": [], "maybeNothing": null, "-": "dash", "mixed": null, "anonEnum": "x",
	"value": {"kind": "circle", "radius": 1}, "loose": 1.5, "point": [1, 2, "a", null, 7, 8],
	"pair": ["p", [1]], "tree": {"name": "root", "children": [{"name": "kid"}], "next": null},
	"counts": {"total": 3, "a": 1}, "page": {"items": ["info"], "cursor": 5},
	"defaultPage": {"items": [1, "x"], "cursor": null, "after": "c"},
	"nested": {"k": [null, {"kind": "circle", "radius": 2}]}, "blob": null, "raw": null,
	"requestId": "r1", "tags": [], "labels": {}, "scores": {"a": 1}, "level": 2, "total": 0
}`

func TestEnvelopeRoundTrip(t *testing.T) {
	in := `{"success": true, "data": ` + fullResult + `, "error": null,
		"warnings": [{"code": "slow", "extra": 1, "more": {"a": [1, 2]}}], "meta": {"requestId": "m"}}`
	env := roundTrip[SearchEnvelope](t, in)
	r := env.Data
	switch {
	case !env.Error.IsNull():
		t.Error("error: null did not stay null")
	case env.Next != nil:
		t.Error("next: absent did not stay absent")
	case env.Meta == nil || env.Meta.RequestID != "m":
		t.Errorf("meta = %+v", env.Meta)
	case len(env.Warnings) != 1 || len(env.Warnings[0].Extra) != 2 || string(env.Warnings[0].Extra["extra"]) != "1":
		t.Errorf("warnings = %+v", env.Warnings)
	case r.Cursor != nil || r.List != nil || r.Ratio != nil:
		t.Error("required nullable members: null is not nil")
	case !r.Note.IsNull() || !r.MaybeNothing.IsNull() || !r.Mixed.IsNull():
		t.Error("optional nullable members: null is not null")
	case r.OptList.IsZero() || r.OptList.IsNull():
		t.Error("optList: [] is not a value")
	case r.Tags == nil || r.Labels == nil:
		t.Error("an empty slice or map decoded as nil")
	case r.Shape.Square == nil || r.Shape.Square.Kind != SquareKindBox || r.Shape.Circle != nil:
		t.Errorf("shape = %+v", r.Shape)
	case r.Level == nil || *r.Level != Level2 || !r.Level.Valid():
		t.Errorf("level = %v", r.Level)
	case r.Total == nil || *r.Total != 0:
		t.Error("total: 0 is not a present zero")
	case r.Counts.Extra["a"] != 1:
		t.Errorf("counts = %+v", r.Counts)
	case r.Tree.Children[0].Name != "kid" || !r.Tree.Next.IsNull() || r.Tree.Parent != nil:
		t.Errorf("tree = %+v", r.Tree)
	case r.Page.Items[0] != SeverityInfo || r.Page.Cursor == nil || *r.Page.Cursor != 5:
		t.Errorf("page = %+v", r.Page)
	case r.Nested["k"][0] != nil || r.Nested["k"][1].Radius != 2:
		t.Errorf("nested = %+v", r.Nested)
	}
	if v, ok := r.Value.Get(); !ok || v.Circle == nil || v.Circle.Radius != 1 {
		t.Errorf("value = %+v", r.Value)
	}
	if l, ok := r.Loose.Get(); !ok || l.Int != nil {
		t.Errorf("loose = %+v", r.Loose)
	} else if n, ok := l.Num.Get(); !ok || n != 1.5 {
		t.Errorf("loose = %+v", l.Num)
	}
	if p := r.Point; p.V0 != 1 || *p.V2 != "a" || !p.V3.IsNull() || !reflect.DeepEqual(p.Rest, []int64{7, 8}) {
		t.Errorf("point = %+v", p)
	}
}

func TestAbsentStaysAbsent(t *testing.T) {
	in := `{"success": false, "data": {"query": "q", "cursor": "c", "list": ["a"], "payload": null,
		"nothing": null, "severity": "warning", "ratio": 0.5, "version": "v1", "shape": {"kind": "circle", "radius": 1}}}`
	env := roundTrip[SearchEnvelope](t, in)
	if !env.Error.IsZero() || env.Warnings != nil || env.Data.Total != nil || !env.Data.Note.IsZero() || env.Data.Raw != nil {
		t.Errorf("absent members are not zero: %+v", env)
	}
	if string(env.Data.Payload) != "null" {
		t.Errorf("payload = %s, want null", env.Data.Payload)
	}
}

func TestUnions(t *testing.T) {
	for _, in := range []string{`"s"`, `3`, `{"kind": "circle", "radius": 1}`, `null`} {
		roundTrip[Value](t, in)
	}
	var v Value
	if err := json.Unmarshal([]byte("null"), &v); err != nil || v.Null == nil {
		t.Errorf("null: %+v, %v", v, err)
	}
	for _, in := range []string{`true`, `1.5`, `{"kind": "circle", "radius": 1, "other": 1}`} {
		if err := json.Unmarshal([]byte(in), &v); err == nil {
			t.Errorf("Value accepted %s as %+v", in, v)
		}
	}
	if l := roundTrip[Loose](t, `2`); l.Int == nil || *l.Int != 2 {
		t.Errorf("anyOf: 2 did not take the first branch: %+v", l)
	}
	roundTrip[Loose](t, `null`)

	for _, in := range []string{`{"kind": "hexagon"}`, `{"side": 1}`, `[]`} {
		var s Shape
		if err := json.Unmarshal([]byte(in), &s); err == nil {
			t.Errorf("Shape accepted %s", in)
		}
	}
	c := &Circle{Kind: CircleKindCircle, Radius: 1}
	for _, s := range []Shape{{}, {Circle: c, Square: &Square{}}} {
		if _, err := json.Marshal(s); err == nil {
			t.Errorf("Shape %+v encoded", s)
		}
	}
	b, err := json.Marshal(Shape{Circle: c})
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, b, []byte(`{"kind":"circle","radius":1}`))
}

func TestTuples(t *testing.T) {
	for _, in := range []string{`[1, 2]`, `[1, 2, "a"]`, `[1, 2, "a", "b", 3]`} {
		roundTrip[Point](t, in)
	}
	for _, in := range []string{`[1]`, `{}`, `null`, `[1, 2, 3]`} {
		var p Point
		if err := json.Unmarshal([]byte(in), &p); err == nil {
			t.Errorf("Point accepted %s", in)
		}
	}
	for _, p := range []Point{{V3: envgenrt.Value("x")}, {Rest: []int64{1}, V2: new(string)}} {
		if _, err := json.Marshal(p); err == nil {
			t.Errorf("Point %+v with a gap encoded", p)
		}
	}
	roundTrip[Pair](t, `["a", []]`)
	var p Pair
	if err := json.Unmarshal([]byte(`["a", [], 1]`), &p); err == nil {
		t.Error("Pair accepted a third item")
	}
}

func TestExtra(t *testing.T) {
	w := roundTrip[Warning](t, `{"code": "c", "z": null, "a": "s"}`)
	if len(w.Extra) != 2 || string(w.Extra["z"]) != "null" {
		t.Errorf("extra = %v", w.Extra)
	}
	if w := roundTrip[Warning](t, `{"code": "c"}`); w.Extra != nil {
		t.Errorf("no extra members, but Extra = %v", w.Extra)
	}
	if _, err := json.Marshal(Warning{Code: "c", Extra: map[string]json.RawMessage{"code": json.RawMessage(`1`)}}); err == nil {
		t.Error("an extra member named like a known one encoded")
	}
	var c Counts
	if err := json.Unmarshal([]byte(`{"total": 1, "x": "s"}`), &c); err == nil {
		t.Error("Counts accepted a string extra member")
	}
}

func TestEnumsAndConsts(t *testing.T) {
	if m := roundTrip[Mixed](t, `1.0`); m != Mixed1 || !m.Valid() {
		t.Errorf("1.0 = %q", m)
	}
	if m := roundTrip[Mixed](t, `{ "b" : true }`); m != MixedObject {
		t.Errorf("object = %q", m)
	}
	if m := roundTrip[Mixed](t, `null`); m != MixedNull {
		t.Errorf("null = %q", m)
	}
	if _, err := json.Marshal(Mixed("")); err == nil {
		t.Error("the zero Mixed encoded")
	}
	if Severity("nope").Valid() || !SeverityWarning.Valid() || !VersionV1.Valid() || !RatioOneAndAHalf.Valid() {
		t.Error("Valid")
	}
}

func TestAnyAndNull(t *testing.T) {
	roundTrip[Blob](t, `{"a": [1, "<&>"]}`)
	if b, _ := json.Marshal(Blob(nil)); string(b) != "null" {
		t.Errorf("nil Blob = %s", b)
	}
	roundTrip[Nothing](t, `null`)
	var n Nothing
	if err := json.Unmarshal([]byte(`0`), &n); err == nil {
		t.Error("Nothing accepted 0")
	}
	if n := roundTrip[Node](t, `{"name": "a", "next": {"name": "b", "next": null}, "parent": {"name": "p"}}`); n.Next.IsZero() {
		t.Error("recursive nullable member lost")
	}
	if !strings.Contains(string(must(json.Marshal(Tags{}))), "[]") {
		t.Error("empty Tags")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
