package naming

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
)

// TestNamedByLocation: namedByLocation is the order Assign used before, the
// space's Named() list stably sorted by location, on random spaces where
// types share locations and some already have names.
func TestNamedByLocation(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	files := []string{"a.json", "b.json", "ab.json", "a"}
	ptrs := []string{"", "/x", "/x/y", "/$defs/a", "/$defs/b"}
	names := []string{"", "", "A", "B", "C"}
	for range 2000 {
		space := &model.Space{}
		for range r.IntN(30) {
			a := &model.Any{}
			a.Named = r.IntN(4) > 0
			a.Loc = model.Location{File: files[r.IntN(len(files))], Pointer: ptrs[r.IntN(len(ptrs))]}
			a.Name.Go = names[r.IntN(len(names))]
			space.Add(a)
		}
		want := space.Named()
		sort.SliceStable(want, func(i, j int) bool { return want[i].Base().Loc.Compare(want[j].Base().Loc) < 0 })
		if got := namedByLocation(space); !slices.Equal(got, want) {
			t.Fatalf("namedByLocation gives %v, want %v", ids(got), ids(want))
		}
	}
}

func ids(ts []model.Type) []model.TypeID {
	var out []model.TypeID
	for _, t := range ts {
		out = append(out, t.Base().ID)
	}
	return out
}
