package compat

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

var allTypes = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// typeSet is the types a schema allows; nil when it says none.
func typeSet(m map[string]any) []string {
	switch t := m["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func covers(set []string, t string) bool {
	return set == nil || slices.Contains(set, t) || (t == "integer" && slices.Contains(set, "number"))
}

// sample is a value of type t.
func sample(t string) []any {
	switch t {
	case "null":
		return []any{nil}
	case "boolean":
		return []any{true}
	case "integer":
		return []any{json.Number("0"), json.Number("1")}
	case "number":
		return []any{json.Number("0.5"), json.Number("1.5")}
	case "string":
		return []any{"a", ""}
	case "array":
		return []any{[]any{}}
	}
	return []any{map[string]any{}}
}

// types: "type narrowed" (a type no longer allowed), "type widened".
func (w *walker) types(o, n node, steps []step) {
	ot, nt := typeSet(o.obj()), typeSet(n.obj())
	if reflect.DeepEqual(ot, nt) {
		return
	}
	var removed, added []string
	for _, t := range allTypes {
		if covers(ot, t) && !covers(nt, t) {
			removed = append(removed, t)
		}
		if covers(nt, t) && !covers(ot, t) {
			added = append(added, t)
		}
	}
	f := finding{old: o.child("type"), new: n.child("type"), steps: steps}
	for _, t := range removed {
		f.oldOnly = append(f.oldOnly, sample(t)...)
	}
	for _, t := range added {
		f.newOnly = append(f.newOnly, sample(t)...)
	}
	switch {
	case len(removed) > 0 && len(added) > 0:
		f.kind, f.dir = "type changed", narrows|widens
	case len(removed) > 0:
		f.kind, f.dir = "type narrowed", narrows
	case len(added) > 0:
		f.kind, f.dir = "type widened", widens
	default:
		return // the same types spelled otherwise
	}
	f.detail = fmt.Sprintf("type %s became %s", brief(o.obj()["type"]), brief(n.obj()["type"]))
	w.add(f)
}

// values: enum values added or removed, const changed.
func (w *walker) values(o, n node, steps []step) {
	om, nm := o.obj(), n.obj()
	if !reflect.DeepEqual(om["enum"], nm["enum"]) {
		oe, oHas := om["enum"].([]any)
		ne, nHas := nm["enum"].([]any)
		var removed, added []any
		for _, v := range oe {
			if nHas && !containsValue(ne, v) {
				removed = append(removed, v)
			}
		}
		for _, v := range ne {
			if oHas && !containsValue(oe, v) {
				added = append(added, v)
			}
		}
		f := finding{old: o.child("enum"), new: n.child("enum"), steps: steps, oldOnly: removed, newOnly: added}
		switch {
		case !oHas:
			f.kind, f.dir, f.detail = "enum added", narrows, "values are now limited to "+brief(ne)
			f.oldOnly = append(f.oldOnly, "envgen-not-listed", json.Number("-7"), nil, false)
		case !nHas:
			f.kind, f.dir, f.detail = "enum removed", widens, "values were limited to "+brief(oe)
			f.newOnly = append(f.newOnly, "envgen-not-listed", json.Number("-7"), nil, false)
		default:
			if len(removed) > 0 {
				w.add(finding{kind: "enum value removed", detail: "no longer allowed: " + brief(removed),
					old: f.old, new: f.new, steps: steps, dir: narrows, oldOnly: removed})
			}
			if len(added) > 0 {
				w.add(finding{kind: "enum value added", detail: "newly allowed: " + brief(added),
					old: f.old, new: f.new, steps: steps, dir: widens, newOnly: added})
			}
			return
		}
		w.add(f)
	}
	if oc, nc := om["const"], nm["const"]; !reflect.DeepEqual(oc, nc) {
		_, oHas := om["const"]
		_, nHas := nm["const"]
		f := finding{kind: "const changed", old: o.child("const"), new: n.child("const"), steps: steps,
			detail: fmt.Sprintf("const %s became %s", brief(oc), brief(nc))}
		switch {
		case oHas && nHas:
			f.dir, f.oldOnly, f.newOnly = narrows|widens, []any{oc}, []any{nc}
		case nHas:
			f.kind, f.dir, f.oldOnly = "const added", narrows, []any{"envgen-other", json.Number("-7"), nil}
		default:
			f.kind, f.dir, f.newOnly = "const removed", widens, []any{"envgen-other", json.Number("-7"), nil}
		}
		w.add(f)
	}
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if equalJSON(x, v) {
			return true
		}
	}
	return false
}

func equalJSON(a, b any) bool {
	if x, ok := a.(json.Number); ok {
		if y, ok := b.(json.Number); ok {
			return ratOf(x).Cmp(ratOf(y)) == 0
		}
	}
	return reflect.DeepEqual(a, b)
}

func ratOf(n json.Number) *big.Rat {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return new(big.Rat)
	}
	return r
}

// bound is a limit keyword: lower says a larger value is tighter; of says
// what the witness values are (numbers, string lengths, item or member
// counts).
type bound struct {
	lower     bool
	of        string
	exclusive bool
}

var bounds = map[string]bound{
	"minimum": {true, "number", false}, "maximum": {false, "number", false},
	"exclusiveMinimum": {true, "number", true}, "exclusiveMaximum": {false, "number", true},
	"minLength": {true, "string", false}, "maxLength": {false, "string", false},
	"minItems": {true, "array", false}, "maxItems": {false, "array", false},
	"minProperties": {true, "object", false}, "maxProperties": {false, "object", false},
	"multipleOf": {}, "uniqueItems": {},
}

// bounds: a limit tightened, loosened, added or removed.
func (w *walker) bounds(o, n node, steps []step) {
	om, nm := o.obj(), n.obj()
	for _, k := range sortedKeys(bounds) {
		ov, oHas := om[k]
		nv, nHas := nm[k]
		if equalJSON(ov, nv) || (!oHas && !nHas) {
			continue
		}
		f := finding{old: o.child(k), new: n.child(k), steps: steps,
			detail: fmt.Sprintf("%s %s became %s", k, brief(ov), brief(nv))}
		switch k {
		case "multipleOf":
			f.kind = "multipleOf changed"
			f.dir = unknown
			if !oHas {
				f.kind, f.dir = "bound added", narrows
			} else if !nHas {
				f.kind, f.dir = "bound removed", widens
			}
			vals := []any{json.Number("0.5"), json.Number("1"), json.Number("3"), json.Number("7"), json.Number("10"), json.Number("0.25")}
			f.oldOnly, f.newOnly = vals, vals
			w.add(f)
			continue
		case "uniqueItems":
			ou, _ := ov.(bool)
			nu, _ := nv.(bool)
			if ou == nu {
				continue
			}
			dup := []any{[]any{"a", "a"}, []any{json.Number("1"), json.Number("1")}, []any{nil, nil}}
			if nu {
				f.kind, f.dir, f.oldOnly = "bound tightened", narrows, dup
			} else {
				f.kind, f.dir, f.newOnly = "bound loosened", widens, dup
			}
			w.add(f)
			continue
		}
		b := bounds[k]
		on, _ := ov.(json.Number)
		nn, _ := nv.(json.Number)
		tighter := false
		switch {
		case !oHas:
			f.kind, f.dir = "bound added", narrows
		case !nHas:
			f.kind, f.dir = "bound removed", widens
		default:
			c := ratOf(nn).Cmp(ratOf(on))
			tighter = (c > 0) == b.lower
			if tighter {
				f.kind, f.dir = "bound tightened", narrows
			} else {
				f.kind, f.dir = "bound loosened", widens
			}
		}
		// Witnesses: values on either side of each limit.
		var near []any
		for _, lim := range []json.Number{on, nn} {
			if lim != "" {
				near = append(near, around(b, lim)...)
			}
		}
		f.oldOnly, f.newOnly = near, near
		w.add(f)
	}
}

// around are values at, just inside and just outside a limit.
func around(b bound, lim json.Number) []any {
	r := ratOf(lim)
	var out []any
	switch b.of {
	case "number":
		for _, d := range []string{"0", "-1", "1", "-1/2", "1/2", "-1/1000", "1/1000"} {
			x, _ := new(big.Rat).SetString(d)
			out = append(out, number(new(big.Rat).Add(r, x)))
		}
	case "string", "array", "object":
		n := int(r.Num().Int64())
		for _, k := range []int{n, n - 1, n + 1} {
			if k < 0 {
				continue
			}
			switch b.of {
			case "string":
				out = append(out, strings.Repeat("a", k))
			case "array":
				arr := make([]any, k)
				for i := range arr {
					arr[i] = json.Number(strconv.Itoa(i))
				}
				out = append(out, arr)
			default:
				obj := map[string]any{}
				for i := 0; i < k; i++ {
					obj[fmt.Sprintf("envgen%d", i)] = nil
				}
				out = append(out, obj)
			}
		}
	}
	return out
}

func number(r *big.Rat) json.Number {
	if r.IsInt() {
		return json.Number(r.Num().String())
	}
	return json.Number(strings.TrimRight(r.FloatString(12), "0"))
}

// strings: pattern added, removed or changed (decided only by a witness);
// format changed (an annotation unless asserted).
func (w *walker) strings(o, n node, steps []step) {
	om, nm := o.obj(), n.obj()
	probes := []any{"", "a", "A", "0", "-", " ", "_", "a b", "aaaaaaaaaaaaaaaa", "0a", "a0", "é", "@", "x-y", "1.0"}
	if op, np := om["pattern"], nm["pattern"]; !reflect.DeepEqual(op, np) {
		f := finding{old: o.child("pattern"), new: n.child("pattern"), steps: steps, oldOnly: probes, newOnly: probes,
			detail: fmt.Sprintf("pattern %s became %s", brief(op), brief(np))}
		switch {
		case op == nil:
			f.kind, f.dir = "pattern added", narrows
		case np == nil:
			f.kind, f.dir = "pattern removed", widens
		default:
			f.kind, f.dir = "pattern changed", unknown
		}
		w.add(f)
	}
	if of, nf := om["format"], nm["format"]; !reflect.DeepEqual(of, nf) {
		w.add(finding{kind: "format changed", old: o.child("format"), new: n.child("format"), steps: steps,
			detail: fmt.Sprintf("format %s became %s (an annotation unless asserted)", brief(of), brief(nf))})
	}
}
