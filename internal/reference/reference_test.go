package reference

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTB records what Require does instead of stopping the test.
type fakeTB struct {
	testing.TB
	skipped, fatal string
}

func (f *fakeTB) Helper()                          {}
func (f *fakeTB) Name() string                     { return "TestSomething" }
func (f *fakeTB) Skipf(format string, args ...any) { f.skipped = fmt.Sprintf(format, args...) }
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.fatal = fmt.Sprintf(format, args...)
}

func TestRequireFound(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, Upstream), 0o755); err != nil {
		t.Fatal(err)
	}
	skips := filepath.Join(t.TempDir(), "skips.txt")
	t.Setenv(Env, dir)
	t.Setenv(SkipsEnv, skips)
	t.Setenv("CI", "true")
	f := &fakeTB{TB: t}
	if got := Require(f, Upstream); got != filepath.Join(dir, Upstream) || f.skipped != "" || f.fatal != "" {
		t.Errorf("Require = %q, skipped %q, fatal %q", got, f.skipped, f.fatal)
	}
	if _, err := os.Stat(skips); !os.IsNotExist(err) {
		t.Errorf("a found folder recorded a skip: %v", err)
	}
}

func TestRequireMissingSkipsAndRecords(t *testing.T) {
	empty := t.TempDir()
	skips := filepath.Join(t.TempDir(), "skips.txt")
	t.Setenv(Env, empty)
	t.Setenv(SkipsEnv, skips)
	t.Setenv("CI", "")
	for _, part := range []string{JSONSchemaTestSuite, MCPSpec} {
		f := &fakeTB{TB: t}
		if got := Require(f, part); got != "" || f.fatal != "" {
			t.Errorf("Require(%s) = %q, fatal %q", part, got, f.fatal)
		}
		want := "skipped: reference " + part + " not found at " + filepath.Join(empty, part) + ": set $ENVGEN_REFERENCE"
		if !strings.HasPrefix(f.skipped, want) {
			t.Errorf("skip message %q, want it to start %q", f.skipped, want)
		}
	}
	b, err := os.ReadFile(skips)
	if want := "JSON-Schema-Test-Suite\tTestSomething\nmcp-spec\tTestSomething\n"; err != nil || string(b) != want {
		t.Errorf("skips file = %q (%v), want %q", b, err, want)
	}
}

func TestRequireMissingFailsInCI(t *testing.T) {
	skips := filepath.Join(t.TempDir(), "skips.txt")
	t.Setenv(Env, t.TempDir())
	t.Setenv(SkipsEnv, skips)
	t.Setenv("CI", "true")
	f := &fakeTB{TB: t}
	Require(f, SchemaStore)
	if !strings.Contains(f.fatal, "reference schemastore not found") || !strings.Contains(f.fatal, "CI=true") {
		t.Errorf("fatal = %q, want it to name the folder and CI=true", f.fatal)
	}
	if _, err := os.Stat(skips); !os.IsNotExist(err) {
		t.Errorf("a failure in CI was recorded as a skip: %v", err)
	}
}

// Without $ENVGEN_REFERENCE the folder is shared/reference beside the
// checkout.
func TestPathBesideCheckout(t *testing.T) {
	t.Setenv(Env, "")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(filepath.Dir(root), "shared", "reference", Upstream)
	got, err := Path(Upstream)
	if _, serr := os.Stat(want); serr != nil {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Path = %q, %v; want an error naming %s", got, err, want)
		}
		return
	}
	if err != nil || got != want {
		t.Errorf("Path = %q, %v; want %s", got, err, want)
	}
}
