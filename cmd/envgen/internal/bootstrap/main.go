// Command bootstrap is envgen without convert: generate, check, bundle and
// version, linking no package under generated/. `make generate` and
// `make check` run it, so that a change to the runtime or to a backend that
// leaves generated/ stale, or a deleted generated/go, cannot make the tool
// that repairs generated/ unbuildable. Users run cmd/envgen, which adds
// convert (the dialects, built on the generated packages).
package main

import (
	"os"

	"github.com/envgen/envgen/cmd/envgen/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
