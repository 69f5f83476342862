package output

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/envgen/envgen/gen"
)

// files builds gen.Files under dir from path/content pairs.
func files(dir string, pairs ...string) gen.Files {
	var out gen.Files
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, gen.File{Path: filepath.ToSlash(filepath.Join(dir, pairs[i])), Content: []byte(pairs[i+1])})
	}
	return out
}

// tree lists every file and folder under dir, slash-separated, relative.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteCreatesFilesAndFolders(t *testing.T) {
	dir := t.TempDir()
	err := Write(files(dir, "go/a.go", "package a\n", "ts/src/b.ts", "export {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"go/", "go/a.go", "ts/", "ts/src/", "ts/src/b.ts"}
	if got := tree(t, dir); !slices.Equal(got, want) {
		t.Fatalf("tree = %v, want %v", got, want)
	}
	if got := readFile(t, filepath.Join(dir, "ts/src/b.ts")); got != "export {}\n" {
		t.Errorf("content = %q", got)
	}
	if runtime.GOOS != "windows" {
		info, _ := os.Stat(filepath.Join(dir, "go/a.go"))
		if info.Mode().Perm() != 0o644 {
			t.Errorf("file mode = %v, want 0644", info.Mode().Perm())
		}
	}
}

func TestWriteSkipsUnchangedAndReplacesChanged(t *testing.T) {
	dir := t.TempDir()
	if err := Write(files(dir, "a.go", Header+"\none\n", "b.go", Header+"\ntwo\n")); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, name := range []string{"a.go", "b.go"} {
		if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Apply(files(dir, "a.go", Header+"\none\n", "b.go", Header+"\nTWO\n"), Run{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Written) != 1 || !strings.HasSuffix(res.Written[0], "b.go") || len(res.Unchanged) != 1 {
		t.Errorf("result = %+v", res)
	}
	if info, _ := os.Stat(filepath.Join(dir, "a.go")); !info.ModTime().Equal(old) {
		t.Errorf("unchanged a.go was touched: mtime %v", info.ModTime())
	}
	if got := readFile(t, filepath.Join(dir, "b.go")); got != Header+"\nTWO\n" {
		t.Errorf("b.go = %q", got)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"a.go", "b.go"}) {
		t.Errorf("tree = %v (temp files left?)", got)
	}
}

func TestWriteFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	// "z" is a regular file, so "z/sub/x.go" cannot be written; "a/ok.go"
	// comes first and must not appear, nor its folder.
	if err := os.WriteFile(filepath.Join(dir, "z"), []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Write(files(dir, "a/ok.go", "ok\n", "z/sub/x.go", "x\n"))
	if err == nil {
		t.Fatal("Write succeeded")
	}
	if !strings.Contains(err.Error(), "z/sub/x.go") || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("error does not name the path and the problem: %v", err)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"z"}) {
		t.Errorf("tree after failure = %v, want only z", got)
	}
}

func TestWriteTargetIsFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "b.go"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := Write(files(dir, "a.go", "a\n", "b.go", "b\n"))
	if err == nil || !strings.Contains(err.Error(), "b.go") {
		t.Fatalf("err = %v", err)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"b.go/"}) {
		t.Errorf("tree = %v", got)
	}
}

func TestWriteTempFailureRemovesTemps(t *testing.T) {
	dir := t.TempDir()
	calls := 0
	createTemp = func(d, pattern string) (*os.File, error) {
		calls++
		if calls == 3 {
			return nil, errors.New("disk full")
		}
		return os.CreateTemp(d, pattern)
	}
	t.Cleanup(func() { createTemp = os.CreateTemp })

	err := Write(files(dir, "a.go", "a\n", "new/b.go", "b\n", "new/c.go", "c\n"))
	if err == nil || !strings.Contains(err.Error(), "new/c.go") || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v", err)
	}
	if got := tree(t, dir); len(got) != 0 {
		t.Errorf("tree after failure = %v, want empty", got)
	}
}

func TestWriteRenameFailureRemovesTemps(t *testing.T) {
	dir := t.TempDir()
	calls := 0
	rename = func(from, to string) error {
		calls++
		if calls == 2 {
			return errors.New("boom")
		}
		return os.Rename(from, to)
	}
	t.Cleanup(func() { rename = os.Rename })

	err := Write(files(dir, "a.go", "a\n", "b.go", "b\n", "c.go", "c\n"))
	if err == nil || !strings.Contains(err.Error(), "b.go") || !strings.Contains(err.Error(), "1 of 3") {
		t.Fatalf("err = %v", err)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"a.go"}) {
		t.Errorf("tree after failure = %v, want only a.go (no temp files)", got)
	}
}

func TestWriteDuplicatePath(t *testing.T) {
	dir := t.TempDir()
	err := Write(files(dir, "a.go", "1", "./a.go", "2"))
	if err == nil || !strings.Contains(err.Error(), "generated twice") {
		t.Fatalf("err = %v", err)
	}
	if got := tree(t, dir); len(got) != 0 {
		t.Errorf("tree = %v", got)
	}
}

func TestApplyRemovesStaleGeneratedFiles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	run := Run{Owned: []string{out}, Inputs: []string{filepath.Join(dir, "schemas")}}
	if _, err := Apply(files(dir, "out/old.go", Header+"\n\npackage x\n"), run); err != nil {
		t.Fatal(err)
	}
	must(t, os.MkdirAll(filepath.Join(out, "other"), 0o755))
	must(t, os.WriteFile(filepath.Join(out, "hand.go"), []byte("package x\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(out, "other", "gen.go"), []byte(Header+"\n"), 0o644))

	run.Inputs = []string{filepath.Join(dir, "schemas", "a.json")} // a file of the folder: the same run
	res, err := Apply(files(dir, "out/new.go", Header+"\n"), run)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Removed) != 1 || !strings.HasSuffix(res.Removed[0], "out/old.go") {
		t.Errorf("removed = %v", res.Removed)
	}
	want := []string{"out/", "out/" + ManifestName, "out/hand.go", "out/new.go", "out/other/", "out/other/gen.go"}
	if got := tree(t, dir); !slices.Equal(got, want) {
		t.Errorf("tree = %v, want %v", got, want)
	}
	wantManifest := `{
  "runs": [
    {
      "inputs": [
        "../schemas/a.json"
      ],
      "files": [
        "new.go"
      ]
    }
  ]
}
`
	if got := readFile(t, filepath.Join(out, ManifestName)); got != wantManifest {
		t.Errorf("manifest:\n%s\nwant\n%s", got, wantManifest)
	}
}

// TestTwoRunsShareAFolder: two go:generate lines writing different schemas
// into one package keep each other's files; a file both write with different
// bytes is refused; a generated file no run recorded is never removed.
func TestTwoRunsShareAFolder(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	a := Run{Owned: []string{out}, Inputs: []string{filepath.Join(dir, "a.json")}}
	b := Run{Owned: []string{out}, Inputs: []string{filepath.Join(dir, "b.json")}}
	for range 2 {
		if _, err := Apply(files(dir, "out/a.go", Header+"\na\n", "out/doc.go", Header+"\ndoc\n"), a); err != nil {
			t.Fatal(err)
		}
		res, err := Apply(files(dir, "out/b.go", Header+"\nb\n", "out/doc.go", Header+"\ndoc\n"), b)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Removed) > 0 {
			t.Errorf("run b removed %v", res.Removed)
		}
	}
	want := []string{"out/", "out/" + ManifestName, "out/a.go", "out/b.go", "out/doc.go"}
	if got := tree(t, dir); !slices.Equal(got, want) {
		t.Errorf("tree = %v, want %v", got, want)
	}
	_, err := Apply(files(dir, "out/b.go", Header+"\nb\n", "out/doc.go", Header+"\nother doc\n"), b)
	if err == nil || !strings.Contains(err.Error(), "another envgen run wrote it") {
		t.Errorf("replacing run a's doc.go: %v", err)
	}
	if got := readFile(t, filepath.Join(out, "doc.go")); got != Header+"\ndoc\n" {
		t.Errorf("doc.go = %q", got)
	}

	must(t, os.WriteFile(filepath.Join(out, "copied.go"), []byte(Header+"\n"), 0o644))
	_, err = Apply(files(dir, "out/b.go", Header+"\nb\n", "out/doc.go", Header+"\ndoc\n"), b)
	if err == nil || !strings.Contains(err.Error(), "copied.go: generated by envgen, but no run recorded") {
		t.Errorf("a generated file of no run: %v", err)
	}
}

// TestApplyKeepsUsersFiles: a file without Header where generated code goes
// is the user's; Apply fails naming it and writes nothing at all.
func TestApplyKeepsUsersFiles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "pkg")
	must(t, os.MkdirAll(out, 0o755))
	must(t, os.WriteFile(filepath.Join(out, "doc.go"), []byte("// Package pkg is mine.\npackage pkg\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(out, "old.go"), []byte(Header+"\n\npackage pkg\n"), 0o644))
	_, err := Apply(files(dir, "pkg/a.go", Header+"\n", "pkg/doc.go", Header+"\n"), Run{Owned: []string{out}})
	if !errors.Is(err, ErrNotGenerated) || !strings.Contains(err.Error(), "pkg/doc.go") {
		t.Fatalf("want an error naming pkg/doc.go, got %v", err)
	}
	if got := readFile(t, filepath.Join(out, "doc.go")); !strings.Contains(got, "is mine") {
		t.Errorf("doc.go replaced: %q", got)
	}
	want := []string{"pkg/", "pkg/doc.go", "pkg/old.go"}
	if got := tree(t, dir); !slices.Equal(got, want) {
		t.Errorf("tree = %v, want %v (nothing written, nothing removed)", got, want)
	}
	// A generated file is replaced as before, and Write (a file the user
	// named) replaces whatever is there.
	if _, err := Apply(files(dir, "pkg/old.go", Header+"\n// new\n"), Run{Owned: []string{out}}); err != nil {
		t.Fatal(err)
	}
	if err := Write(files(dir, "pkg/doc.go", "{}")); err != nil {
		t.Fatal(err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestApplyOutputIsAFile: an output folder that is a file is reported as
// such, as Write reports it, not as a file it could not open in it.
func TestApplyOutputIsAFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.WriteFile(out, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Apply(files(out, "a.go", Header+"\n"), Run{})
	if err == nil || !strings.Contains(err.Error(), out+" is not a folder") {
		t.Fatalf("err = %v, want one saying %s is not a folder", err, out)
	}
	if got := readFile(t, out); got != "mine\n" {
		t.Errorf("out = %q", got)
	}
}

// TestWriteUnwritableFolder: a folder where no file can be created is named,
// with the reason, and not by the temporary file's random name.
func TestWriteUnwritableFolder(t *testing.T) {
	dir := t.TempDir()
	createTemp = func(d, pattern string) (*os.File, error) {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(d, strings.Replace(pattern, "*", "123", 1)), Err: fs.ErrPermission}
	}
	t.Cleanup(func() { createTemp = os.CreateTemp })
	err := Write(files(dir, "a.go", "a\n"))
	want := "writing " + filepath.ToSlash(filepath.Join(dir, "a.go")) + ": cannot create a file in " + dir + ": permission denied"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant  %s", err, want)
	}
}

// TestApplyRenamedInput: after a schema is renamed, the files of the run
// from its old name are reported (Orphaned), since no run updates or removes
// them, and they declare what the new name's files declare; where the new
// run would replace one with other bytes, the error says the old run's
// inputs are gone. Once they are deleted, that run is forgotten. A run whose
// inputs exist is never reported.
func TestApplyRenamedInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	oldIn, newIn, other := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"), filepath.Join(dir, "c.json")
	for _, p := range []string{oldIn, other} {
		must(t, os.WriteFile(p, []byte("{}"), 0o644))
	}
	run := func(in string) Run { return Run{Owned: []string{out}, Inputs: []string{in}} }
	must2 := func(res Result, err error) Result {
		t.Helper()
		must(t, err)
		return res
	}
	must2(Apply(files(dir, "out/a.go", Header+"\na\n", "out/doc.go", Header+"\ndoc\n", "out/types.go", Header+"\ntypes\n"), run(oldIn)))
	res := must2(Apply(files(dir, "out/c.go", Header+"\nc\n", "out/doc.go", Header+"\ndoc\n"), run(other)))
	if len(res.Orphaned) > 0 {
		t.Errorf("orphans while every input exists: %v", res.Orphaned)
	}

	must(t, os.Rename(oldIn, newIn))
	_, err := Apply(files(dir, "out/b.go", Header+"\nb\n", "out/doc.go", Header+"\ndoc\n", "out/types.go", Header+"\nnew types\n"), run(newIn))
	if err == nil || !strings.Contains(err.Error(), "its inputs no longer exist; if this run replaces that one (a renamed schema)") {
		t.Errorf("replacing the renamed run's types.go: %v", err)
	}
	res = must2(Apply(files(dir, "out/b.go", Header+"\nb\n", "out/doc.go", Header+"\ndoc\n"), run(newIn)))
	want := []Orphan{{Path: filepath.ToSlash(filepath.Join(out, "a.go")), Inputs: "../a.json"}, {Path: filepath.ToSlash(filepath.Join(out, "types.go")), Inputs: "../a.json"}}
	if !slices.Equal(res.Orphaned, want) {
		t.Errorf("Orphaned = %v, want %v", res.Orphaned, want)
	}

	must(t, os.Remove(filepath.Join(out, "a.go")))
	must(t, os.Remove(filepath.Join(out, "types.go")))
	res = must2(Apply(files(dir, "out/b.go", Header+"\nb\n", "out/doc.go", Header+"\ndoc\n"), run(newIn)))
	if len(res.Orphaned) > 0 {
		t.Errorf("orphans after they were deleted: %v", res.Orphaned)
	}
	if m := readFile(t, filepath.Join(out, ManifestName)); strings.Contains(m, "a.json") || !strings.Contains(m, "c.json") {
		t.Errorf("manifest still records the renamed run, or lost the other:\n%s", m)
	}
}

// TestApplyDanglingLink: a symbolic link to nothing where a generated file
// goes is not envgen's: it is named as such, and nothing is written, not
// Go's "open a.go: no such file or directory".
func TestApplyDanglingLink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "nowhere", "x.go")
	if err := os.Symlink(target, filepath.Join(dir, "a.go")); err != nil {
		t.Fatal(err)
	}
	_, err := Apply(files(dir, "a.go", Header+"\n", "b.go", Header+"\n"), Run{})
	want := "writing " + filepath.ToSlash(filepath.Join(dir, "a.go")) + ": a symbolic link is there, to " + target +
		", which cannot be read (no such file or folder); envgen did not generate it and will not replace it: " +
		"remove the link, or choose an output folder that holds only generated files"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant  %s", err, want)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"a.go"}) {
		t.Errorf("tree after failure = %v, want only the link", got)
	}
}

// TestApplyManifestIsAFolder: a folder where the manifest goes is named as
// such, for generate and check alike, not as "read …: is a directory".
func TestApplyManifestIsAFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ManifestName), 0o755); err != nil {
		t.Fatal(err)
	}
	run := Run{Owned: []string{dir}, Inputs: []string{"s.json"}}
	want := filepath.ToSlash(filepath.Join(dir, ManifestName)) + ": a folder, where envgen keeps the manifest of the files it wrote here; remove it and generate again"
	if _, err := Apply(files(dir, "a.go", Header+"\n"), run); err == nil || err.Error() != want {
		t.Errorf("Apply: err = %v\nwant  %s", err, want)
	}
	if _, err := Compare(files(dir, "a.go", Header+"\n"), run); err == nil || err.Error() != want {
		t.Errorf("Compare: err = %v\nwant  %s", err, want)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{ManifestName + "/"}) {
		t.Errorf("tree after failure = %v", got)
	}
}

// TestWriteRenameErrorWording: a failed rename names the target once, with
// the reason, not Go's "rename TEMP TARGET: …".
func TestWriteRenameErrorWording(t *testing.T) {
	dir := t.TempDir()
	rename = func(from, to string) error {
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: fs.ErrPermission}
	}
	t.Cleanup(func() { rename = os.Rename })
	err := Write(files(dir, "a.go", "a\n"))
	want := "writing " + filepath.ToSlash(filepath.Join(dir, "a.go")) + ": permission denied"
	if err == nil || err.Error() != want || !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("err = %v\nwant  %s", err, want)
	}
}

// TestApplyDanglingFolderLink: an output folder that is a symbolic link to
// nothing is named as such, not "cannot create a file in out: no such file
// or directory".
func TestApplyDanglingFolderLink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	out, to := filepath.Join(dir, "out"), filepath.Join(dir, "gone")
	if err := os.Symlink(to, out); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"", "sub"} {
		target := filepath.Join(out, sub, "a.go")
		_, err := Apply(files(dir, strings.TrimPrefix(target, dir+string(filepath.Separator)), Header+"\n"), Run{})
		want := "writing " + filepath.ToSlash(target) + ": " + out + " is a symbolic link to " + to + ", which does not exist: create that folder, or remove the link"
		if err == nil || err.Error() != want {
			t.Errorf("err = %v\nwant  %s", err, want)
		}
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"out"}) {
		t.Errorf("tree after failure = %v, want only the link", got)
	}
}
