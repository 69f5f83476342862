package envgenrt

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

// item is a generated type in small: AppendJSON fails for a negative N, as
// a nested value's AppendJSON can.
type item struct{ N int64 }

func (x item) AppendJSON(b []byte) ([]byte, error) {
	if x.N < 0 {
		return b, &json.UnsupportedValueError{Str: "negative"}
	}
	return AppendInt(b, x.N), nil
}

// TestObjectWritesAsMarshal: every member an Object writes, present and
// absent, is what encoding/json writes for the same fields with omitzero.
func TestObjectWritesAsMarshal(t *testing.T) {
	s, i, f, yes, three := "a<\"b", int64(-7), 0.5, true, int64(3)
	type all struct {
		S  string           `json:"s"`
		SP *string          `json:"sp,omitzero"`
		I  int64            `json:"i"`
		IP *int64           `json:"ip,omitzero"`
		B  bool             `json:"b"`
		BP *bool            `json:"bp,omitzero"`
		F  float64          `json:"f"`
		FP *float64         `json:"fp,omitzero"`
		SS []string         `json:"ss,omitzero"`
		NS Nullable[string] `json:"ns,omitzero"`
		NI Nullable[int64]  `json:"ni,omitzero"`
		NB Nullable[bool]   `json:"nb,omitzero"`
		M  int64            `json:"m"`
		MP *int64           `json:"mp,omitzero"`
		MS []int64          `json:"ms,omitzero"`
	}
	write := func(v all) ([]byte, error) {
		o := NewObject([]byte("x"))
		o.String(`"s":`, v.S)
		o.StringPtr(`"sp":`, v.SP)
		o.Int(`"i":`, v.I)
		o.IntPtr(`"ip":`, v.IP)
		o.Bool(`"b":`, v.B)
		o.BoolPtr(`"bp":`, v.BP)
		o.Float(`"f":`, v.F)
		o.FloatPtr(`"fp":`, v.FP)
		o.Strings(`"ss":`, v.SS)
		o.NullableString(`"ns":`, v.NS)
		o.NullableInt(`"ni":`, v.NI)
		o.NullableBool(`"nb":`, v.NB)
		Member(&o, `"m":`, item{v.M})
		var mp *item
		if v.MP != nil {
			mp = &item{*v.MP}
		}
		PtrMember(&o, `"mp":`, mp)
		var ms []item
		if v.MS != nil {
			ms = []item{}
		}
		for _, n := range v.MS {
			ms = append(ms, item{n})
		}
		SliceMember(&o, `"ms":`, ms)
		return o.End()
	}
	for _, v := range []all{
		{},
		{S: s, SP: &s, I: i, IP: &i, B: yes, BP: &yes, F: f, FP: &f, SS: []string{s, ""}, NS: Value(s), NI: Value(i),
			NB: Value(yes), M: 3, MP: &three, MS: []int64{1, 2}},
		{SS: []string{}, NS: NullValue[string](), NI: NullValue[int64](), NB: NullValue[bool](), MS: []int64{}},
	} {
		got, err := write(v)
		want, _ := json.Marshal(v) // (an item is written as its N)
		if err != nil || string(got) != "x"+string(want) {
			t.Errorf("got %s (%v), want x%s", got, err, want)
		}
	}
}

// probe is a generated type that counts its AppendJSON calls in *calls and
// fails when fail is set, with an error of its own on each call.
type probe struct {
	calls *int
	fail  bool
}

func (x probe) AppendJSON(b []byte) ([]byte, error) {
	*x.calls++
	if x.fail {
		return b, &json.UnsupportedValueError{Str: "probe"}
	}
	return append(b, '0'), nil
}

// TestObjectKeepsFirstError: after a member fails, End returns its error.
// Each accessor is called after each kind of first error: a member that can
// fail writes nothing after it and calls no AppendJSON, whether it would
// fail or not, so it neither replaces the error nor clears it; the others
// write and leave it as it is.
func TestObjectKeepsFirstError(t *testing.T) {
	nan, half, s, i, yes := math.NaN(), 0.5, "a", int64(1), true
	calls := 0
	good, bad := probe{calls: &calls}, probe{calls: &calls, fail: true}
	type accessor struct {
		name     string
		fallible bool
		call     func(o *Object)
	}
	accessors := []accessor{
		{"Float", true, func(o *Object) { o.Float(`"f":`, half) }},
		{"Float(NaN)", true, func(o *Object) { o.Float(`"f":`, nan) }},
		{"FloatPtr", true, func(o *Object) { o.FloatPtr(`"f":`, &half) }},
		{"FloatPtr(NaN)", true, func(o *Object) { o.FloatPtr(`"f":`, &nan) }},
		{"Member", true, func(o *Object) { Member(o, `"m":`, good) }},
		{"Member(failing)", true, func(o *Object) { Member(o, `"m":`, bad) }},
		{"PtrMember", true, func(o *Object) { PtrMember(o, `"m":`, &good) }},
		{"PtrMember(failing)", true, func(o *Object) { PtrMember(o, `"m":`, &bad) }},
		{"SliceMember", true, func(o *Object) { SliceMember(o, `"m":`, []probe{good}) }},
		{"SliceMember(failing)", true, func(o *Object) { SliceMember(o, `"m":`, []probe{bad}) }},
		{"String", false, func(o *Object) { o.String(`"s":`, s) }},
		{"StringPtr", false, func(o *Object) { o.StringPtr(`"s":`, &s) }},
		{"Int", false, func(o *Object) { o.Int(`"i":`, i) }},
		{"IntPtr", false, func(o *Object) { o.IntPtr(`"i":`, &i) }},
		{"Bool", false, func(o *Object) { o.Bool(`"b":`, yes) }},
		{"BoolPtr", false, func(o *Object) { o.BoolPtr(`"b":`, &yes) }},
		{"Strings", false, func(o *Object) { o.Strings(`"ss":`, []string{s}) }},
		{"NullableString", false, func(o *Object) { o.NullableString(`"n":`, Value(s)) }},
		{"NullableInt", false, func(o *Object) { o.NullableInt(`"n":`, Value(i)) }},
		{"NullableBool", false, func(o *Object) { o.NullableBool(`"n":`, Value(yes)) }},
	}
	listed := map[string]bool{"End": true}
	for _, a := range accessors {
		name, _, _ := strings.Cut(a.name, "(")
		listed[name] = true
	}
	for m := range reflect.TypeFor[*Object]().Methods() { // a method added later is listed here too
		if !listed[m.Name] {
			t.Errorf("Object.%s is not called after a first error", m.Name)
		}
	}
	for _, first := range accessors {
		o := NewObject(nil)
		if first.call(&o); o.err == nil { // no error to keep
			continue
		}
		for _, later := range accessors {
			o := NewObject(nil)
			o.String(`"s":`, s)
			first.call(&o)
			want, before := o.err, string(o.b)
			calls = 0
			later.call(&o)
			b, err := o.End()
			if err != want {
				t.Errorf("%s after %s: End gave %v, want %s's error %v", later.name, first.name, err, first.name, want)
			}
			if later.fallible && (string(b) != before || calls != 0) {
				t.Errorf("%s after %s: wrote %q to %q and called AppendJSON %d times, want nothing", later.name, first.name,
					b[min(len(before), len(b)):], before, calls)
			}
			if !later.fallible && len(b) == len(before) {
				t.Errorf("%s after %s: wrote nothing", later.name, first.name)
			}
		}
	}
}
