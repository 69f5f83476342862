// Package config reads envgen.yaml, the file that says what envgen generates
// (see [Load]), into gen.Options. The JSON Schema beside this file,
// envgen.schema.json, describes the same keys for editors; a test keeps the
// two in step.
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/internal/load"
)

// Load reads a config file (YAML, or JSON, which YAML reads too):
//
//	inputs: [schemas/]                # schema files or folders
//	go: {out: internal/envelope, package: envelope}
//	ts: {out: web/src/envelope}
//	ref_map: {"https://example.com/schemas/": third_party/schemas}
//	names: {"schemas/tool.json#/$defs/item": ToolItem}
//	imports:                          # $id prefix → the packages generated from the schemas under it
//	  "https://example.com/schemas/": {go: example.com/lib/schemas, go_package: schemas, ts: "@example/schemas"}
//	no_imports: false                 # declare every type here, the canonical ones too
//	no_canonical: false
//	assert_format: false              # check format (date-time, email …) instead of treating it as an annotation
//
// Relative paths (inputs, output folders, ref_map folders, and the file part of
// names locations) are relative to the config file's folder. A key that is
// unknown or has the wrong type is an input error at path#/pointer.
func Load(path string) (gen.Options, error) {
	p := configParser{file: path, dir: filepath.Dir(path)}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return gen.Options{}, p.errorf("", "cannot read: a folder, not a config file")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return gen.Options{}, gen.CannotRead(path, err)
	}
	// One document, read as a YAML schema's is read: an empty trailing
	// "---" is no second document; too deep says where.
	doc, err := load.YAMLDocument(data, "")
	if err != nil {
		return gen.Options{}, p.errorf("", "%s", err)
	}
	if doc == nil { // an empty file sets nothing
		return gen.Options{}, nil
	}
	return p.options(doc)
}

// configKeys are the keys of each section of the config file; the JSON Schema
// shipped beside this file (envgen.schema.json) names the same, a test checks.
var configKeys = map[string][]string{
	"":        {"inputs", "go", "ts", "ref_map", "names", "imports", "no_imports", "no_canonical", "assert_format"},
	"go":      {"out", "package"},
	"ts":      {"out", "readonly_arrays"},
	"imports": {"go", "go_package", "ts"}, // the keys of each entry
}

type configParser struct {
	file string // as the user named it, for messages
	dir  string // relative paths are relative to this
}

func (p configParser) options(root *yaml.Node) (gen.Options, error) {
	var opts gen.Options
	top, err := p.fields(root, "", configKeys[""]...)
	if err != nil {
		return opts, err
	}
	if n := top["inputs"]; n != nil {
		if opts.Inputs, err = p.strings(n, "/inputs"); err != nil {
			return opts, err
		}
		for i, in := range opts.Inputs {
			opts.Inputs[i] = p.rel(in)
		}
	}
	if n := top["go"]; n != nil {
		g, err := p.fields(n, "/go", configKeys["go"]...)
		if err != nil {
			return opts, err
		}
		if opts.GoOut, err = p.path(g["out"], "/go/out"); err != nil {
			return opts, err
		}
		if opts.GoPackage, err = p.str(g["package"], "/go/package"); err != nil {
			return opts, err
		}
	}
	if n := top["ts"]; n != nil {
		t, err := p.fields(n, "/ts", configKeys["ts"]...)
		if err != nil {
			return opts, err
		}
		if opts.TSOut, err = p.path(t["out"], "/ts/out"); err != nil {
			return opts, err
		}
		if r := t["readonly_arrays"]; r != nil {
			if err := p.want(r, "/ts/readonly_arrays", "!!bool", "a boolean"); err != nil {
				return opts, err
			}
			opts.TSReadonlyArrays = r.Value == "true"
		}
	}
	if n := top["ref_map"]; n != nil {
		if opts.RefMap, err = p.stringMap(n, "/ref_map", CheckURLPrefix, nil); err != nil {
			return opts, err
		}
		for k, v := range opts.RefMap {
			opts.RefMap[k] = p.rel(v)
		}
	}
	if n := top["names"]; n != nil {
		if opts.Names, err = p.stringMap(n, "/names", CheckLocation, CheckGoName); err != nil {
			return opts, err
		}
		rebased := make(map[string]string, len(opts.Names))
		for loc, name := range opts.Names {
			if file, ptr, _ := strings.Cut(loc, "#"); file != "" && !strings.Contains(file, "://") {
				loc = filepath.ToSlash(p.rel(file)) + "#" + ptr
			}
			rebased[loc] = name
		}
		opts.Names = rebased
	}
	if n := top["imports"]; n != nil {
		if opts.Imports, err = p.imports(n, "/imports"); err != nil {
			return opts, err
		}
	}
	if n := top["no_imports"]; n != nil {
		if err := p.want(n, "/no_imports", "!!bool", "a boolean"); err != nil {
			return opts, err
		}
		opts.NoImports = n.Value == "true"
	}
	if n := top["assert_format"]; n != nil {
		if err := p.want(n, "/assert_format", "!!bool", "a boolean"); err != nil {
			return opts, err
		}
		opts.AssertFormat = n.Value == "true"
	}
	if n := top["no_canonical"]; n != nil {
		if err := p.want(n, "/no_canonical", "!!bool", "a boolean"); err != nil {
			return opts, err
		}
		opts.NoCanonical = n.Value == "true"
	}
	return opts, nil
}

// imports reads the imports: $id prefix → {go, go_package, ts}, sorted by
// prefix.
func (p configParser) imports(n *yaml.Node, ptr string) ([]gen.Import, error) {
	var out []gen.Import
	err := p.eachPair(n, ptr, func(prefix string, v *yaml.Node) error {
		at := ptr + "/" + escape(prefix)
		if err := CheckURLPrefix(prefix); err != nil {
			return p.errorf(at, "%v", err)
		}
		f, err := p.fields(v, at, configKeys["imports"]...)
		if err != nil {
			return err
		}
		imp := gen.Import{Prefix: prefix}
		if imp.GoPath, err = p.str(f["go"], at+"/go"); err != nil {
			return err
		}
		if imp.GoPackage, err = p.str(f["go_package"], at+"/go_package"); err != nil {
			return err
		}
		if imp.TSModule, err = p.str(f["ts"], at+"/ts"); err != nil {
			return err
		}
		if err := CheckImport(imp); err != nil {
			return p.errorf(at, "%v", err)
		}
		out = append(out, imp)
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Prefix < out[j].Prefix })
	return out, err
}

// fields checks that n is a mapping with only known keys, and returns the
// values by key. Null values count as absent.
func (p configParser) fields(n *yaml.Node, ptr string, known ...string) (map[string]*yaml.Node, error) {
	out := map[string]*yaml.Node{}
	err := p.eachPair(n, ptr, func(key string, v *yaml.Node) error {
		for _, k := range known {
			if k == key {
				if !isNull(v) {
					out[key] = v
				}
				return nil
			}
		}
		return p.errorf(ptr+"/"+escape(key), "unknown key %q (known: %s)", key, strings.Join(known, ", "))
	})
	return out, err
}

func (p configParser) eachPair(n *yaml.Node, ptr string, f func(key string, v *yaml.Node) error) error {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		return p.errorf(ptr, "expected a mapping, got %s", describe(n))
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := resolve(n.Content[i])
		if k.Kind != yaml.ScalarNode {
			return p.errorf(ptr, "expected a string key, got %s", describe(k))
		}
		if seen[k.Value] {
			return p.errorf(ptr+"/"+escape(k.Value), "duplicate key %q", k.Value)
		}
		seen[k.Value] = true
		if err := f(k.Value, n.Content[i+1]); err != nil {
			return err
		}
	}
	return nil
}

func (p configParser) str(n *yaml.Node, ptr string) (string, error) {
	if n == nil {
		return "", nil
	}
	if err := p.want(n, ptr, "!!str", "a string"); err != nil {
		return "", err
	}
	if n = resolve(n); n.Value == "" {
		return "", p.errorf(ptr, "expected a non-empty string")
	}
	return n.Value, nil
}

func (p configParser) path(n *yaml.Node, ptr string) (string, error) {
	s, err := p.str(n, ptr)
	if s == "" || err != nil {
		return s, err
	}
	return p.rel(s), nil
}

func (p configParser) strings(n *yaml.Node, ptr string) ([]string, error) {
	n = resolve(n)
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(ptr, "expected a list of strings, got %s", describe(n))
	}
	out := make([]string, 0, len(n.Content))
	for i, item := range n.Content {
		s, err := p.str(item, fmt.Sprintf("%s/%d", ptr, i))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func (p configParser) stringMap(n *yaml.Node, ptr string, checkKey, checkValue func(string) error) (map[string]string, error) {
	out := map[string]string{}
	err := p.eachPair(n, ptr, func(key string, v *yaml.Node) error {
		at := ptr + "/" + escape(key)
		if err := checkKey(key); err != nil {
			return p.errorf(at, "%v", err)
		}
		s, err := p.str(v, at)
		if err == nil && checkValue != nil {
			if cerr := checkValue(s); cerr != nil {
				err = p.errorf(at, "%v", cerr)
			}
		}
		out[key] = s
		return err
	})
	return out, err
}

func (p configParser) want(n *yaml.Node, ptr, tag, what string) error {
	if n = resolve(n); n.Kind != yaml.ScalarNode || n.Tag != tag {
		return p.errorf(ptr, "expected %s, got %s", what, describe(n))
	}
	return nil
}

func (p configParser) rel(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(p.dir, filepath.FromSlash(path))
}

func (p configParser) errorf(ptr, format string, args ...any) error {
	return gen.Errorf(gen.Location{File: p.file, Pointer: ptr}, "", fmt.Sprintf(format, args...))
}

func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	n = resolve(n)
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

func describe(n *yaml.Node) string {
	switch n = resolve(n); {
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Tag == "!!str":
		return fmt.Sprintf("the string %q", n.Value)
	case n.Tag == "!!int" || n.Tag == "!!float":
		return "the number " + n.Value
	case n.Tag == "!!bool":
		return n.Value
	case n.Tag == "!!null":
		return "null"
	}
	return n.Value
}

// escape makes key a JSON Pointer reference token (RFC 6901).
func escape(key string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(key)
}
