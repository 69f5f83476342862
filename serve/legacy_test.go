package serve_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

func TestWrap(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"object", `{ "ok": true, "count": 3 }`, `{"success":true,"data":{"ok":true,"count":3}}`},
		{"text", `done`, `{"success":true,"data":"done"}`},
		{"JSON string", `"done"`, `{"success":true,"data":"done"}`},
		{"multi-line text", "line 1\nline \"2\"", `{"success":true,"data":"line 1\nline \"2\""}`},
		{"empty", ``, `{"success":true,"data":""}`},
		{"array", `[1, "two", null]`, `{"success":true,"data":[1,"two",null]}`},
		{"number", `1.50`, `{"success":true,"data":1.50}`},
		{"boolean", `false`, `{"success":true,"data":false}`},
		{"null", `null`, `{"success":true,"data":null}`},
		{"own schema_version", `{"schema_version": "assist.response.v0.1", "Plan": ["a"], "n": 1e3}`,
			`{"success":true,"data":{"schema_version":"assist.response.v0.1","Plan":["a"],"n":1e3}}`},
		{"mcp.envelope.v0.1 is converted, never nested", `{"schema_version":"mcp.envelope.v0.1","result":"done"}`,
			`{"success":true,"data":"done"}`},
		{"an mcp.envelope.v0.1 failure stays a failure", `{"schema_version":"mcp.envelope.v0.1","result":null,"errors":[{"code":"ADAPTER_EXECUTION_FAILED","message":"exit 2","retryable":false}]}`,
			`{"success":false,"error":{"code":"ADAPTER_EXECUTION_FAILED","category":"internal","message":"exit 2","retry":{"retryable":false}}}`},
		{"a foundry failure stays a failure", `{"success":false,"data":{"error_code":"NOT_FOUND","error_type":"not_found"},"error":"No such spec.","meta":{"version":"response-v2"}}`,
			`{"success":false,"error":{"code":"NOT_FOUND","category":"not_found","message":"No such spec."}}`},
		{"scalpel", `{"data":{"n":1},"error":null}`, `{"success":true,"data":{"n":1}}`},
		{"envelope-like with an unknown member", `{"success":true,"data":1,"extra":2}`,
			`{"success":true,"data":{"success":true,"data":1,"extra":2}}`},
		{"canonical with null members", `{"success":true,"data":1,"error":null,"meta":null,"warnings":null}`,
			`{"success":true,"data":1}`},
		{"canonical with a null payload", `{"success":true,"data":null}`, `{"success":true,"data":null}`},
		{"canonical failure with null members", `{"success":false,"data":null,"error":{"code":"X","category":"internal","message":"m"},"provenance":null}`,
			`{"success":false,"error":{"code":"X","category":"internal","message":"m"}}`},
		{"a null error on failure is no envelope", `{"success":false,"error":null}`,
			`{"success":true,"data":{"success":false,"error":null}}`},
		{"success that is not a boolean", `{"success":"yes","data":1}`,
			`{"success":true,"data":{"success":"yes","data":1}}`},
		{"invalid UTF-8 text", "caf\xe9", `{"success":true,"data":"caf` + "\uFFFD" + `"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := marshal(t, serve.Wrap([]byte(tt.in)))
			if string(b) != tt.want {
				t.Errorf("got  %s\nwant %s", b, tt.want)
			}
			valid(t, "envelope", b)
			if got := serve.WrapBytes([]byte(tt.in)); string(got) != tt.want {
				t.Errorf("WrapBytes: %s", got)
			}
		})
	}
}

// An envelope is never wrapped twice: every valid canonical example passes
// through Wrap unchanged, and wrapping is idempotent.
func TestWrapPassesEnvelopesThrough(t *testing.T) {
	files, _ := filepath.Glob("../schemas/examples/valid/*.json")
	n := 0
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasPrefix(base, "request-") || strings.HasPrefix(base, "provenance-") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n++
		if !serve.IsEnvelope(b) {
			t.Errorf("%s: not recognized as an envelope", base)
			continue
		}
		if got := serve.WrapBytes(b); string(got) != string(b) {
			t.Errorf("%s: WrapBytes changed the bytes", base)
		}
		if got, want := canonical(t, marshal(t, serve.Wrap(b))), canonical(t, b); got != want {
			t.Errorf("%s: Wrap changed the envelope:\n got %s\nwant %s", base, got, want)
		}
	}
	if n < 20 {
		t.Fatalf("only %d examples found", n)
	}
	once := serve.WrapBytes([]byte(`{"ok":true}`))
	if twice := serve.WrapBytes(once); string(twice) != string(once) {
		t.Errorf("wrapped twice: %s", twice)
	}
	env := serve.Success(Results{Hits: corpus(1)})
	w, err := serve.WrapValue(env)
	if err != nil || string(marshal(t, w)) != string(marshal(t, env)) {
		t.Errorf("WrapValue of an envelope: %s %v", marshal(t, w), err)
	}
	if w, _ := serve.WrapValue("done"); string(marshal(t, w)) != `{"success":true,"data":"done"}` {
		t.Errorf("WrapValue of a string: %s", marshal(t, w))
	}
}

func TestWrapExit(t *testing.T) {
	b := marshal(t, serve.WrapExit([]byte("partial output"), 2))
	want := `{"success":false,"data":"partial output","error":{"code":"ADAPTER_EXECUTION_FAILED","category":"internal","message":"Tool execution failed with exit code 2.","remediation":"Retry with exponential backoff; report meta.request_id if it keeps failing.","retry":{"retryable":true},"details":{"exit_code":2}}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	valid(t, "envelope", b)
	if b := marshal(t, serve.WrapExit(nil, 1)); tree(t, b)["data"] != nil {
		t.Errorf("no output, yet data: %s", b)
	}
	if b := marshal(t, serve.WrapExit([]byte(`{"ok":1}`), 0)); string(b) != `{"success":true,"data":{"ok":1}}` {
		t.Errorf("exit 0: %s", b)
	}
}

// A wrapped legacy result renders like any other: no projection, and the
// profile applies.
func TestRenderWrapped(t *testing.T) {
	tool := &serve.Tool{Name: "legacy", Version: "0.9", Config: &serve.Config{Global: serve.ProfileStandard}}
	call, _ := tool.Begin(envelope.Request{}, nil)
	r := serve.Render(call, serve.Wrap([]byte(`{"schema_version":"assist.response.v0.1","plan":[]}`)))
	want := `{"success":true,"data":{"schema_version":"assist.response.v0.1","plan":[]},"meta":{"tool":{"name":"legacy","version":"0.9"},"tokens":{"estimated":43}}}`
	if string(r.JSON) != want {
		t.Errorf("got  %s\nwant %s", r.JSON, want)
	}
	valid(t, "envelope", r.JSON)
}

func canonical(t *testing.T, b []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return string(marshal(t, v))
}

// Every valid envelope example of the five dialects is recognized, in its
// own dialect, and Wrap converts it to the canonical envelope instead of
// nesting it: the same as dialects.Convert, success kept, without the
// meta.source that keeps what only the legacy convention has.
func TestWrapConvertsDialects(t *testing.T) {
	folders := map[string]string{"scalpel": "scalpel", "foundry": "foundry", "mcpenvelope": "mcp-envelope", "codegraph": "codegraph", "bmcis": "bmcis"}
	schemaOf := map[string]string{"scalpel": "envelope.json", "foundry": "response.json", "mcpenvelope": "envelope.json", "codegraph": "envelope.json", "bmcis": "envelope.json"}
	n := 0
	for folder, d := range folders {
		b, err := os.ReadFile(filepath.Join("../dialects", folder, "examples/index.json"))
		if err != nil {
			t.Fatal(err)
		}
		var idx struct {
			Examples []struct {
				File, Kind, Schema string
				Valid              bool
			}
		}
		if err := json.Unmarshal(b, &idx); err != nil {
			t.Fatal(err)
		}
		for _, e := range idx.Examples {
			if !e.Valid || e.Kind == "schema" || e.Schema != "" && e.Schema != schemaOf[folder] {
				continue
			}
			doc, err := os.ReadFile(filepath.Join("../dialects", folder, "examples", e.File))
			if err != nil {
				t.Fatal(err)
			}
			want, err := dialects.Convert(d, dialects.Canonical, doc)
			if err != nil {
				continue // a document canonical cannot hold is not an envelope Wrap converts
			}
			want = withoutSource(t, want) // Wrap serves canonical members only
			n++
			env, got, ok := serve.Recognize(doc)
			if ok && got == dialects.Canonical && serve.IsEnvelope(doc) {
				// Also a canonical envelope (a codegraph success is one): it
				// passes through as it is.
				want = doc
			} else if !ok || got != d {
				t.Errorf("%s/%s: recognized %v as %q", folder, e.File, ok, got)
				continue
			}
			if w := canonical(t, marshal(t, serve.Wrap(doc))); w != canonical(t, want) {
				t.Errorf("%s/%s: Wrap\n got %s\nwant %s", folder, e.File, w, want)
			}
			if wantSuccess := tree(t, want)["success"] == true; env.Success != wantSuccess {
				t.Errorf("%s/%s: success %v, want %v", folder, e.File, env.Success, wantSuccess)
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d dialect envelopes checked", n)
	}
}

// BMCIS's own error examples lack members its schema requires, and are
// BMCIS failures all the same: Wrap converts them to a canonical failure
// (dialects converts such an incomplete document) rather than wrapping them as
// the payload of a success.
func TestWrapIncompleteBMCIS(t *testing.T) {
	for file, code := range map[string]string{"token-limit-error.json": "TOKEN_LIMIT_EXCEEDED", "invalid-fields-error.json": "INVALID_FIELDS"} {
		doc, err := os.ReadFile(filepath.Join("../dialects/bmcis/examples", file))
		if err != nil {
			t.Fatal(err)
		}
		env, d, ok := serve.Recognize(doc)
		if !ok || d != "bmcis" || env.Success || env.Error == nil || string(env.Error.Code) != code {
			t.Errorf("%s: recognized %v as %q: %+v", file, ok, d, env)
		}
		w := tree(t, marshal(t, serve.Wrap(doc)))
		if w["success"] != false || at(w, "error/code") != code {
			t.Errorf("%s: Wrap gives %v", file, w)
		}
	}
}

// withoutSource is the canonical envelope b without meta.source, and
// without meta when nothing else is in it.
func withoutSource(t *testing.T, b []byte) []byte {
	t.Helper()
	var env map[string]any
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	if meta, ok := env["meta"].(map[string]any); ok {
		delete(meta, "source")
		if len(meta) == 0 {
			delete(env, "meta")
		}
	}
	return marshal(t, env)
}
