package main

import (
	"io/fs"
	"strings"
	"testing/fstest"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/cmd/envgen/internal/cli"
	"github.com/envgen/envgen/dialects"
)

// dialectSchemas are the dialects' root schemas, by their names on the
// command line (validate --schema foundry).
var dialectSchemas = map[string]string{
	"foundry":      dialects.BaseURI + "foundry/response.json",
	"scalpel":      dialects.BaseURI + "scalpel/envelope.json",
	"mcp-envelope": dialects.BaseURI + "mcpenvelope/envelope.json",
	"codegraph":    dialects.BaseURI + "codegraph/envelope.json",
	"bmcis":        dialects.BaseURI + "bmcis/envelope.json",
}

// addDialectSchemas makes the dialect schemas built-in for validate; it adds
// no command.
func addDialectSchemas(a *cli.App) *cobra.Command {
	flat := fstest.MapFS{}
	_ = fs.WalkDir(dialects.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(dialects.FS, p)
		if err == nil {
			flat[strings.ReplaceAll(p, "/", "-")] = &fstest.MapFile{Data: data}
		}
		return err
	})
	a.AddSchemas(flat, dialectSchemas)
	return nil
}
