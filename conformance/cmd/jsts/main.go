// Command jsts runs the JSON-Schema-Test-Suite conformance check of the Go
// backend (`make conformance`): it prints a table per file and writes the
// full result to conformance/reports/go.json; with -update-baseline it
// rewrites conformance/baseline-go.json from the result.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/envgen/envgen/conformance"
	"github.com/envgen/envgen/internal/reference"
)

func main() {
	report := flag.String("report", "conformance/reports/go.json", "write the full result to `FILE`")
	baseline := flag.String("baseline", "conformance/baseline-go.json", "the baseline `FILE`")
	update := flag.Bool("update-baseline", false, "rewrite the baseline from this run")
	mutations := flag.Int("mutations", 8, "changed values per valid instance for the property test")
	flag.Parse()
	if err := run(*report, *baseline, *update, *mutations); err != nil {
		fmt.Fprintln(os.Stderr, "jsts:", err)
		os.Exit(1)
	}
}

func run(report, baseline string, update bool, mutations int) error {
	root, err := os.Getwd()
	if err != nil {
		return err
	}
	suite, err := reference.Path(reference.JSONSchemaTestSuite)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "envgen-jsts-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	res, err := conformance.Run(conformance.Options{Suite: suite, Root: root, Work: work, Mutations: mutations, Log: os.Stderr})
	if err != nil {
		return err
	}
	res.PrintTable(os.Stdout)
	if err := conformance.WriteJSON(report, res); err != nil {
		return err
	}
	fmt.Println("full result:", report)
	cur := res.Failures()
	if update {
		return conformance.WriteJSON(baseline, cur)
	}
	base, err := conformance.ReadBaseline(filepath.Clean(baseline))
	if err != nil {
		return fmt.Errorf("reading the baseline (run with -update-baseline to write one): %w", err)
	}
	for _, f := range conformance.Fixed(base, cur) {
		fmt.Println("now passes, remove from the baseline:", f)
	}
	if regs := conformance.Regressions(base, cur); len(regs) > 0 {
		for _, r := range regs {
			fmt.Println("REGRESSION:", r)
		}
		return fmt.Errorf("%d cases fail that the baseline says pass", len(regs))
	}
	return nil
}
