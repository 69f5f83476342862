// Command mcp-server is an example MCP server over stdio whose tools answer in
// envgen's canonical envelope. It has two tools:
//
//   - search: a paginated search over a small built-in corpus that honours
//     response modes (ids_only, metadata, preview, full), fields, token
//     budgets and signed cursors;
//   - get_chunk: returns one chunk, and fails with a validation error for a
//     negative chunk_id (or a not_found error for an unknown one).
//
// Usage:
//
//	mcp-server [-config envgen-mcp.json]
//
// The configuration file (serve/config.schema.json) sets the response profile
// globally and per tool. ENVGEN_MCP_INFO=DEBUG selects the debug profile.
// EXAMPLE_CURSOR_KEY signs cursors; without it a random key is made at start,
// so cursors do not survive a restart.
package main

import (
	"context"
	"crypto/rand"
	"embed"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	envmcp "github.com/envgen/envgen/mcp"
	"github.com/envgen/envgen/serve"
)

// version is the version of the example tools, in meta.tool.version.
const version = "1.0.0"

//go:embed schemas/*.json
var schemaFS embed.FS

func main() {
	configPath := flag.String("config", "", "response configuration `file` (JSON; see serve/config.schema.json)")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("mcp-server: ")

	config, err := serve.LoadConfig(*configPath)
	if err != nil {
		log.Fatal(err)
	}
	key := []byte(os.Getenv("EXAMPLE_CURSOR_KEY"))
	if len(key) == 0 {
		key = make([]byte, 32)
		_, _ = rand.Read(key)
	}
	server, err := newServer(config, key)
	if err != nil {
		log.Fatal(err)
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

// newServer returns the server with both tools.
func newServer(config *serve.Config, cursorKey []byte) (*mcp.Server, error) {
	if err := config.CheckTools("search", "get_chunk"); err != nil {
		return nil, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "envgen-example", Version: version}, nil)
	search, err := newSearch(config, cursorKey)
	if err != nil {
		return nil, err
	}
	getChunk, err := newGetChunk(config)
	if err != nil {
		return nil, err
	}
	if err := errors.Join(search.tool.Check(), getChunk.tool.Check()); err != nil {
		return nil, err
	}
	for _, w := range append(search.tool.Warnings(), getChunk.tool.Warnings()...) {
		log.Printf("warning: %s", w)
	}
	envmcp.AddTool(s, search.mcpTool, search.tool, search.handle)
	envmcp.AddTool(s, getChunk.mcpTool, getChunk.tool, getChunk.handle)
	return s, nil
}

// schemas returns the input schema, the tool's output schema and its bundle.
func schemas(name string) (input, output, bundle []byte, err error) {
	read := func(file string) []byte {
		b, e := schemaFS.ReadFile("schemas/" + file)
		if e != nil && err == nil {
			err = fmt.Errorf("%s: %w", file, e)
		}
		return b
	}
	return read(name + "-input.json"), read(name + "-output.json"), read(name + "-output.bundle.json"), err
}
