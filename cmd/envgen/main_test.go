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
