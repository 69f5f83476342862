// Package bundle turns a tool's output schema into one self-contained schema,
// fit to be the outputSchema of an MCP tool.
//
// A tool's output schema $refs the canonical envelope by its $id and defines
// its own $dynamicAnchor "data" for the payload (see
// schemas/examples/search-output.json). An MCP client wants one document: root
// "type": "object", an absolute $id, and only local references. [Bundle] reads
// the tool schema with the loader (no network; canonical schemas by $id;
// --ref-map folders) and writes such a document:
//
//   - The root is the tool schema's root, with "$schema" (draft 2020-12), the
//     absolute "$id", and "type": "object" added when its own $ref already
//     makes it an object schema. Its $ref to the envelope stays a $ref, so the
//     root validates exactly as the tool schema does.
//   - Every schema the root reaches through $ref or $dynamicRef is copied once
//     into the root's $defs. Its key is the file name without extension for a
//     document ("envelope", "error") and, for an entry of a document's
//     top-level $defs, that name, "_" and the entry's key ("meta_pagination",
//     "provenance_digest"). The tool schema's own $defs keep their keys. A
//     reference to any other location points into the entry that holds it
//     ("#/$defs/meta_tool/properties/name").
//   - Every $ref becomes "#/..." local. Every $dynamicRef becomes a $ref to
//     the schema it resolves to from the root: for the envelope's data, the
//     tool's payload. The bundle keeps no $dynamicAnchor, $anchor, nested $id
//     or nested $schema, so it means the same without a dynamic scope.
//
// Members keep the order their files write them in; the $defs are sorted by
// key. The same inputs give the same bytes.
package bundle

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"slices"

	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/schemas"
)

// Options says what to bundle.
type Options struct {
	// Input is the tool's output schema file (JSON or YAML).
	Input string
	// ID is the bundle's $id, an absolute URL. Empty: the tool schema's own
	// $id, which must then be absolute.
	ID string
	// RefMap maps an absolute URL prefix to a local folder, so that
	// references under it are read from disk, never from the network.
	RefMap map[string]string
	// NoCanonical leaves out envgen's canonical schemas; by default they
	// resolve by their $id (https://envgen.dev/schemas/v2/...), as in
	// gen.Options.
	NoCanonical bool
	// Compact writes the compact form for MCP clients (see compact.go):
	// annotations trimmed but on the tool's own payload schemas, the
	// envelope's meta and provenance summarised as open objects, unused
	// $defs left out. Without it the bundle is complete, for documentation.
	Compact bool
}

// Draft is the $schema of every bundle.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Bundle returns the bundled schema as indented JSON with a final newline.
// Problems with the input are *model.Error values naming a file and pointer.
func Bundle(opts Options) ([]byte, error) {
	if opts.Input == "" {
		return nil, errors.New("bundle: no schema file given")
	}
	if opts.ID != "" {
		if err := CheckID(opts.ID); err != nil {
			return nil, err
		}
	}
	if info, err := os.Stat(opts.Input); err == nil && info.IsDir() {
		return nil, &model.Error{Loc: model.Location{File: opts.Input},
			Message: "bundle takes one schema file, not a folder"}
	}
	lo := load.Options{Inputs: []string{opts.Input}, RefMap: opts.RefMap}
	if !opts.NoCanonical {
		lo.Embedded, lo.EmbeddedName = schemas.FS, "envgen:schemas"
	}
	set, err := load.Load(lo)
	if err != nil {
		return nil, err
	}
	f := set.Files[0]
	b := &bundler{
		set: set, root: loc{f.URL, ""},
		resources: map[string]loc{}, schemas: map[loc]schemaInfo{},
		anchors: map[loc]map[string]string{}, dynAnchors: map[loc]map[string]string{},
		indexed: map[string]bool{},
		refs:    map[loc]loc{}, dyn: map[loc]loc{},
		units: map[loc]string{}, keys: map[string]loc{},
	}
	if _, err := b.index(f.URL); err != nil {
		return nil, err
	}
	rootObj, ok := b.raw(b.root).(map[string]any)
	if !ok {
		return nil, &model.Error{Loc: set.Locate(b.root.String()), Message: "the schema is not an object, so it cannot be an outputSchema"}
	}
	id, err := b.rootID(rootObj, opts.ID)
	if err != nil {
		return nil, err
	}
	if err := b.walk(); err != nil {
		return nil, err
	}
	typ, err := b.rootType(rootObj)
	if err != nil {
		return nil, err
	}

	// The tool's own schemas keep their annotations in the compact form when
	// they are a payload the envelope takes through $dynamicRef.
	keep := func(unit loc) bool { return unit.doc == b.root.doc && len(b.dyn) > 0 }
	rootSchema := b.schema(b.root, rootObj)
	if opts.Compact {
		rootSchema = compactUnit(b.root, rootSchema, keep(b.root))
	}
	out := object{{"$schema", Draft}, {"$id", id}}
	for _, m := range rootSchema.(object) {
		if typ == "insert" && m.key != "title" && m.key != "description" && m.key != "$comment" {
			out = append(out, member{"type", "object"})
			typ = ""
		}
		if m.key == "type" && typ == "replace" {
			m.val = "object"
		}
		out = append(out, m)
	}
	if typ == "insert" {
		out = append(out, member{"type", "object"})
	}
	var defs object
	for _, k := range sortedKeys(b.keys) {
		if unit := b.keys[k]; unit != b.root {
			s := b.schema(unit, b.raw(unit))
			if opts.Compact {
				s = compactUnit(unit, s, keep(unit))
			}
			defs = append(defs, member{k, s})
		}
	}
	if opts.Compact {
		used := reachable(out, defs)
		defs = slices.DeleteFunc(defs, func(d member) bool { return !used[d.key] })
	}
	if len(defs) > 0 {
		out = append(out, member{"$defs", defs})
	}
	return encode(out), nil
}

// CheckID reports whether id can be a bundle's $id: an absolute URL without
// a fragment (the MCP Go SDK rejects relative ones).
func CheckID(id string) error {
	u, err := url.Parse(id)
	if err != nil || !u.IsAbs() || u.Fragment != "" {
		return fmt.Errorf("%q is not an absolute URL without a fragment, such as https://example.com/schemas/search-output.json", id)
	}
	return nil
}

// bundler holds one bundling run.
type bundler struct {
	set  *load.Set
	root loc // the tool schema's root

	// the index: see index
	resources  map[string]loc            // schema resource URL (no fragment) → its root
	schemas    map[loc]schemaInfo        // every schema object of an indexed document
	anchors    map[loc]map[string]string // resource root → $anchor or $dynamicAnchor name → pointer
	dynAnchors map[loc]map[string]string // resource root → $dynamicAnchor name → pointer
	indexed    map[string]bool           // documents indexed, by URL

	refs  map[loc]loc    // schema with a $ref → its target
	dyn   map[loc]loc    // schema with a $dynamicRef → the target it resolves to from the root
	units map[loc]string // unit → its key in the bundle's $defs ("" for the root)
	keys  map[string]loc // the reverse
}

// rootID is the bundle's $id: the one asked for, else the tool schema's own.
func (b *bundler) rootID(root map[string]any, asked string) (string, error) {
	if asked != "" {
		return stripFragment(asked), nil
	}
	id, ok := root["$id"].(string)
	if !ok {
		return "", &model.Error{Loc: b.set.Locate(b.root.String()),
			Message: "the schema has no $id, and an MCP outputSchema needs an absolute one",
			Hint:    `add "$id": "https://…/tool.json" to the schema, or pass --id URL`}
	}
	if CheckID(stripFragment(id)) != nil {
		return "", &model.Error{Loc: b.set.Locate(b.root.child("$id").String()),
			Message: fmt.Sprintf("the $id %q is not an absolute URL, and an MCP outputSchema needs one", id),
			Hint:    "make the $id absolute, or pass --id URL"}
	}
	return stripFragment(id), nil
}

// rootType decides how the root gets "type": "object", which MCP requires of
// an outputSchema: "" when it has it, "insert" or "replace" when its $ref or
// allOf already restrict it to objects (so adding the keyword changes
// nothing), and an error otherwise.
func (b *bundler) rootType(root map[string]any) (string, error) {
	if t, ok := root["type"].(string); ok && t == "object" {
		return "", nil
	}
	if b.impliesObject(b.root, map[loc]bool{}, true) {
		switch t := root["type"].(type) {
		case nil:
			return "insert", nil
		case []any:
			for _, name := range t {
				if name == "object" {
					return "replace", nil
				}
			}
		}
	}
	return "", &model.Error{Loc: b.set.Locate(b.root.String()),
		Message: `the root does not restrict the instance to objects, and an MCP outputSchema must be "type": "object"`,
		Hint:    `$ref the envelope (https://envgen.dev/schemas/v2/envelope.json), or set "type": "object" on the root`}
}

// impliesObject reports whether the schema at l accepts objects only, by its
// own type or through a $ref or an allOf branch.
func (b *bundler) impliesObject(l loc, seen map[loc]bool, skipType bool) bool {
	if seen[l] {
		return false
	}
	seen[l] = true
	obj, _ := b.raw(l).(map[string]any)
	if !skipType {
		switch t := obj["type"].(type) {
		case string:
			if t == "object" {
				return true
			}
		case []any:
			if len(t) == 1 && t[0] == "object" {
				return true
			}
		}
	}
	for _, t := range []map[loc]loc{b.refs, b.dyn} {
		if target, ok := t[l]; ok && b.impliesObject(target, seen, false) {
			return true
		}
	}
	all, _ := obj["allOf"].([]any)
	for i := range all {
		if b.impliesObject(l.child("allOf", fmt.Sprint(i)), seen, false) {
			return true
		}
	}
	return false
}
