package envmcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/envgen/envgen/generated/go/envelope"
	envmcp "github.com/envgen/envgen/mcp"
	"github.com/envgen/envgen/serve"
)

func TestResultWithoutJSON(t *testing.T) {
	res := envmcp.Result(serve.Response{Err: errors.New("codegraph requires meta.workspace")})
	text := res.Content[0].(*mcp.TextContent).Text
	if !res.IsError || res.StructuredContent != nil || !strings.Contains(text, "codegraph requires meta.workspace") {
		t.Errorf("got isError %v, structuredContent %v, text %q", res.IsError, res.StructuredContent, text)
	}
}

func TestResult(t *testing.T) {
	for _, r := range []serve.Response{
		{JSON: []byte(`{"success":true,"data":{"hits":[]}}`), Success: true},
		{JSON: []byte(`{"success":false,"error":{"code":"X","category":"internal","message":"m"}}`), Success: false},
	} {
		res := envmcp.Result(r)
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := json.Marshal(string(r.JSON))
		want := `{"content":[{"type":"text","text":` + string(text) + `}],"structuredContent":` + string(r.JSON)
		if r.Success {
			want += `}`
		} else {
			want += `,"isError":true}`
		}
		if string(b) != want {
			t.Errorf("got  %s\nwant %s", b, want)
		}
	}
}

type args struct {
	Query string `json:"query"`
	Limit *int   `json:"limit"`
}

func TestDecode(t *testing.T) {
	meta := map[string]any{envmcp.MetaKey: map[string]any{"response_mode": "ids_only", "page_size": 3}}
	a, req, err := envmcp.Decode[args](json.RawMessage(`{"query":"jwt","page_size":7,"token_budget":100}`), meta)
	if err != nil {
		t.Fatal(err)
	}
	if a.Query != "jwt" || a.Limit != nil || *req.PageSize != 7 || *req.ResponseMode != "ids_only" || *req.TokenBudget != 100 {
		t.Errorf("got %+v %+v", a, req)
	}
	if _, _, err := envmcp.Decode[args](nil, nil); err != nil {
		t.Errorf("no arguments: %v", err)
	}
	tests := []struct {
		in      string
		meta    map[string]any
		message string
		field   string
	}{
		{`{"query":"jwt","colour":"red"}`, nil, `The tool has no argument "colour".`, "colour"},
		{`{"query":1}`, nil, "query must be a string, not number.", "query"},
		// A member of envelope.Request: its message comes from the generated
		// decoder once it is strict, so only the field name is checked.
		{`{"page_size":"ten"}`, nil, "", "page_size"},
		{`[1]`, nil, "the arguments are not a JSON object", ""},
		{`{}`, map[string]any{envmcp.MetaKey: map[string]any{"mode": "x"}}, `The tool has no argument "mode".`, "mode"},
	}
	for _, tt := range tests {
		_, _, err := envmcp.Decode[args](json.RawMessage(tt.in), tt.meta)
		if err == nil {
			t.Errorf("%s: no error", tt.in)
			continue
		}
		e := serve.Failure[any](err).Error
		field := ""
		if f, ok := e.Details["field"]; ok {
			_ = json.Unmarshal(f, &field)
		}
		if tt.message == "" && strings.Contains(e.Message, tt.field) {
			field, tt.message = tt.field, e.Message
		}
		if err.Code() != envmcp.CodeInvalidArguments || e.Message != tt.message || field != tt.field {
			t.Errorf("%s: got %s %q field %q", tt.in, err.Code(), e.Message, field)
		}
	}
}

// Through an MCP session: a success and a failure, as the client sees them.
func TestAddTool(t *testing.T) {
	server := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	tool := &serve.Tool{Name: "echo", Version: "1.0.0"}
	input := []byte(`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}}}`)
	output := []byte(`{"type":"object","required":["success"],"properties":{"success":{"type":"boolean"}}}`)
	envmcp.AddTool(server, envmcp.NewTool("echo", "Echo the query.", input, output), tool,
		func(_ context.Context, a args, req envelope.Request) serve.Response {
			call, err := tool.Begin(req, a.Query)
			if err == nil && a.Query == "" {
				err = serve.NewError(envelope.CategoryValidation, "MISSING_REQUIRED", "query is required.")
			}
			if err != nil {
				return serve.Render(call, serve.FromError[string](err))
			}
			return serve.Render(call, serve.Success(a.Query))
		})
	ctx := context.Background()
	cs := connect(t, server)

	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 1 || list.Tools[0].OutputSchema == nil {
		t.Fatalf("%v %v", list, err)
	}
	for _, tt := range []struct {
		args    map[string]any
		isError bool
		text    string
	}{
		{map[string]any{"query": "hi"}, false, `{"success":true,"data":"hi"}`},
		{map[string]any{}, true, `{"success":false,"error":{"code":"MISSING_REQUIRED","category":"validation","message":"query is required.","remediation":"Change the arguments that the error names, then call again.","retry":{"retryable":false}}}`},
		{map[string]any{"query": "hi", "limit": "x"}, true, `{"success":false,"error":{"code":"INVALID_ARGUMENTS","category":"validation","message":"limit must be an integer, not string.","remediation":"Call the tool with the arguments its inputSchema lists, of the types it gives.","retry":{"retryable":false},"details":{"field":"limit","where":"arguments"}}}`},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: tt.args})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if res.IsError != tt.isError || text != tt.text {
			t.Errorf("%v: isError %v, text %s", tt.args, res.IsError, text)
		}
		b, _ := json.Marshal(res.StructuredContent)
		var a, c any
		_ = json.Unmarshal(b, &a)
		_ = json.Unmarshal([]byte(tt.text), &c)
		if string(mustJSON(a)) != string(mustJSON(c)) {
			t.Errorf("structuredContent %s differs from the text", b)
		}
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// connect runs server over an in-memory transport and returns a client
// session on it; both close when the test ends.
func connect(t *testing.T, server *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// The mcp.envelope.v0.1 opt-in in _meta reaches the request's provenance
// preferences; the preferences under MetaKey or in the arguments win.
func TestDecodeSeedProvenance(t *testing.T) {
	type args struct {
		Q string `json:"q"`
	}
	meta := map[string]any{"capture_provenance": true, "capture_artifacts": true, "provenance_mode": "full"}
	_, req, err := envmcp.Decode[args](json.RawMessage(`{"q": "x"}`), meta)
	if err != nil || req.Provenance == nil || req.Provenance.Capture == nil || !*req.Provenance.Capture ||
		req.Provenance.CaptureArtifacts == nil || !*req.Provenance.CaptureArtifacts || req.Provenance.Mode == nil || *req.Provenance.Mode != "full" {
		t.Fatalf("got %+v, %v", req.Provenance, err)
	}
	_, req, err = envmcp.Decode[args](json.RawMessage(`{"q": "x", "provenance": {"capture": false}}`), meta)
	if err != nil || req.Provenance == nil || *req.Provenance.Capture || req.Provenance.Mode != nil {
		t.Errorf("the arguments' preference: got %+v, %v", req.Provenance, err)
	}
	if _, _, err := envmcp.Decode[args](json.RawMessage(`{}`), map[string]any{"capture_provenance": "yes"}); err == nil || err.Code() != envmcp.CodeInvalidArguments {
		t.Errorf("capture_provenance \"yes\": %v", err)
	}
	if _, req, err := envmcp.Decode[args](json.RawMessage(`{}`), map[string]any{"other": 1}); err != nil || req.Provenance != nil {
		t.Errorf("no opt-in: %+v %v", req.Provenance, err)
	}
}
