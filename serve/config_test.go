package serve_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

func noEnv(string) (string, bool) { return "", false }

func TestParseConfig(t *testing.T) {
	c, err := serve.ParseConfig("envgen-mcp.json", []byte(`{
		"$schema": "https://envgen.dev/schemas/serve/v1/config.json",
		"global": {"profile": "standard"},
		"tool_overrides": {
			"search": {"profile": "debug", "include_only": ["hits"]},
			"lookup": {"include_only": ["chunk"]}
		}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	for tool, want := range map[string]serve.Profile{"search": "debug", "lookup": "standard", "other": "standard"} {
		if got := c.Profile(tool); got != want {
			t.Errorf("Profile(%s) = %s, want %s", tool, got, want)
		}
	}
	if got := c.IncludeOnly("search"); !slices.Equal(got, []string{"hits"}) {
		t.Errorf("IncludeOnly(search) = %v", got)
	}
	if err := c.CheckTools("search", "lookup"); err != nil {
		t.Error(err)
	}
	err = c.CheckTools("search", "fetch")
	if want := `envgen-mcp.json#/tool_overrides/lookup: no tool is named "lookup"; the tools are fetch, search`; err == nil || err.Error() != want {
		t.Errorf("CheckTools: %v\nwant %s", err, want)
	}
	var none *serve.Config
	if none.Profile("x") != serve.ProfileMinimal || (&serve.Config{}).Profile("x") != serve.ProfileMinimal {
		t.Error("the default profile is not minimal")
	}
}

// A bad configuration names the file, the JSON Pointer and what was expected.
func TestParseConfigErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"global": {"profile": "verbose"}}`,
			`cfg.json#/global/profile: value must be one of 'minimal', 'standard', 'debug'`},
		{`{"global": {"profile": "debug", "color": true}}`,
			`cfg.json#/global: additional properties 'color' not allowed`},
		{`{"tool_overrides": {"search": {"include_only": []}}}`,
			`cfg.json#/tool_overrides/search/include_only: minItems: got 0, want 1`},
		{`{"tool_overrides": {"search": {"include_only": ["hits", "hits"]}}}`,
			`cfg.json#/tool_overrides/search/include_only: items at 0 and 1 are equal`},
		{`{"tool_overrides": {"bad name": {}}}`,
			`cfg.json#/tool_overrides/bad name: the name "bad name": 'bad name' does not match pattern '^[A-Za-z0-9_.-]+$'`},
		{`{"tool_overrides": {"search": {"profile": 3}}}`,
			`cfg.json#/tool_overrides/search/profile: got number, want string`},
		{`{"global": {"profile": "debug"},}`,
			`cfg.json#: not JSON: line 1, column 33: invalid character '}' looking for beginning of object key string`},
		{"{\n  \"global\": [\n}", `cfg.json#: not JSON: line 3, column 1: invalid character '}' looking for beginning of value`},
		{`[]`, `cfg.json#: got array, want object`},
		{`{} {}`, `cfg.json#: not JSON: unexpected data after the JSON value`},
	}
	for _, tt := range tests {
		_, err := serve.ParseConfig("cfg.json", []byte(tt.in))
		if err == nil {
			t.Errorf("%s: no error", tt.in)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\n got %v\nwant %s", tt.in, err, tt.want)
		}
		var ce *serve.ConfigError
		if !errors.As(err, &ce) || ce.File != "cfg.json" {
			t.Errorf("%s: %T is not a *ConfigError of cfg.json", tt.in, err)
		}
	}
}

func TestConfigSchemaCompiles(t *testing.T) {
	if _, err := serve.ParseConfig("empty.json", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
}

func TestApplyEnv(t *testing.T) {
	for _, v := range []string{"DEBUG", "debug", "Debug"} {
		c := &serve.Config{Global: serve.ProfileStandard}
		if err := c.ApplyEnv(func(k string) (string, bool) { return v, k == serve.DebugEnv }); err != nil {
			t.Fatal(err)
		}
		if c.Profile("search") != serve.ProfileDebug {
			t.Errorf("%s=%s did not select debug", serve.DebugEnv, v)
		}
	}
	c := &serve.Config{}
	if err := c.ApplyEnv(noEnv); err != nil || c.Debug {
		t.Errorf("unset: %v, debug %v", err, c.Debug)
	}
	err := c.ApplyEnv(func(string) (string, bool) { return "verbose", true })
	if want := `environment variable ENVGEN_MCP_INFO="verbose": expected DEBUG, or unset`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestLoadConfig(t *testing.T) {
	t.Setenv(serve.DebugEnv, "")
	path := filepath.Join(t.TempDir(), "envgen-mcp.json")
	if err := os.WriteFile(path, []byte(`{"global": {"profile": "nope"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := serve.LoadConfig(path)
	if err == nil || !strings.HasPrefix(err.Error(), path+"#/global/profile: ") {
		t.Errorf("got %v", err)
	}
	if _, err := serve.LoadConfig(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("a missing file is not an error")
	}
	c, err := serve.LoadConfig("")
	if err != nil || c.Profile("x") != serve.ProfileMinimal {
		t.Errorf("default: %v %v", c, err)
	}
	t.Setenv(serve.DebugEnv, "DEBUG")
	if c, err = serve.LoadConfig(""); err != nil || c.Profile("x") != serve.ProfileDebug {
		t.Errorf("debug from the environment: %v %v", c, err)
	}
}

// richMeta is everything a handler might put in meta.
func richMeta() *envelope.Meta {
	return &envelope.Meta{
		Tier:         ptr(envelope.Tier("pro")),
		Capabilities: []envelope.Capability{"envelope-v1"},
		UpgradeHints: []envelope.UpgradeHint{{Feature: "reranking", Tier: "enterprise"}},
		Workspace:    &envelope.Workspace{RepoName: ptr("project")},
		RateLimit:    &envelope.RateLimit{Limit: 100, Remaining: 99},
		Telemetry:    &envelope.Telemetry{CacheHit: ptr(false)},
		NextCalls:    []envelope.NextCall{{Tool: "search", Reason: ptr("Fetch the next page.")}},
	}
}

// Each profile emits its members of meta and no others.
func TestProfiles(t *testing.T) {
	tests := []struct {
		profile serve.Profile
		req     envelope.Request
		want    []string
	}{
		// next_calls in every profile: the seed (Code Graph) tells agents to follow it.
		{serve.ProfileMinimal, envelope.Request{},
			[]string{"next_calls", "pagination", "rate_limit", "response_mode", "upgrade_hints"}},
		{serve.ProfileMinimal, envelope.Request{RequestID: ptr(envelope.RequestID("req_1")), TokenBudget: ptr(int64(100000)), Deterministic: ptr(false)},
			[]string{"next_calls", "pagination", "rate_limit", "request_id", "response_mode", "tokens", "upgrade_hints"}},
		{serve.ProfileStandard, envelope.Request{Deterministic: ptr(false)},
			[]string{"capabilities", "next_calls", "pagination", "rate_limit", "response_mode", "tier", "tokens", "tool", "upgrade_hints", "workspace"}},
		{serve.ProfileDebug, envelope.Request{Deterministic: ptr(false)},
			[]string{"capabilities", "next_calls", "pagination", "rate_limit", "request_id", "response_mode", "telemetry", "tier", "timing", "tokens", "tool", "upgrade_hints", "workspace"}},
		// Debug reports a request id and timing (duration only) even for a
		// deterministic request.
		{serve.ProfileDebug, envelope.Request{},
			[]string{"capabilities", "next_calls", "pagination", "rate_limit", "request_id", "response_mode", "telemetry", "tier", "timing", "tokens", "tool", "upgrade_hints", "workspace"}},
	}
	for _, tt := range tests {
		tool := newTool(t)
		tool.Config = &serve.Config{Global: tt.profile}
		call, err := tool.Begin(tt.req, "q")
		if err != nil {
			t.Fatal(err)
		}
		env := serve.Success(Results{Hits: corpus(3)})
		env.Meta = richMeta()
		r := serve.Render(call, env, serve.Total(3))
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		if got := keys(m["meta"]); !slices.Equal(got, tt.want) {
			t.Errorf("%s %+v: meta has\n%v, want\n%v", tt.profile, tt.req, got, tt.want)
		}
		if got := keys(m); !slices.Equal(got, []string{"data", "meta", "success"}) {
			t.Errorf("%s: envelope has %v", tt.profile, got)
		}
	}
}

// A failure keeps its whole error in every profile, and minimal emits no meta.
func TestProfileOfFailure(t *testing.T) {
	tool := newTool(t)
	call, _ := tool.Begin(envelope.Request{}, "q")
	r := serve.Render(call, serve.Fail[Results](envelope.CategoryNotFound, "", "No such chunk.", serve.Detail("chunk_id", 7)))
	want := `{"success":false,"error":{"code":"NOT_FOUND","category":"not_found","message":"No such chunk.","remediation":"Check the identifier, e.g. by listing what exists, before calling again.","retry":{"retryable":false},"details":{"chunk_id":7}}}`
	if string(r.JSON) != want || r.Success {
		t.Errorf("got %s", r.JSON)
	}
}

func TestCheckPayload(t *testing.T) {
	c, err := serve.ParseConfig("cfg.json", []byte(`{"tool_overrides": {"search": {"include_only": ["hits", "took", "query"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	err = c.CheckPayload("search", payload(t))
	if want := `cfg.json#/tool_overrides/search/include_only/1: "took" is not a member of the payload of search; its members are hits, query, took_ms`; err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	if err := c.CheckPayload("other", payload(t)); err != nil {
		t.Error(err)
	}
}

func TestIncludeOnly(t *testing.T) {
	tool := newTool(t)
	tool.Config = &serve.Config{Tools: map[string]serve.ToolConfig{"search": {IncludeOnly: []string{"query"}}}}
	call, _ := tool.Begin(envelope.Request{ResponseMode: ptr(envelope.ResponseModeIDsOnly)}, "q")
	r := serve.Render(call, serve.Success(Results{Hits: corpus(1), Query: "q", TookMs: 3}))
	want := `{"success":true,"data":{"hits":[{"chunk_id":100,"score":1,"rank":1}],"query":"q"},"meta":{"response_mode":"ids_only"}}`
	if string(r.JSON) != want {
		t.Errorf("got  %s\nwant %s", r.JSON, want)
	}
	valid(t, "search", r.JSON)
}
