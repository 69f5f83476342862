package compat

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
)

// closed says whether an object schema refuses members it does not list.
func closed(m map[string]any) bool {
	ap, ok := m["additionalProperties"]
	if !ok {
		return false
	}
	b, isBool := ap.(bool)
	return isBool && !b
}

func trivial(v any) bool {
	if b, ok := v.(bool); ok {
		return b
	}
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k := range m {
		if !annotations[k] {
			return false
		}
	}
	return true
}

func strs(v any) []string {
	var out []string
	if arr, ok := v.([]any); ok {
		for _, x := range arr {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// generic are values of every type, tried where a rule has nothing better.
var generic = []any{nil, true, "envgen", numberOf(-7), numberOf(0.5), []any{}, map[string]any{}, numberOf(3)}

func numberOf(f float64) any { return jsonNumber(strconv.FormatFloat(f, 'f', -1, 64)) }

// objects: members added or removed, required added or removed,
// additionalProperties closed or opened; common members are compared.
func (w *walker) objects(o, n node, steps []step) {
	om, nm := o.obj(), n.obj()
	op, _ := om["properties"].(map[string]any)
	np, _ := nm["properties"].(map[string]any)
	sub := func(kw, name string) []step { return append(slices.Clip(steps), step{kw: kw, name: name}) }
	for _, name := range sortedKeys(union(op, np)) {
		_, inOld := op[name]
		_, inNew := np[name]
		switch {
		case inOld && inNew:
			w.walk(o.child("properties", name), n.child("properties", name), sub("properties", name))
		case inNew: // added
			f := finding{kind: "member added", old: o.child("properties"), new: n.child("properties", name),
				steps: sub("properties", name)}
			if closed(om) {
				f.detail, f.dir = fmt.Sprintf("%q is now allowed; the old schema refuses unknown members", name), widens
				f.newOnly = append([]any{w.new.minimal(n.child("properties", name), 0)}, generic...)
			} else if !trivial(np[name]) {
				f.detail, f.dir = fmt.Sprintf("%q now has a schema; the old schema took any value", name), narrows
				f.oldOnly = generic
			} else {
				f.detail = fmt.Sprintf("%q is now listed, with any value", name)
			}
			w.add(f)
		default: // removed
			f := finding{kind: "member removed", old: o.child("properties", name), new: n.child("properties"),
				steps: sub("properties", name)}
			if closed(nm) {
				f.detail, f.dir = fmt.Sprintf("%q is no longer allowed; the new schema refuses unknown members", name), narrows
				f.oldOnly = append([]any{w.old.minimal(o.child("properties", name), 0)}, generic...)
			} else if !trivial(op[name]) {
				f.detail, f.dir = fmt.Sprintf("%q lost its schema; the new schema takes any value", name), widens
				f.newOnly = generic
			} else {
				f.detail = fmt.Sprintf("%q is no longer listed; it took any value", name)
			}
			w.add(f)
		}
	}
	oreq, nreq := strs(om["required"]), strs(nm["required"])
	for _, r := range nreq {
		if !slices.Contains(oreq, r) {
			w.add(finding{kind: "required added", detail: fmt.Sprintf("%q is now required", r),
				old: o.child("required"), new: n.child("required"), steps: steps, dir: narrows,
				oldOnly: []any{absent(r)}})
		}
	}
	for _, r := range oreq {
		if !slices.Contains(nreq, r) {
			w.add(finding{kind: "required removed", detail: fmt.Sprintf("%q is no longer required", r),
				old: o.child("required"), new: n.child("required"), steps: steps, dir: widens,
				newOnly: []any{absent(r)}})
		}
	}
	oap, nap := om["additionalProperties"], nm["additionalProperties"]
	if reflect.DeepEqual(oap, nap) {
		return
	}
	extra := append([]any{}, generic...)
	f := finding{old: o.child("additionalProperties"), new: n.child("additionalProperties"), steps: steps}
	for _, v := range extra {
		f.oldOnly = append(f.oldOnly, member{"envgen_extra", v})
		f.newOnly = append(f.newOnly, member{"envgen_extra", v})
	}
	switch {
	case closed(nm) && !closed(om):
		f.kind, f.dir, f.detail = "additionalProperties closed", narrows, "unknown members are now refused"
	case closed(om) && !closed(nm):
		f.kind, f.dir, f.detail = "additionalProperties opened", widens, "unknown members are now allowed"
	case trivial(oap) || oap == nil:
		f.kind, f.dir, f.detail = "additionalProperties narrowed", narrows, "unknown members now have a schema"
	case trivial(nap) || nap == nil:
		f.kind, f.dir, f.detail = "additionalProperties widened", widens, "unknown members may now be anything"
	default:
		w.walk(o.child("additionalProperties"), n.child("additionalProperties"), append(slices.Clip(steps), step{kw: "additionalProperties"}))
		return
	}
	w.add(f)
}

// absent is a witness value: the object at the change's place without the
// member name; member a member added to it.
type absent string

type member struct {
	name string
	v    any
}

// unions: branches of anyOf and oneOf added or removed; branches at the
// same index are compared. A branch added to oneOf can make a document
// match two branches, so it is decided only by a witness.
func (w *walker) unions(o, n node, steps []step) {
	for _, kw := range []string{"anyOf", "oneOf"} {
		ob, _ := o.obj()[kw].([]any)
		nb, _ := n.obj()[kw].([]any)
		if reflect.DeepEqual(ob, nb) {
			continue
		}
		if ob == nil || nb == nil {
			w.add(finding{kind: kw + " changed", detail: fmt.Sprintf("%s %s became %s", kw, brief(o.obj()[kw]), brief(n.obj()[kw])),
				old: o.child(kw), new: n.child(kw), steps: steps, dir: unknown, oldOnly: generic, newOnly: generic})
			continue
		}
		for i := 0; i < max(len(ob), len(nb)); i++ {
			is := strconv.Itoa(i)
			switch {
			case i < len(ob) && i < len(nb):
				w.walk(o.child(kw, is), n.child(kw, is), append(slices.Clip(steps), step{kw: kw, name: is}))
			case i < len(nb):
				f := finding{kind: "branch added", detail: fmt.Sprintf("%s has a new branch %d", kw, i),
					old: o.child(kw), new: n.child(kw, is), steps: steps, dir: widens,
					newOnly: append([]any{w.new.minimal(n.child(kw, is), 0)}, generic...)}
				if kw == "oneOf" {
					f.dir |= unknown
					f.oldOnly = f.newOnly
				}
				w.add(f)
			default:
				f := finding{kind: "branch removed", detail: fmt.Sprintf("%s lost its branch %d", kw, i),
					old: o.child(kw, is), new: n.child(kw), steps: steps, dir: narrows,
					oldOnly: append([]any{w.old.minimal(o.child(kw, is), 0)}, generic...)}
				if kw == "oneOf" {
					f.dir |= unknown
					f.newOnly = f.oldOnly
				}
				w.add(f)
			}
		}
	}
}
