package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ManifestName is the file in each output folder that records which run
// wrote which generated files there: a run is known by its inputs, as given
// on the command line or in envgen.yaml, relative to the folder. It lets two
// runs share a folder (two go:generate lines writing different schemas into
// one package) without either deleting the other's files as stale, and makes
// a run that would replace another's file fail instead.
//
//	{"runs": [{"inputs": ["../schemas/a.json"], "files": ["a.go", "a_json.go", "doc.go"]}]}
const ManifestName = ".envgen-manifest.json"

// Run says what Apply and Compare may touch.
type Run struct {
	// Owned are the output folders (--go-out, --ts-out): files there that
	// this run wrote earlier and no longer generates are stale.
	Owned []string
	// Inputs are the schema files or folders the files were generated from.
	Inputs []string
}

type manifest struct {
	Runs []manifestRun `json:"runs"`
}

type manifestRun struct {
	Inputs []string `json:"inputs"`
	Files  []string `json:"files"`
}

// folderOwners is what a folder's manifest says, seen from the current run.
type folderOwners struct {
	dir     string
	present bool              // a manifest is there
	ours    map[string]bool   // files of earlier runs with inputs in common with this one
	others  map[string]string // file → the inputs of another run that wrote it
	gone    map[string]bool   // the inputs (as in others) of other runs none of whose inputs exist
	kept    []manifestRun     // the other runs, unchanged
	inputs  []string          // this run's inputs relative to dir
}

func readOwners(dir string, inputs []string) (*folderOwners, error) {
	o := &folderOwners{dir: dir, ours: map[string]bool{}, others: map[string]string{}, gone: map[string]bool{}, inputs: relInputs(dir, inputs)}
	p := filepath.Join(dir, ManifestName)
	if info, err := os.Stat(p); err == nil && info.IsDir() {
		return nil, fmt.Errorf("%s: a folder, where envgen keeps the manifest of the files it wrote here; remove it and generate again", filepath.ToSlash(p))
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return o, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read: %w", filepath.ToSlash(p), ioErr(err))
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("reading %s: not an envgen manifest (%v); delete it and generate again", filepath.ToSlash(p), err)
	}
	o.present = true
	for _, r := range m.Runs {
		if overlap(r.Inputs, o.inputs) {
			for _, f := range r.Files {
				o.ours[f] = true
			}
			continue
		}
		exist := inputsExist(dir, r.Inputs)
		if !exist && !filesLeft(dir, r.Files, nil) {
			continue // its inputs and its files are gone: forgotten
		}
		o.kept = append(o.kept, r)
		for _, f := range r.Files {
			o.others[f] = strings.Join(r.Inputs, " ")
		}
		if !exist {
			o.gone[strings.Join(r.Inputs, " ")] = true
		}
	}
	return o, nil
}

// relInputs spells inputs relative to dir, slash-separated and sorted, so that
// the manifest does not depend on where the checkout or the shell is.
func relInputs(dir string, inputs []string) []string {
	out := make([]string, 0, len(inputs))
	for _, in := range inputs {
		rel, err := filepath.Rel(absPath(dir), absPath(filepath.FromSlash(in)))
		if err != nil {
			rel = in
		}
		out = append(out, filepath.ToSlash(rel))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// overlap reports whether two runs share an input: the same file or folder,
// or a file inside a folder the other names.
func overlap(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y || strings.HasPrefix(y, x+"/") || strings.HasPrefix(x, y+"/") {
				return true
			}
		}
	}
	return false
}

// next is the manifest after this run wrote names into the folder.
func (o *folderOwners) next(names []string) []byte {
	var runs []manifestRun
	for _, r := range o.kept {
		// A run whose inputs are gone, and whose files are too or are this
		// run's now, is forgotten (a renamed schema, once its files are deleted).
		if o.dir == "" || inputsExist(o.dir, r.Inputs) || filesLeft(o.dir, r.Files, names) {
			runs = append(runs, r)
		}
	}
	runs = append(runs, manifestRun{Inputs: o.inputs, Files: names})
	slices.SortFunc(runs, func(a, b manifestRun) int {
		return strings.Compare(strings.Join(a.Inputs, "\x00"), strings.Join(b.Inputs, "\x00"))
	})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(manifest{Runs: runs}); err != nil {
		panic(err) // strings only
	}
	return buf.Bytes()
}

// Orphan is a generated file that a run recorded in its folder's manifest
// wrote, where none of that run's inputs exist any more (a schema renamed or
// deleted): no run updates or removes it, since a file is stale only to a
// run with inputs in common (staleFiles), and it may declare what the
// renamed schema's files declare again.
type Orphan struct {
	Path   string // slash-separated, as the run's files are
	Inputs string // the inputs of the run that wrote it, relative to its folder
}

// orphans lists the Orphans in the folders of run that this run's files do
// not replace, sorted by path.
func orphans(files map[string]bool, run Run) []Orphan {
	var out []Orphan
	seen := map[string]bool{}
	for _, d := range run.Owned {
		if d == "" {
			continue
		}
		d = filepath.Clean(filepath.FromSlash(d))
		if seen[absPath(d)] {
			continue
		}
		seen[absPath(d)] = true
		o, err := readOwners(d, run.Inputs)
		if err != nil {
			continue // a manifest that cannot be read is staleFiles' error to report
		}
		for _, r := range o.kept {
			if !o.gone[strings.Join(r.Inputs, " ")] {
				continue
			}
			for _, f := range r.Files {
				p := filepath.Join(d, f)
				if files[absPath(p)] {
					continue
				}
				if ok, err := hasHeader(p); err == nil && ok {
					out = append(out, Orphan{Path: filepath.ToSlash(p), Inputs: strings.Join(r.Inputs, " ")})
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b Orphan) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// inputsExist reports whether any of a recorded run's inputs, relative to
// its folder dir, is still there.
func inputsExist(dir string, inputs []string) bool {
	return slices.ContainsFunc(inputs, func(in string) bool {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(in)))
		return err == nil
	})
}

// filesLeft reports whether any of files, but those of except, is in dir.
func filesLeft(dir string, files, except []string) bool {
	return slices.ContainsFunc(files, func(f string) bool {
		_, err := os.Lstat(filepath.Join(dir, f))
		return err == nil && !slices.Contains(except, f)
	})
}
