package dialects

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/envgen/envgen/generated/go/envelope"
)

// The bounds of meta.source, as meta.json#/$defs/source sets them.
const (
	sourceMaxEntries = 64   // kept values, and absent members, each
	sourceMaxPointer = 256  // characters of a pointer
	sourceMaxItems   = 100  // items or members of a kept array or object
	sourceMaxString  = 2000 // characters of a kept string
)

// sourceReason is why a dialect does not carry a canonical meta.source:
// the rule of every dialect's way from canonical.
const sourceReason = "meta.source is what the convention it names wrote and canonical has no member for: only the way back to that convention writes it, as the document it came from, and no dialect has a member that holds it"

// recordSource sets c.Meta.Source to what doc, a valid document of d, holds
// that the way back from c would not write as it is: the way back is made,
// and each member where it differs from doc is kept (doc's value) or marked
// absent (doc had none). Nothing is recorded when the way back is exact, or
// cannot be made (a dialect that requires members c lacks). A value too
// large for meta.source's bounds is not kept, and stays a loss.
func recordSource(d *dialect, doc []byte, c *canon) {
	if d == canonicalDialect {
		return
	}
	profile := ""
	if d.profileOf != nil {
		profile = d.profileOf(doc)
	}
	back, err := fromCanonical(d, c, profile) // c has no source yet
	if err != nil {
		return
	}
	x, err := parse(doc)
	if err != nil {
		return
	}
	y, err := parse(back)
	if err != nil {
		return
	}
	r := &recorder{kept: map[string]envelope.SourceValue{}}
	r.walk(x, y, "")
	if len(r.kept) == 0 && len(r.absent) == 0 {
		return
	}
	s := &envelope.Source{Convention: d.name, Absent: r.absent}
	if len(r.kept) > 0 {
		s.Kept = r.kept
	}
	if s.Validate() != nil {
		return // cannot happen: the recorder keeps to the bounds
	}
	metaOf(c).Source = s
}

// recorder collects the entries of a meta.source.
type recorder struct {
	kept   map[string]envelope.SourceValue
	absent []envelope.SourcePointer
}

// walk compares doc's value a with the way back's b, at ptr.
func (r *recorder) walk(a, b any, ptr string) {
	switch a := a.(type) {
	case map[string]any:
		if bm, ok := b.(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(a)) {
				p := ptr + "/" + escaper.Replace(k)
				if bv, ok := bm[k]; ok {
					r.walk(a[k], bv, p)
				} else {
					r.keep(p, a[k])
				}
			}
			for _, k := range slices.Sorted(maps.Keys(bm)) {
				if _, ok := a[k]; !ok {
					r.markAbsent(ptr + "/" + escaper.Replace(k))
				}
			}
			return
		}
	case []any:
		if ba, ok := b.([]any); ok && len(ba) == len(a) {
			for i := range a {
				r.walk(a[i], ba[i], ptr+"/"+strconv.Itoa(i))
			}
			return
		}
	}
	if len(diff(a, b)) > 0 {
		r.keep(ptr, a)
	}
}

// keep records v at ptr, all of it or nothing: one entry when v is one
// level deep, else an empty container and the entries of its members.
func (r *recorder) keep(ptr string, v any) {
	var entries []sourceEntry
	if ptr == "" || !flatten(ptr, v, &entries) || len(r.kept)+len(entries) > sourceMaxEntries {
		return
	}
	for _, e := range entries {
		r.kept[e.ptr] = e.val
	}
}

func (r *recorder) markAbsent(ptr string) {
	if utf8.RuneCountInString(ptr) <= sourceMaxPointer && len(r.absent) < sourceMaxEntries {
		r.absent = append(r.absent, envelope.SourcePointer(ptr))
	}
}

type sourceEntry struct {
	ptr string
	val envelope.SourceValue
}

// flatten appends the entries that keep v at ptr; false when a pointer or a
// string is too long for meta.source.
func flatten(ptr string, v any, out *[]sourceEntry) bool {
	if utf8.RuneCountInString(ptr) > sourceMaxPointer {
		return false
	}
	if flat(v) {
		*out = append(*out, sourceEntry{ptr, envelope.SourceValue(mustJSON(v))})
		return true
	}
	switch v := v.(type) {
	case map[string]any:
		*out = append(*out, sourceEntry{ptr, envelope.SourceValue("{}")})
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if !flatten(ptr+"/"+escaper.Replace(k), v[k], out) {
				return false
			}
		}
		return true
	case []any:
		*out = append(*out, sourceEntry{ptr, envelope.SourceValue("[]")})
		for i, x := range v {
			if !flatten(ptr+"/"+strconv.Itoa(i), x, out) {
				return false
			}
		}
		return true
	}
	return false // a string too long
}

// flat reports whether v is a source_value: a scalar, or an array or object
// of at most sourceMaxItems scalars.
func flat(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		if len(v) > sourceMaxItems {
			return false
		}
		for _, x := range v {
			if !scalar(x) {
				return false
			}
		}
		return true
	case []any:
		if len(v) > sourceMaxItems {
			return false
		}
		return !slices.ContainsFunc(v, func(x any) bool { return !scalar(x) })
	}
	return scalar(v)
}

func scalar(v any) bool {
	switch v := v.(type) {
	case map[string]any, []any:
		return false
	case string:
		return utf8.RuneCountInString(v) <= sourceMaxString
	}
	return true
}

// withoutSource returns c without meta.source, and the source: the
// dialects' own converters never see it. c is not changed.
func withoutSource(c *canon) (*canon, *envelope.Source) {
	if c.Meta == nil || c.Meta.Source == nil {
		return c, nil
	}
	out := *c
	m := *c.Meta
	src := m.Source
	m.Source = nil
	out.Meta = &m
	if string(mustJSON(out.Meta)) == "{}" {
		out.Meta = nil
	}
	return &out, src
}

// applySource writes the entries of s into out, a document of the dialect
// s names: kept values parents first (array items in order, an item at
// the length of its array appended), then absent members removed. An entry
// whose parent is not there is skipped; fit then makes the document valid.
func applySource(out any, s *envelope.Source) (json.RawMessage, error) {
	tree, err := parseTree(mustJSON(out))
	if err != nil {
		return nil, err
	}
	ptrs := make([]string, 0, len(s.Kept))
	for p := range s.Kept {
		ptrs = append(ptrs, p)
	}
	slices.SortFunc(ptrs, comparePointers)
	for _, p := range ptrs {
		val, err := parseTree(s.Kept[p])
		if err != nil {
			return nil, fmt.Errorf("meta.source.kept %s: %w", p, err)
		}
		tree.set(p, val)
	}
	absent := make([]string, len(s.Absent))
	for i, p := range s.Absent {
		absent[i] = string(p)
	}
	slices.SortFunc(absent, comparePointers)
	for _, p := range slices.Backward(absent) {
		tree.remove(p)
	}
	return tree.appendJSON(nil), nil
}

// comparePointers orders JSON Pointers token by token, a parent before its
// members and array indexes by their numbers.
func comparePointers(a, b string) int {
	x, y := splitPointer(a), splitPointer(b)
	for i := range min(len(x), len(y)) {
		if x[i] == y[i] {
			continue
		}
		m, err1 := strconv.Atoi(x[i])
		n, err2 := strconv.Atoi(y[i])
		if err1 == nil && err2 == nil {
			return cmp.Compare(m, n)
		}
		return cmp.Compare(x[i], y[i])
	}
	return cmp.Compare(len(x), len(y))
}

// set writes val at ptr: an object member added or replaced, an array item
// replaced or, at the array's length, appended. It reports whether it did.
func (n *node) set(ptr string, val *node) bool {
	parent, last := n.parentOf(ptr)
	if parent == nil {
		return false
	}
	switch parent.kind {
	case '{':
		for i, k := range parent.keys {
			if k == last {
				parent.vals[i] = val
				return true
			}
		}
		parent.keys = append(parent.keys, last)
		parent.vals = append(parent.vals, val)
		return true
	case '[':
		i, err := strconv.Atoi(last)
		switch {
		case err != nil || i < 0 || i > len(parent.vals):
			return false
		case i == len(parent.vals):
			parent.vals = append(parent.vals, val)
		default:
			parent.vals[i] = val
		}
		return true
	}
	return false
}
