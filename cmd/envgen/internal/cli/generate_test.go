package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/envgen/envgen/gen/output"
)

// TestGenerateCheckCycle runs generate and check against a fake generator:
// the CLI's own behaviour, independent of what gen.Generate emits.
func TestGenerateCheckCycle(t *testing.T) {
	t.Chdir(t.TempDir())
	mustWrite(t, "a.json", `{"type": "string"}`)
	args := []string{"a.json", "--go-out", "out/go", "--go-package", "types", "--ts-out", "out/ts"}
	gen := func(extra ...string) result {
		return runFake(t, fakeGenerate, append(append([]string{"generate"}, args...), extra...)...)
	}
	check := func() result { return runFake(t, fakeGenerate, append([]string{"check"}, args...)...) }

	// Before generating, every file is missing.
	if r := check(); r.code != exitFailed || !strings.Contains(r.stdout, "+++ b/out/go/types.go") ||
		r.stderr != "envgen check: 2 files differ; run `envgen generate "+strings.Join(args, " ")+"` to update\n" {
		t.Fatalf("check before generate: %+v", r)
	}
	if _, err := os.Stat("out"); !os.IsNotExist(err) {
		t.Fatal("check wrote files")
	}

	if r := gen(); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("generate: %+v", r)
	}
	if r := check(); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("check after generate: %+v", r)
	}

	// A hand edit is drift, shown as a diff from disk to the generated code.
	orig := mustRead(t, "out/go/types.go")
	mustWrite(t, "out/go/types.go", strings.Replace(orig, "package types", "package types // edited", 1))
	r := check()
	if r.code != exitFailed || !strings.Contains(r.stderr, "envgen check: 1 file differs;") {
		t.Fatalf("check after edit: %+v", r)
	}
	for _, want := range []string{"--- a/out/go/types.go\n+++ b/out/go/types.go\n", "-package types // edited\n+package types\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("diff lacks %q:\n%s", want, r.stdout)
		}
	}

	// A stale generated file in an output folder, that the folder's manifest
	// says this run wrote, is drift too; generate removes it and leaves
	// hand-written files alone.
	mustWrite(t, "out/ts/old.ts", output.Header+"\n")
	manifest := "out/ts/" + output.ManifestName
	mustWrite(t, manifest, strings.Replace(mustRead(t, manifest), `"files": [`, `"files": ["old.ts",`, 1))
	mustWrite(t, "out/ts/hand.ts", "export {}\n")
	if r := check(); r.code != exitFailed || !strings.Contains(r.stdout, "--- a/out/ts/old.ts\n+++ /dev/null\n") ||
		!strings.Contains(r.stderr, "2 files differ") {
		t.Fatalf("check with stale file: %+v", r)
	}

	if r := gen("-v"); r.code != 0 || r.stdout != "wrote out/go/types.go\nremoved out/ts/old.ts\nwrote 1 file (1 unchanged, 1 removed)\n" {
		t.Fatalf("regenerate: %+v", r)
	}
	if mustRead(t, "out/go/types.go") != orig {
		t.Error("regenerate did not restore the file")
	}
	if _, err := os.Stat("out/ts/hand.ts"); err != nil {
		t.Error("hand-written file removed")
	}
	if r := runFake(t, fakeGenerate, append([]string{"check", "-v"}, args...)...); r.code != 0 || r.stdout != "2 files up to date\n" {
		t.Fatalf("check after regenerate: %+v", r)
	}

	// Unchanged files keep their modification time.
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes("out/go/types.go", old, old); err != nil {
		t.Fatal(err)
	}
	if r := gen("--verbose"); r.code != 0 || r.stdout != "wrote 0 files (2 unchanged)\n" {
		t.Fatalf("generate again: %+v", r)
	}
	if info, _ := os.Stat("out/go/types.go"); !info.ModTime().Equal(old) {
		t.Error("unchanged file touched")
	}
}

func TestGenerateWriteFailure(t *testing.T) {
	t.Chdir(t.TempDir())
	mustWrite(t, "a.json", "{}")
	mustWrite(t, "out", "a file where the output folder should be")
	r := runFake(t, fakeGenerate, "generate", "a.json", "--go-out", "out/go", "--go-package", "p")
	if r.code != exitFailed || !strings.HasPrefix(r.stderr, "envgen: writing out/go/types.go: ") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("got %+v", r)
	}
}

func TestRegenerateCommandQuotes(t *testing.T) {
	a := &App{args: []string{"check", "my schemas/", "--go-out", "o", "--name", "a.json#/$defs/x=X"}}
	want := "envgen generate 'my schemas/' --go-out o --name 'a.json#/$defs/x=X'"
	if got := a.regenerateCommand(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func mustWrite(t *testing.T, p, content string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustRead(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestGenerateRenamedSchema: after a schema is renamed, generate says which
// files the old name's run left, which no run will update or remove.
func TestGenerateRenamedSchema(t *testing.T) {
	t.Chdir(t.TempDir())
	mustWrite(t, "a.json", `{"title": "Thing", "type": "string"}`)
	var out, errOut bytes.Buffer
	if code := Run([]string{"generate", "a.json", "--go-out", "out", "--go-package", "out"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if err := os.Rename("a.json", "b.json"); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errOut.Reset()
	code := Run([]string{"generate", "b.json", "--go-out", "out", "--go-package", "out"}, &out, &errOut)
	want := "envgen: note: out/a.go, out/a_json.go: written by the run from ../a.json, which no longer exists, so no run updates or removes them; " +
		"delete them if this run replaces that one (a renamed schema)\n"
	if code != 0 || errOut.String() != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, errOut.String(), want)
	}

	// check has no drift to show, but the package declares Thing twice:
	// it fails, with the same note, until the old files are gone.
	check := []string{"check", "b.json", "--go-out", "out", "--go-package", "out"}
	out.Reset()
	errOut.Reset()
	code = Run(check, &out, &errOut)
	want += "envgen: 2 generated files left by a run whose inputs no longer exist (see the note): delete them\n"
	if code != 1 || errOut.String() != want {
		t.Errorf("check: exit %d, stderr:\n%s\nwant exit 1:\n%s", code, errOut.String(), want)
	}
	for _, f := range []string{"out/a.go", "out/a_json.go"} {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	out.Reset()
	errOut.Reset()
	if code := Run(check, &out, &errOut); code != 0 || errOut.String() != "" {
		t.Errorf("check after the old files are deleted: exit %d, stderr:\n%s", code, errOut.String())
	}
}
