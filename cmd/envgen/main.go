// Command envgen generates Go and TypeScript code from JSON Schema.
//
// Run `envgen --help` for usage. The work is done by the gen package; this
// command only turns flags and config files into gen.Options.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
