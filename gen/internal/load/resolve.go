package load

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/gen/internal/model"
)

// loader serves every document the compiler asks for. It implements
// jsonschema.URLLoader.
type loader struct {
	set    *Set
	refMap []refMapping         // longest prefix first
	byURL  map[string]*document // inputs and embedded schemas, by the URL they resolve by
}

type refMapping struct{ prefix, dir string }

// errNetwork and errUnknown are what Load returns for references that would
// need the network or that nothing provides; compileError turns them into
// messages that name the reference.
var (
	errNetwork = errors.New("network reference")
	errUnknown = errors.New("no input, embedded schema or --ref-map folder provides this URL")
)

func normalizeRefMap(m map[string]string) []refMapping {
	out := make([]refMapping, 0, len(m))
	for p, d := range m {
		out = append(out, refMapping{p, d})
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].prefix) != len(out[j].prefix) {
			return len(out[i].prefix) > len(out[j].prefix)
		}
		return out[i].prefix < out[j].prefix
	})
	return out
}

func (l *loader) addEmbedded(fsys fs.FS, name string) error {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return fmt.Errorf("embedded schemas: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || !isSchemaFile(e.Name()) {
			continue
		}
		data, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return fmt.Errorf("embedded schemas: %w", err)
		}
		p := path.Join(name, e.Name())
		doc, order, err := decode(e.Name(), data)
		if err != nil {
			return decodeError(p, err)
		}
		u := compileURL(p, doc)
		if strings.HasPrefix(u, "file:") {
			return &model.Error{Loc: model.Location{File: p}, Message: "an embedded schema needs an absolute $id"}
		}
		if _, taken := l.byURL[u]; !taken { // an input with the same $id wins
			l.byURL[u] = newDocument(p, doc, order)
		}
	}
	return nil
}

// Load implements jsonschema.URLLoader.
func (l *loader) Load(u string) (any, error) {
	if d, ok := l.byURL[u]; ok {
		l.set.docs[u] = d
		return d.doc, nil
	}
	for _, m := range l.refMap {
		if strings.HasPrefix(u, m.prefix) {
			return l.loadMapped(u, filepath.Join(m.dir, filepath.FromSlash(strings.TrimPrefix(u, m.prefix))))
		}
	}
	parsed, err := url.Parse(u)
	if err != nil {
		return nil, errUnknown
	}
	switch parsed.Scheme {
	case "file":
		return l.loadFile(u, filepath.FromSlash(parsed.Path))
	case "http", "https":
		return nil, errNetwork
	}
	return nil, errUnknown
}

// loadMapped loads a file under a --ref-map folder. A reference without an
// extension ("grunt-task#/…", SchemaStore's habit) that finds no file of that
// name tries name.json, name.yaml and name.yml, in that order, and names
// every one it tried when none exists.
func (l *loader) loadMapped(u, file string) (any, error) {
	if path.Ext(filepath.ToSlash(file)) != "" {
		return l.loadFile(u, file)
	}
	tried := []string{file}
	for _, ext := range []string{"", ".json", ".yaml", ".yml"} {
		if _, err := os.Stat(file + ext); err == nil {
			return l.loadFile(u, file+ext)
		}
		if ext != "" {
			tried = append(tried, displayPath(file+ext))
		}
	}
	tried[0] = displayPath(file)
	return nil, fmt.Errorf("cannot read %s: no such file (tried %s)", tried[0], strings.Join(tried, ", "))
}

func (l *loader) loadFile(u, file string) (any, error) {
	data, err := readSchemaFile(file)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %s", displayPath(file), model.IOReason(err))
	}
	p := displayPath(file)
	doc, order, err := decode(p, data)
	if err != nil {
		return nil, decodeError(p, err)
	}
	l.set.docs[u] = newDocument(p, doc, order)
	return doc, nil
}

// compileError turns an error of compiling the file into a *model.Error.
// The compiler names the file and JSON Pointer at fault in nearly all of
// them; what is left is named by the file being compiled.
func (l *loader) compileError(file string, err error) error {
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	return &model.Error{Loc: model.Location{File: file}, Message: "invalid schema: " + err.Error()}
}

func (l *loader) pathOf(target string) string {
	root, _, _ := strings.Cut(target, "#")
	if d, ok := l.set.docs[root]; ok {
		return d.path
	}
	return root
}

// firstLeaf picks the error to report from a validation error's tree: at
// each level the cause with the deepest instance location, the most precise;
// among those equally deep, the one whose own pick comes first by JSON
// Pointer, and among those at the same pointer the first cause (the
// metaschema's order: the branches of an anyOf as written). Causes at
// different pointers come in the order santhosh-tekuri walked the instance's
// maps (the members of "properties", say), which changes from run to run: the
// pick must not follow it.
func firstLeaf(ve *jsonschema.ValidationError) *jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return ve
	}
	deepest := 0
	for _, c := range ve.Causes {
		deepest = max(deepest, len(c.InstanceLocation))
	}
	var best *jsonschema.ValidationError
	bestPtr := ""
	for _, c := range ve.Causes {
		if len(c.InstanceLocation) != deepest {
			continue
		}
		leaf := firstLeaf(c)
		if ptr := pointer(leaf.InstanceLocation); best == nil || ptr < bestPtr {
			best, bestPtr = leaf, ptr
		}
	}
	return best
}

func leafMessage(ve *jsonschema.ValidationError) string {
	msg := ve.Error()
	// the library prefixes "jsonschema validation failed with ..."; keep the last line
	if i := strings.LastIndex(msg, ": "); i >= 0 && strings.HasPrefix(msg, "at ") {
		return msg[i+2:]
	}
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	return strings.TrimSpace(strings.TrimPrefix(lines[len(lines)-1], "- "))
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escape(t))
	}
	return b.String()
}

func escape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

func unescape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
}
