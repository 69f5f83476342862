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
	gitRun := gitRunner(t)
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

// TestDiffBaseTree: --base reads what git keeps as it is: a name git would
// quote (é.json), a schema committed as a symbolic link (followed inside the
// revision), a link to a folder named like a schema (not a schema); and a
// revision that starts with - is refused, not handed to git as an option.
func TestDiffBaseTree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Chdir(t.TempDir())
	gitRun := gitRunner(t)
	gitRun("init", "-q")
	writeFiles(t, map[string]string{"s/é.json": `{"type": "object", "required": ["a"]}`, "s/real.json": `{"type": "string"}`, "s/sub/x": ""})
	for link, target := range map[string]string{"s/link.json": "real.json", "s/dir.json": "sub"} {
		if err := os.Symlink(target, link); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	gitRun("add", ".")
	gitRun("commit", "-qm", "old")
	writeFiles(t, map[string]string{"s/é.json": `{"type": "object"}`, "s/real.json": `{"type": "integer"}`})
	for _, tc := range []struct {
		args         []string
		code         int
		stdout, want string // want: stderr
	}{
		{[]string{"diff", "--base", "HEAD", "s/é.json"}, 0, "--- HEAD:s/é.json\n+++ s/é.json\ncompatible: required removed", ""},
		{[]string{"diff", "--base", "HEAD", "s/link.json"}, 1, "--- HEAD:s/link.json\n+++ s/link.json\nincompatible: type changed", "envgen: 1 of 1 schemas"},
		{[]string{"diff", "--base", "HEAD", "s/dir.json"}, 1, "", "envgen: HEAD:s/dir.json: a symbolic link to sub, which is no file in HEAD\n"},
		{[]string{"diff", "--base", "-x", "s/link.json"}, exitUsage, "", "envgen: --base -x: a git revision does not start with -\n"},
	} {
		var out, errOut bytes.Buffer
		code := Run(tc.args, &out, &errOut)
		if code != tc.code || !strings.HasPrefix(out.String(), tc.stdout) || !strings.HasPrefix(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, want %d\nstdout: %s\nstderr: %s\nwant stdout starting: %s\nwant stderr starting: %s", tc.args, code, tc.code, out.String(), errOut.String(), tc.stdout, tc.want)
		}
	}
}

// gitRunner runs git in the working directory, as a user t with no
// signing, failing the test when git does.
func gitRunner(t *testing.T) func(args ...string) {
	return func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
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
