package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The compact bundle is the default; --full writes the complete one.
const (
	bundleGolden     = "../../../../gen/bundle/testdata/search-output.compact.json"
	fullBundleGolden = "../../../../gen/bundle/testdata/search-output.bundle.json"
)

func TestBundleStdout(t *testing.T) {
	r := runFake(t, fakeGenerate, "bundle", "../../../../schemas/examples/search-output.json")
	want := mustRead(t, bundleGolden)
	if r.code != 0 || r.stderr != "" || r.stdout != want {
		t.Errorf("exit %d, stderr %q; stdout is the golden bundle: %v", r.code, r.stderr, r.stdout == want)
	}
	r = runFake(t, fakeGenerate, "bundle", "--full", "../../../../schemas/examples/search-output.json")
	if want := mustRead(t, fullBundleGolden); r.code != 0 || r.stderr != "" || r.stdout != want {
		t.Errorf("--full: exit %d, stderr %q; stdout is the full golden bundle: %v", r.code, r.stderr, r.stdout == want)
	}
}

func TestBundleOutputFile(t *testing.T) {
	tool, err := filepath.Abs("../../../../schemas/examples/search-output.json")
	if err != nil {
		t.Fatal(err)
	}
	want := mustRead(t, bundleGolden)
	t.Chdir(t.TempDir())
	for range 2 { // the second run finds the file up to date
		r := runFake(t, fakeGenerate, "bundle", tool, "-o", "out/search.json")
		if r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Fatalf("got %+v", r)
		}
		if got := mustRead(t, "out/search.json"); got != want {
			t.Errorf("out/search.json is not the golden bundle")
		}
	}
	if entries, _ := os.ReadDir("out"); len(entries) != 1 {
		t.Errorf("out/ holds %d entries, want only the bundle", len(entries))
	}
}

func TestBundleIDAndRefMap(t *testing.T) {
	t.Chdir(t.TempDir())
	mustWrite(t, "tool.json", `{"type": "object", "properties": {"n": {"$ref": "https://lib.test/s/common.json#/$defs/n"}}}`)
	if err := os.Mkdir("lib", 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, "lib/common.json", `{"$defs": {"n": {"type": "integer"}}}`)

	r := runFake(t, fakeGenerate, "bundle", "tool.json", "--ref-map", "https://lib.test/s/=lib")
	want := "envgen: tool.json#: the schema has no $id, and an MCP outputSchema needs an absolute one\n" +
		"\tadd \"$id\": \"https://…/tool.json\" to the schema, or pass --id URL\n"
	if r.code != exitFailed || r.stderr != want || r.stdout != "" {
		t.Errorf("without --id: got %+v, want exit 1 and stderr %q", r, want)
	}

	r = runFake(t, fakeGenerate, "bundle", "tool.json", "--ref-map", "https://lib.test/s/=lib", "--id", "https://tools.test/tool.json")
	for _, s := range []string{`"$id": "https://tools.test/tool.json"`, `"$ref": "#/$defs/common_n"`, `"common_n": {`} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("with --id and --ref-map: stdout lacks %s: %+v", s, r)
		}
	}
	if r.code != 0 || r.stderr != "" {
		t.Errorf("with --id and --ref-map: %+v", r)
	}
}

func TestBundleInputErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	mustWrite(t, "bad.json", "{\n  \"type\": \"object\",\n}")
	mustWrite(t, "array.json", `{"$id": "https://tools.test/a.json", "type": "array"}`)
	mustWrite(t, "remote.json", `{"$id": "https://tools.test/r.json", "$ref": "https://envgen.dev/schemas/v2/envelope.json"}`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bad.json"}, "envgen: bad.json#: invalid JSON at line 3, column 1"},
		{[]string{"missing.json"}, "envgen: missing.json#: cannot read: no such file or folder"},
		{[]string{"array.json", "-o", "out.json"}, "envgen: array.json#: the root does not restrict the instance to objects"},
		{[]string{"remote.json", "--no-canonical"}, `envgen: remote.json#/$ref: $ref "https://envgen.dev/schemas/v2/envelope.json" needs the network`},
	} {
		r := runFake(t, fakeGenerate, append([]string{"bundle"}, tc.args...)...)
		if r.code != exitFailed || !strings.HasPrefix(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("%v: got %+v, want exit 1 and %q", tc.args, r, tc.want)
		}
	}
	if _, err := os.Stat("out.json"); err == nil {
		t.Error("a failed bundle wrote a file")
	}
}

func TestBundleUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "want one tool schema file, got 0 arguments"},
		{[]string{"a.json", "b.json"}, "want one tool schema file, got 2 arguments"},
		{[]string{"a.json", "--id", "tool.json"}, `--id "tool.json" is not an absolute URL`},
		{[]string{"a.json", "--ref-map", "https://x/"}, `--ref-map "https://x/": want PREFIX=DIR`},
		{[]string{"a.json", "--bogus"}, "unknown flag: --bogus"},
	} {
		r := runFake(t, fakeGenerate, append([]string{"bundle"}, tc.args...)...)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		if r.code != exitUsage || len(lines) != 2 || !strings.Contains(lines[0], tc.want) ||
			lines[1] != "Run 'envgen bundle --help' for usage." || r.stdout != "" {
			t.Errorf("%v: got %+v, want exit 2 and %q", tc.args, r, tc.want)
		}
	}
}

func TestBundleHelp(t *testing.T) {
	r := runFake(t, fakeGenerate, "bundle", "--help")
	for _, want := range []string{"Examples:", "envgen bundle schemas/examples/search-output.json -o search-output.bundle.json",
		"--id URL", "--ref-map PREFIX=DIR", "-o, --output FILE", "outputSchema"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("envgen bundle --help lacks %q:\n%s", want, r.stdout)
		}
	}
	if r := runFake(t, fakeGenerate, "--help"); !strings.Contains(r.stdout, "bundle") {
		t.Errorf("envgen --help does not list bundle:\n%s", r.stdout)
	}
}
