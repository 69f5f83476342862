package golang

import (
	"bytes"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGeneratedCode renders fullSpace into a temporary module that replaces
// envgen with this checkout, then runs go vet and, with
// testdata/roundtrip_test.go beside the generated files, go test: the code
// compiles, is vet-clean, and keeps absent, null and extra members through a
// JSON round trip.
func TestGeneratedCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	files, err := Render(fullSpace(), Options{Package: "api"})
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		formatted, err := format.Source(b)
		if err != nil || !bytes.Equal(formatted, b) {
			t.Errorf("%s is not gofmt-clean (%v)", name, err)
		}
	}

	root := repoRoot(t)
	dir := t.TempDir()
	goMod := "module example.com/gentest\n\ngo " + goVersion(t, root) + "\n\n" +
		"require github.com/envgen/envgen v0.0.0\n\n" +
		"replace github.com/envgen/envgen => " + filepath.ToSlash(root) + "\n"
	write(t, filepath.Join(dir, "go.mod"), []byte(goMod))
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		write(t, filepath.Join(dir, "go.sum"), sum)
	}
	for name, b := range files {
		write(t, filepath.Join(dir, "api", name), b)
	}
	rt, err := os.ReadFile(filepath.Join("testdata", "roundtrip_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "api", "roundtrip_test.go"), rt)

	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "-v", "./..."}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS="+os.Getenv("GOFLAGS")+" -mod=mod")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			continue
		}
		t.Logf("go %s:\n%s", strings.Join(args, " "), out)
	}
}

// repoRoot is the folder of envgen's go.mod, found upwards from the test's
// working directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && regexp.MustCompile(`(?m)^module github\.com/envgen/envgen\s*$`).Match(b) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod of github.com/envgen/envgen above the working directory")
		}
		dir = parent
	}
}

// goVersion is the go directive of the module at root.
func goVersion(t *testing.T, root string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)`).FindSubmatch(b)
	if m == nil {
		t.Fatal("go.mod has no go directive")
	}
	return string(m[1])
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
