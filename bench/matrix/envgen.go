package matrix

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/envgen/envgen/conformance"
	tsconformance "github.com/envgen/envgen/conformance/typescript"
)

// EnvgenGo runs the suite through envgen's generated Go with the runner of
// `make conformance` (the decode contract only: no property test), and
// returns every case.
func EnvgenGo(root, suite, work string, log io.Writer) ([]Case, error) {
	res, err := conformance.Run(conformance.Options{Suite: suite, Root: root, Work: work, Mutations: 0, Log: log})
	if err != nil {
		return nil, err
	}
	out := make([]Case, 0, len(res.Cases))
	for _, c := range res.Cases {
		k := Case{File: c.File, Group: c.Group, Test: c.Test, Valid: c.Valid, Pass: c.Pass, Reason: c.Reason}
		switch {
		case c.Pass:
		case strings.HasPrefix(c.Reason, "generation failed"):
			k.Missing = MissingGenerate
		case strings.HasPrefix(c.Reason, "generated Go does not compile"):
			k.Missing = MissingCompile
		case c.Reason == "not run" || strings.HasPrefix(c.Reason, "panic"):
			k.Missing = MissingCrash
		}
		out = append(out, k)
	}
	return out, nil
}

// EnvgenTS runs the suite through envgen's generated TypeScript with the
// runner of conformance/typescript (validateSuiteRoot and isSuiteRoot must
// agree with the suite), compiled by the tsc pinned in generated/ts.
func EnvgenTS(root, suite, work string, log io.Writer) ([]Case, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, err
	}
	tsc := filepath.Join(root, "generated", "ts", "node_modules", ".bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		return nil, err
	}
	cases, err := tsconformance.Run(tsconformance.Options{Suite: suite, TSC: tsc, Node: node, Work: work, Log: log})
	if err != nil {
		return nil, err
	}
	out := make([]Case, 0, len(cases))
	for _, c := range cases {
		k := Case{File: c.File, Group: c.Group, Test: c.Test, Valid: c.Valid, Pass: c.Pass, Reason: c.Reason}
		switch {
		case c.Pass:
		case strings.HasPrefix(c.Reason, "generation failed"):
			k.Missing = MissingGenerate
		case strings.HasPrefix(c.Reason, "tsc:"):
			k.Missing = MissingCompile
		case strings.HasPrefix(c.Reason, "import failed"), strings.HasPrefix(c.Reason, "no validateSuiteRoot"):
			k.Missing = MissingCrash
		}
		out = append(out, k)
	}
	return out, nil
}
