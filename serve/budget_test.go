package serve_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

func num(v any) int64 {
	n, ok := v.(json.Number)
	if !ok {
		return -1
	}
	i, _ := n.Int64()
	return i
}

// meta.tokens.estimated is exactly serve.Tokens of the envelope that carries
// it.
func TestTokenEstimate(t *testing.T) {
	for _, n := range []int{0, 1, 3, 10, 40} {
		tool := newTool(t)
		tool.MaxPageSize = 100
		tool.Config = &serve.Config{Global: serve.ProfileStandard}
		r := search(tool, corpus(n), envelope.Request{PageSize: ptr(int64(n + 1)), ResponseMode: ptr(envelope.ResponseModeFull)}, "q")
		want := serve.Tokens(r.JSON)
		if r.Tokens != want {
			t.Errorf("%d hits: Tokens = %d, want %d", n, r.Tokens, want)
		}
		if got := num(at(tree(t, r.JSON), "meta/tokens/estimated")); got != want {
			t.Errorf("%d hits: meta.tokens.estimated = %d, want %d (%d bytes)", n, got, want, len(r.JSON))
		}
	}
}

// Under a budget, items are dropped from the end until the envelope fits; the
// page says which, and still validates.
func TestBudgetTruncates(t *testing.T) {
	hits := corpus(8)
	full := search(newTool(t), hits, envelope.Request{PageSize: ptr(int64(8)), ResponseMode: ptr(envelope.ResponseModeFull)}, "q")
	lastKept := 9
	for budget := full.Tokens + 40; budget >= 100; budget -= 7 {
		req := envelope.Request{PageSize: ptr(int64(8)), ResponseMode: ptr(envelope.ResponseModeFull), TokenBudget: ptr(budget)}
		r := search(newTool(t), hits, req, "q")
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		if !r.Success {
			if at(m, "error/code") != serve.CodeTokenLimitExceeded {
				t.Fatalf("budget %d: %s", budget, r.JSON)
			}
			break
		}
		if r.Tokens > budget {
			t.Errorf("budget %d: %d tokens", budget, r.Tokens)
		}
		if num(at(m, "meta/tokens/budget")) != budget || num(at(m, "meta/tokens/estimated")) != r.Tokens {
			t.Errorf("budget %d: meta.tokens = %v", budget, at(m, "meta/tokens"))
		}
		kept := len(at(m, "data/hits").([]any))
		if kept > lastKept {
			t.Errorf("budget %d keeps %d hits, a larger one kept %d", budget, kept, lastKept)
		}
		lastKept = kept
		if kept == len(hits) {
			if at(m, "meta/fidelity") != nil || at(m, "warnings") != nil {
				t.Errorf("budget %d: nothing dropped, yet %s", budget, r.JSON)
			}
			continue
		}
		var dropped []string
		for _, h := range hits[kept:] {
			dropped = append(dropped, fmt.Sprint(h.ChunkID))
		}
		if got := at(m, "meta/fidelity/level"); got != "partial" {
			t.Errorf("budget %d: fidelity %v", budget, got)
		}
		// The cursor resumes at the first dropped item: no list of them.
		if got := at(m, "meta/fidelity/dropped_ids"); got != nil {
			t.Errorf("budget %d: dropped_ids %v beside a cursor", budget, got)
		}
		if at(m, "warnings/0/code") != serve.CodeContentTruncated || at(m, "warnings/0/severity") != "info" ||
			at(m, "warnings/0/message") != fmt.Sprintf("%d items left out for token_budget.", len(dropped)) || len(at(m, "warnings").([]any)) != 1 {
			t.Errorf("budget %d: warnings %v", budget, at(m, "warnings"))
		}
		if at(m, "meta/limits") != nil { // the budget is meta.tokens.budget
			t.Errorf("budget %d: limits %v", budget, at(m, "meta/limits"))
		}
		if at(m, "meta/pagination/has_more") != true {
			t.Errorf("budget %d: has_more is not true after dropping items", budget)
		}
		// The next page starts at the first dropped item.
		next := search(newTool(t), hits, envelope.Request{Cursor: ptr(at(m, "meta/pagination/cursor").(string))}, "q")
		if got := fmt.Sprint(at(tree(t, next.JSON), "data/hits/0/chunk_id")); got != dropped[0] {
			t.Errorf("budget %d: next page starts at %s, want %s", budget, got, dropped[0])
		}
	}
	if lastKept != 1 {
		t.Errorf("the smallest budget that fits kept %d hits, want 1", lastKept)
	}
}

// Paging with a small budget reaches every item exactly once, in order.
func TestBudgetPagesThroughEverything(t *testing.T) {
	hits := corpus(23)
	req := envelope.Request{PageSize: ptr(int64(6)), ResponseMode: ptr(envelope.ResponseModePreview), TokenBudget: ptr(int64(260))}
	var got []string
	truncated := 0
	for calls := 0; ; calls++ {
		if calls > 50 {
			t.Fatal("paging does not end")
		}
		r := search(newTool(t), hits, req, "q")
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		if !r.Success || r.Tokens > 260 {
			t.Fatalf("%s", r.JSON)
		}
		for _, h := range at(m, "data/hits").([]any) {
			got = append(got, fmt.Sprint(h.(map[string]any)["chunk_id"]))
		}
		if at(m, "meta/fidelity") != nil {
			truncated++
		}
		if at(m, "meta/pagination/has_more") != true {
			break
		}
		req.Cursor = ptr(at(m, "meta/pagination/cursor").(string))
	}
	var want []string
	for _, h := range hits {
		want = append(want, fmt.Sprint(h.ChunkID))
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	if truncated == 0 {
		t.Error("the budget never truncated a page; make it smaller")
	}
}

// A budget too small for one item is a validation error that says what would
// fit; a cursor never comes back unchanged.
func TestBudgetTooSmall(t *testing.T) {
	r := search(newTool(t), corpus(3), envelope.Request{TokenBudget: ptr(int64(20))}, "q")
	valid(t, "search", r.JSON)
	m := tree(t, r.JSON)
	if r.Success || at(m, "error/code") != serve.CodeTokenLimitExceeded || at(m, "error/category") != "validation" {
		t.Fatalf("%s", r.JSON)
	}
	need := num(at(m, "error/details/tokens_needed"))
	ok := search(newTool(t), corpus(3), envelope.Request{TokenBudget: ptr(need)}, "q")
	if !ok.Success || ok.Tokens > need {
		t.Errorf("the budget the error named (%d) does not fit: %s", need, ok.JSON)
	}
	if !strings.Contains(at(m, "error/remediation").(string), fmt.Sprint(need)) {
		t.Errorf("remediation does not name %d: %v", need, at(m, "error/remediation"))
	}
}

// A payload without a list cannot be trimmed: over budget it is an error; an
// empty page or a failure over budget is sent as it is.
func TestBudgetWithoutList(t *testing.T) {
	tool := &serve.Tool{Name: "blob", Version: "1"}
	call, _ := tool.Begin(envelope.Request{TokenBudget: ptr(int64(10))}, nil)
	r := serve.Render(call, serve.Success(strings.Repeat("x", 200)))
	if r.Success || at(tree(t, r.JSON), "error/code") != serve.CodeTokenLimitExceeded {
		t.Errorf("%s", r.JSON)
	}
	valid(t, "envelope", r.JSON)
	r = serve.Render(call, serve.Fail[string](envelope.CategoryInternal, "", strings.Repeat("y", 200)))
	if r.Success || at(tree(t, r.JSON), "error/code") != "INTERNAL_ERROR" {
		t.Errorf("a failure over budget changed: %s", r.JSON)
	}
	r = search(newTool(t), corpus(0), envelope.Request{TokenBudget: ptr(int64(500))}, "q")
	if !r.Success {
		t.Errorf("an empty page: %s", r.JSON)
	}
	valid(t, "search", r.JSON)
}
