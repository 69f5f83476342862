package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffYAMLByID: folders are matched by $id read from YAML schemas as
// from JSON ones, so a renamed YAML schema is compared, not "removed".
func TestDiffYAMLByID(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFiles(t, map[string]string{
		"old/a.yaml":       "$id: https://example.com/a.json\ntype: object\n",
		"new/renamed.yaml": "$id: https://example.com/a.json\ntype: object\nrequired: [n]\n",
	})
	var out, errOut bytes.Buffer
	code := Run([]string{"diff", "old", "new"}, &out, &errOut)
	if code != 1 || !strings.HasPrefix(out.String(), "--- old/a.yaml\n+++ new/renamed.yaml\nincompatible: required added") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errOut.String())
	}
}

// TestDiffBase: --base names the old version as REV:path, in the report and
// in errors, never the temporary copy it reads; git's errors are git's
// message, not "exit status 128"; a path outside the working directory works.
func TestDiffBase(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	t.Chdir(repo)
	gitRun := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitRun("init", "-q")
	writeFiles(t, map[string]string{"s/a.json": `{"type": "object", "properties": {"a": {"$ref": "missing.json"}}}`})
	gitRun("add", ".")
	gitRun("commit", "-qm", "broken")
	writeFiles(t, map[string]string{"s/a.json": `{"type": "object", "properties": {"a": {"type": "string"}}}`})
	gitRun("commit", "-qam", "fixed")
	writeFiles(t, map[string]string{"s/a.json": `{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}`})

	for _, tc := range []struct {
		args         []string
		code         int
		stdout, want string // want: stderr
	}{
		{[]string{"diff", "--base", "HEAD", "s/a.json"}, 1,
			"--- HEAD:s/a.json\n+++ s/a.json\nincompatible: required added at (root): \"a\" is now required\n  old HEAD:s/a.json#/required\n",
			"envgen: 1 of 1 schemas not backward compatible\n"},
		{[]string{"diff", "--base", "HEAD~1", "s/a.json"}, 1, "",
			"envgen: HEAD~1:s/a.json#/properties/a/$ref: $ref \"missing.json\" does not resolve: cannot read HEAD~1:s/missing.json: no such file or folder\n"},
		{[]string{"diff", "--base", "HEAD~1", filepath.Join(repo, "s", "a.json")}, 1, "",
			"envgen: HEAD~1:" + filepath.ToSlash(filepath.Join(repo, "s")) + "/a.json#/properties/a/$ref: $ref \"missing.json\" does not resolve: cannot read HEAD~1:"},
		{[]string{"diff", "--base", "no-such-rev", "s/a.json"}, 1, "",
			"envgen: --base no-such-rev: git ls-tree in s: Not a valid object name no-such-rev\n"},
	} {
		var out, errOut bytes.Buffer
		code := Run(tc.args, &out, &errOut)
		if code != tc.code || !strings.HasPrefix(out.String(), tc.stdout) || !strings.HasPrefix(errOut.String(), tc.want) || strings.Contains(errOut.String()+out.String(), "envgen-diff-") {
			t.Errorf("%v: exit %d, want %d\nstdout: %s\nstderr: %s\nwant stderr starting: %s", tc.args, code, tc.code, out.String(), errOut.String(), tc.want)
		}
	}
}

func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for name, s := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
