package serve_test

import (
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

// A budget one token short of a 7-item page keeps most of the page: the
// truncation notice is small (no list of dropped ids beside a cursor). In
// ids_only an item costs less than any notice: there the advice is a
// page_size (TestBudgetAdvisesPageSize).
func TestBudgetOneShortKeepsMost(t *testing.T) {
	for _, mode := range serve.Modes()[1:] {
		// The whole page measured under a budget, so with its meta.tokens.
		req := envelope.Request{PageSize: ptr(int64(7)), ResponseMode: ptr(mode), TokenBudget: ptr(int64(999))}
		full := search(newTool(t), corpus(20), req, "q")
		req.TokenBudget = ptr(full.Tokens - 1)
		r := search(newTool(t), corpus(20), req, "q")
		m := tree(t, r.JSON)
		if !r.Success {
			t.Fatalf("%s: %s", mode, r.JSON)
		}
		kept := len(at(m, "data/hits").([]any))
		if kept < 5 {
			t.Errorf("%s: a page of %d tokens under a budget of %d keeps %d of 7 items: %s", mode, full.Tokens, full.Tokens-1, kept, r.JSON)
		}
		t.Logf("%s: a page of %d tokens under a budget of %d keeps %d of 7 items (%d tokens)", mode, full.Tokens, full.Tokens-1, kept, r.Tokens)
	}
}

// A budget too small for the page asked for names a page_size that fits, or
// the budget one item needs; the advice works.
func TestBudgetAdvisesPageSize(t *testing.T) {
	req := envelope.Request{PageSize: ptr(int64(7)), ResponseMode: ptr(envelope.ResponseModeFull)}
	var failure map[string]any
	var budget int64
	for budget = 400; budget > 20; budget-- {
		req.TokenBudget = ptr(budget)
		r := search(newTool(t), corpus(20), req, "q")
		if !r.Success {
			failure = tree(t, r.JSON)
			break
		}
	}
	if failure == nil {
		t.Fatal("no budget fails")
	}
	remediation, _ := at(failure, "error/remediation").(string)
	t.Logf("7 full items: the largest budget that fails is %d: %s", budget, remediation)
	if !strings.Contains(remediation, "page_size") {
		t.Fatalf("budget %d: the remediation gives no page_size: %v", budget, remediation)
	}
	k := num(at(failure, "error/details/page_size"))
	if k < 1 {
		t.Fatalf("budget %d: details %v", budget, at(failure, "error/details"))
	}
	if strings.HasPrefix(remediation, "Pass page_size") {
		req.PageSize = ptr(k)
		r := search(newTool(t), corpus(20), req, "q")
		m := tree(t, r.JSON)
		if !r.Success || r.Tokens > budget || at(m, "meta/fidelity") != nil {
			t.Errorf("page_size %d under budget %d: %s", k, budget, r.JSON)
		}
	} else {
		one := num(at(failure, "error/details/tokens_needed_page_size_1"))
		req.PageSize, req.TokenBudget = ptr(int64(1)), ptr(one)
		if r := search(newTool(t), corpus(20), req, "q"); !r.Success || r.Tokens > one {
			t.Errorf("page_size 1 under budget %d: %s", one, r.JSON)
		}
	}
	// Far too small: the smallest budget that works is named.
	req.PageSize, req.TokenBudget = ptr(int64(7)), ptr(int64(20))
	r := search(newTool(t), corpus(20), req, "q")
	if r.Success || !strings.Contains(at(tree(t, r.JSON), "error/remediation").(string), "page_size 1") {
		t.Errorf("budget 20: %s", r.JSON)
	}
}

// The budget travels in the cursor: the next page is bounded by it too,
// unless the caller gives another.
func TestBudgetTravelsInCursor(t *testing.T) {
	req := envelope.Request{PageSize: ptr(int64(7)), ResponseMode: ptr(envelope.ResponseModeFull), TokenBudget: ptr(int64(300))}
	r := search(newTool(t), corpus(30), req, "q")
	cursor, _ := at(tree(t, r.JSON), "meta/pagination/cursor").(string)
	if !r.Success || cursor == "" {
		t.Fatalf("%s", r.JSON)
	}
	next := search(newTool(t), corpus(30), envelope.Request{Cursor: &cursor}, "q")
	if m := tree(t, next.JSON); !next.Success || next.Tokens > 300 || num(at(m, "meta/tokens/budget")) != 300 {
		t.Errorf("page 2: %d tokens: %s", next.Tokens, next.JSON)
	}
	wider := search(newTool(t), corpus(30), envelope.Request{Cursor: &cursor, TokenBudget: ptr(int64(5000))}, "q")
	if m := tree(t, wider.JSON); num(at(m, "meta/tokens/budget")) != 5000 || len(at(m, "data/hits").([]any)) != 7 {
		t.Errorf("page 2 with its own budget: %s", wider.JSON)
	}
}
