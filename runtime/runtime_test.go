package runtime

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type holder struct {
	N Nullable[int]      `json:"n,omitzero"`
	S Nullable[[]string] `json:"s,omitzero"`
}

func TestNullableRoundTrip(t *testing.T) {
	for _, c := range []struct {
		in             string
		absent, isNull bool
		value          int
	}{
		{in: `{}`, absent: true},
		{in: `{"n":null}`, isNull: true},
		{in: `{"n":0}`, value: 0},
		{in: `{"n":3}`, value: 3},
	} {
		var h holder
		if err := json.Unmarshal([]byte(c.in), &h); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		v, ok := h.N.Get()
		if h.N.IsZero() != c.absent || h.N.IsNull() != c.isNull || ok != (!c.absent && !c.isNull) || v != c.value {
			t.Errorf("%s: IsZero %v IsNull %v Get (%v, %v)", c.in, h.N.IsZero(), h.N.IsNull(), v, ok)
		}
		out, err := json.Marshal(h)
		if err != nil || string(out) != c.in {
			t.Errorf("%s: encoded as %s, %v", c.in, out, err)
		}
	}
}

func TestNullableConstructors(t *testing.T) {
	if n := Value([]string{}); n.IsZero() || n.IsNull() {
		t.Error("Value([]string{}) is absent or null")
	}
	b, _ := json.Marshal(holder{N: NullValue[int](), S: Value([]string{})})
	if string(b) != `{"n":null,"s":[]}` {
		t.Errorf("got %s", b)
	}
	// Without omitzero, an absent Nullable can only be written as null.
	b, _ = json.Marshal(struct{ N Nullable[int] }{})
	if string(b) != `{"N":null}` {
		t.Errorf("got %s", b)
	}
	var n Nullable[int]
	if err := json.Unmarshal([]byte(`"x"`), &n); err == nil {
		t.Error("a string decoded into Nullable[int]")
	}
}

// node checks that a type may hold a Nullable of itself.
type node struct {
	Next Nullable[node] `json:"next,omitzero"`
}

func TestNullableRecursive(t *testing.T) {
	var n node
	in := `{"next":{"next":null}}`
	if err := json.Unmarshal([]byte(in), &n); err != nil {
		t.Fatal(err)
	}
	if out, _ := json.Marshal(n); string(out) != in {
		t.Errorf("got %s", out)
	}
}

func TestNull(t *testing.T) {
	var s struct {
		Z Null `json:"z"`
	}
	if err := json.Unmarshal([]byte(`{"z": null}`), &s); err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(s); string(b) != `{"z":null}` {
		t.Errorf("got %s", b)
	}
	for _, in := range []string{`0`, `{}`, `""`, `false`} {
		var n Null
		if err := json.Unmarshal([]byte(in), &n); err == nil {
			t.Errorf("Null accepted %s", in)
		}
	}
}

func TestMarshalWithExtra(t *testing.T) {
	type known struct {
		A int `json:"a"`
	}
	for _, c := range []struct {
		known any
		extra map[string]int
		want  string
	}{
		{known{1}, map[string]int{"z": 2, "b": 3}, `{"a":1,"b":3,"z":2}`},
		{known{1}, nil, `{"a":1}`},
		{struct{}{}, map[string]int{"x": 1}, `{"x":1}`},
	} {
		b, err := MarshalWithExtra(c.known, c.extra, "a")
		if err != nil || string(b) != c.want {
			t.Errorf("%v + %v = %s, %v; want %s", c.known, c.extra, b, err, c.want)
		}
	}
	if _, err := MarshalWithExtra(known{1}, map[string]int{"a": 2}, "a"); err == nil {
		t.Error("an extra member named like a known one encoded")
	}
	if _, err := MarshalWithExtra(3, map[string]int{"x": 1}); err == nil {
		t.Error("a known part that is not an object encoded")
	}
}

func TestSplitExtra(t *testing.T) {
	var extra map[string]json.RawMessage
	if err := SplitExtra([]byte(`{"a":1,"c":[3],"b":null}`), &extra, "a"); err != nil {
		t.Fatal(err)
	}
	if want := map[string]json.RawMessage{"b": json.RawMessage("null"), "c": json.RawMessage("[3]")}; !reflect.DeepEqual(extra, want) {
		t.Errorf("got %s", extra)
	}
	if err := SplitExtra([]byte(`{"a":1}`), &extra, "a"); err != nil || extra != nil {
		t.Errorf("no extra members: %v, %v", extra, err)
	}
	var ints map[string]int
	err := SplitExtra([]byte(`{"y":"s","x":"t"}`), &ints)
	if err == nil || !strings.Contains(err.Error(), `"x"`) {
		t.Errorf("err = %v, want one about member x (the first by name)", err)
	}
	for _, in := range []string{`null`, `[]`, `1`} {
		if err := SplitExtra([]byte(in), &extra); err == nil {
			t.Errorf("SplitExtra accepted %s", in)
		}
	}
}

func TestDiscriminator(t *testing.T) {
	for in, want := range map[string]string{
		`{"kind":"\u0063ircle","r":1}`: `"circle"`,
		`{"kind":1.0}`:                 `1`,
		`{"kind":null}`:                `null`,
	} {
		if got, err := Discriminator([]byte(in), "kind"); err != nil || got != want {
			t.Errorf("%s: %s, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{`{"r":1}`, `[]`, `null`, `"kind"`} {
		if _, err := Discriminator([]byte(in), "kind"); err == nil {
			t.Errorf("Discriminator accepted %s", in)
		}
	}
}

func TestDecodeStrict(t *testing.T) {
	type point struct {
		X int `json:"x"`
	}
	var p point
	if err := DecodeStrict([]byte(`{"x":1}`), &p); err != nil || p.X != 1 {
		t.Errorf("got %+v, %v", p, err)
	}
	for _, in := range []string{`{"x":1,"y":2}`, `{"x":1} {}`, `null`, `"x"`} {
		if err := DecodeStrict([]byte(in), new(point)); err == nil {
			t.Errorf("DecodeStrict accepted %s", in)
		}
	}
	if err := DecodeStrict([]byte(`null`), new(string)); err == nil {
		t.Error("null decoded into a string")
	}
	if err := DecodeStrict([]byte(`null`), new(Null)); err != nil {
		t.Errorf("null into Null: %v", err)
	}
	n := new(Nullable[int])
	if err := DecodeStrict([]byte(`null`), n); err != nil || !n.IsNull() {
		t.Errorf("null into Nullable: %v", err)
	}
}

func TestTuples(t *testing.T) {
	items, err := TupleItems([]byte(`[1, "a", null]`), 2, 3)
	if err != nil || len(items) != 3 || string(items[1]) != `"a"` {
		t.Errorf("got %s, %v", items, err)
	}
	for _, c := range []struct {
		in       string
		min, max int
	}{{`[1]`, 2, 3}, {`[1,2,3,4]`, 0, 3}, {`{}`, 0, -1}, {`null`, 0, -1}} {
		if _, err := TupleItems([]byte(c.in), c.min, c.max); err == nil {
			t.Errorf("TupleItems accepted %s for %d..%d items", c.in, c.min, c.max)
		}
	}
	if _, err := TupleItems([]byte(`[1,2,3,4,5]`), 1, -1); err != nil {
		t.Errorf("unbounded: %v", err)
	}
	var rest []int
	if err := DecodeItems(items[:0], &rest); err != nil || rest != nil {
		t.Errorf("no items: %v, %v", rest, err)
	}
	if err := DecodeItems([]json.RawMessage{json.RawMessage("1"), json.RawMessage("2")}, &rest); err != nil || !reflect.DeepEqual(rest, []int{1, 2}) {
		t.Errorf("got %v, %v", rest, err)
	}
	if err := DecodeItems([]json.RawMessage{json.RawMessage(`"x"`)}, &rest); err == nil || !strings.Contains(err.Error(), "item 0") {
		t.Errorf("err = %v", err)
	}
}

func TestCanonicalJSON(t *testing.T) {
	for in, want := range map[string]string{
		`1.0`:                               `1`,
		`1e2`:                               `100`,
		`1.50`:                              `1.5`,
		`-0`:                                `0`,
		`1E-3`:                              `0.001`,
		`-2.5e+1`:                           `-25`,
		`123456789012345678901234`:          `123456789012345678901234`,
		`1e999999999`:                       `1e999999999`,
		` { "b" : 1, "a" : [true, null] } `: `{"a":[true,null],"b":1}`,
		`"<&>\u00e9\n"`:                     `"<&>é\n"`,
	} {
		if got, err := CanonicalJSON([]byte(in)); err != nil || got != want {
			t.Errorf("CanonicalJSON(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{``, `1 2`, `{`, `nul`} {
		if _, err := CanonicalJSON([]byte(in)); err == nil {
			t.Errorf("CanonicalJSON accepted %q", in)
		}
	}
	if _, err := RawJSON(""); err == nil {
		t.Error(`RawJSON("") succeeded`)
	}
	if b, err := RawJSON(`"a"`); err != nil || string(b) != `"a"` {
		t.Errorf("RawJSON: %s, %v", b, err)
	}
}
