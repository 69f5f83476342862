package serve_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/schemas"
	"github.com/envgen/envgen/serve"
)

// Hit and Results are the payload of the test search tool
// (testdata/search-output.json).
type Hit struct {
	ChunkID    int     `json:"chunk_id"`
	Score      float64 `json:"score"`
	Rank       int     `json:"rank"`
	SourceFile string  `json:"source_file,omitempty"`
	Title      string  `json:"title,omitempty"`
	Snippet    string  `json:"snippet,omitempty"`
	Text       string  `json:"text,omitempty"`
}

type Results struct {
	Hits   []Hit   `json:"hits"`
	Query  string  `json:"query,omitempty"`
	TookMs float64 `json:"took_ms,omitempty"`
}

const testSchemaFile = "testdata/search-output.json"
const testSchemaID = "https://example.com/serve-test/search-output.json"

// corpus returns n hits, best first, each with every member filled.
func corpus(n int) []Hit {
	hits := make([]Hit, n)
	for i := range hits {
		hits[i] = Hit{
			ChunkID: 100 + i, Score: 1 - float64(i)/float64(2*n), Rank: i + 1,
			SourceFile: fmt.Sprintf("docs/chapter-%02d.md", i),
			Title:      fmt.Sprintf("Chapter %d", i),
			Snippet:    strings.Repeat("snippet ", 4),
			Text:       strings.Repeat(fmt.Sprintf("text of chunk %d. ", i), 6),
		}
	}
	return hits
}

func payload(t testing.TB) *serve.Payload {
	t.Helper()
	b, err := os.ReadFile(testSchemaFile)
	if err != nil {
		t.Fatal(err)
	}
	p, err := serve.ParsePayload(b)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// newTool returns the test search tool with a fixed clock and id generator.
func newTool(t testing.TB) *serve.Tool {
	t.Helper()
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return &serve.Tool{
		Name: "search", Version: "1.0.0", Payload: payload(t), CursorKey: []byte("test key"),
		DefaultPageSize: 5,
		Now:             func() time.Time { clock = clock.Add(1500 * time.Microsecond); return clock },
		NewID:           func(prefix string) string { return prefix + "generated" },
	}
}

// search is the test tool's handler, as a tool would write it.
func search(tool *serve.Tool, hits []Hit, req envelope.Request, query string) serve.Response {
	call, err := tool.Begin(req, query)
	if err != nil {
		return serve.Render(call, serve.FromError[Results](err))
	}
	end := min(call.Offset+call.Limit, int64(len(hits)))
	page := hits[min(call.Offset, end):end]
	return serve.Render(call, serve.Success(Results{Hits: page, Query: query}), serve.Total(int64(len(hits))))
}

var compiled = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	add := func(b []byte) (string, error) {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return "", err
		}
		id, _ := doc.(map[string]any)["$id"].(string)
		return id, c.AddResource(id, doc)
	}
	for _, name := range schemas.Files() {
		b, err := fs.ReadFile(schemas.FS, name)
		if err != nil {
			return nil, err
		}
		if _, err := add(b); err != nil {
			return nil, err
		}
	}
	b, err := os.ReadFile(testSchemaFile)
	if err != nil {
		return nil, err
	}
	if _, err := add(b); err != nil {
		return nil, err
	}
	out := map[string]*jsonschema.Schema{}
	for key, id := range map[string]string{"envelope": schemas.BaseURI + "envelope.json", "search": testSchemaID} {
		if out[key], err = c.Compile(id); err != nil {
			return nil, err
		}
	}
	return out, nil
})

// valid fails t unless b is valid against the named schema: "search" (the
// test tool's output schema) or "envelope".
func valid(t testing.TB, schema string, b []byte) {
	t.Helper()
	s, err := compiled()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	if err := s[schema].Validate(doc); err != nil {
		t.Fatalf("not valid against %s: %v\n%s", schema, err, b)
	}
}

// tree decodes b into maps and slices, numbers as json.Number.
func tree(t testing.TB, b []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return m
}

// at returns the value at a slash-separated path of object members and array
// indexes, e.g. "meta/pagination/cursor" or "data/hits/0".
func at(m map[string]any, path string) any {
	var v any = m
	for _, tok := range strings.Split(path, "/") {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			var i int
			if _, err := fmt.Sscan(tok, &i); err != nil || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func keys(v any) []string {
	m, _ := v.(map[string]any)
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func ptr[T any](v T) *T { return &v }
