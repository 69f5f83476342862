// Command envgen generates Go and TypeScript code from JSON Schema, and
// converts tool responses between the canonical envelope and the dialects.
//
// Run `envgen --help` for usage. The work is done by the gen and dialects
// packages; the commands other than convert live in
// cmd/envgen/internal/cli, which cmd/envgen/internal/bootstrap (what
// `make generate` runs) shares without linking any generated code.
package main

import (
	"io"
	"os"

	"github.com/envgen/envgen/cmd/envgen/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is envgen: every command of package cli, and convert.
func run(args []string, stdout, stderr io.Writer) int {
	return cli.Run(args, stdout, stderr, convertCommand, addDialectSchemas)
}
