package typescript

import (
	"testing"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// TestEmittersMatchRegistry: this backend has an emitter for each entry of
// the keyword registry, and none for a keyword the registry does not list.
func TestEmittersMatchRegistry(t *testing.T) {
	missing, extra := keywords.Diff(emitters())
	for _, name := range missing {
		t.Errorf("no emitter for %s", name)
	}
	for _, name := range extra {
		t.Errorf("an emitter for %s, which the registry does not list", name)
	}
	if len(ordered) != len(keywords.Registry()) {
		t.Errorf("%d emitters in order, %d entries", len(ordered), len(keywords.Registry()))
	}
}
