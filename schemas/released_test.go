package schemas_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/compat"
	"github.com/envgen/envgen/schemas"
)

// TestReleasedCompatible holds every canonical schema to full (backward and
// forward) compatibility with its last released version, in
// released/<version>/: a change that would break v1 clients needs a new
// version. A change that cannot be proven either way fails too.
func TestReleasedCompatible(t *testing.T) {
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
