package main

import (
	"bytes"
	"os"
	"testing"
)

// result is one run of envgen.
type result struct {
	code           int
	stdout, stderr string
}

func runEnvgen(t *testing.T, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
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

// The commands of package cli are envgen's too.
func TestCommands(t *testing.T) {
	r := runEnvgen(t, "--help")
	for _, name := range []string{"generate", "check", "bundle", "convert", "version"} {
		if !bytes.Contains([]byte(r.stdout), []byte("\n  "+name+" ")) {
			t.Errorf("envgen --help lists no %s:\n%s", name, r.stdout)
		}
	}
}

// TestInvalidSchemaExit1: a schema the metaschema refuses in several places
// fails with exit 1, the same message every run, naming the file and the
// JSON Pointer of the first place (by pointer), and writes nothing.
func TestInvalidSchemaExit1(t *testing.T) {
	t.Chdir(t.TempDir())
	mustWrite(t, "s.json", `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {
		"Reject": {"type": "string", "description": null}, "Quarantine": {"type": "string", "description": null},
		"None": {"type": "string", "description": null}, "Allow": {"type": "string", "description": null}}}`)
	want := "envgen: s.json#/properties/Allow/description: not a valid schema: got null, want string\n" +
		"\tthe file must be valid against its metaschema ($schema, or draft 2020-12 when absent)\n"
	for range 10 {
		r := runEnvgen(t, "generate", "s.json", "--go-out", "out", "--go-package", "s", "--ts-out", "ts")
		if r.code != 1 || r.stderr != want || r.stdout != "" {
			t.Fatalf("got exit %d, stdout %q, stderr\n%s\nwant exit 1 and stderr\n%s", r.code, r.stdout, r.stderr, want)
		}
	}
	for _, dir := range []string{"out", "ts"} {
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%s was written (%v)", dir, err)
		}
	}
}
