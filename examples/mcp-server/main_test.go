package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/gen/bundle"
	"github.com/envgen/envgen/serve"
)

// The committed bundles are what `envgen bundle` makes of the tool schemas:
// the compact form, what an MCP client reads on every tools/list.
func TestBundlesUpToDate(t *testing.T) {
	for _, name := range []string{"search", "get-chunk"} {
		got, err := bundle.Bundle(bundle.Options{Input: "schemas/" + name + "-output.json", Compact: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile("schemas/" + name + "-output.bundle.json")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("schemas/%s-output.bundle.json is stale; from the repository root run:\n"+
				"go run ./cmd/envgen bundle examples/mcp-server/schemas/%[1]s-output.json -o examples/mcp-server/schemas/%[1]s-output.bundle.json", name)
		}
	}
}

type session struct {
	t       *testing.T
	cs      *mcp.ClientSession
	schemas map[string]*jsonschema.Schema // tool → its outputSchema, compiled
	raw     map[string][]byte             // tool → its outputSchema
	config  *serve.Config
}

func connect(t *testing.T, config *serve.Config) *session {
	t.Helper()
	server, err := newServer(config, []byte("test key"))
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })

	s := &session{t: t, cs: cs, schemas: map[string]*jsonschema.Schema{}, raw: map[string][]byte{},
		config: config}
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		b, _ := json.Marshal(tool.OutputSchema)
		s.raw[tool.Name] = b
		s.schemas[tool.Name] = compile(t, b)
	}
	return s
}

// compile compiles an outputSchema on its own, as a client has it.
func compile(t *testing.T, b []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.UseLoader(noLoader{}) // a bundle is self-contained
	if err := c.AddResource("bundle.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("bundle.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type noLoader struct{}

func (noLoader) Load(url string) (any, error) { return nil, fmt.Errorf("no network: %s", url) }

// call calls a tool and checks the result: structuredContent validates
// against the tool's outputSchema, the text content is the same JSON, and
// isError is !success.
func (s *session) call(tool string, args map[string]any) map[string]any {
	s.t.Helper()
	res, err := s.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		s.t.Fatal(err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err := s.schemas[tool].Validate(doc); err != nil {
		s.t.Fatalf("%s: structuredContent does not match the outputSchema: %v\n%s", tool, err, b)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	var a, c any
	_ = json.Unmarshal([]byte(text), &a)
	_ = json.Unmarshal(b, &c)
	if fmt.Sprint(a) != fmt.Sprint(c) || len(res.Content) != 1 {
		s.t.Errorf("%s: the text content is not the structured content:\n%s\n%s", tool, text, b)
	}
	var env map[string]any
	_ = json.Unmarshal(b, &env)
	if success := s.canonical(tool, b)["success"] == true; res.IsError != !success {
		s.t.Errorf("%s: isError %v, success %v\n%s", tool, res.IsError, success, b)
	}
	return env
}

// canonical returns a response of tool, in the tool's dialect, converted to
// the canonical envelope.
func (s *session) canonical(tool string, b []byte) map[string]any {
	s.t.Helper()
	if d := s.config.Dialect(tool); d != dialects.Canonical {
		r, err := dialects.ConvertWith(d, dialects.Canonical, b, dialects.Options{})
		if err != nil {
			s.t.Fatalf("%s: %v\n%s", d, err, b)
		}
		b = r.Output
	}
	var env map[string]any
	_ = json.Unmarshal(b, &env)
	return env
}

func TestTools(t *testing.T) {
	s := connect(t, nil)
	if names := slices.Sorted(func(yield func(string) bool) {
		for k := range s.schemas {
			yield(k)
		}
	}); !slices.Equal(names, []string{"get_chunk", "search"}) {
		t.Fatalf("tools %v", names)
	}

	// Page through every chapter.
	var ids []float64
	args := map[string]any{"query": "chapter", "page_size": 7, "response_mode": "ids_only"}
	for pages := 0; ; pages++ {
		env := s.call("search", args)
		for _, h := range env["data"].(map[string]any)["hits"].([]any) {
			ids = append(ids, h.(map[string]any)["chunk_id"].(float64))
		}
		p := env["meta"].(map[string]any)["pagination"].(map[string]any)
		if p["has_more"] != true {
			break
		}
		if pages > 10 {
			t.Fatal("paging does not end")
		}
		args = map[string]any{"query": "chapter", "cursor": p["cursor"]}
	}
	if len(ids) != 30 || ids[0] != 0 || ids[29] != 29 {
		t.Errorf("paged through %v", ids)
	}

	// A small budget truncates the page.
	env := s.call("search", map[string]any{"query": "chapter", "response_mode": "full", "token_budget": 400})
	meta := env["meta"].(map[string]any)
	if meta["fidelity"].(map[string]any)["level"] != "partial" || env["warnings"].([]any)[0].(map[string]any)["code"] != "CONTENT_TRUNCATED" {
		t.Errorf("not truncated: %v", env)
	}

	// Validation errors.
	env = s.call("get_chunk", map[string]any{"chunk_id": -1})
	if e := env["error"].(map[string]any); e["code"] != "INVALID_ARGUMENT" || e["category"] != "validation" {
		t.Errorf("get_chunk -1: %v", env)
	}
	env = s.call("get_chunk", map[string]any{"chunk_id": 3, "colour": "red"})
	if e := env["error"].(map[string]any); e["code"] != "INVALID_ARGUMENTS" {
		t.Errorf("unknown argument: %v", env)
	}
	env = s.call("search", map[string]any{"query": "chapter", "cursor": "c1.forged"})
	if e := env["error"].(map[string]any); e["code"] != serve.CodeInvalidCursor {
		t.Errorf("forged cursor: %v", env)
	}
	env = s.call("get_chunk", map[string]any{"chunk_id": 3})
	if env["data"].(map[string]any)["title"] != "Chapter 3: the profile" {
		t.Errorf("get_chunk 3: %v", env)
	}
}

// The example configuration reaches the tools; a misspelt tool is refused.
func TestConfig(t *testing.T) {
	t.Setenv(serve.DebugEnv, "")
	c, err := serve.LoadConfig("envgen-mcp.json")
	if err != nil {
		t.Fatal(err)
	}
	s := connect(t, c)
	env := s.call("get_chunk", map[string]any{"chunk_id": 1})
	if tool := env["meta"].(map[string]any)["tool"].(map[string]any); tool["name"] != "get_chunk" || tool["version"] != version {
		t.Errorf("standard profile: %v", env)
	}
	env = s.call("search", map[string]any{"query": "cursor"})
	if _, ok := env["data"].(map[string]any)["query"]; ok {
		t.Errorf("include_only: %v", env["data"])
	}
	c, _ = serve.ParseConfig("cfg.json", []byte(`{"tool_overrides": {"serch": {"profile": "debug"}}}`))
	if _, err := newServer(c, nil); err == nil || err.Error() != `cfg.json#/tool_overrides/serch: no tool is named "serch"; the tools are get_chunk, search` {
		t.Errorf("got %v", err)
	}
}
