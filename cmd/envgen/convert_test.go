package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/dialects"
)

const (
	scalpelDebugError = "../../dialects/scalpel/examples/debug-error.json"
	bmcisTokenLimit   = "../../dialects/bmcis/examples/token-limit-error.json"
	bmcisBasicSearch  = "../../dialects/bmcis/examples/basic-search.json"
	bmcisFiltered     = "../../dialects/bmcis/examples/field-filtered.json"
)

// indented is what convert prints for a converted document.
func indented(t *testing.T, doc []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Indent(&b, doc, "", "  "); err != nil {
		t.Fatal(err)
	}
	return b.String() + "\n"
}

func TestConvertFile(t *testing.T) {
	want, err := dialects.Convert("scalpel", "canonical", []byte(mustRead(t, scalpelDebugError)))
	if err != nil {
		t.Fatal(err)
	}
	r := runEnvgen(t, "convert", "--from", "scalpel", "--to", "canonical", scalpelDebugError)
	if r.code != 0 || r.stderr != "" || r.stdout != indented(t, want) {
		t.Errorf("got %+v, want exit 0 and\n%s", r, indented(t, want))
	}
	if !strings.Contains(r.stdout, `"code": "NOT_FOUND"`) || !strings.Contains(r.stdout, `"success": false`) {
		t.Errorf("not the canonical form of the Scalpel error:\n%s", r.stdout)
	}
}

func TestConvertStdin(t *testing.T) {
	orig := convertStdin
	defer func() { convertStdin = orig }()
	for _, args := range [][]string{{"-"}, nil} {
		convertStdin = strings.NewReader(`{"data": {"risk_level": "high"}}`)
		r := runEnvgen(t, append([]string{"convert", "--from", "scalpel", "--to", "mcp-envelope"}, args...)...)
		want := "{\n  \"schema_version\": \"mcp.envelope.v0.1\",\n  \"result\": {\n    \"risk_level\": \"high\"\n  },\n  \"provenance\": null\n}\n"
		if r.code != 0 || r.stderr != "" || r.stdout != want {
			t.Errorf("args %q: got %+v, want\n%s", args, r, want)
		}
	}
}

func TestConvertInvalidInput(t *testing.T) {
	// Without _metadata there is no status: not even an incomplete
	// document (TestConvertIncomplete).
	r := runEnvgen(t, "convert", "--from", "bmcis", "--to", "canonical", bmcisFiltered)
	want := "envgen: " + bmcisFiltered + "#: not valid bmcis: missing properties '_metadata', 'execution_context', 'warnings'\n" +
		"\tschema: dialects/bmcis/envelope.json#/required\n"
	if r.code != 1 || r.stdout != "" || r.stderr != want {
		t.Errorf("got %+v, want exit 1 and stderr\n%s", r, want)
	}

	t.Chdir(t.TempDir())
	mustWrite(t, "enum.json", `{"success": true, "data": {}, "error": null, "meta": {"version": "response-v3"}}`)
	mustWrite(t, "broken.json", "{\n  \"data\": {},\n}")
	mustWrite(t, "deep.json", "{\"data\": "+strings.Repeat("[", 10001)+strings.Repeat("]", 10001)+"}")
	if err := os.Mkdir("folder.json", 0o755); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		"folder.json":  "envgen: folder.json#: cannot read: a folder, not a document\n",
		"enum.json":    "envgen: enum.json#/meta/version: not valid foundry: value must be 'response-v2'\n",
		"broken.json":  "envgen: broken.json#: invalid JSON at line 3, column 1:",
		"missing.json": "envgen: missing.json#: cannot read: no such file or folder\n",
		// as the schema loader says it, not "exceeded max depth"
		"deep.json":   "envgen: deep.json#: nested deeper than 10000 levels at line 1, column 10009, more than envgen reads\n",
		"enum.json/x": "envgen: enum.json/x#: cannot read: enum.json is a file, not a folder\n", // the path once, not open enum.json/x: …
	} {
		r := runEnvgen(t, "convert", "--from", "foundry", "--to", "canonical", file)
		if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("%s: got %+v, want exit 1 and stderr starting %q", file, r, want)
		}
	}
}

func TestConvertTargetCannotHold(t *testing.T) {
	r := runEnvgen(t, "convert", "--from", "bmcis", "--to", "foundry", bmcisBasicSearch)
	want := "envgen: " + bmcisBasicSearch + ": cannot convert to foundry: #/data: the canonical /data is not an object, as foundry's data must be\n"
	if r.code != 1 || r.stdout != "" || r.stderr != want {
		t.Errorf("got %+v, want exit 1 and stderr %q", r, want)
	}

	t.Chdir(t.TempDir())
	mustWrite(t, "minimal.json", `{"success": true, "data": {"hits": []}, "meta": {"request_id": "r1"}}`)
	r = runEnvgen(t, "convert", "--from", "canonical", "--to", "codegraph", "minimal.json")
	var lines []string
	for _, p := range []string{"/meta/tool", "/meta/timing/started_at", "/meta/workspace/root", "/meta/workspace/repo_name"} {
		lines = append(lines, "envgen: minimal.json: cannot convert to codegraph, which needs what the canonical envelope has at "+p+", and this document does not give it\n")
	}
	if want := strings.Join(lines, ""); r.code != 1 || r.stdout != "" || r.stderr != want {
		t.Errorf("got %+v, want exit 1 and stderr\n%s", r, want)
	}
}

func TestConvertLosses(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "adapter-error.json")
	mustWrite(t, doc, `{"schema_version": "mcp.envelope.v0.1", "result": null, "provenance": null,
		"errors": [{"code": "adapter.execution-failed", "message": "Tool execution failed with exit code 2."}]}`)
	args := []string{"convert", "--from", "mcp-envelope", "--to", "canonical", doc}
	quiet := runEnvgen(t, args...)
	if quiet.code != 0 || quiet.stderr != "" || !strings.Contains(quiet.stdout, `"ADAPTER.EXECUTION_FAILED"`) {
		t.Fatalf("without --losses: %+v", quiet)
	}
	reason := "canonical codes are SCREAMING_SNAKE_CASE, single dots kept (ADAPTER.EXECUTION.FAILED comes back as it is): other spellings are rewritten"
	// canonical's error code cannot hold the spelling; its meta.source
	// keeps it for the way back to mcp-envelope, so nothing is lost.
	note := "envgen: note: " + doc + "#/errors/0/code is kept in meta.source of the canonical envelope, for the way back to mcp-envelope only: " + reason + "\n"
	if r := runEnvgen(t, append(args, "--losses")...); r.code != 0 || r.stderr != note || r.stdout != quiet.stdout {
		t.Errorf("--losses: got %+v, want stderr %q", r, note)
	}
	if r := runEnvgen(t, append(args, "--lossless")...); r.code != 0 || r.stderr != note || r.stdout != quiet.stdout {
		t.Errorf("--lossless to canonical: got %+v, want the output and stderr %q", r, note)
	}
	// To another dialect, meta.source does not go along: the spelling is lost.
	strict := "envgen: " + doc + "#/errors/0/code is not carried to canonical: " + reason + "\n"
	toScalpel := []string{"convert", "--from", "mcp-envelope", "--to", "scalpel", "--lossless", doc}
	if r := runEnvgen(t, toScalpel...); r.code != 1 || !strings.Contains(r.stderr, strict) || r.stdout != "" {
		t.Errorf("--lossless to scalpel: got %+v, want exit 1 and stderr with %q", r, strict)
	}

	// A second step's losses are named in the canonical envelope between.
	r := runEnvgen(t, "convert", "--from", "bmcis", "--to", "scalpel", "--losses", bmcisBasicSearch)
	if r.code != 0 || !strings.Contains(r.stderr, "envgen: note: its canonical envelope, #/meta/tokens/estimated, is not carried to scalpel: Code Scalpel has no token accounting\n") {
		t.Errorf("bmcis to scalpel: %+v", r)
	}
}

// TestConvertIncomplete converts BMCIS's own Token Limit Error example, which
// lacks members the BMCIS schema requires: --losses names each of them,
// --lossless refuses, and converting on to bmcis, which needs them, fails.
func TestConvertIncomplete(t *testing.T) {
	args := []string{"convert", "--from", "bmcis", "--to", "canonical", bmcisTokenLimit}
	quiet := runEnvgen(t, args...)
	if quiet.code != 0 || quiet.stderr != "" || !strings.Contains(quiet.stdout, `"code": "TOKEN_LIMIT_EXCEEDED"`) {
		t.Fatalf("got %+v", quiet)
	}
	r := runEnvgen(t, append(args, "--losses")...)
	for _, p := range []string{"/_metadata/request_id", "/_metadata/timestamp", "/_metadata/version", "/execution_context"} {
		want := "envgen: note: " + bmcisTokenLimit + "#" + p + " is missing, so not in canonical: absent, although the bmcis schema requires it"
		if !strings.Contains(r.stderr, want) {
			t.Errorf("--losses: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if r.code != 0 || r.stdout != quiet.stdout || !strings.Contains(r.stderr, bmcisTokenLimit+"#/_metadata/operation is not carried to canonical") {
		t.Errorf("--losses: %+v", r)
	}
	if r := runEnvgen(t, append(args, "--lossless")...); r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "#/execution_context is missing") {
		t.Errorf("--lossless: %+v", r)
	}
	r = runEnvgen(t, "convert", "--from", "bmcis", "--to", "bmcis", bmcisTokenLimit)
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "cannot convert to bmcis, which needs what the canonical envelope has at /meta/tool") {
		t.Errorf("to bmcis: %+v", r)
	}
}

func TestConvertOutputFileAndProfile(t *testing.T) {
	src := []byte(mustRead(t, scalpelDebugError))
	t.Chdir(t.TempDir())
	mustWrite(t, "debug.json", string(src))
	r := runEnvgen(t, "convert", "--from", "scalpel", "--to", "scalpel", "--profile", "minimal", "debug.json", "-o", "out/minimal.json")
	want := "{\n  \"error\": {\n    \"error\": \"File not found: /missing.py\",\n    \"error_code\": \"not_found\"\n  }\n}\n"
	if r.code != 0 || r.stdout != "" || r.stderr != "" || mustRead(t, "out/minimal.json") != want {
		t.Errorf("got %+v and file\n%s\nwant\n%s", r, mustRead(t, "out/minimal.json"), want)
	}
	r = runEnvgen(t, "convert", "--from", "scalpel", "--to", "scalpel", "--profile", "debug", "out/minimal.json")
	if r.code != 0 || r.stdout != indented(t, []byte(`{"tier": null, "tool_version": null, "tool_id": null, "request_id": null,
		"capabilities": null, "duration_ms": null, "error": {"error": "File not found: /missing.py", "error_code": "not_found",
		"error_details": null}, "upgrade_hints": [], "data": null}`)) {
		t.Errorf("to the debug profile: %+v", r)
	}
}

func TestConvertUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--to", "canonical"}, "--from is required: one of canonical, scalpel, foundry, mcp-envelope, codegraph, bmcis"},
		{[]string{"--from", "scalpel"}, "--to is required"},
		{[]string{"--from", "scalpel", "--to", "mcp.envelope"}, `--to "mcp.envelope": want one of canonical, scalpel, foundry, mcp-envelope, codegraph, bmcis`},
		{[]string{"--from", "Scalpel", "--to", "canonical"}, `--from "Scalpel": want one of`},
		{[]string{"--from", "scalpel", "--to", "canonical", "a.json", "b.json"}, "want one document (a file, or - for stdin), got 2 arguments"},
		{[]string{"--from", "canonical", "--to", "scalpel", "--profile", "full"}, `--profile "full": scalpel has minimal, standard, verbose, debug`},
		{[]string{"--from", "canonical", "--to", "bmcis", "--profile", "debug"}, "--profile: bmcis has no profiles"},
		{[]string{"--from", "canonical", "--to", "bmcis", "--pretty"}, "unknown flag: --pretty"},
	} {
		r := runEnvgen(t, append([]string{"convert"}, tc.args...)...)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		if r.code != 2 || len(lines) != 2 || !strings.Contains(lines[0], tc.want) ||
			lines[1] != "Run 'envgen convert --help' for usage." || r.stdout != "" {
			t.Errorf("%v: got %+v, want exit 2 and %q", tc.args, r, tc.want)
		}
	}
}

func TestConvertHelp(t *testing.T) {
	r := runEnvgen(t, "convert", "--help")
	for _, want := range []string{"Examples:", "envgen convert --from foundry --to canonical response.json", "--from DIALECT",
		"canonical, scalpel, foundry, mcp-envelope, codegraph, bmcis", "--profile PROFILE", "--lossless", "docs/dialects.md"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("envgen convert --help lacks %q:\n%s", want, r.stdout)
		}
	}
	if r := runEnvgen(t, "--help"); !strings.Contains(r.stdout, "convert") {
		t.Errorf("envgen --help does not list convert:\n%s", r.stdout)
	}
}
