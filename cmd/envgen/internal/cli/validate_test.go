package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
)

func TestValidateCommand(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.json")
	nd := filepath.Join(dir, "many.ndjson")
	yml := filepath.Join(dir, "bad.yaml")
	for p, s := range map[string]string{
		ok:  `{"success": true, "data": {"n": 1.0}}`,
		nd:  "{\"success\": true, \"data\": 1}\n\n{\"success\": 1}\n{\"success\": true, \"success\": true}\n",
		yml: "success: yes-please\n",
	} {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"validate", "--schema", "envelope", ok}, 0, ""},
		{[]string{"validate", "--schema", "envelope", nd}, 1,
			nd + ":3#/success: must be boolean, not integer (type, envelope.json#/properties/success/type)\n" +
				nd + ":3#: missing required property \"error\" (required, envelope.json#/else/required)\n" +
				nd + "#: invalid JSON at line 4, column 19: duplicate member name \"success\" (syntax)\n"},
		{[]string{"validate", "--schema", "https://envgen.dev/schemas/v2/envelope.json", yml}, 1,
			yml + "#/success: must be boolean, not string (type, envelope.json#/properties/success/type)\n" +
				yml + "#: missing required property \"error\" (required, envelope.json#/else/required)\n"},
		{[]string{"validate", ok}, 2, ""},
		{[]string{"validate", "--schema", "envelope", "--output", "xml", ok}, 2, ""},
		{[]string{"validate", "--schema", "no-such.json", ok}, 1, ""},
	} {
		var out, errOut bytes.Buffer
		code := Run(tc.args, &out, &errOut)
		if code != tc.code || out.String() != tc.out {
			t.Errorf("%v: exit %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr: %s", tc.args, code, tc.code, out.String(), tc.out, errOut.String())
		}
	}
}

// TestValidateBadDocuments: a document that cannot be read, or is not JSON
// or YAML, is named with what is wrong, in the words generate uses, and an
// error without a schema path does not print an empty one.
func TestValidateBadDocuments(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.json", "{\n  \"success\": true,\n}\n")
	yml := write("bad.yaml", "a: [1, 2\n")
	two := write("two.yaml", "---\nsuccess: true\n---\nsuccess: 1\n")
	empty := write("empty.yaml", "# nothing\n")
	inf := write("inf.yaml", "success: true\ndata: .inf\n")
	key := write("key.yaml", "success: true\n? [a, b]\n: 1\n")
	deep := write("deep.yaml", "data: "+strings.Repeat("[", 10001)+strings.Repeat("]", 10001)+"\n")
	key2 := write("key2.yaml", "success: true\ndata:\n  a: 1\n\n  - 3\n")
	ffYAML := write("ff.yaml", "success: true\ndata: \"\xff\"\n")
	ffJSON := write("ff.json", "{\"success\": true,\n\"data\": [\xff]}\n")
	deepJSON := write("deep.json", strings.Repeat("[", 10001)+strings.Repeat("]", 10001))
	order := write("order.yaml", "success: true\ndata: 1\nzeta: 1\nalpha: 2\n")
	trailing := write("trailing.yaml", "success: true\ndata: 1\n---\n# the end\n")
	folder := filepath.Join(dir, "docs.json")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.json")
	for _, tc := range []struct {
		doc            string
		code           int
		stdout, stderr string
	}{
		{bad, 1, bad + "#: invalid JSON at line 3, column 1: unexpected '}' after ',' (syntax)\n", "envgen: 1 invalid document\n"},
		// yaml.v3 says "line 0" of a parser error on line 1, "line 1" for
		// line 2; a bracket left open is on its line, not the empty one after
		{yml, 1, yml + "#: invalid YAML at line 1: did not find expected ',' or ']' (syntax)\n", "envgen: 1 invalid document\n"},
		{key2, 1, key2 + "#: invalid YAML at line 5: did not find expected key (syntax)\n", "envgen: 1 invalid document\n"},
		// a byte that is no UTF-8 is named as a byte, not as the character 'ÿ'
		{ffYAML, 1, ffYAML + "#: invalid YAML at line 2, column 8: invalid UTF-8 (byte 0xff) (syntax)\n", "envgen: 1 invalid document\n"},
		{ffJSON, 1, ffJSON + "#: invalid JSON at line 2, column 10: invalid UTF-8 (byte 0xff) (syntax)\n", "envgen: 1 invalid document\n"},
		// placed and worded as generate places and words it
		{deepJSON, 1, deepJSON + "#: nested deeper than 10000 levels at line 1, column 10001, more than envgen reads (syntax)\n", "envgen: 1 invalid document\n"},
		{two, 1, two + "#: invalid YAML at line 3, column 1: want one YAML document, found more; give each document its own file (syntax)\n", "envgen: 1 invalid document\n"},
		{empty, 1, empty + "#: invalid YAML: the document is empty (syntax)\n", "envgen: 1 invalid document\n"},
		// YAML documents are read as YAML schemas are: the same words, with
		// the line and column, not encoding/json's or yaml.v3's.
		{inf, 1, inf + "#: invalid YAML at line 2, column 7: \".inf\" is not a JSON number (syntax)\n", "envgen: 1 invalid document\n"},
		{key, 1, key + "#: invalid YAML at line 2, column 3: a mapping key must be a string (syntax)\n", "envgen: 1 invalid document\n"},
		{deep, 1, deep + "#: nested deeper than 10000 levels at line 1, column 10007, more than envgen reads (syntax)\n", "envgen: 1 invalid document\n"},
		{trailing, 0, "", ""},
		// in the order written, as for JSON (encoding/json sorted them)
		{order, 1, order + "#: unexpected property \"zeta\" (additionalProperties, envelope.json#/additionalProperties)\n" +
			order + "#: unexpected property \"alpha\" (additionalProperties, envelope.json#/additionalProperties)\n", "envgen: 1 invalid document\n"},
		{folder, 1, "", "envgen: " + folder + "#: cannot read: a folder, not a document; name the documents in it\n"},
		{missing, 1, "", "envgen: " + missing + "#: cannot read: no such file or folder\n"},
	} {
		var out, errOut bytes.Buffer
		code := Run([]string{"validate", "--schema", "envelope", tc.doc}, &out, &errOut)
		if code != tc.code || out.String() != tc.stdout || errOut.String() != tc.stderr {
			t.Errorf("%s: exit %d, want %d\nstdout: %q\nwant:   %q\nstderr: %q\nwant:   %q", tc.doc, code, tc.code, out.String(), tc.stdout, errOut.String(), tc.stderr)
		}
	}
}

func TestDiffCommand(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "golden", "compat")
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"diff", filepath.Join(dir, "required-added", "old.json"), filepath.Join(dir, "required-added", "new.json")}, 1},
		{[]string{"diff", "--mode", "forward", filepath.Join(dir, "required-added", "old.json"), filepath.Join(dir, "required-added", "new.json")}, 0},
		{[]string{"diff", "--mode", "full", filepath.Join(dir, "not-changed", "old.json"), filepath.Join(dir, "not-changed", "new.json")}, 1},
		{[]string{"diff", "--allow-unproven", "--output", "json", filepath.Join(dir, "not-changed", "old.json"), filepath.Join(dir, "not-changed", "new.json")}, 0},
		{[]string{"diff", filepath.Join("..", "..", "..", "..", "schemas", "released", "v1"), filepath.Join("..", "..", "..", "..", "schemas")}, 0},
		{[]string{"diff", "--mode", "sideways", "a.json", "b.json"}, 2},
		{[]string{"diff", "a.json"}, 2},
		{[]string{"diff", "no-such.json", "b.json"}, 1},
	} {
		var out, errOut bytes.Buffer
		if code := Run(tc.args, &out, &errOut); code != tc.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", tc.args, code, tc.code, out.String(), errOut.String())
		}
	}
}

// TestValidateSchemaNameTypo: a --schema that is no file and no built-in
// name, and looks like a name, is answered with the names.
func TestValidateSchemaNameTypo(t *testing.T) {
	t.Chdir(t.TempDir())
	var out, errOut bytes.Buffer
	code := Run([]string{"validate", "--schema", "envelop", "-"}, &out, &errOut)
	want := "envgen: --schema envelop: no such file, and no built-in schema has that name; the names are envelope, error, meta, provenance, request, warning\n"
	if code != 1 || errOut.String() != want {
		t.Errorf("exit %d, stderr %q\nwant exit 1, %q", code, errOut.String(), want)
	}
}

// TestHelpNamesFlagValues: every flag that takes a value names it in the
// help (--output FORMAT), not by cobra's Go type (--output string).
func TestHelpNamesFlagValues(t *testing.T) {
	typeName := regexp.MustCompile(`--[a-z-]+ (string|stringArray|strings|int|ints|uint|uints|bool|bools|float|float64|duration)\s`)
	for _, cmd := range []string{"generate", "check", "validate", "bundle", "diff", "version"} {
		var out, errOut bytes.Buffer
		if code := Run([]string{cmd, "--help"}, &out, &errOut); code != 0 {
			t.Fatalf("%s --help: exit %d: %s", cmd, code, errOut.String())
		}
		if m := typeName.FindAllString(out.String(), -1); m != nil {
			t.Errorf("%s --help names values by type: %q", cmd, m)
		}
	}
}

// TestDiffInputErrors: diff names a schema it cannot read or decode as
// generate does (FILE#, the line, the words), not by a Go error.
func TestDiffInputErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	for name, s := range map[string]string{
		"ok.json":   `{"type": "object"}`,
		"tail.json": `{"type": "object"}x`,
		"dup.json":  `{"type": "object", "type": "string"}`,
		"bad.yaml":  "type: [object\n",
	} {
		if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir("dir", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ old, want string }{
		{"tail.json", "envgen: tail.json#: invalid JSON at line 1, column 19: data after the top-level value\n"},
		{"dup.json", "envgen: dup.json#: invalid JSON at line 1: duplicate key \"type\"\n"},
		{"bad.yaml", "envgen: bad.yaml#: invalid YAML at line 1: did not find expected ',' or ']'\n"},
		{"none.json", "envgen: none.json#: cannot read: no such file or folder\n"},
		{"dir", "envgen: want OLD and NEW both files or both folders; dir is a folder and ok.json a file\n"},
	} {
		var out, errOut bytes.Buffer
		if code := Run([]string{"diff", tc.old, "ok.json"}, &out, &errOut); code != 1 || errOut.String() != tc.want {
			t.Errorf("diff %s ok.json: exit %d, stderr %q\nwant exit 1, %q", tc.old, code, errOut.String(), tc.want)
		}
	}
}

// TestValidateReadError: a document that fails while it is read (stdin,
// here) is named with the reason, as generate names a schema it cannot
// read, not "(stdin): <Go's error>".
func TestValidateReadError(t *testing.T) {
	for _, ndjson := range []bool{false, true} {
		validateStdin = iotest.ErrReader(&fs.PathError{Op: "read", Path: "/dev/stdin", Err: syscall.EIO})
		args := []string{"validate", "--schema", "envelope", "-"}
		if ndjson {
			args = append(args, "--ndjson")
		}
		var out, errOut bytes.Buffer
		code := Run(args, &out, &errOut)
		if want := "envgen: (stdin)#: cannot read: input/output error\n"; code != 1 || errOut.String() != want {
			t.Errorf("%v: exit %d, stderr %q, want %q", args, code, errOut.String(), want)
		}
	}
	validateStdin = os.Stdin
}
