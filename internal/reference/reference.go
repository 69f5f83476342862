// Package reference finds ../shared/reference: the JSON-Schema-Test-Suite,
// the seed conventions' published schemas and the MCP specification's
// schema, which tests read where they are rather than from copies.
package reference

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
)

// Dir is $ENVGEN_REFERENCE, else the folder shared/reference beside the
// checkout (found from the working directory up to envgen's go.mod). A test
// that asks for it fails without it: a skip would pass for a test that ran.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("ENVGEN_REFERENCE")
	if dir == "" {
		root, ok := moduleRoot()
		if !ok {
			tb.Fatal("reference schemas: not inside the envgen checkout; set ENVGEN_REFERENCE")
		}
		dir = filepath.Join(root, "..", "shared", "reference")
	}
	if _, err := os.Stat(dir); err != nil {
		tb.Fatalf("reference schemas not found at %s (set ENVGEN_REFERENCE): %v", dir, err)
	}
	return dir
}

// moduleRoot is the nearest folder at or above the working directory whose
// go.mod declares github.com/envgen/envgen.
func moduleRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if f, err := os.Open(filepath.Join(dir, "go.mod")); err == nil {
			s := bufio.NewScanner(f)
			first := s.Scan() && s.Text() == "module github.com/envgen/envgen"
			f.Close()
			if first {
				return dir, true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}
