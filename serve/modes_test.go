package serve_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

// Each mode emits the members its annotation lists, in the payload's order,
// and echoes the mode in meta.
func TestModes(t *testing.T) {
	want := map[envelope.ResponseMode][]string{
		envelope.ResponseModeIDsOnly:  {"chunk_id", "rank", "score"},
		envelope.ResponseModeMetadata: {"chunk_id", "rank", "score", "source_file", "title"},
		envelope.ResponseModePreview:  {"chunk_id", "rank", "score", "snippet", "source_file", "title"},
		envelope.ResponseModeFull:     {"chunk_id", "rank", "score", "snippet", "source_file", "text", "title"},
	}
	for _, mode := range serve.Modes() {
		r := search(newTool(t), corpus(3), envelope.Request{ResponseMode: ptr(mode)}, "q")
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		for i := range 3 {
			if got := keys(at(m, "data/hits/"+string(rune('0'+i)))); !slices.Equal(got, want[mode]) {
				t.Errorf("%s: hit %d has %v, want %v", mode, i, got, want[mode])
			}
		}
		if got := at(m, "meta/response_mode"); got != string(mode) {
			t.Errorf("%s: meta.response_mode = %v", mode, got)
		}
		if got := at(m, "data/query"); got != "q" {
			t.Errorf("%s: a member without modes was dropped: %v", mode, got)
		}
	}
	// The default mode is metadata.
	m := tree(t, search(newTool(t), corpus(1), envelope.Request{}, "q").JSON)
	if got := at(m, "meta/response_mode"); got != "metadata" {
		t.Errorf("default mode = %v", got)
	}
}

// Members keep the order the payload gave them.
func TestModeKeepsOrder(t *testing.T) {
	r := search(newTool(t), corpus(1), envelope.Request{ResponseMode: ptr(envelope.ResponseModeMetadata)}, "q")
	want := `{"success":true,"data":{"hits":[{"chunk_id":100,"score":1,"rank":1,"source_file":"docs/chapter-00.md","title":"Chapter 0"}],"query":"q"},"meta":{"pagination":{"has_more":false,"page_size":5,"total":1},"response_mode":"metadata"}}`
	if string(r.JSON) != want {
		t.Errorf("got  %s\nwant %s", r.JSON, want)
	}
}

func TestFields(t *testing.T) {
	req := envelope.Request{ResponseMode: ptr(envelope.ResponseModePreview), Fields: []string{"snippet", "title"}}
	r := search(newTool(t), corpus(2), req, "q")
	valid(t, "search", r.JSON)
	m := tree(t, r.JSON)
	// The required members stay: the payload must still validate.
	if got, want := keys(at(m, "data/hits/1")), []string{"chunk_id", "rank", "score", "snippet", "title"}; !slices.Equal(got, want) {
		t.Errorf("hit has %v, want %v", got, want)
	}
}

// A field that the mode does not emit is a validation error naming the
// members the mode has.
func TestFieldNotInMode(t *testing.T) {
	for _, field := range []string{"text", "nonsense"} {
		req := envelope.Request{ResponseMode: ptr(envelope.ResponseModeMetadata), Fields: []string{"title", field}}
		r := search(newTool(t), corpus(2), req, "q")
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		if r.Success || at(m, "error/code") != "INVALID_FIELDS" || at(m, "error/category") != "validation" {
			t.Fatalf("%s: got %s", field, r.JSON)
		}
		const allowed = "chunk_id, rank, score, source_file, title"
		if got := at(m, "error/details/allowed"); got != allowed {
			t.Errorf("%s: details.allowed = %v", field, got)
		}
		if msg := at(m, "error/message").(string); !strings.Contains(msg, allowed) || !strings.Contains(msg, `"`+field+`"`) {
			t.Errorf("%s: message %q does not name the field and the allowed members", field, msg)
		}
		if at(m, "error/details/field") != field || at(m, "error/details/response_mode") != "metadata" {
			t.Errorf("%s: details = %v", field, at(m, "error/details"))
		}
	}
}

func TestInvalidArguments(t *testing.T) {
	for name, req := range map[string]envelope.Request{
		"response_mode": {ResponseMode: ptr(envelope.ResponseMode("everything"))},
		"page_size":     {PageSize: ptr(int64(0))},
		"token_budget":  {TokenBudget: ptr(int64(-1))},
	} {
		r := search(newTool(t), corpus(2), req, "q")
		valid(t, "search", r.JSON)
		m := tree(t, r.JSON)
		if at(m, "error/code") != "INVALID_ARGUMENT" || at(m, "error/details/field") != name {
			t.Errorf("%s: got %s", name, r.JSON)
		}
	}
}

// A page size above the tool's maximum is capped, and the size used reported.
func TestPageSizeCapped(t *testing.T) {
	tool := newTool(t)
	tool.MaxPageSize = 3
	m := tree(t, search(tool, corpus(10), envelope.Request{PageSize: ptr(int64(500))}, "q").JSON)
	if got := at(m, "meta/pagination/page_size"); got == nil || got.(interface{ String() string }).String() != "3" {
		t.Errorf("page_size = %v", got)
	}
	if n := len(at(m, "data/hits").([]any)); n != 3 {
		t.Errorf("%d hits, want 3", n)
	}
}

func TestParsePayloadErrors(t *testing.T) {
	hit := func(extra string) string {
		return `{"$defs": {"r": {"$dynamicAnchor": "data", "type": "object", "properties": {"hits": {"type": "array", "items": {"$ref": "#/$defs/hit"}}}},
			"hit": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "title": {"type": "string"}}` + extra + `}}}`
	}
	modes := `, "x-envgen-modes": {"ids_only": ["id"], "metadata": ["id", "title"], "preview": ["id", "title"], "full": ["id", "title"]}`
	tests := []struct{ schema, want string }{
		{hit(`, "x-envgen-modes": {"ids_only": ["id"], "metadata": ["id"], "preview": ["id"]}`),
			`#/$defs/hit/x-envgen-modes: the mode full is missing; declare all four modes`},
		{hit(`, "x-envgen-modes": {"ids_only": ["id"], "metadata": ["id"], "preview": ["id"], "full": ["id", "body"]}`),
			`#/$defs/hit/x-envgen-modes/full: "body" is not a property of this object (properties: id, title)`},
		{hit(`, "x-envgen-modes": {"ids_only": ["title"], "metadata": ["id"], "preview": ["id"], "full": ["id"]}`),
			`#/$defs/hit/x-envgen-modes/ids_only: the required member "id" is missing; every mode emits the required members`},
		{hit(`, "x-envgen-modes": {"summary": ["id"]}`),
			`#/$defs/hit/x-envgen-modes: "summary" is not a response mode (ids_only, metadata, preview, full)`},
		{hit(modes + `, "x-envgen-id": "title"`),
			`#/$defs/hit/x-envgen-id: "title" must name a required member of this object (required: id)`},
		{`{"$defs": {"r": {"$dynamicAnchor": "data", "properties": {"a": {"items": {"$ref": "#/$defs/i"}}, "b": {"items": {"$ref": "#/$defs/i"}}}},
			"i": {"required": ["id"], "properties": {"id": {}}, "x-envgen-id": "id"}}}`,
			`payload schema #/$defs/r: two lists carry x-envgen-id (/a and /b); a payload has one list`},
	}
	for _, tt := range tests {
		_, err := serve.ParsePayload([]byte(tt.schema))
		if err == nil || err.Error() != tt.want {
			t.Errorf("got  %v\nwant %s", err, tt.want)
		}
	}
	p, err := serve.ParsePayload([]byte(hit(modes + `, "x-envgen-id": "id"`)))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Allowed(envelope.ResponseModeIDsOnly); !slices.Equal(got, []string{"id"}) {
		t.Errorf("Allowed(ids_only) = %v", got)
	}
}

// A payload schema without annotations changes nothing and echoes no mode.
func TestPayloadWithoutModes(t *testing.T) {
	p, err := serve.ParsePayload([]byte(`{"type": "object", "properties": {"x": {"type": "string"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	tool := &serve.Tool{Name: "plain", Version: "1", Payload: p}
	call, err := tool.Begin(envelope.Request{ResponseMode: ptr(envelope.ResponseModeIDsOnly)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := serve.Render(call, serve.Success(map[string]any{"x": "y", "z": 1}))
	if want := `{"success":true,"data":{"x":"y","z":1}}`; string(r.JSON) != want {
		t.Errorf("got %s", r.JSON)
	}
	if _, err := tool.Begin(envelope.Request{Fields: []string{"x"}}, nil); err == nil ||
		err.(*serve.Error).Code() != serve.CodeInvalidFields {
		t.Errorf("fields on a payload without modes: %v", err)
	}
}
