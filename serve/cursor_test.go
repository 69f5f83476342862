package serve_test

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

var urlSafe = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

func TestCursorRoundTrip(t *testing.T) {
	q := serve.QueryHash("search", map[string]any{"query": "jwt", "filter": []string{"a"}})
	c := serve.Cursor{Offset: 40, PageSize: 20, Mode: envelope.ResponseModeIDsOnly, Query: q}
	for _, key := range [][]byte{nil, []byte("k1")} {
		s := serve.EncodeCursor(c, key)
		if !urlSafe.MatchString(s) {
			t.Errorf("cursor %q is not URL-safe", s)
		}
		got, err := serve.DecodeCursor(s, key, q)
		if err != nil || got != c {
			t.Errorf("key %q: got %+v, %v", key, got, err)
		}
	}
	if serve.QueryHash("search", "a") == serve.QueryHash("other", "a") || serve.QueryHash("search", "a") == serve.QueryHash("search", "b") {
		t.Error("QueryHash does not tell tools or queries apart")
	}
}

// A malformed, foreign or tampered cursor is an INVALID_CURSOR validation
// error, with a reason.
func TestCursorRejected(t *testing.T) {
	key := []byte("server key")
	q := serve.QueryHash("search", "jwt")
	good := serve.EncodeCursor(serve.Cursor{Offset: 5, PageSize: 5, Mode: envelope.ResponseModeMetadata, Query: q}, key)
	body, mac, _ := strings.Cut(strings.TrimPrefix(good, "c1."), ".")
	raw, _ := base64.RawURLEncoding.DecodeString(body)
	forge := func(json string) string {
		return "c1." + base64.RawURLEncoding.EncodeToString([]byte(json))
	}
	tamperedBody := "c1." + base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(raw), `"o":5`, `"o":0`, 1))) + "." + mac

	tests := []struct {
		name, cursor string
		key          []byte
		reason       string
	}{
		{"garbage", "hello", key, "malformed"},
		{"empty", "", key, "malformed"},
		{"too long", "c1." + strings.Repeat("A", 600), nil, "malformed"},
		{"bad base64", "c1.!!!!", nil, "malformed"},
		{"padded base64", "c1." + base64.URLEncoding.EncodeToString([]byte(`{"o":1}`)), nil, "malformed"},
		{"not JSON", forge("nope"), nil, "malformed"},
		{"missing member", forge(`{"o":1,"n":5,"m":"metadata"}`), nil, "malformed"},
		{"unknown member", forge(`{"o":1,"n":5,"m":"metadata","q":"` + q + `","x":1}`), nil, "malformed"},
		{"negative offset", forge(`{"o":-1,"n":5,"m":"metadata","q":"` + q + `"}`), nil, "malformed"},
		{"zero page", forge(`{"o":1,"n":0,"m":"metadata","q":"` + q + `"}`), nil, "malformed"},
		{"bad mode", forge(`{"o":1,"n":5,"m":"everything","q":"` + q + `"}`), nil, "malformed"},
		{"trailing data", forge(`{"o":1,"n":5,"m":"metadata","q":"` + q + `"} {}`), nil, "malformed"},
		{"tampered body", tamperedBody, key, "signature"},
		{"tampered mac", good[:len(good)-2] + "AA", key, "signature"},
		{"mac removed", "c1." + body, key, "signature"},
		{"forged unsigned", forge(`{"o":0,"n":50,"m":"full","q":"` + q + `"}`), key, "signature"},
		{"other server's key", good, []byte("another key"), "signature"},
		{"signed, server does not sign", good, nil, "signature"},
		{"other query", serve.EncodeCursor(serve.Cursor{Offset: 5, PageSize: 5, Mode: "metadata", Query: serve.QueryHash("search", "oauth")}, key), key, "query_mismatch"},
		{"other tool", serve.EncodeCursor(serve.Cursor{Offset: 5, PageSize: 5, Mode: "metadata", Query: serve.QueryHash("lookup", "jwt")}, key), key, "query_mismatch"},
	}
	for _, tt := range tests {
		_, err := serve.DecodeCursor(tt.cursor, tt.key, q)
		if err == nil {
			t.Errorf("%s: accepted", tt.name)
			continue
		}
		env := serve.Failure[Results](err)
		if err.Code() != serve.CodeInvalidCursor || err.Category() != envelope.CategoryValidation ||
			string(env.Error.Details["reason"]) != `"`+tt.reason+`"` {
			t.Errorf("%s: got %s %s %s, want reason %s", tt.name, err.Code(), err.Category(), env.Error.Details["reason"], tt.reason)
		}
		valid(t, "envelope", marshal(t, env))
	}
}

// Through a tool, a bad cursor is an error envelope, never a first page.
func TestBadCursorIsNotFirstPage(t *testing.T) {
	tool := newTool(t)
	for _, cursor := range []string{"c1.AAAA", "bm9wZQ", serve.EncodeCursor(serve.Cursor{PageSize: 5, Mode: "full", Query: serve.QueryHash("search", "q")}, nil)} {
		r := search(tool, corpus(20), envelope.Request{Cursor: ptr(cursor)}, "q")
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		if r.Success || at(m, "error/code") != serve.CodeInvalidCursor || at(m, "data") != nil {
			t.Errorf("%q: %s", cursor, r.JSON)
		}
	}
}

// Paging with cursors reaches every item once, keeps the mode and page size
// of the first call, and ends with has_more false and no cursor.
func TestPagingToTheEnd(t *testing.T) {
	hits := corpus(12)
	req := envelope.Request{PageSize: ptr(int64(5)), ResponseMode: ptr(envelope.ResponseModeIDsOnly)}
	var got []string
	var pages []int
	for range 10 {
		r := search(newTool(t), hits, req, "q")
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		page := at(m, "data/hits").([]any)
		pages = append(pages, len(page))
		for _, h := range page {
			got = append(got, fmt.Sprint(h.(map[string]any)["chunk_id"]))
			if keys(h)[0] != "chunk_id" || len(keys(h)) != 3 {
				t.Errorf("a later page lost the mode: %v", h)
			}
		}
		if num(at(m, "meta/pagination/total")) != 12 || num(at(m, "meta/pagination/page_size")) != 5 {
			t.Errorf("pagination %v", at(m, "meta/pagination"))
		}
		if at(m, "meta/pagination/has_more") == false {
			if at(m, "meta/pagination/cursor") != nil {
				t.Error("the last page has a cursor")
			}
			break
		}
		req = envelope.Request{Cursor: ptr(at(m, "meta/pagination/cursor").(string))}
	}
	if !slices.Equal(pages, []int{5, 5, 2}) || len(got) != 12 || got[0] != "100" || got[11] != "111" {
		t.Errorf("pages %v, ids %v", pages, got)
	}
}

// An explicit mode or page size overrides the cursor's.
func TestCursorOverride(t *testing.T) {
	tool := newTool(t)
	first := tree(t, search(tool, corpus(12), envelope.Request{PageSize: ptr(int64(4))}, "q").JSON)
	cur := at(first, "meta/pagination/cursor").(string)
	m := tree(t, search(tool, corpus(12), envelope.Request{Cursor: &cur, PageSize: ptr(int64(2)), ResponseMode: ptr(envelope.ResponseModeFull)}, "q").JSON)
	if at(m, "meta/response_mode") != "full" || len(at(m, "data/hits").([]any)) != 2 || fmt.Sprint(at(m, "data/hits/0/chunk_id")) != "104" {
		t.Errorf("got %v", m)
	}
}

// A cursor from a search for something else is refused.
func TestCursorOfOtherQuery(t *testing.T) {
	tool := newTool(t)
	first := tree(t, search(tool, corpus(12), envelope.Request{}, "jwt").JSON)
	cur := at(first, "meta/pagination/cursor").(string)
	m := tree(t, search(tool, corpus(12), envelope.Request{Cursor: &cur}, "oauth").JSON)
	if at(m, "error/code") != serve.CodeInvalidCursor || at(m, "error/details/reason") != "query_mismatch" {
		t.Errorf("got %v", m)
	}
}

func FuzzDecodeCursor(f *testing.F) {
	q := serve.QueryHash("search", "q")
	f.Add(serve.EncodeCursor(serve.Cursor{Offset: 3, PageSize: 2, Mode: "full", Query: q}, []byte("k")))
	f.Add(serve.EncodeCursor(serve.Cursor{Offset: 3, PageSize: 2, Mode: "full", Query: q}, nil))
	f.Add("c1..")
	f.Add("c1.e30")
	f.Fuzz(func(t *testing.T, s string) {
		for _, key := range [][]byte{nil, []byte("k")} {
			c, err := serve.DecodeCursor(s, key, q)
			if err == nil && (c.Offset < 0 || c.PageSize < 1 || !c.Mode.Valid()) {
				t.Errorf("accepted %q as %+v", s, c)
			}
		}
	})
}

// Pagination without a declared list, and with HasMore instead of Total.
func TestPaginationOptions(t *testing.T) {
	tool := &serve.Tool{Name: "blob", Version: "1", DefaultPageSize: 10}
	call, _ := tool.Begin(envelope.Request{}, "q")
	r := serve.Render(call, serve.Success([]int{1, 2}), serve.HasMore(true))
	m := tree(t, r.JSON)
	cur, _ := at(m, "meta/pagination/cursor").(string)
	next, err := serve.DecodeCursor(cur, nil, serve.QueryHash("blob", "q"))
	if at(m, "meta/pagination/has_more") != true || err != nil || next.Offset != 10 {
		t.Errorf("HasMore(true): %s, %+v %v", r.JSON, next, err)
	}
	if at(m, "meta/pagination/total") != nil {
		t.Errorf("a total without Total: %s", r.JSON)
	}
	valid(t, "envelope", r.JSON)

	call, _ = tool.Begin(envelope.Request{Cursor: &cur}, "q")
	r = serve.Render(call, serve.Success([]int{3}), serve.Total(11))
	if m := tree(t, r.JSON); at(m, "meta/pagination/has_more") != false || at(m, "meta/pagination/cursor") != nil {
		t.Errorf("last page: %s", r.JSON)
	}
	r = serve.Render(call, serve.Success([]int{3}))
	if m := tree(t, r.JSON); at(m, "meta") != nil {
		t.Errorf("pagination without an option: %s", r.JSON)
	}
	// A failure has no pagination.
	r = serve.Render(call, serve.Fail[[]int](envelope.CategoryInternal, "", ""), serve.Total(11))
	if m := tree(t, r.JSON); at(m, "meta") != nil {
		t.Errorf("failure: %s", r.JSON)
	}
}
