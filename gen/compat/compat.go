// Package compat compares two versions of a schema and says, change by
// change, whether documents valid under one stay valid under the other:
// backward (every document valid under the old schema is valid under the
// new: new readers read old data), forward (the converse: old readers read
// new data) and full (both). It is what `envgen diff` runs; the rules are a
// table in docs/compat.md.
//
// Every claim of breakage is demonstrated: an incompatible change comes with
// an example document that one version accepts and the other rejects,
// checked with package validate (the generated code's verdicts). When no
// such document is found, the verdict is "cannot prove", which callers
// count as incompatible unless told otherwise.
package compat

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/validate"
	"github.com/envgen/envgen/schemas"
)

// Mode is the compatibility asked for.
type Mode string

const (
	Backward Mode = "backward" // old documents stay valid
	Forward  Mode = "forward"  // new documents are valid under the old schema
	Full     Mode = "full"     // both
)

// Verdict is a change's verdict for one direction or mode.
type Verdict string

const (
	Compatible   Verdict = "compatible"
	Incompatible Verdict = "incompatible"
	Unproven     Verdict = "cannot prove"
)

// Change is one difference between the schemas.
type Change struct {
	Kind    string  `json:"kind"`    // e.g. "required added", docs/compat.md lists them
	Old     string  `json:"old"`     // file#pointer in the old schema
	New     string  `json:"new"`     // file#pointer in the new schema
	At      string  `json:"at"`      // where in a document, e.g. "/meta/*"
	Detail  string  `json:"detail"`  // e.g. `"id" is now required`
	Verdict Verdict `json:"verdict"` // for the mode compared in
	// Backward and Forward are the verdicts of each direction.
	Backward Verdict `json:"backward"`
	Forward  Verdict `json:"forward"`
	// OldOnly is a document the old schema accepts and the new rejects
	// (breaking backward compatibility); NewOnly the converse.
	OldOnly json.RawMessage `json:"oldOnly,omitempty"`
	NewOnly json.RawMessage `json:"newOnly,omitempty"`
}

// Report is the changes between two schemas, in document order.
type Report struct {
	Old, New string
	Mode     Mode
	Changes  []Change
}

// Verdict is the report's verdict: the worst of its changes'.
func (r *Report) Verdict() Verdict {
	v := Compatible
	for _, c := range r.Changes {
		switch c.Verdict {
		case Incompatible:
			return Incompatible
		case Unproven:
			v = Unproven
		}
	}
	return v
}

// Options says what to compare.
type Options struct {
	Old, New string // schema files
	Mode     Mode
	RefMap   map[string]string
}

// Compare compares the schemas in Old and New.
func Compare(o Options) (*Report, error) {
	if o.Mode == "" {
		o.Mode = Backward
	}
	oldDoc, err := readDoc(o.Old)
	if err != nil {
		return nil, err
	}
	newDoc, err := readDoc(o.New)
	if err != nil {
		return nil, err
	}
	vOld, err := validate.New(siblings(o.Old, oldDoc, o.RefMap))
	if err != nil {
		return nil, err
	}
	vNew, err := validate.New(siblings(o.New, newDoc, o.RefMap))
	if err != nil {
		return nil, err
	}
	w := &walker{old: side{doc: oldDoc, file: o.Old, prefix: idPrefix(oldDoc), v: vOld, others: map[string]any{}},
		new: side{doc: newDoc, file: o.New, prefix: idPrefix(newDoc), v: vNew, others: map[string]any{}}, seen: map[[2]string]bool{}}
	w.walk(node{v: oldDoc}, node{v: newDoc}, nil)
	// $defs that the root does not reach: changes in them are found, but
	// no document reaches them, so a narrowing cannot be shown.
	for _, kw := range []string{"$defs", "definitions"} {
		od, _ := node{v: oldDoc}.obj()[kw].(map[string]any)
		nd, _ := node{v: newDoc}.obj()[kw].(map[string]any)
		for _, k := range sortedKeys(od) {
			if _, ok := nd[k]; ok {
				w.walk(node{v: oldDoc}.child(kw, k), node{v: newDoc}.child(kw, k), []step{{kw: kw, name: k}})
			}
		}
	}
	r := &Report{Old: o.Old, New: o.New, Mode: o.Mode}
	for _, f := range w.found {
		r.Changes = append(r.Changes, w.judge(f, o.Mode))
	}
	return r, nil
}

// siblings are the validator options for a schema file: references to
// $ids beside its own resolve to the files beside it (an old version's
// siblings are its own, not the built-in schemas of today).
func siblings(file string, doc any, refMap map[string]string) validate.Options {
	o := validate.Options{Schemas: []string{file}, RefMap: map[string]string{}}
	for k, v := range refMap {
		o.RefMap[k] = v
	}
	if prefix := idPrefix(doc); prefix != "" {
		if _, set := o.RefMap[prefix]; !set {
			o.RefMap[prefix] = filepath.Dir(file)
		}
		o.NoCanonical = strings.HasPrefix(schemas.BaseURI, prefix) || strings.HasPrefix(prefix, schemas.BaseURI)
	}
	return o
}

// idPrefix is a document's $id without its last segment, or "".
func idPrefix(doc any) string {
	m, _ := doc.(map[string]any)
	id, _ := m["$id"].(string)
	if i := strings.LastIndex(id, "/"); i > len("https://") && strings.Contains(id, "://") {
		return id[:i+1]
	}
	return ""
}

// readDoc reads a schema file as envgen generate reads one, so that its
// errors name the file (and line) in the same words.
func readDoc(p string) (any, error) { return load.ReadFile(p) }

// verdicts for a mode from the two directions.
func modeVerdict(m Mode, back, fwd Verdict) Verdict {
	switch m {
	case Backward:
		return back
	case Forward:
		return fwd
	}
	if back == Incompatible || fwd == Incompatible {
		return Incompatible
	}
	if back == Unproven || fwd == Unproven {
		return Unproven
	}
	return Compatible
}

// Text writes the report for people: one block a change, and a summary.
func (r *Report) Text() string {
	var b strings.Builder
	for _, c := range r.Changes {
		fmt.Fprintf(&b, "%s: %s at %s: %s\n", c.Verdict, c.Kind, orRoot(c.At), c.Detail)
		fmt.Fprintf(&b, "  old %s\n  new %s\n", c.Old, c.New)
		if len(c.OldOnly) > 0 && (r.Mode != Forward) && c.Backward == Incompatible {
			fmt.Fprintf(&b, "  old accepts, new rejects: %s\n", c.OldOnly)
		}
		if len(c.NewOnly) > 0 && (r.Mode != Backward) && c.Forward == Incompatible {
			fmt.Fprintf(&b, "  new accepts, old rejects: %s\n", c.NewOnly)
		}
	}
	n := map[Verdict]int{}
	for _, c := range r.Changes {
		n[c.Verdict]++
	}
	fmt.Fprintf(&b, "%s (%s): %d changes, %d incompatible, %d cannot prove\n", r.Verdict(), r.Mode, len(r.Changes), n[Incompatible], n[Unproven])
	return b.String()
}

func orRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
