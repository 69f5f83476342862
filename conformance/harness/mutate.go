package harness

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The property test: decode a valid instance, change the Go value at random
// (flip a boolean, shorten a string, drop an item, clear a pointer …), and
// check that Validate agrees with santhosh-tekuri on json.Marshal of the
// result: Validate returns nil if and only if what json.Marshal writes is
// valid (and fails when json.Marshal fails).

var rawType = reflect.TypeFor[json.RawMessage]()

// site is a place in a value that can be changed.
type site struct {
	v reflect.Value // addressable
}

// sites lists the changeable places in v, depth first; unexported fields
// (the state of envgenrt.Nullable) are left alone.
func sites(v reflect.Value, out []site, depth int) []site {
	if depth > 50 {
		return out
	}
	switch v.Kind() {
	case reflect.Pointer:
		out = append(out, site{v})
		if !v.IsNil() {
			out = sites(v.Elem(), out, depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = sites(v.Field(i), out, depth+1)
			}
		}
	case reflect.Slice:
		out = append(out, site{v})
		if v.Type() != rawType {
			for i := range v.Len() {
				out = sites(v.Index(i), out, depth+1)
			}
		}
	case reflect.Map:
		out = append(out, site{v})
	case reflect.Bool, reflect.String, reflect.Int64, reflect.Float64:
		out = append(out, site{v})
	}
	return out
}

// change applies one random change at s.
func (s site) change(rng *rand.Rand) {
	v := s.v
	if !v.CanSet() {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.String:
		switch rng.IntN(4) {
		case 0:
			v.SetString("")
		case 1:
			v.SetString(v.String() + "x")
		case 2:
			if r := []rune(v.String()); len(r) > 0 {
				v.SetString(string(r[:len(r)-1]))
			}
		default:
			v.SetString("😀" + v.String())
		}
	case reflect.Int64:
		deltas := []int64{1, -1, 100, -v.Int(), 1 << 40}
		v.SetInt(v.Int() + deltas[rng.IntN(len(deltas))])
	case reflect.Float64:
		deltas := []float64{0.5, -1, 0.1, -2 * v.Float(), 1e6}
		v.SetFloat(v.Float() + deltas[rng.IntN(len(deltas))])
	case reflect.Pointer:
		if v.IsNil() || rng.IntN(2) == 0 {
			v.Set(reflect.New(v.Type().Elem()))
		} else {
			v.SetZero()
		}
	case reflect.Slice:
		if v.Type() == rawType {
			texts := []string{`null`, `0`, `1.5`, `"x"`, `{}`, `[]`, `true`, `{"a":1}`}
			v.SetBytes([]byte(texts[rng.IntN(len(texts))]))
			return
		}
		switch n := v.Len(); {
		case n > 0 && rng.IntN(3) == 0:
			v.Set(v.Slice(0, n-1))
		case n > 0 && rng.IntN(2) == 0:
			v.Set(reflect.Append(v, v.Index(0)))
		case rng.IntN(2) == 0:
			v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
		default:
			v.SetZero()
		}
	case reflect.Map:
		keys := v.MapKeys()
		if len(keys) > 0 && rng.IntN(2) == 0 {
			v.SetMapIndex(keys[rng.IntN(len(keys))], reflect.Value{})
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		v.SetMapIndex(reflect.ValueOf("zz").Convert(v.Type().Key()), reflect.Zero(v.Type().Elem()))
	}
}

// mutate decodes data, changes it once to three times, and compares the
// verdicts; it returns the disagreement, if any.
func mutate(g Group, data []byte, sch *jsonschema.Schema, rng *rand.Rand) *Mismatch {
	v, err := decode(g, data)
	if err != nil {
		return nil
	}
	for range 1 + rng.IntN(3) {
		ss := sites(reflect.ValueOf(v), nil, 0)
		if len(ss) == 0 {
			break
		}
		ss[rng.IntN(len(ss))].change(rng)
	}
	verr := v.(Validator).Validate()
	out, merr := json.Marshal(v)
	m := &Mismatch{Instance: out}
	if verr != nil {
		m.Validate = oneLine(verr.Error())
	}
	if merr != nil {
		if verr == nil {
			m.Instance, _ = json.Marshal(merr.Error())
			m.Santhosh = "json.Marshal failed: " + merr.Error()
			return m
		}
		return nil
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		m.Santhosh = "not JSON: " + err.Error()
		return m
	}
	if serr := sch.Validate(inst); serr != nil {
		m.Santhosh = oneLine(serr.Error())
	}
	if (m.Validate == "") == (m.Santhosh == "") {
		return nil
	}
	return m
}
