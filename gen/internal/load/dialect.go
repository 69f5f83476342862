package load

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// A draft is one version of JSON Schema, as far as loading needs to know it:
// where its subschemas are, what names its identifier, which vocabularies it
// has.
type draft struct {
	version     int
	url         string          // its metaschema
	id          string          // "id" (draft-04) or "$id"
	specs       []subschemaSpec // where its subschemas are
	vocabPrefix string
	vocabs      []string // every vocabulary it defines
	defaults    []string // the vocabularies in force when a metaschema does not say
}

// Subschema locations: "x" is the value of x, "x/*" each member of the object
// at x, "x/[]" each element of the array at x.
var (
	draft4Subschemas = []string{"definitions/*", "not", "allOf/[]", "anyOf/[]", "oneOf/[]", "properties/*",
		"additionalProperties", "patternProperties/*", "items", "items/[]", "additionalItems", "dependencies/*"}
	draft6Subschemas    = append(draft4Subschemas[:len(draft4Subschemas):len(draft4Subschemas)], "propertyNames", "contains")
	draft7Subschemas    = append(draft6Subschemas[:len(draft6Subschemas):len(draft6Subschemas)], "if", "then", "else")
	draft2019Subschemas = append(draft7Subschemas[:len(draft7Subschemas):len(draft7Subschemas)],
		"$defs/*", "dependentSchemas/*", "unevaluatedProperties", "unevaluatedItems", "contentSchema")
	draft2020Subschemas = append(draft2019Subschemas[:len(draft2019Subschemas):len(draft2019Subschemas)], "prefixItems/[]")
)

var (
	draft4 = &draft{version: 4, url: "http://json-schema.org/draft-04/schema", id: "id", specs: specsOf(draft4Subschemas)}
	draft6 = &draft{version: 6, url: "http://json-schema.org/draft-06/schema", id: "$id", specs: specsOf(draft6Subschemas)}
	draft7 = &draft{version: 7, url: "http://json-schema.org/draft-07/schema", id: "$id", specs: specsOf(draft7Subschemas)}

	draft2019 = &draft{
		version: 2019, url: "https://json-schema.org/draft/2019-09/schema", id: "$id",
		specs:       specsOf(draft2019Subschemas),
		vocabPrefix: "https://json-schema.org/draft/2019-09/vocab/",
		vocabs:      []string{"core", "applicator", "validation", "meta-data", "format", "content"},
		defaults:    []string{"core", "applicator", "validation"},
	}
	draft2020 = &draft{
		version: 2020, url: "https://json-schema.org/draft/2020-12/schema", id: "$id",
		specs:       specsOf(draft2020Subschemas),
		vocabPrefix: "https://json-schema.org/draft/2020-12/vocab/",
		vocabs: []string{"core", "applicator", "unevaluated", "validation", "meta-data",
			"format-annotation", "format-assertion", "content"},
		defaults: []string{"core", "applicator", "unevaluated", "validation"},
	}
)

// A subschemaSpec is one subschema location of a draft: the keyword, the
// kind ("", "*" or "[]"), and the keyword's bits in a walk mask.
type subschemaSpec struct {
	kw, kind string
	bits     uint64
}

func specsOf(subschemas []string) []subschemaSpec {
	out := make([]subschemaSpec, len(subschemas))
	for i, p := range subschemas {
		kw, kind, _ := strings.Cut(p, "/")
		out[i] = subschemaSpec{kw, kind, walkBits[kw]}
	}
	return out
}

// draftOf recognises the metaschema URL of a draft, with or without an empty
// fragment and with either scheme; it returns nil for any other URL.
func draftOf(schema string) *draft {
	u, frag, _ := strings.Cut(schema, "#")
	if frag != "" {
		return nil
	}
	if rest, ok := strings.CutPrefix(u, "http://"); ok {
		u = rest
	} else {
		u = strings.TrimPrefix(u, "https://")
	}
	switch u {
	case "json-schema.org/schema", "json-schema.org/draft/2020-12/schema":
		return draft2020
	case "json-schema.org/draft/2019-09/schema":
		return draft2019
	case "json-schema.org/draft-07/schema":
		return draft7
	case "json-schema.org/draft-06/schema":
		return draft6
	case "json-schema.org/draft-04/schema":
		return draft4
	}
	return nil
}

// getID is the identifier a schema object declares, without its fragment;
// "" when it declares none. Before draft 2019-09 a $ref hides its siblings.
func (d *draft) getID(obj map[string]any) string {
	_, hasRef := obj["$ref"]
	id, _ := obj[d.id].(string)
	return d.declaredID(id, hasRef)
}

// declaredID is the identifier of a schema object whose id keyword holds id
// and which has a $ref or not: id without its fragment, "" if a $ref hides it.
func (d *draft) declaredID(id string, hasRef bool) string {
	if d.version < 2019 && hasRef {
		return ""
	}
	id, _, _ = strings.Cut(id, "#")
	return id
}

// A dialect is what a schema resource is written in: a draft, and the
// vocabularies its metaschema turns on (nil: the draft's defaults).
type dialect struct {
	draft  *draft
	vocabs map[string]bool
	own    bool // the resource's own $schema says so; otherwise it is its parent's
}

func (d dialect) hasVocab(name string) bool {
	if name == "core" || d.draft.version < 2019 {
		return true
	}
	if d.vocabs != nil {
		return d.vocabs[name]
	}
	return slices.Contains(d.draft.defaults, name)
}

// metaschemas are what a resource in the dialect is checked against, as
// santhosh-tekuri checks it: the draft's metaschema, or for a metaschema of
// its own that names vocabularies, the metaschema of each of them.
func (d dialect) metaschemas() []string {
	if d.vocabs == nil {
		return []string{d.draft.url}
	}
	base := strings.TrimSuffix(d.draft.url, "schema") + "meta/"
	var out []string
	for _, v := range d.draft.vocabs {
		if d.vocabs[v] {
			out = append(out, base+v)
		}
	}
	return out
}

// draftFor reads the $schema of obj, at ptr in r: a draft's metaschema, or a
// metaschema of its own (meta), followed through the $schema of each
// metaschema to a draft; one without $schema is taken to be written in
// fallback, the draft of the enclosing resource. ok is false when obj has no
// $schema string.
func (c *compiler) draftFor(r *root, ptr string, obj map[string]any, fallback *draft) (dr *draft, meta string, ok bool, err error) {
	schema, ok := obj["$schema"].(string)
	if !ok {
		return nil, "", false, nil
	}
	if dr := draftOf(schema); dr != nil {
		return dr, "", true, nil
	}
	meta, _, _ = strings.Cut(schema, "#")
	for seen := map[string]bool{}; ; {
		if isMetaschema(meta) {
			return nil, "", false, r.errorAt(ptr+"/$schema", "name a draft by its metaschema, e.g. "+draft2020.url,
				"$schema %q: envgen knows json-schema.org's metaschemas by their drafts' URLs only", schema)
		}
		if seen[meta] {
			return nil, "", false, r.errorAt(ptr+"/$schema", "", "$schema %q: the metaschemas' $schema lead back to %q", schema, meta)
		}
		seen[meta] = true
		doc, err := c.metaDoc(meta)
		if err != nil {
			return nil, "", false, metaError(r, ptr+"/$schema", schema, err)
		}
		obj, _ := doc.(map[string]any)
		next, ok := obj["$schema"].(string)
		if !ok {
			dr = fallback
			break
		}
		if dr = draftOf(next); dr != nil {
			break
		}
		meta, _, _ = strings.Cut(next, "#")
	}
	meta, _, _ = strings.Cut(schema, "#")
	return dr, meta, true, nil
}

// vocabsFor reads the vocabularies of meta, the metaschema of a resource at
// ptr in r ("" for a draft's own: its defaults).
func (c *compiler) vocabsFor(r *root, ptr, meta string, dr *draft) (map[string]bool, error) {
	if meta == "" {
		return nil, nil
	}
	doc, err := c.metaDoc(meta)
	if err != nil {
		return nil, metaError(r, ptr+"/$schema", meta, err)
	}
	vocabs, err := dr.vocabsOf(doc)
	if err != nil {
		return nil, r.errorAt(ptr+"/$schema", "envgen knows the vocabularies of drafts 2019-09 and 2020-12",
			"metaschema %q %v", meta, err)
	}
	return vocabs, nil
}

// metaDoc loads a metaschema of a dialect, once.
func (c *compiler) metaDoc(u string) (any, error) {
	if doc, ok := c.metaDocs[u]; ok {
		return doc, nil
	}
	if _, err := url.Parse(u); err != nil {
		return nil, err
	}
	doc, err := c.l.Load(u)
	if err != nil {
		return nil, err
	}
	c.metaDocs[u] = doc
	return doc, nil
}

func metaError(r *root, at, schema string, err error) error {
	if errors.Is(err, errNetwork) {
		return r.errorAt(at, "add the metaschema to the inputs, or map its prefix to a local folder with --ref-map PREFIX=DIR",
			"$schema %q needs the network, and envgen never fetches", schema)
	}
	var me *model.Error
	if errors.As(err, &me) {
		return me
	}
	return r.errorAt(at, "", "$schema %q: %v", schema, err)
}

// vocabsOf reads the $vocabulary of a metaschema: the vocabularies it
// requires, core always among them; nil when it has none, or the draft has no
// vocabularies. A required vocabulary that envgen does not know is an error.
func (d *draft) vocabsOf(doc any) (map[string]bool, error) {
	if d.version < 2019 {
		return nil, nil
	}
	obj, _ := doc.(map[string]any)
	declared, ok := obj["$vocabulary"].(map[string]any)
	if !ok {
		return nil, nil
	}
	vocabs := map[string]bool{"core": true}
	for _, v := range sortedKeys(declared) {
		if required, _ := declared[v].(bool); !required {
			continue
		}
		name, ok := strings.CutPrefix(v, d.vocabPrefix)
		if !ok || !slices.Contains(d.vocabs, name) {
			return nil, fmt.Errorf("requires the vocabulary %q, which envgen does not know", v)
		}
		vocabs[name] = true
	}
	return vocabs, nil
}
