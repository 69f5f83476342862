package serve_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

func config(t *testing.T, text string) *serve.Config {
	t.Helper()
	c, err := serve.ParseConfig("cfg.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Tool.Check refuses, naming the tool, what it could only fail at every
// call: an include_only member the payload lacks, a dialect member it cannot
// fill, a list dialect for a payload without a list.
func TestToolCheck(t *testing.T) {
	for _, c := range []struct{ config, want string }{
		{`{"tool_overrides": {"search": {"include_only": ["hitz"]}}}`, `cfg.json#/tool_overrides/search/include_only/0: "hitz" is not a member of the payload of search`},
		{`{"global": {"dialect": "codegraph"}}`, `tool "search" answers in codegraph, which requires /meta/workspace/root`},
		{`{"global": {"dialect": "foundry"}}`, ``},
		{`{"global": {"dialect": "bmcis"}}`, ``},
	} {
		tool := newTool(t)
		tool.Config = config(t, c.config)
		err := tool.Check()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: got %v, want %q", c.config, err, c.want)
		}
	}
	tool := newTool(t)
	tool.Payload = nil
	tool.Config = config(t, `{"global": {"dialect": "bmcis"}}`)
	if err := tool.Check(); err == nil || !strings.Contains(err.Error(), `tool "search" answers in bmcis, whose payload is a list`) {
		t.Errorf("bmcis without a list: %v", err)
	}
	tool = newTool(t)
	tool.Config = config(t, `{"global": {"dialect": "codegraph"}}`)
	root, repo := "/r", "r"
	tool.Workspace = &envelope.Workspace{Root: &root, RepoName: &repo}
	if err := tool.Check(); err != nil {
		t.Errorf("codegraph with a workspace: %v", err)
	}
	resp := search(tool, corpus(3), envelope.Request{}, "q")
	if !resp.Success || !strings.Contains(string(resp.JSON), `"root":"/r"`) {
		t.Errorf("codegraph with a workspace: %s", resp.JSON)
	}
}

// Under bmcis the payload's list is the results, and a tool that says
// nothing about caching reports cache_hit false.
func TestBMCISListIsResults(t *testing.T) {
	tool := newTool(t)
	tool.Config = config(t, `{"global": {"dialect": "bmcis"}}`)
	resp := search(tool, corpus(3), envelope.Request{PageSize: ptr[int64](2)}, "q")
	var doc struct {
		Results          []map[string]any
		ExecutionContext map[string]any `json:"execution_context"`
	}
	if err := json.Unmarshal(resp.JSON, &doc); err != nil || !resp.Success {
		t.Fatalf("%v %s", err, resp.JSON)
	}
	if len(doc.Results) != 2 || doc.Results[0]["chunk_id"] == nil || doc.ExecutionContext["cache_hit"] != false {
		t.Errorf("got %s", resp.JSON)
	}
}

// A budget bounds what is sent: in a dialect, the converted response, whose
// size can differ from the canonical one's either way.
func TestBudgetMeasuresWhatIsSent(t *testing.T) {
	for _, d := range []string{"canonical", "foundry", "mcp-envelope", "bmcis"} {
		tool := newTool(t)
		tool.Config = config(t, `{"global": {"dialect": "`+d+`"}}`)
		full := search(tool, corpus(5), envelope.Request{ResponseMode: ptr(envelope.ResponseModeFull)}, "q")
		budget := full.Tokens - 1
		r := search(tool, corpus(5), envelope.Request{ResponseMode: ptr(envelope.ResponseModeFull), TokenBudget: &budget}, "q")
		if !r.Success || r.Tokens != serve.Tokens(r.JSON) || r.Tokens > budget {
			t.Errorf("%s: budget %d, sent %d tokens (%d by Tokens): %s", d, budget, r.Tokens, serve.Tokens(r.JSON), r.JSON)
		}
	}
}

// A page_size over the tool's maximum is lowered to it, and a warning says
// so; one within it gets none.
func TestPageSizeCappedWarns(t *testing.T) {
	tool := newTool(t)
	tool.MaxPageSize = 4
	r := search(tool, corpus(10), envelope.Request{PageSize: ptr[int64](9)}, "q")
	m := tree(t, r.JSON)
	if len(at(m, "data/hits").([]any)) != 4 || at(m, "warnings/0/code") != serve.CodePageSizeCapped ||
		num(at(m, "warnings/0/context/page_size")) != 4 || num(at(m, "meta/pagination/page_size")) != 4 {
		t.Errorf("page_size 9 over 4: %s", r.JSON)
	}
	valid(t, "search", r.JSON)
	if r := search(tool, corpus(10), envelope.Request{PageSize: ptr[int64](4)}, "q"); tree(t, r.JSON)["warnings"] != nil {
		t.Errorf("page_size 4: %s", r.JSON)
	}
}
