package model

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// TestNamedOrder: Named gives the order of a stable sort by Go name, then
// location, on random spaces where types share names and locations.
func TestNamedOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	files := []string{"a.json", "b.json", "ab.json", "a"}
	ptrs := []string{"", "/x", "/x/y", "/$defs/a"}
	names := []string{"", "A", "B", "AB"}
	for range 2000 {
		space := &Space{}
		for range r.IntN(40) {
			a := &Any{}
			a.Named = r.IntN(4) > 0
			a.Loc = Location{File: files[r.IntN(len(files))], Pointer: ptrs[r.IntN(len(ptrs))]}
			a.Name.Go = names[r.IntN(len(names))]
			space.Add(a)
		}
		var want []Type
		for _, t := range space.Types {
			if t != nil && t.Base().Named {
				want = append(want, t)
			}
		}
		sort.SliceStable(want, func(i, j int) bool {
			a, b := want[i].Base(), want[j].Base()
			if a.Name.Go != b.Name.Go {
				return a.Name.Go < b.Name.Go
			}
			return a.Loc.Compare(b.Loc) < 0
		})
		if got := space.Named(); !slices.Equal(got, want) {
			t.Fatal("Named is not the stable order by name, then location")
		}
	}
}
