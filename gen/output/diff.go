package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/envgen/envgen/gen"
)

// Change is one file where disk and the generated files differ.
type Change struct {
	Path     string // slash-separated, as in gen.File.Path
	Old, New []byte // on disk, generated
	Missing  bool   // generated but not on disk
	Stale    bool   // on disk (a generated file in an owned folder) but no longer generated
}

// Diff compares files with what is on disk and returns a unified diff from
// disk (a/PATH) to the generated files (b/PATH), and whether anything differs.
//
// A generated file missing on disk shows as added (from /dev/null); a stale
// generated file — one carrying Header in an owned output folder that an
// earlier run with the same inputs wrote and files no longer contains — shows as removed (to /dev/null). The diff is ordered by
// path, and applies with `git apply` or `patch -p1`.
func Diff(files gen.Files, run Run) (string, bool, error) {
	changes, err := Compare(files, run)
	if err != nil {
		return "", false, err
	}
	d, err := Unified(changes)
	return d, len(changes) > 0, err
}

// Compare lists the differences between files and disk, sorted by path; see
// Diff. It only reads.
func Compare(files gen.Files, run Run) ([]Change, error) {
	var changes []Change
	for _, f := range sortedFiles(files) {
		target := filepath.FromSlash(f.Path)
		old, err := os.ReadFile(target)
		switch {
		case errors.Is(err, fs.ErrNotExist) || isNotDir(target):
			changes = append(changes, Change{Path: f.Path, New: f.Content, Missing: true})
		case err != nil:
			return nil, fmt.Errorf("reading %s: %w", f.Path, ioErr(err))
		case string(old) != string(f.Content):
			changes = append(changes, Change{Path: f.Path, Old: old, New: f.Content})
		}
	}
	stale, _, err := staleFiles(files, run) // the manifests are bookkeeping, not drift
	if err != nil {
		return nil, err
	}
	for _, p := range stale {
		old, err := os.ReadFile(filepath.FromSlash(p))
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", p, ioErr(err))
		}
		changes = append(changes, Change{Path: p, Old: old, Stale: true})
	}
	sort.SliceStable(changes, func(i, j int) bool { return changes[i].Path < changes[j].Path })
	return changes, nil
}

// Unified renders changes as one unified diff, in their order.
func Unified(changes []Change) (string, error) {
	var b strings.Builder
	for _, c := range changes {
		from, to := "a/"+c.Path, "b/"+c.Path
		if c.Missing {
			from = "/dev/null"
		}
		if c.Stale {
			to = "/dev/null"
		}
		old, new := string(c.Old), string(c.New)
		d, err := udiff.ToUnified(from, to, old, udiff.Lines(old, new), udiff.DefaultContextLines)
		if err != nil {
			return "", fmt.Errorf("diffing %s: %w", c.Path, err)
		}
		if d == "" { // an empty file created or removed: no lines, but a change
			d = fmt.Sprintf("--- %s\n+++ %s\n", from, to)
		}
		b.WriteString(d)
	}
	return b.String(), nil
}

// isNotDir reports whether target cannot exist because something above it is
// a regular file; Write would fail there, but for Diff the file is missing.
func isNotDir(target string) bool {
	_, err := os.Stat(target)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return false
	}
	for d := filepath.Dir(target); d != filepath.Dir(d); d = filepath.Dir(d) {
		if info, err := os.Stat(d); err == nil {
			return !info.IsDir()
		}
	}
	return false
}
