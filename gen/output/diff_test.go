package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

func TestDiffCurrent(t *testing.T) {
	dir := t.TempDir()
	fset := files(dir, "a.go", Header+"\npackage a\n")
	must(t, Write(fset))
	d, differ, err := Diff(fset, Run{Owned: []string{dir}})
	if err != nil || differ || d != "" {
		t.Fatalf("Diff = %q, %v, %v; want no difference", d, differ, err)
	}
}

func TestDiffChangedMissingAndStale(t *testing.T) {
	t.Chdir(t.TempDir()) // relative paths, as the CLI passes them
	must(t, os.MkdirAll("out", 0o755))
	must(t, os.WriteFile("out/changed.go", []byte(Header+"\npackage a\n\nvar X = 1\n"), 0o644))
	must(t, os.WriteFile("out/stale.go", []byte(Header+"\npackage a\n"), 0o644))
	must(t, os.WriteFile("out/hand.go", []byte("package a\n"), 0o644))
	must(t, os.WriteFile("out/"+ManifestName, []byte(`{"runs": [{"inputs": ["../a.json"], "files": ["changed.go", "stale.go"]}]}`), 0o644))

	fset := gen.Files{
		{Path: "out/changed.go", Content: []byte(Header + "\npackage a\n\nvar X = 2\n")},
		{Path: "out/missing.go", Content: []byte(Header + "\npackage a\n")},
	}
	d, differ, err := Diff(fset, Run{Owned: []string{"out"}, Inputs: []string{"a.json"}})
	if err != nil || !differ {
		t.Fatalf("Diff = %v, %v", differ, err)
	}
	want := `--- a/out/changed.go
+++ b/out/changed.go
@@ -1,4 +1,4 @@
 ` + Header + `
 package a
 
-var X = 1
+var X = 2
--- /dev/null
+++ b/out/missing.go
@@ -0,0 +1,2 @@
+` + Header + `
+package a
--- a/out/stale.go
+++ /dev/null
@@ -1,2 +0,0 @@
-` + Header + `
-package a
`
	if d != want {
		t.Errorf("diff:\n%s\nwant:\n%s", d, want)
	}
	// Diff only reads.
	if _, err := os.Stat("out/missing.go"); !os.IsNotExist(err) {
		t.Errorf("Diff created a file: %v", err)
	}
}

func TestDiffDeterministic(t *testing.T) {
	dir := t.TempDir()
	fset := files(dir, "b.go", "b\n", "a.go", "a\n", "c/d.ts", "d\n")
	first, _, err := Diff(fset, Run{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		rev := append(gen.Files(nil), fset...)
		rev[0], rev[2] = rev[2], rev[0]
		again, _, _ := Diff(rev, Run{})
		if again != first {
			t.Fatal("Diff output depends on file order")
		}
	}
	ia, ib := strings.Index(first, "a.go"), strings.Index(first, "b.go")
	if ia < 0 || ib < 0 || ia > ib {
		t.Errorf("not sorted by path:\n%s", first)
	}
}

func TestDiffEmptyNewFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.ToSlash(filepath.Join(dir, "empty.ts"))
	d, differ, err := Diff(gen.Files{{Path: p}}, Run{})
	if err != nil || !differ || !strings.Contains(d, "+++ b/"+p) {
		t.Fatalf("Diff = %q, %v, %v", d, differ, err)
	}
}

func TestDiffParentIsFile(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "z"), nil, 0o644))
	d, differ, err := Diff(files(dir, "z/a.go", "a\n"), Run{})
	if err != nil || !differ || !strings.Contains(d, "+a") {
		t.Fatalf("Diff = %q, %v, %v", d, differ, err)
	}
}
