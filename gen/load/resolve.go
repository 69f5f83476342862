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

	"github.com/envgen/envgen/gen/model"
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
			return &model.Error{Loc: model.Location{File: p}, Message: err.Error()}
		}
		u := compileURL(p, doc)
		if strings.HasPrefix(u, "file:") {
			return &model.Error{Loc: model.Location{File: p}, Message: "an embedded schema needs an absolute $id"}
		}
		if _, taken := l.byURL[u]; !taken { // an input with the same $id wins
			l.byURL[u] = &document{path: p, doc: doc, order: order}
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
			return l.loadFile(u, filepath.Join(m.dir, filepath.FromSlash(strings.TrimPrefix(u, m.prefix))))
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

func (l *loader) loadFile(u, file string) (any, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %s", displayPath(file), describeIOError(err))
	}
	p := displayPath(file)
	doc, order, err := decode(p, data)
	if err != nil {
		return nil, &model.Error{Loc: model.Location{File: p}, Message: err.Error()}
	}
	l.set.docs[u] = &document{path: p, doc: doc, order: order}
	return doc, nil
}

// compileError turns an error of the compiler into a *model.Error that names
// the file and JSON Pointer at fault.
func (l *loader) compileError(file string, err error) error {
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		return l.metaschemaError(sve)
	}
	var target string
	var lue *jsonschema.LoadURLError
	var jpe *jsonschema.JSONPointerNotFoundError
	var ane *jsonschema.AnchorNotFoundError
	switch {
	case errors.As(err, &lue):
		target = lue.URL
	case errors.As(err, &jpe):
		target = jpe.URL
	case errors.As(err, &ane):
		target = ane.Reference
	}
	if target == "" {
		return &model.Error{Loc: model.Location{File: file}, Message: "invalid schema: " + err.Error()}
	}
	loc, ref := l.findReference(target)
	if loc.File == "" {
		loc = model.Location{File: file}
	}
	switch {
	case lue != nil && errors.Is(lue.Err, errNetwork):
		return &model.Error{Loc: loc, Message: fmt.Sprintf("$ref %q needs the network, and envgen never fetches", ref),
			Hint: "add the schema to the inputs, or map its prefix to a local folder with --ref-map PREFIX=DIR"}
	case lue != nil:
		return &model.Error{Loc: loc, Message: fmt.Sprintf("$ref %q does not resolve: %v", ref, lue.Err),
			Hint: "check the path or $id it names"}
	default:
		return &model.Error{Loc: loc, Message: fmt.Sprintf("$ref %q does not resolve: no such location in %s", ref, l.pathOf(target)),
			Hint: "check the JSON Pointer or $anchor after the #"}
	}
}

func (l *loader) pathOf(target string) string {
	root, _, _ := strings.Cut(target, "#")
	if d, ok := l.set.docs[root]; ok {
		return d.path
	}
	return root
}

// findReference finds the $ref (or $dynamicRef) whose resolved URL is target,
// in any document loaded so far; it returns where it stands and what it says.
func (l *loader) findReference(target string) (model.Location, string) {
	targetDoc, _, _ := strings.Cut(target, "#")
	roots := make([]string, 0, len(l.set.docs))
	for u := range l.set.docs {
		roots = append(roots, u)
	}
	sort.Strings(roots)
	var best model.Location
	var bestRef string
	for _, u := range roots {
		d := l.set.docs[u]
		walkSchemas(d.doc, u, "", func(ptr, base string, obj map[string]any) {
			for _, kw := range []string{"$ref", "$dynamicRef"} {
				ref, ok := obj[kw].(string)
				if !ok || bestRef != "" {
					continue
				}
				resolved := resolveURL(base, ref)
				doc, _, _ := strings.Cut(resolved, "#")
				if resolved == target || (doc == targetDoc && !strings.Contains(target, "#")) {
					best = model.Location{File: d.path, Pointer: ptr + "/" + escape(kw), URL: u + "#" + ptr}
					bestRef = ref
				}
			}
		})
	}
	if bestRef == "" {
		return model.Location{}, target
	}
	return best, bestRef
}

func (l *loader) metaschemaError(sve *jsonschema.SchemaValidationError) error {
	u := strings.TrimSuffix(sve.URL, "#")
	file := u
	d := l.set.docs[u]
	if d == nil {
		d = l.byURL[u]
	}
	if d != nil {
		file = d.path
	}
	var ve *jsonschema.ValidationError
	if !errors.As(sve.Err, &ve) {
		return &model.Error{Loc: model.Location{File: file}, Message: "not a valid schema: " + sve.Err.Error()}
	}
	leaf := firstLeaf(ve)
	return &model.Error{
		Loc:     model.Location{File: file, Pointer: pointer(leaf.InstanceLocation)},
		Message: "not a valid schema: " + leafMessage(leaf),
		Hint:    "the file must be valid against its metaschema ($schema, or draft 2020-12 when absent)",
	}
}

func firstLeaf(ve *jsonschema.ValidationError) *jsonschema.ValidationError {
	for len(ve.Causes) > 0 {
		// prefer the deepest instance location: it is the most precise
		next := ve.Causes[0]
		for _, c := range ve.Causes[1:] {
			if len(c.InstanceLocation) > len(next.InstanceLocation) {
				next = c
			}
		}
		ve = next
	}
	return ve
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

func resolveURL(base, ref string) string {
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}
