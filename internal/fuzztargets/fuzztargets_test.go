package fuzztargets

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz\w+)\(f \*testing\.F\)`)

// TestMakeFuzzRunsEveryTarget compares the Makefile's FUZZ_TARGETS with the
// Fuzz functions declared in the module's test files (bench/ and mcp/ are
// modules of their own and are not walked).
func TestMakeFuzzRunsEveryTarget(t *testing.T) {
	root := filepath.Join("..", "..")
	makefile, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	listed := makeTargets(t, string(makefile))

	var declared []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", "testdata", ".git":
				return filepath.SkipDir
			}
			if p != root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		for _, m := range fuzzFunc.FindAllStringSubmatch(string(src), -1) {
			declared = append(declared, "./"+filepath.ToSlash(rel)+":"+m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(declared)
	if len(declared) == 0 {
		t.Fatal("no fuzz target found: the walk is broken")
	}
	for _, d := range declared {
		if !slices.Contains(listed, d) {
			t.Errorf("%s is not in the Makefile's FUZZ_TARGETS: make fuzz never runs it", d)
		}
	}
	for _, l := range listed {
		if !slices.Contains(declared, l) {
			t.Errorf("FUZZ_TARGETS lists %s, which no test file declares", l)
		}
	}
}

// makeTargets reads the FUZZ_TARGETS assignment, with its continuation lines.
func makeTargets(t *testing.T, makefile string) []string {
	_, rest, ok := strings.Cut(makefile, "\nFUZZ_TARGETS :=")
	if !ok {
		t.Fatal("the Makefile has no FUZZ_TARGETS")
	}
	var value strings.Builder
	for _, line := range strings.Split(rest, "\n") {
		more := strings.HasSuffix(line, "\\")
		value.WriteString(strings.TrimSuffix(line, "\\") + " ")
		if !more {
			break
		}
	}
	targets := strings.Fields(value.String())
	slices.Sort(targets)
	return targets
}
