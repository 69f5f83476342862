package envgenrt

import (
	"encoding/json"
	"math"
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

// TestObjectKeepsFirstError: after a member fails, End returns its error,
// and no later member that can fail replaces it or calls AppendJSON.
func TestObjectKeepsFirstError(t *testing.T) {
	nan := math.NaN()
	o := NewObject(nil)
	o.String(`"s":`, "a")
	o.FloatPtr(`"f":`, &nan)
	first := o.err
	Member(&o, `"m":`, item{-1})
	SliceMember(&o, `"ms":`, []item{{-1}})
	o.Float(`"g":`, math.Inf(1))
	if _, err := o.End(); err == nil || err != first || err.Error() != "json: unsupported value: NaN" {
		t.Errorf("End gave %v, want the NaN's error", err)
	}
	o = NewObject(nil)
	PtrMember(&o, `"m":`, &item{-1})
	o.Float(`"f":`, nan)
	if _, err := o.End(); err == nil || err.Error() != "json: unsupported value: negative" {
		t.Errorf("End gave %v, want the item's error", err)
	}
}
