// Package reference finds the reference material that tests and tools read
// where it is rather than from copies: the JSON-Schema-Test-Suite, the seed
// conventions' published schemas, the MCP specification's schemas and the
// SchemaStore corpus. It is one folder, $ENVGEN_REFERENCE, else
// shared/reference beside the checkout (../shared/reference from the root),
// and every caller names the part it needs.
//
// In a bare clone the folder is absent: [Require] skips the test with a
// message and appends a line to the file $ENVGEN_SKIPS names (make test sets
// it and ends with one line summing those up). With CI=true a missing folder
// fails the test instead: CI must not pass by skipping.
package reference

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The parts of the reference folder.
const (
	JSONSchemaTestSuite = "JSON-Schema-Test-Suite" // draft 2020-12 tests and remotes, pinned in PROVENANCE.txt
	Upstream            = "upstream"               // the conventions' published schemas
	MCPSpec             = "mcp-spec"               // the MCP specification's schema.json, per revision
	SchemaStore         = "schemastore"            // real-world schemas with valid and invalid instances
	// Seeds are the five envelope conventions envgen unifies, shared/seeds:
	// beside the reference folder, not in it.
	Seeds = "../seeds"
)

// Env is the variable that overrides where the reference folder is.
const Env = "ENVGEN_REFERENCE"

// SkipsEnv names the file a skip is recorded in, one line each:
// "part<TAB>test name". Read only when a test skips.
const SkipsEnv = "ENVGEN_SKIPS"

// Path returns the folder of the named part, or an error that says where it
// was looked for and how to point at it.
func Path(part string) (string, error) {
	dir := os.Getenv(Env)
	if dir == "" {
		root, ok := moduleRoot()
		if !ok {
			return "", fmt.Errorf("reference %s: not inside the envgen checkout, and $%s is not set", part, Env)
		}
		dir = filepath.Join(root, "..", "shared", "reference")
	}
	p, err := filepath.Abs(filepath.Join(dir, part))
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("reference %s not found at %s: set $%s to the folder that holds it", part, p, Env)
	}
	return p, nil
}

// Require returns the folder of the named part. When it is missing the test
// skips, and the skip is recorded in $ENVGEN_SKIPS; with CI=true it fails.
func Require(tb testing.TB, part string) string {
	tb.Helper()
	p, err := Path(part)
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("%v (CI=true: a missing reference folder fails)", err)
		return ""
	}
	if rerr := record(part, tb.Name()); rerr != nil {
		tb.Errorf("recording the skip: %v", rerr)
	}
	tb.Skipf("skipped: %v", err)
	return ""
}

// record appends a skip to the file $ENVGEN_SKIPS, if set. The variable is
// read only here, so a package whose tests skipped is not cached by go test
// when the file changes from run to run (make test names a new one each
// time), and its skips are recorded again; a package that found everything
// is cached as usual.
func record(part, test string) error {
	name := os.Getenv(SkipsEnv)
	if name == "" {
		return nil
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%s\t%s\n", part, test)
	return errors.Join(err, f.Close())
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
