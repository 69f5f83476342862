package schemas_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/compat"
	"github.com/envgen/envgen/schemas"
)

// TestReleasedCompatible holds the canonical schemas to their releases:
// full compatibility with the current version's (released/v2), and
// backward compatibility with v1's (see testV1Backward).
func TestReleasedCompatible(t *testing.T) {
	t.Run("current full", testCurrentFull)
	t.Run("v1 backward", testV1Backward)
}

// testCurrentFull holds every canonical schema to full (backward and
// forward) compatibility with its last release of the current version, in
// released/<version>/: a change that would break clients of it needs a new
// version. A change that cannot be proven either way fails too.
func testCurrentFull(t *testing.T) {
	version := strings.TrimSuffix(strings.TrimPrefix(schemas.BaseURI, "https://envgen.dev/schemas/"), "/")
	dir := filepath.Join("released", version)
	old, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(old) == 0 {
		t.Skipf("no released schemas of %s in %s: a new version starts here", version, dir)
	}
	for _, o := range old {
		cur := filepath.Base(o)
		if _, err := os.Stat(cur); err != nil {
			t.Errorf("%s was released in %s and is gone: its clients break", cur, version)
			continue
		}
		r, err := compat.Compare(compat.Options{Old: o, New: cur, Mode: compat.Full})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict() != compat.Compatible {
			t.Errorf("%s is not compatible with its %s release; bump the version or undo the change:\n%s", cur, version, r.Text())
		}
	}
}

// v1Breaks are the changes since v1 that v1 clients cannot read, each
// "file kind at": v2 added meta.source (see released/README.md), which a
// strict v1 reader (additionalProperties false) refuses. In envelope.json the
// member sits under the dynamic payload anchor, where the compatibility
// rules cannot prove either way.
var v1Breaks = []string{
	"envelope.json member added /meta/source",
	"meta.json member added /source",
}

// testV1Backward holds the schemas of today to backward compatibility with
// v1: every envelope v1 accepted, v2 accepts. The forward breaks (v2
// documents that v1 refuses) must be exactly v1Breaks, so any other break
// still fails.
func testV1Backward(t *testing.T) {
	old, err := filepath.Glob(filepath.Join("released", "v1", "*.json"))
	if err != nil || len(old) == 0 {
		t.Fatalf("no released v1 schemas: %v", err)
	}
	var breaks []string
	for _, o := range old {
		cur := filepath.Base(o)
		if _, err := os.Stat(cur); err != nil {
			t.Errorf("%s was released in v1 and is gone: its clients break", cur)
			continue
		}
		r, err := compat.Compare(compat.Options{Old: o, New: cur, Mode: compat.Full})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Changes {
			if c.Backward != compat.Compatible {
				t.Errorf("%s: a v1 document v2 may refuse (%s): %s at %s: %s", cur, c.Backward, c.Kind, c.At, c.Detail)
			}
			if c.Verdict != compat.Compatible {
				breaks = append(breaks, fmt.Sprintf("%s %s %s", cur, c.Kind, c.At))
			}
		}
	}
	slices.Sort(breaks)
	if !slices.Equal(breaks, v1Breaks) {
		t.Errorf("forward breaks against v1 are %q, want exactly %q", breaks, v1Breaks)
	}
}
