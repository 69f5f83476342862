package output

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envgen/envgen/gen"
)

// staleFiles lists the files that envgen generated earlier but files no
// longer contains: regular files carrying Header in an owned folder, or in a
// folder below one that still receives generated files. Whole subfolders that
// no longer receive files are left alone, so an output folder may hold the
// output of another envgen run in a subfolder. Paths are slash-separated,
// sorted.
func staleFiles(files gen.Files, owned []string) ([]string, error) {
	if len(owned) == 0 {
		return nil, nil
	}
	var roots []string
	dirs := map[string]bool{}
	for _, o := range owned {
		if o == "" {
			continue
		}
		o = filepath.Clean(filepath.FromSlash(o))
		roots = append(roots, absPath(o))
		dirs[o] = true
	}
	generated := map[string]bool{}
	for _, f := range files {
		p := filepath.FromSlash(f.Path)
		generated[absPath(p)] = true
		d := filepath.Dir(p)
		if within(absPath(d), roots) {
			dirs[d] = true
		}
	}

	scanned := map[string]bool{}
	var stale []string
	for _, d := range sortedKeys(dirs) {
		if scanned[absPath(d)] {
			continue
		}
		scanned[absPath(d)] = true
		if info, err := os.Stat(d); err != nil || !info.IsDir() {
			continue // nothing there yet (Write reports a file in the way)
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			return nil, fmt.Errorf("reading output folder %s: %w", filepath.ToSlash(d), err)
		}
		for _, e := range entries {
			if !e.Type().IsRegular() {
				continue
			}
			p := filepath.Join(d, e.Name())
			if generated[absPath(p)] {
				continue
			}
			ok, err := hasHeader(p)
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", filepath.ToSlash(p), err)
			}
			if ok {
				stale = append(stale, filepath.ToSlash(p))
			}
		}
	}
	sort.Strings(stale)
	return stale, nil
}

// hasHeader reports whether Header is a line near the top of the file at p.
func hasHeader(p string) (bool, error) {
	f, err := os.Open(p)
	if err != nil {
		return false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 64*1024)
	for n := 0; n < 20 && sc.Scan(); n++ {
		if strings.TrimRight(sc.Text(), "\r") == Header {
			return true, nil
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, bufio.ErrTooLong) {
		return false, err
	}
	return false, nil
}

func within(p string, roots []string) bool {
	for _, r := range roots {
		rel, err := filepath.Rel(r, p)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
