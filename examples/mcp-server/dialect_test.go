package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/serve"
)

// dialectConfig is the configuration that serves the example in dialect d:
// every tool, or, for bmcis, whose payload is a list, the search tool only.
func dialectConfig(d string) string {
	if d == "bmcis" {
		return `{"tool_overrides": {"search": {"dialect": "bmcis"}}}`
	}
	return `{"global": {"dialect": "` + d + `"}}`
}

// TestDialects serves the tools in each convention, canonical and the five
// dialects, to the go-sdk client: tools/list advertises the dialect's bundled
// outputSchema, and every structuredContent (success, error, a second page,
// a truncated page) validates against it, with isError == !success (call).
// The same responses do not validate against the canonical outputSchema,
// which is what a client rejected before the tools advertised their dialect.
func TestDialects(t *testing.T) {
	t.Setenv(serve.DebugEnv, "")
	canonical := connect(t, nil)
	for _, d := range dialects.Names() {
		t.Run(d, func(t *testing.T) {
			c, err := serve.ParseConfig("cfg.json", []byte(dialectConfig(d)))
			if err != nil {
				t.Fatal(err)
			}
			s := connect(t, c)
			if want, _ := dialects.OutputSchema(d); d != dialects.Canonical && !jsonEqual(s.raw["search"], want) {
				t.Fatalf("tools/list does not advertise the %s bundle as the outputSchema of search", d)
			}
			var sent [][]byte
			search := func(args map[string]any) map[string]any {
				b, _ := json.Marshal(s.call("search", args))
				sent = append(sent, b)
				return s.canonical("search", b)
			}
			hits := func(env map[string]any) int {
				if list, ok := env["data"].([]any); ok { // bmcis: the list is the payload
					return len(list)
				}
				return len(env["data"].(map[string]any)["hits"].([]any))
			}
			env := search(map[string]any{"query": "chapter", "page_size": 2})
			if env["success"] != true || hits(env) != 2 {
				t.Errorf("page 1: %v", env)
			}
			meta, _ := env["meta"].(map[string]any)
			if p, ok := meta["pagination"].(map[string]any); ok && p["cursor"] != nil {
				env = search(map[string]any{"query": "chapter", "cursor": p["cursor"]})
				if env["success"] != true || hits(env) != 2 {
					t.Errorf("page 2: %v", env)
				}
			} else if d != "scalpel" { // scalpel has no place for it (serve.Tool.Warnings)
				t.Errorf("%s: the cursor does not reach the client", d)
			}
			env = search(map[string]any{"query": "chapter", "response_mode": "full", "token_budget": 400})
			if env["success"] != true || hits(env) == 0 || hits(env) >= 5 {
				t.Errorf("truncated: %v", env)
			}
			env = search(map[string]any{"query": " "})
			if env["success"] != false || env["error"].(map[string]any)["code"] != "MISSING_REQUIRED" {
				t.Errorf("error: %v", env)
			}
			if env := s.call("get_chunk", map[string]any{"chunk_id": 3}); s.canonical("get_chunk", mustJSON(env))["success"] != true {
				t.Errorf("get_chunk 3: %v", env)
			}
			if env := s.call("get_chunk", map[string]any{"chunk_id": -1}); s.canonical("get_chunk", mustJSON(env))["success"] != false {
				t.Errorf("get_chunk -1: %v", env)
			}
			if d == dialects.Canonical {
				return
			}
			for _, b := range sent {
				doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
				if canonical.schemas["search"].Validate(doc) == nil {
					t.Errorf("a %s response validates against the canonical outputSchema: the test cannot tell them apart\n%s", d, b)
				}
			}
		})
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return bytes.Equal(mustJSON(x), mustJSON(y))
}
