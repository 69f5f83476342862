package envmcp_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/envgen/envgen/gen/bundle"
)

// TestBundleInGoSDK registers the bundle of the example tool's output schema
// (envgen bundle) as a tool's outputSchema in the official go-sdk, which
// checks every structuredContent against it with its own JSON Schema
// implementation and rejects relative $ids. The SDK must judge each
// search-output example as the unbundled schemas do: the valid ones go
// through, the invalid ones are refused.
func TestBundleInGoSDK(t *testing.T) {
	schema, err := bundle.Bundle(bundle.Options{Input: filepath.Join("..", "schemas", "examples", "search-output.json")})
	if err != nil {
		t.Fatal(err)
	}
	type example struct {
		file  string
		doc   json.RawMessage
		valid bool
	}
	var examples []example
	for _, dir := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join("..", "schemas", "examples", dir, "search-output-*.json"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if dir == "invalid" {
				var ex struct{ Instance json.RawMessage }
				if err := json.Unmarshal(data, &ex); err != nil {
					t.Fatal(err)
				}
				data = ex.Instance
			}
			examples = append(examples, example{filepath.Base(f), data, dir == "valid"})
		}
	}
	if len(examples) < 5 {
		t.Fatalf("only %d search-output examples", len(examples))
	}

	server := mcp.NewServer(&mcp.Implementation{Name: "bundle-check", Version: "1"}, nil)
	tool := &mcp.Tool{Name: "replay", Description: "Answers with example i.", OutputSchema: json.RawMessage(schema)}
	mcp.AddTool(server, tool, func(_ context.Context, _ *mcp.CallToolRequest, in struct {
		I int `json:"i"`
	}) (*mcp.CallToolResult, json.RawMessage, error) {
		return nil, examples[in.I].doc, nil
	})
	ctx := context.Background()
	cs := connect(t, server)

	for i, ex := range examples {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "replay", Arguments: map[string]any{"i": i}})
		refused := err != nil && strings.Contains(err.Error(), "validating tool output")
		switch {
		case err != nil && !refused:
			t.Errorf("%s: %v", ex.file, err)
		case ex.valid && refused:
			t.Errorf("%s: valid against the unbundled schemas, refused by the go-sdk: %v", ex.file, err)
		case !ex.valid && !refused:
			t.Errorf("%s: invalid against the unbundled schemas, accepted by the go-sdk", ex.file)
		case ex.valid && res.IsError:
			t.Errorf("%s: the call failed", ex.file)
		}
	}
}
