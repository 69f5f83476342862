package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/envgen/envgen/generated/go/envelope"
	envmcp "github.com/envgen/envgen/mcp"
	"github.com/envgen/envgen/serve"
)

// Hit is one search hit (search-output.json#/$defs/hit).
type Hit struct {
	ChunkID    int64   `json:"chunk_id"`
	Score      float64 `json:"score"`
	Rank       int64   `json:"rank"`
	SourceFile string  `json:"source_file"`
	Title      string  `json:"title"`
	Snippet    string  `json:"snippet"`
	Text       string  `json:"text"`
}

// Results is the search payload (search-output.json#/$defs/search_results).
type Results struct {
	Hits  []Hit  `json:"hits"`
	Query string `json:"query"`
}

// SearchArgs are the search tool's own arguments; the paging preferences come
// as envelope.Request.
type SearchArgs struct {
	Query string `json:"query"`
}

type searchTool struct {
	mcpTool *mcp.Tool
	tool    *serve.Tool
}

func newSearch(config *serve.Config, cursorKey []byte) (*searchTool, error) {
	input, output, bundle, err := schemas("search")
	if err != nil {
		return nil, err
	}
	payload, err := serve.ParsePayload(output)
	if err != nil {
		return nil, err
	}
	if err := config.CheckPayload("search", payload); err != nil {
		return nil, err
	}
	return &searchTool{
		mcpTool: envmcp.NewTool("search", "Search the example documentation. Pages with cursors; response_mode and token_budget bound the size of each page.", input, bundle),
		tool: &serve.Tool{Name: "search", Version: version, Payload: payload, Config: config,
			CursorKey: cursorKey, DefaultPageSize: 5, MaxPageSize: 20, Workspace: workspace()},
	}, nil
}

func (s *searchTool) handle(_ context.Context, args SearchArgs, req envelope.Request) serve.Response {
	call, err := s.tool.Begin(req, args.Query)
	if err == nil && strings.TrimSpace(args.Query) == "" {
		err = serve.NewError(envelope.CategoryValidation, "MISSING_REQUIRED", "query is required.",
			serve.Remediation("Pass the words to look for as query."), serve.Detail("field", "query"))
	}
	if err != nil {
		return serve.Render(call, serve.FromError[Results](err))
	}
	hits, total := search(args.Query, call.Offset, call.Limit)
	return serve.Render(call, serve.Success(Results{Hits: hits, Query: args.Query}), serve.Total(total))
}

// GetChunkArgs are the get_chunk tool's arguments.
type GetChunkArgs struct {
	ChunkID *int64 `json:"chunk_id"`
}

// Chunk is get_chunk's payload (get-chunk-output.json#/$defs/chunk).
type Chunk struct {
	ChunkID    int64  `json:"chunk_id"`
	SourceFile string `json:"source_file"`
	Title      string `json:"title"`
	Text       string `json:"text"`
}

type getChunkTool struct {
	mcpTool *mcp.Tool
	tool    *serve.Tool
}

func newGetChunk(config *serve.Config) (*getChunkTool, error) {
	input, _, bundle, err := schemas("get-chunk")
	if err != nil {
		return nil, err
	}
	return &getChunkTool{
		mcpTool: envmcp.NewTool("get_chunk", "Return one chunk of the example documentation, whole, by the chunk_id of a search hit.", input, bundle),
		tool:    &serve.Tool{Name: "get_chunk", Version: version, Config: config, Workspace: workspace()},
	}, nil
}

func (g *getChunkTool) handle(_ context.Context, args GetChunkArgs, req envelope.Request) serve.Response {
	call, err := g.tool.Begin(req, args.ChunkID)
	switch {
	case err != nil:
	case args.ChunkID == nil:
		err = serve.NewError(envelope.CategoryValidation, "MISSING_REQUIRED", "chunk_id is required.",
			serve.Remediation("Pass the chunk_id of a search hit."), serve.Detail("field", "chunk_id"))
	case *args.ChunkID < 0:
		err = serve.NewError(envelope.CategoryValidation, "INVALID_ARGUMENT",
			fmt.Sprintf("chunk_id must be 0 or more, not %d.", *args.ChunkID),
			serve.Remediation("Pass the chunk_id of a search hit."),
			serve.Detail("field", "chunk_id"), serve.Detail("constraint", "minimum"), serve.Detail("received", *args.ChunkID))
	case *args.ChunkID >= int64(len(corpus)):
		err = serve.NewError(envelope.CategoryNotFound, "CHUNK_NOT_FOUND", fmt.Sprintf("There is no chunk %d.", *args.ChunkID),
			serve.Remediation("Search first, and pass the chunk_id of a hit."), serve.Detail("chunk_id", *args.ChunkID))
	}
	if err != nil {
		return serve.Render(call, serve.FromError[Chunk](err))
	}
	c := corpus[*args.ChunkID]
	return serve.Render(call, serve.Success(Chunk{ChunkID: c.ChunkID, SourceFile: c.SourceFile, Title: c.Title, Text: c.Text}))
}

// corpus is the example documentation: 30 chunks on five topics.
var corpus = func() []Hit {
	topics := []string{"envelope", "cursor", "token budget", "profile", "response mode"}
	out := make([]Hit, 30)
	for i := range out {
		topic := topics[i%len(topics)]
		text := fmt.Sprintf("Chapter %d explains the %s. ", i, topic) +
			strings.Repeat(fmt.Sprintf("A %s keeps MCP responses predictable for agents. ", topic), 3)
		out[i] = Hit{ChunkID: int64(i), SourceFile: fmt.Sprintf("docs/%s.md", strings.ReplaceAll(topic, " ", "-")),
			Title: fmt.Sprintf("Chapter %d: the %s", i, topic), Snippet: text[:60], Text: text}
	}
	return out
}()

// search returns the page [offset, offset+limit) of the chunks whose title or
// text contains every word of query, best first, and how many match.
func search(query string, offset, limit int64) ([]Hit, int64) {
	words := strings.Fields(strings.ToLower(query))
	var matches []Hit
	for _, c := range corpus {
		hay := strings.ToLower(c.Title + " " + c.Text)
		all := true
		for _, w := range words {
			all = all && strings.Contains(hay, w)
		}
		if all {
			matches = append(matches, c)
		}
	}
	n := int64(len(matches))
	page := []Hit{}
	for i := offset; i < min(offset+limit, n); i++ {
		h := matches[i]
		h.Rank = i + 1
		h.Score = float64(int(1000*(1-float64(i)/float64(2*n)))) / 1000
		page = append(page, h)
	}
	return page, n
}

// workspace is the example corpus as a workspace: codegraph requires one.
func workspace() *envelope.Workspace {
	root, repo := "/example", "envgen-example"
	return &envelope.Workspace{Root: &root, RepoName: &repo}
}
