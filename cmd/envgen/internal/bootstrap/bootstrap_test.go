package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const (
	module    = "github.com/envgen/envgen"
	generated = module + "/generated/"
)

// The bootstrap links no generated package; cmd/envgen does (through
// convert), which shows that the test looks at the right list.
func TestLinksNoGeneratedCode(t *testing.T) {
	deps := func(pkg string) []string {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		return strings.Fields(string(out))
	}
	for _, dep := range deps(module + "/cmd/envgen/internal/bootstrap") {
		if strings.HasPrefix(dep, generated) {
			t.Errorf("the bootstrap links %s: a stale generated/ would make `make generate` unbuildable", dep)
		}
	}
	if !slices.Contains(deps(module+"/cmd/envgen"), generated+"go/envelope") {
		t.Errorf("cmd/envgen does not link %sgo/envelope: is this test still looking at the right list?", generated)
	}
}

// A copy of the checkout without generated/go: `make generate` builds the
// bootstrap, renders generated/go, and the bytes are the committed ones.
func TestGenerateWithoutGeneratedGo(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the checkout and runs make generate")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on PATH")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	want := files(t, filepath.Join(root, "generated", "go"))
	if len(want) == 0 {
		t.Fatal("the checkout has no generated/go")
	}
	dir := t.TempDir()
	copyCheckout(t, root, dir)
	if _, err := os.Stat(filepath.Join(dir, "generated", "go")); !os.IsNotExist(err) {
		t.Fatalf("the copy has generated/go: %v", err)
	}

	start := time.Now()
	cmd := exec.Command("make", "generate")
	cmd.Dir = dir
	// -trimpath: the build cache does not key packages by the folder, so a
	// copy reuses what the last copy compiled. Nothing is fetched.
	cmd.Env = append(withoutMake(os.Environ()), "GOFLAGS=-mod=mod -trimpath", "GOPROXY=off", "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("make generate without generated/go: %v\n%s", err, out.String())
	}
	t.Logf("make generate from scratch: %v", time.Since(start).Round(time.Millisecond))

	got := files(t, filepath.Join(dir, "generated", "go"))
	for p, content := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("generated/go/%s: not written", p)
		} else if g != content {
			t.Errorf("generated/go/%s: not the committed bytes", p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("generated/go/%s: written, not committed", p)
		}
	}
}

// copyCheckout copies the checkout at root to dir, leaving out generated/go
// and what is not source: .git, node_modules, bin.
func copyCheckout(t *testing.T, root, dir string) {
	t.Helper()
	skip := map[string]bool{".git": true, "node_modules": true, "bin": true, filepath.Join("generated", "go"): true}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if skip[rel] || d.Name() == "node_modules" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil // .git is a file in a git worktree
		}
		target := filepath.Join(dir, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// files returns the files under dir by slash-separated relative path.
func files(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// withoutMake drops the variables an enclosing make (make test) passes to
// its children, so that the make run here is a fresh one.
func withoutMake(env []string) []string {
	return slices.DeleteFunc(env, func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return name == "MAKEFLAGS" || name == "MFLAGS" || name == "MAKELEVEL"
	})
}
