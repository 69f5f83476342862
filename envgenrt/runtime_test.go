package envgenrt

import (
	"encoding/json"
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

// chain checks that a type may hold a Nullable of itself.
type chain struct {
	Next Nullable[chain] `json:"next,omitzero"`
}

func TestNullableRecursive(t *testing.T) {
	var n chain
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
	if _, err := AppendText(nil, ""); err == nil {
		t.Error(`AppendText("") succeeded`)
	}
	if b, err := AppendText(nil, `"a"`); err != nil || string(b) != `"a"` {
		t.Errorf("AppendText: %s, %v", b, err)
	}
}

// TestAppendNullableMember checks the three states of an optional nullable
// member against what encoding/json writes for the same field with omitzero.
func TestAppendNullableMember(t *testing.T) {
	for _, v := range []Nullable[string]{{}, NullValue[string](), Value("a\"b")} {
		got := string(EndObject(AppendNullableMember([]byte("{"), `"note":`, v, AppendString)))
		want, err := json.Marshal(struct {
			Note Nullable[string] `json:"note,omitzero"`
		}{v})
		if err != nil || got != string(want) {
			t.Errorf("got %s, want %s (%v)", got, want, err)
		}
	}
}
