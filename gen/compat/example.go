package compat

import (
	"encoding/json"
	"maps"
	"math/big"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/envgen/envgen/envgenrt"
)

func jsonNumber(s string) json.Number { return json.Number(s) }

// minimal is a small value the schema at n accepts, as far as simple
// reasoning goes; the validators decide whether it does.
func (s *side) minimal(n node, depth int) any {
	n = s.resolve(n)
	m := n.obj()
	if m == nil || depth > 16 {
		return nil
	}
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[0]
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if bs, ok := m[kw].([]any); ok && len(bs) > 0 {
			v := s.minimal(n.child(kw, "0"), depth+1)
			if obj, ok := v.(map[string]any); ok {
				if own, ok := s.object(n, m, depth).(map[string]any); ok {
					maps.Copy(obj, own)
				}
			}
			return v
		}
	}
	switch pickType(m) {
	case "object":
		return s.object(n, m, depth)
	case "array":
		k := intOf(m["minItems"])
		arr := make([]any, k)
		for i := range arr {
			arr[i] = s.minimal(n.child("items"), depth+1)
		}
		return arr
	case "string":
		return stringFor(m)
	case "integer", "number":
		return numberFor(m)
	case "boolean":
		return false
	}
	return nil
}

func (s *side) object(n node, m map[string]any, depth int) any {
	obj := map[string]any{}
	props, _ := m["properties"].(map[string]any)
	for _, r := range strs(m["required"]) {
		if _, ok := props[r]; ok {
			obj[r] = s.minimal(n.child("properties", r), depth+1)
		} else {
			obj[r] = s.minimal(n.child("additionalProperties"), depth+1)
		}
	}
	for i := len(obj); i < intOf(m["minProperties"]); i++ {
		obj["envgen"+strconv.Itoa(i)] = nil
	}
	return obj
}

func pickType(m map[string]any) string {
	ts := typeSet(m)
	if ts == nil {
		switch {
		case m["properties"] != nil || m["required"] != nil || m["additionalProperties"] != nil:
			return "object"
		case m["items"] != nil || m["minItems"] != nil:
			return "array"
		case m["pattern"] != nil || m["minLength"] != nil || m["maxLength"] != nil:
			return "string"
		case m["minimum"] != nil || m["maximum"] != nil || m["exclusiveMinimum"] != nil || m["exclusiveMaximum"] != nil || m["multipleOf"] != nil:
			return "number"
		}
		return "null"
	}
	for _, t := range []string{"object", "array", "string", "integer", "number", "boolean", "null"} {
		for _, x := range ts {
			if x == t {
				return t
			}
		}
	}
	return "null"
}

func intOf(v any) int {
	if n, ok := v.(json.Number); ok {
		if i, err := strconv.Atoi(string(n)); err == nil && i >= 0 && i < 1000 {
			return i
		}
	}
	return 0
}

func stringFor(m map[string]any) string {
	cands := []string{strings.Repeat("a", intOf(m["minLength"]))}
	if p, ok := m["pattern"].(string); ok {
		re, err := envgenrt.CompileECMA(p)
		if err != nil {
			return cands[0]
		}
		for _, c := range append(cands, "a", "0", "A", "a0", "abc", "a-b", "x_y", "2026-01-01", "aaaaaaaa") {
			if re.MatchString(c) {
				return c
			}
		}
	}
	return cands[0]
}

func numberFor(m map[string]any) any {
	r := new(big.Rat)
	if v, ok := m["minimum"].(json.Number); ok {
		r = ratOf(v)
	} else if v, ok := m["exclusiveMinimum"].(json.Number); ok {
		r = new(big.Rat).Add(ratOf(v), big.NewRat(1, 1))
	} else if v, ok := m["maximum"].(json.Number); ok && ratOf(v).Sign() < 0 {
		r = ratOf(v)
	}
	if !r.IsInt() {
		// round up to an integer: integer schemas need one
		q := new(big.Int).Quo(r.Num(), r.Denom())
		r = new(big.Rat).SetInt(q.Add(q, big.NewInt(1)))
	}
	if mo, ok := m["multipleOf"].(json.Number); ok {
		step := ratOf(mo)
		if step.Sign() > 0 {
			q := new(big.Rat).Quo(r, step)
			k := new(big.Int).Quo(q.Num(), q.Denom())
			if !q.IsInt() {
				k.Add(k, big.NewInt(1))
			}
			r = new(big.Rat).Mul(new(big.Rat).SetInt(k), step)
		}
	}
	return number(r)
}

// build is a document that reaches the place steps lead to, with leaf
// there: the schema's minimal value along the way.
func (s *side) build(n node, steps []step, leaf func(node) any) any {
	n = s.resolve(n)
	if len(steps) == 0 {
		return leaf(n)
	}
	st := steps[0]
	child := s.build(st.child(n), steps[1:], leaf)
	switch st.kw {
	case "anyOf", "oneOf":
		if obj, ok := child.(map[string]any); ok {
			if own, ok := s.object(n, n.obj(), 0).(map[string]any); ok {
				for k, v := range own {
					if _, set := obj[k]; !set {
						obj[k] = v
					}
				}
			}
		}
		return child
	case "items":
		base, _ := s.minimal(n, 0).([]any)
		if len(base) == 0 {
			base = []any{nil}
		}
		base[0] = child
		return base
	}
	obj, _ := s.minimal(n, 0).(map[string]any)
	if obj == nil {
		obj = map[string]any{}
	}
	name := st.name
	if st.kw == "additionalProperties" {
		name = "envgen_extra"
	}
	obj[name] = child
	return obj
}

// witness is a document that from accepts and to rejects, from the
// finding's candidates, or nil.
func (w *walker) witness(f finding, from, to *side, cands []any) json.RawMessage {
	for _, c := range cands {
		leaf := func(n node) any {
			switch x := c.(type) {
			case absent:
				obj, _ := from.minimal(n, 0).(map[string]any)
				if obj == nil {
					return nil
				}
				delete(obj, string(x))
				return obj
			case member:
				obj, _ := from.minimal(n, 0).(map[string]any)
				if obj == nil {
					obj = map[string]any{}
				}
				obj[x.name] = x.v
				return obj
			}
			return c
		}
		doc, err := json.Marshal(from.build(node{v: from.doc}, f.steps, leaf))
		if err != nil {
			continue
		}
		if accepts(from, doc) && !accepts(to, doc) {
			return doc
		}
	}
	return nil
}

func accepts(s *side, doc []byte) bool {
	errs, err := s.v.Validate(doc)
	return err == nil && len(errs) == 0
}

// judge gives a finding its verdicts and witnesses.
func (w *walker) judge(f finding, mode Mode) Change {
	c := Change{Kind: f.kind, Detail: f.detail, At: at(f.steps),
		Old: w.old.where(f.old), New: w.new.where(f.new),
		Backward: Compatible, Forward: Compatible}
	if f.dir&(narrows|unknown) != 0 {
		c.Backward = Unproven
		if c.OldOnly = w.witness(f, &w.old, &w.new, f.oldOnly); c.OldOnly != nil {
			c.Backward = Incompatible
		}
	}
	if f.dir&(widens|unknown) != 0 {
		c.Forward = Unproven
		if c.NewOnly = w.witness(f, &w.new, &w.old, f.newOnly); c.NewOnly != nil {
			c.Forward = Incompatible
		}
	}
	c.Verdict = modeVerdict(mode, c.Backward, c.Forward)
	return c
}

// where is file#pointer of a node.
func (s *side) where(n node) string {
	if n.file == "" {
		return s.file + "#" + n.ptr
	}
	return filepath.ToSlash(filepath.Join(filepath.Dir(s.file), n.file)) + "#" + n.ptr
}
