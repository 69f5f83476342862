package serve_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

// dialectTool returns the test search tool answering in dialect. For the
// dialects whose payload is not an object (bmcis: results is an array) it
// answers with a list of hits and has no payload schema.
func dialectTool(t *testing.T, dialect string, profile serve.Profile) *serve.Tool {
	tool := newTool(t)
	tool.Config = &serve.Config{Global: profile, GlobalDialect: dialect}
	if dialect == "bmcis" {
		tool.Payload = nil
	}
	return tool
}

// handlerMeta is what a handler adds to meta for the dialects that require
// what serve cannot know: the workspace (codegraph) and whether the answer
// came from a cache (bmcis).
func handlerMeta() *envelope.Meta {
	return &envelope.Meta{
		Workspace: &envelope.Workspace{Root: ptr("/srv/docs"), RepoName: ptr("docs")},
		Telemetry: &envelope.Telemetry{CacheHit: ptr(false)},
	}
}

// succeed renders a page of three hits, as the tool's handler does.
func succeed(t *testing.T, tool *serve.Tool, req envelope.Request) serve.Response {
	t.Helper()
	call, err := tool.Begin(req, "q")
	if err != nil {
		t.Fatal(err)
	}
	hits := corpus(3)
	if tool.Payload == nil {
		env := serve.Success(hits)
		env.Meta = handlerMeta()
		return serve.Render(call, env)
	}
	env := serve.Success(Results{Hits: hits, Query: "q"})
	env.Meta = handlerMeta()
	return serve.Render(call, env, serve.Total(3))
}

// fail renders a call whose page_size is out of range, as the tool's handler
// does.
func fail(t *testing.T, tool *serve.Tool) serve.Response {
	t.Helper()
	call, err := tool.Begin(envelope.Request{PageSize: ptr(int64(0))}, "q")
	if err == nil {
		t.Fatal("page_size 0 is accepted")
	}
	env := serve.FromError[Results](err)
	env.Meta = handlerMeta()
	return serve.Render(call, env)
}

// inDialect fails t unless r is a valid document of dialect, and returns it
// converted back to canonical.
func inDialect(t *testing.T, dialect string, r serve.Response) map[string]any {
	t.Helper()
	if r.Err != nil {
		t.Fatalf("Err: %v", r.Err)
	}
	if err := dialects.Validate(dialect, r.JSON); err != nil {
		t.Fatalf("not a valid %s document: %v\n%s", dialect, err, r.JSON)
	}
	if r.Tokens != serve.Tokens(r.JSON) {
		t.Errorf("Tokens %d, want %d", r.Tokens, serve.Tokens(r.JSON))
	}
	back, err := dialects.Convert(dialect, dialects.Canonical, r.JSON)
	if err != nil {
		t.Fatal(err)
	}
	valid(t, "envelope", back)
	return tree(t, back)
}

// Under each dialect, a rendered success and failure are documents of that
// dialect, and what they say comes back from it.
func TestDialectResponses(t *testing.T) {
	for _, dialect := range dialects.Names()[1:] {
		for _, profile := range serve.Profiles() {
			t.Run(dialect+"/"+string(profile), func(t *testing.T) {
				tool := dialectTool(t, dialect, profile)
				ok := succeed(t, tool, envelope.Request{})
				if !ok.Success {
					t.Fatalf("not a success: %s", ok.JSON)
				}
				back := inDialect(t, dialect, ok)
				hits := at(back, "data/hits")
				if dialect == "bmcis" {
					hits = at(back, "data")
				}
				if n, _ := hits.([]any); len(n) != 3 || at(back, "success") != true {
					t.Errorf("the hits do not come back: %s", ok.JSON)
				}

				failed := fail(t, tool)
				if failed.Success {
					t.Fatalf("not a failure: %s", failed.JSON)
				}
				back = inDialect(t, dialect, failed)
				if at(back, "success") != false || at(back, "error/code") != "INVALID_ARGUMENT" {
					t.Errorf("the error does not come back: %s", failed.JSON)
				}
			})
		}
	}
}

// Code Scalpel is written in the profile of the same name: minimal sends only
// data and error, debug every member.
func TestDialectScalpelProfiles(t *testing.T) {
	r := succeed(t, dialectTool(t, "scalpel", serve.ProfileMinimal), envelope.Request{})
	if got := keys(tree(t, r.JSON)); !slices.Equal(got, []string{"data"}) {
		t.Errorf("minimal: members %v\n%s", got, r.JSON)
	}
	r = succeed(t, dialectTool(t, "scalpel", serve.ProfileDebug), envelope.Request{})
	doc := tree(t, r.JSON)
	if at(doc, "tool_id") != "search" || at(doc, "tool_version") != "1.0.0" || at(doc, "error") != nil || !slices.Contains(keys(doc), "error") {
		t.Errorf("debug: %s", r.JSON)
	}
}

// A deterministic response under bmcis or codegraph still has the request id
// and timing that those conventions require; under foundry it has neither.
func TestDialectRequiredMembers(t *testing.T) {
	for dialect, want := range map[string][]string{
		"bmcis":     {"_metadata/request_id", "_metadata/timestamp", "_metadata/operation", "execution_context/execution_time_ms"},
		"codegraph": {"data/requestId", "data/generatedAt", "data/tool", "data/workspace/root"},
	} {
		r := succeed(t, dialectTool(t, dialect, serve.ProfileMinimal), envelope.Request{})
		inDialect(t, dialect, r)
		doc := tree(t, r.JSON)
		for _, p := range want {
			if at(doc, p) == nil {
				t.Errorf("%s: no %s in %s", dialect, p, r.JSON)
			}
		}
	}
	r := succeed(t, dialectTool(t, "foundry", serve.ProfileMinimal), envelope.Request{})
	if doc := tree(t, r.JSON); at(doc, "meta/request_id") != nil || at(doc, "meta/telemetry") != nil {
		t.Errorf("foundry, deterministic and minimal: %s", r.JSON)
	}
	// An override writes a tool in its own dialect, canonical included.
	tool := dialectTool(t, "bmcis", serve.ProfileMinimal)
	tool.Config.Tools = map[string]serve.ToolConfig{"search": {Dialect: "canonical"}}
	r = succeed(t, tool, envelope.Request{})
	valid(t, "envelope", r.JSON)
}

// A response that the dialect cannot hold is an error, said in the dialect
// when it can be, and never sent as a canonical envelope.
func TestDialectCannotHold(t *testing.T) {
	t.Run("foundry data is an object", func(t *testing.T) {
		tool := dialectTool(t, "foundry", serve.ProfileMinimal)
		tool.Payload = nil
		call, _ := tool.Begin(envelope.Request{}, "q")
		r := serve.Render(call, serve.Success(corpus(2))) // a list
		var unfit *dialects.UnfitError
		if !errors.As(r.Err, &unfit) || r.Success {
			t.Fatalf("Err %v, success %v", r.Err, r.Success)
		}
		checkDialectFailure(t, "foundry", r, "data/error_code")
	})
	t.Run("bmcis results are an array", func(t *testing.T) {
		tool := dialectTool(t, "bmcis", serve.ProfileMinimal)
		call, _ := tool.Begin(envelope.Request{}, "q")
		env := serve.Success(Results{Hits: corpus(2)}) // an object
		env.Meta = handlerMeta()
		r := serve.Render(call, env)
		var unfit *dialects.UnfitError
		if !errors.As(r.Err, &unfit) {
			t.Fatalf("Err %v", r.Err)
		}
		checkDialectFailure(t, "bmcis", r, "error/code")
	})
	t.Run("bmcis cache_hit is false unless the tool says", func(t *testing.T) {
		tool := dialectTool(t, "bmcis", serve.ProfileMinimal)
		call, _ := tool.Begin(envelope.Request{}, "q")
		r := serve.Render(call, serve.Success(corpus(2))) // no meta.telemetry
		if r.Err != nil || !r.Success || at(tree(t, r.JSON), "execution_context/cache_hit") != false {
			t.Fatalf("Err %v: %s", r.Err, r.JSON)
		}
	})
	t.Run("codegraph needs a workspace", func(t *testing.T) {
		tool := dialectTool(t, "codegraph", serve.ProfileMinimal)
		call, _ := tool.Begin(envelope.Request{}, "q")
		r := serve.Render(call, serve.Success(Results{Hits: corpus(2)}), serve.Total(2))
		var missing *dialects.MissingError
		if !errors.As(r.Err, &missing) {
			t.Fatalf("Err %v", r.Err)
		}
		if r.JSON != nil || r.Success { // not even the failure can be written without one
			t.Errorf("JSON %s, success %v", r.JSON, r.Success)
		}
	})
	t.Run("an unknown dialect", func(t *testing.T) {
		tool := dialectTool(t, "klingon", serve.ProfileMinimal)
		call, _ := tool.Begin(envelope.Request{}, "q")
		r := serve.Render(call, serve.Success(Results{Hits: corpus(2)}))
		var unknown *dialects.UnknownError
		if !errors.As(r.Err, &unknown) || r.JSON != nil {
			t.Fatalf("Err %v, JSON %s", r.Err, r.JSON)
		}
	})
	t.Run("a serve failure keeps what the dialect requires", func(t *testing.T) {
		// A token budget no page fits: TOKEN_LIMIT_EXCEEDED, with the
		// handler's workspace that codegraph requires.
		tool := dialectTool(t, "codegraph", serve.ProfileMinimal)
		call, _ := tool.Begin(envelope.Request{TokenBudget: ptr(int64(20))}, "q")
		env := serve.Success(Results{Hits: corpus(3)})
		env.Meta = handlerMeta()
		r := serve.Render(call, env, serve.Total(3))
		back := inDialect(t, "codegraph", r)
		if at(back, "error/code") != serve.CodeTokenLimitExceeded {
			t.Errorf("got %s", r.JSON)
		}
	})
}

// checkDialectFailure checks that r, which the dialect could not hold, is a
// valid failure of the dialect whose code (at the path codeAt) is
// DIALECT_CONVERSION_FAILED, and not canonical.
func checkDialectFailure(t *testing.T, dialect string, r serve.Response, codeAt string) {
	t.Helper()
	if r.Success {
		t.Error("the failure is a success")
	}
	if err := dialects.Validate(dialect, r.JSON); err != nil {
		t.Fatalf("not a valid %s document: %v\n%s", dialect, err, r.JSON)
	}
	if err := dialects.Validate(dialects.Canonical, r.JSON); err == nil {
		t.Fatalf("a canonical envelope: %s", r.JSON)
	}
	doc := tree(t, r.JSON)
	if at(doc, codeAt) != serve.CodeDialectConversionFailed {
		t.Errorf("%s is %v, want %s\n%s", codeAt, at(doc, codeAt), serve.CodeDialectConversionFailed, r.JSON)
	}
}

func TestConfigDialect(t *testing.T) {
	c, err := serve.ParseConfig("envgen-mcp.json", []byte(`{
		"global": {"dialect": "foundry"},
		"tool_overrides": {"search": {"dialect": "mcp-envelope"}, "lookup": {"profile": "debug"}, "fetch": {"dialect": "canonical"}}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	for tool, want := range map[string]string{"search": "mcp-envelope", "lookup": "foundry", "fetch": "canonical", "other": "foundry"} {
		if got := c.Dialect(tool); got != want {
			t.Errorf("Dialect(%s) = %s, want %s", tool, got, want)
		}
	}
	var none *serve.Config
	if none.Dialect("x") != dialects.Canonical || (&serve.Config{}).Dialect("x") != dialects.Canonical {
		t.Error("the default dialect is not canonical")
	}
	_, err = serve.ParseConfig("cfg.json", []byte(`{"tool_overrides": {"search": {"dialect": "mcp.envelope"}}}`))
	if want := `cfg.json#/tool_overrides/search/dialect: value must be one of 'canonical', 'scalpel', 'foundry', 'mcp-envelope', 'codegraph', 'bmcis'`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// The dialects of config.schema.json are those of package dialects.
func TestConfigSchemaDialects(t *testing.T) {
	var schema struct {
		Defs struct {
			Dialect struct {
				Enum []string `json:"enum"`
			} `json:"dialect"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(serve.ConfigSchema(), &schema); err != nil {
		t.Fatal(err)
	}
	if got := schema.Defs.Dialect.Enum; !slices.Equal(got, dialects.Names()) {
		t.Errorf("config.schema.json's dialects are %q, package dialects has %q", got, dialects.Names())
	}
}

// A paged tool's cursor reaches the caller in every dialect that has a place
// for it, and following it gives every item once; under mcp-envelope it is in
// the last warning. Under scalpel, which has none, Tool.Warnings says so.
func TestDialectPagination(t *testing.T) {
	cursorOf := map[string]func(doc map[string]any) any{
		"canonical":    func(d map[string]any) any { return at(d, "meta/pagination/cursor") },
		"foundry":      func(d map[string]any) any { return at(d, "meta/pagination/cursor") },
		"codegraph":    func(d map[string]any) any { return at(d, "data/meta/page/cursor") },
		"bmcis":        func(d map[string]any) any { return at(d, "pagination/cursor") },
		"mcp-envelope": func(d map[string]any) any { ws, _ := at(d, "warnings").([]any); return lastDetail(ws, "cursor") },
	}
	for _, dialect := range dialects.Names() {
		t.Run(dialect, func(t *testing.T) {
			tool := dialectTool(t, dialect, serve.ProfileMinimal)
			if w := tool.Warnings(); (dialect == "scalpel") != (len(w) == 1) || (len(w) == 1 && w[0] != `tool "search" answers in scalpel, which has no place for pagination: a caller gets each page without a cursor to the next one`) {
				t.Errorf("Warnings() = %q", w)
			}
			cursor := cursorOf[dialect]
			if cursor == nil {
				return
			}
			req, seen := envelope.Request{PageSize: ptr(int64(2))}, 0
			for page := 1; ; page++ {
				call, err := tool.Begin(req, "q")
				if err != nil {
					t.Fatal(err)
				}
				hits := corpus(5)
				end := min(call.Offset+call.Limit, int64(len(hits)))
				var r serve.Response
				if tool.Payload == nil {
					env := serve.Success(hits[call.Offset:end])
					env.Meta = handlerMeta()
					r = serve.Render(call, env, serve.Total(int64(len(hits))))
				} else {
					env := serve.Success(Results{Hits: hits[call.Offset:end], Query: "q"})
					env.Meta = handlerMeta()
					r = serve.Render(call, env, serve.Total(int64(len(hits))))
				}
				back := inDialect(t, dialect, r)
				seen += int(end - call.Offset)
				c := cursor(tree(t, r.JSON))
				// Code Graph pages have no total, and mcp-envelope carries the
				// pagination of a page with more to come only.
				if num(at(back, "meta/pagination/total")) != 5 && dialect != "codegraph" && (dialect != "mcp-envelope" || c != nil) {
					t.Errorf("page %d: the total does not come back: %s", page, r.JSON)
				}
				if c == nil {
					break
				}
				if page > 3 {
					t.Fatalf("page %d has a cursor: %s", page, r.JSON)
				}
				req = envelope.Request{Cursor: ptr(c.(string))}
			}
			if seen != 5 {
				t.Errorf("%d items seen, want 5", seen)
			}
		})
	}
}

// lastDetail is the detail name of the last warning of an mcp.envelope.
func lastDetail(ws []any, name string) any {
	if len(ws) == 0 {
		return nil
	}
	return at(ws[len(ws)-1].(map[string]any), "details/"+name)
}
