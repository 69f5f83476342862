// Command mklarge writes the large reference envelope (bench.Large) to a file.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/envgen/envgen/bench"
)

func main() {
	out := flag.String("o", "testdata/large.json", "the `FILE` to write")
	flag.Parse()
	if err := os.WriteFile(*out, append(bench.Large(), '\n'), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "mklarge:", err)
		os.Exit(1)
	}
}
