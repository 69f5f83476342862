package model

import (
	"strings"
	"testing"
)

// TestLocationCompare: Compare orders as the Strings do, also where one file
// name is a prefix of the other and the byte after it sorts before or after
// the '#' that ends the shorter one.
func TestLocationCompare(t *testing.T) {
	files := []string{"", "a", "a.json", "a!", "a#", "a#b", "b", "a/x.json"}
	ptrs := []string{"", "/", "/$defs/a", "/$defs/b", "#", "b"}
	var locs []Location
	for _, f := range files {
		for _, p := range ptrs {
			locs = append(locs, Location{File: f, Pointer: p})
		}
	}
	for _, l := range locs {
		for _, m := range locs {
			if got, want := l.Compare(m), strings.Compare(l.String(), m.String()); got != want {
				t.Errorf("%q.Compare(%q) = %d, want %d", l, m, got, want)
			}
		}
	}
}
