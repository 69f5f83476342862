package golang

import (
	"fmt"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
)

// TestUnionHoldsNullIsLinear: whether a union holds null is decided by
// walking each union once, however the unions reach each other. Before the
// memo, a chain d_i = anyOf[d_{i-1}, d_{i-1}] took 2^n steps and a cycle of
// three unions never finished.
func TestUnionHoldsNullIsLinear(t *testing.T) {
	t.Run("chain", func(t *testing.T) {
		for _, leaf := range []model.ScalarKind{model.ScalarInteger, model.ScalarNull} {
			b := newSpace()
			prev := b.add(&model.Union{Branches: []model.Ref{b.scalar(leaf)}}, "c.json", "/$defs/d0", "D0")
			const n = 40
			for i := 1; i <= n; i++ {
				prev = b.add(&model.Union{Branches: []model.Ref{ref(prev), ref(prev)}}, "c.json", fmt.Sprintf("/$defs/d%d", i), fmt.Sprintf("D%d", i))
			}
			r := newRenderer(b.s, Options{Package: "api"})
			d := &decl{renderer: r}
			want := leaf == model.ScalarNull
			if got := d.unionHoldsNull(b.s.Get(prev).(*model.Union)); got != want {
				t.Errorf("leaf %v: holds null %v, want %v", leaf, got, want)
			}
			if r.unionVisits > n+1 {
				t.Errorf("leaf %v: %d unions walked for %d unions", leaf, r.unionVisits, n+1)
			}
		}
	})
	t.Run("cycle", func(t *testing.T) {
		b := newSpace()
		a := &model.Union{}
		bu := &model.Union{}
		c := &model.Union{}
		aID, bID, cID := b.add(a, "c.json", "/$defs/a", "A"), b.add(bu, "c.json", "/$defs/b", "B"), b.add(c, "c.json", "/$defs/c", "C")
		a.Branches = []model.Ref{ref(bID), ref(cID), b.scalar(model.ScalarInteger)}
		bu.Branches = []model.Ref{ref(aID), ref(cID), b.scalar(model.ScalarString)}
		c.Branches = []model.Ref{ref(aID), ref(bID), b.scalar(model.ScalarBoolean)}
		r := newRenderer(b.s, Options{Package: "api"})
		d := &decl{renderer: r}
		for _, u := range []*model.Union{a, bu, c} {
			if d.unionHoldsNull(u) {
				t.Errorf("%s holds null", u.Loc.Pointer)
			}
		}
		if r.unionVisits != 3 {
			t.Errorf("%d unions walked, want 3", r.unionVisits)
		}
		c.Branches = append(c.Branches, b.scalar(model.ScalarNull))
		r = newRenderer(b.s, Options{Package: "api"})
		d = &decl{renderer: r}
		for _, u := range []*model.Union{a, bu, c} {
			if !d.unionHoldsNull(u) {
				t.Errorf("%s: a null branch in c, but it does not hold null", u.Loc.Pointer)
			}
		}
	})
}
