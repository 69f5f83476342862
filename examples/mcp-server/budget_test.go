package main

import (
	"encoding/json"
	"testing"

	"github.com/envgen/envgen/serve"
)

// TestBudgetOneShort is issue 18's budget case on the example server, as a
// client meets it: a 7-item page in the default mode (metadata), asked again
// with a token budget one token smaller than the page, keeps at least 5 of
// the 7 items, within the budget. (The issue measured the page as 219 tokens
// with bytes/4; serve's o200k-calibrated estimator counts more.)
func TestBudgetOneShort(t *testing.T) {
	t.Setenv(serve.DebugEnv, "")
	s := connect(t, nil)
	hits := func(env map[string]any) int {
		d, _ := env["data"].(map[string]any)
		h, _ := d["hits"].([]any)
		return len(h)
	}
	page := s.call("search", map[string]any{"query": "chapter", "page_size": 7})
	b, _ := json.Marshal(page)
	if hits(page) != 7 {
		t.Fatalf("the page has %d items", hits(page))
	}
	budget := serve.Tokens(b) - 1
	r := s.call("search", map[string]any{"query": "chapter", "page_size": 7, "token_budget": budget})
	rb, _ := json.Marshal(r)
	kept := hits(r)
	if r["success"] != true || kept < 5 || serve.Tokens(rb) > budget {
		t.Errorf("a page of %d tokens under a budget of %d keeps %d of 7 items, %d tokens:\n%s", budget+1, budget, kept, serve.Tokens(rb), rb)
	}
	t.Logf("a 7-item page of %d tokens under a budget of %d keeps %d items (%d tokens)", budget+1, budget, kept, serve.Tokens(rb))
}
