package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/compat"
)

func (a *App) diffCommand() *cobra.Command {
	var (
		mode, output, base string
		allowUnproven      bool
		refMap             []string
	)
	cmd := &cobra.Command{
		Use:   "diff OLD NEW | diff --base REV NEW...",
		Short: "Say whether a new version of a schema breaks the clients of the old one",
		Long: `Diff walks two versions of a schema together and reports each change with both
locations, its kind (member added or removed, required added, type narrowed or
widened, enum value added or removed, bound tightened or loosened, pattern
changed, additionalProperties closed or opened, branch added or removed …) and
its verdict for --mode:

  backward  every document valid under OLD is valid under NEW (new readers read old data)
  forward   every document valid under NEW is valid under OLD (old readers read new data)
  full      both

An incompatible change comes with an example document that one version
accepts and the other rejects, checked with the generated code's verdicts
(as envgen validate gives them); a change no rule decides (not, if/then,
$dynamicRef, a pattern edit with no example found) is "cannot prove", which
fails unless --allow-unproven. The rules are in docs/compat.md.

OLD and NEW are schema files, or folders whose schemas are matched by $id,
then by file name. --base REV compares each NEW file with its version at the
git revision REV (read with git show).

Exit 0 compatible, 1 incompatible (or cannot prove), 2 usage.`,
		Example: `  envgen diff old/tool.json schemas/tool.json
  envgen diff --mode full released/v1/ schemas/
  envgen diff --base origin/main --mode backward schemas/envelope.json
  envgen diff --output json --allow-unproven a.json b.json`,
		RunE: func(_ *cobra.Command, args []string) error {
			m := compat.Mode(mode)
			if m != compat.Backward && m != compat.Forward && m != compat.Full {
				return Usagef("--mode is backward, forward or full, not %q", mode)
			}
			if output != "text" && output != "json" {
				return Usagef("--output is text or json, not %q", output)
			}
			rm := map[string]string{}
			for _, s := range refMap {
				p, d, err := parseRefMap(s)
				if err != nil {
					return Usagef("--ref-map %s: %v", s, err)
				}
				rm[p] = d
			}
			var pairs [][2]string
			var copies *strings.Replacer // the copies' paths → REV:path (--base)
			var err error
			switch {
			case base != "":
				if len(args) == 0 {
					return Usagef("--base REV wants the NEW schema files")
				}
				if strings.HasPrefix(base, "-") { // git would read it as an option
					return Usagef("--base %s: a git revision does not start with -", base)
				}
				dir, derr := os.MkdirTemp("", "envgen-diff-")
				if derr != nil {
					return Fail(fmt.Errorf("--base %s: cannot make a folder for the old versions: %s", base, gen.IOReason(derr)))
				}
				defer os.RemoveAll(dir)
				pairs, copies, err = fromRevision(base, args, dir)
			case len(args) != 2:
				return Usagef("want OLD and NEW, got %d arguments", len(args))
			default:
				pairs, err = matchSchemas(args[0], args[1])
			}
			if err != nil {
				return Fail(err)
			}
			var reports []*compat.Report
			for _, p := range pairs {
				r, err := compat.Compare(compat.Options{Old: p[0], New: p[1], Mode: m, RefMap: rm})
				if err != nil && copies != nil {
					err = renamed{err, copies}
				}
				if err != nil {
					return Fail(err)
				}
				if copies != nil {
					r.Old = copies.Replace(p[0])
					for i := range r.Changes {
						r.Changes[i].Old = copies.Replace(r.Changes[i].Old)
					}
				}
				reports = append(reports, r)
			}
			return a.printDiff(reports, output, allowUnproven)
		},
	}
	f := cmd.Flags()
	f.StringVar(&mode, "mode", "backward", "the compatibility `MODE` to check: backward, forward or full")
	f.StringVar(&output, "output", "text", "the report's `FORMAT`: text or json")
	f.StringVar(&base, "base", "", "compare NEW with its version at this git `REV`")
	f.BoolVar(&allowUnproven, "allow-unproven", false, "do not fail for changes that cannot be proven either way")
	f.StringArrayVar(&refMap, "ref-map", nil, "for each `PREFIX=DIR`, read references under the URL PREFIX from the folder DIR (repeatable)")
	return cmd
}

func (a *App) printDiff(reports []*compat.Report, output string, allowUnproven bool) error {
	bad := 0
	for _, r := range reports {
		v := r.Verdict()
		if v == compat.Incompatible || (v == compat.Unproven && !allowUnproven) {
			bad++
		}
	}
	if output == "json" {
		type jr struct {
			Old     string          `json:"old"`
			New     string          `json:"new"`
			Mode    compat.Mode     `json:"mode"`
			Verdict compat.Verdict  `json:"verdict"`
			Changes []compat.Change `json:"changes"`
		}
		out := []jr{}
		for _, r := range reports {
			ch := r.Changes
			if ch == nil {
				ch = []compat.Change{}
			}
			out = append(out, jr{r.Old, r.New, r.Mode, r.Verdict(), ch})
		}
		enc := json.NewEncoder(a.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return Fail(err)
		}
	} else {
		for _, r := range reports {
			fmt.Fprintf(a.Stdout, "--- %s\n+++ %s\n%s", r.Old, r.New, r.Text())
		}
	}
	if bad > 0 {
		return failure{fmt.Errorf("%d of %d schemas not %s compatible", bad, len(reports), reports[0].Mode)}
	}
	return nil
}

// matchSchemas pairs OLD and NEW: two files, or the schemas of two folders
// by $id, then by file name. A schema only in OLD is an error: its clients
// lose it.
func matchSchemas(old, nw string) ([][2]string, error) {
	oi, err := statSchema(old)
	if err != nil {
		return nil, err
	}
	ni, err := statSchema(nw)
	if err != nil {
		return nil, err
	}
	if !oi.IsDir() && !ni.IsDir() {
		return [][2]string{{old, nw}}, nil
	}
	if !oi.IsDir() || !ni.IsDir() {
		return nil, fmt.Errorf("want OLD and NEW both files or both folders; %s is a %s and %s a %s", old, kind(oi), nw, kind(ni))
	}
	of, nf := schemaFiles(old), schemaFiles(nw)
	byID := map[string]string{}
	for _, p := range nf {
		if id := idOf(p); id != "" {
			byID[id] = p
		}
	}
	var pairs [][2]string
	var missing []string
	for _, p := range of {
		n, ok := byID[idOf(p)]
		if idOf(p) == "" || !ok {
			n = filepath.Join(nw, filepath.Base(p))
			if _, err := os.Stat(n); err != nil {
				missing = append(missing, p)
				continue
			}
		}
		pairs = append(pairs, [2]string{p, n})
	}
	if len(missing) > 0 {
		return pairs, fmt.Errorf("no schema in %s matches %s (by $id or file name): removing a schema breaks its clients", nw, strings.Join(missing, ", "))
	}
	return pairs, nil
}

func schemaFiles(dir string) []string {
	var out []string
	for _, pat := range []string{"*.json", "*.yaml", "*.yml"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		out = append(out, m...)
	}
	sort.Strings(out)
	return out
}

// idOf is the $id of the schema file p, JSON or YAML, "" when it has none
// or does not read (comparing it then says why).
func idOf(p string) string {
	doc, err := gen.ReadSchema(p)
	if err != nil {
		return ""
	}
	m, _ := doc.(map[string]any)
	id, _ := m["$id"].(string)
	return id
}

// fromRevision writes each NEW file's version at rev, and the schema files
// beside it there (for its references), into dir. copies turns the paths of
// those copies, in messages and reports, into what the user named:
// REV:folder/file.
func fromRevision(rev string, files []string, dir string) (pairs [][2]string, copies *strings.Replacer, err error) {
	var names []string // old, new pairs for strings.NewReplacer
	for i, f := range files {
		sub := filepath.Join(dir, fmt.Sprint(i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, nil, fmt.Errorf("--base %s: cannot make a folder for the old versions: %s", rev, gen.IOReason(err))
		}
		folder := filepath.Dir(f)
		shown := rev + ":" + filepath.ToSlash(filepath.Join(folder, "x"))
		shown = strings.TrimSuffix(shown, "x")
		for _, p := range displayed(sub) {
			names = append(names, p+string(filepath.Separator), shown)
			if filepath.Separator != '/' {
				names = append(names, filepath.ToSlash(p)+"/", shown)
			}
		}
		// git -C folder: the paths are relative to the file's folder, so
		// an absolute path, or one outside the working directory, works.
		// -z: names as they are (not quoted, as é.json would be), with
		// their modes: files (blobs) only, symbolic links followed.
		entries, err := lsTree(rev, folder, "./")
		if err != nil {
			return nil, nil, err
		}
		for _, e := range entries {
			base := path.Base(e.name)
			if e.kind != "blob" || !isSchemaName(base) {
				continue
			}
			content, err := showBlob(rev, folder, "./"+base, e.mode, shown+base)
			var nf notFile
			if errors.As(err, &nf) && base != filepath.Base(f) {
				continue // a link to a folder, say, named like a schema: not one
			}
			if err != nil {
				return nil, nil, err
			}
			if err := os.WriteFile(filepath.Join(sub, base), content, 0o644); err != nil {
				return nil, nil, fmt.Errorf("--base %s: cannot copy %s%s: %s", rev, shown, base, gen.IOReason(err))
			}
		}
		old := filepath.Join(sub, filepath.Base(f))
		if _, err := os.Stat(old); err != nil {
			return nil, nil, fmt.Errorf("%s is not in %s: a new schema has no old version to break", f, rev)
		}
		pairs = append(pairs, [2]string{old, f})
	}
	return pairs, strings.NewReplacer(names...), nil
}

// notFile is a symbolic link in the revision that leads to no file.
type notFile struct{ msg string }

func (e notFile) Error() string { return e.msg }

// treeEntry is a line of git ls-tree.
type treeEntry struct{ mode, kind, name string }

// lsTree lists what rev has at spec, a path relative to folder.
func lsTree(rev, folder, spec string) ([]treeEntry, error) {
	list, err := git(rev, folder, "ls-tree", "-z", rev, spec)
	if err != nil {
		return nil, err
	}
	var out []treeEntry
	for _, line := range strings.Split(string(list), "\x00") {
		meta, name, ok := strings.Cut(line, "\t")
		if f := strings.Fields(meta); ok && len(f) == 3 {
			out = append(out, treeEntry{mode: f[0], kind: f[1], name: name})
		}
	}
	return out, nil
}

// showBlob reads the file spec (relative to folder) of rev, whose mode is
// mode; a symbolic link (mode 120000) is followed inside rev's tree, up to
// 8 links. shown names it in errors.
func showBlob(rev, folder, spec, mode, shown string) ([]byte, error) {
	for links := 0; ; links++ {
		content, err := git(rev, folder, "show", rev+":"+spec)
		if err != nil || mode != "120000" {
			return content, err
		}
		target := string(content)
		switch {
		case links == 8:
			return nil, notFile{fmt.Sprintf("%s: a symbolic link through more than 8 links in %s", shown, rev)}
		case path.IsAbs(target):
			return nil, notFile{fmt.Sprintf("%s: a symbolic link to %s, outside what git keeps of %s", shown, target, rev)}
		}
		spec = "./" + path.Join(path.Dir(strings.TrimPrefix(spec, "./")), target)
		entries, err := lsTree(rev, folder, spec)
		if err != nil {
			return nil, err
		}
		if len(entries) != 1 || entries[0].kind != "blob" {
			return nil, notFile{fmt.Sprintf("%s: a symbolic link to %s, which is no file in %s", shown, target, rev)}
		}
		mode = entries[0].mode
	}
}

// displayed are the spellings of a path that messages may use: as it is,
// and relative to the working directory (the loader names a file below it
// so).
func displayed(p string) []string {
	out := []string{p}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			out = append(out, rel)
		}
	}
	if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
		out = append(out, real)
	}
	return out
}

// renamed is an error about the old versions' copies, their paths said as
// the user named them.
type renamed struct {
	err   error
	paths *strings.Replacer
}

func (e renamed) Error() string { return e.paths.Replace(e.err.Error()) }
func (e renamed) Unwrap() error { return e.err }

func isSchemaName(n string) bool {
	switch strings.ToLower(filepath.Ext(n)) {
	case ".json", ".yaml", ".yml":
		return true
	}
	return false
}

// git runs git in folder for --base rev; its error is git's own message,
// not "exit status 128".
func git(rev, folder string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", append([]string{"-C", folder}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(stderr.String()), "fatal: "))
		if errors.Is(err, exec.ErrNotFound) {
			msg = "git is not installed (or not on PATH)"
		} else if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("--base %s: git %s in %s: %s", rev, args[0], filepath.ToSlash(folder), msg)
	}
	return out, nil
}

// statSchema is os.Stat, its error in the words generate uses for a schema it
// cannot read.
func statSchema(p string) (os.FileInfo, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, gen.CannotRead(p, err)
	}
	return fi, nil
}

func kind(fi os.FileInfo) string {
	if fi.IsDir() {
		return "folder"
	}
	return "file"
}
