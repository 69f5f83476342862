// Package keywords is the keyword registry both validator backends read:
// which keywords are checked, in which order, on which kind of instance, and
// what their errors say. gen/internal/golang and gen/internal/typescript each
// supply only an emitter per entry (a test holds their tables to Registry),
// so the Go and TypeScript validators check the same keywords in the same
// order and report the same message text (docs/validation.md).
package keywords

import (
	"slices"
	"strings"
)

// Instance is the kind of JSON value a keyword applies to: the checks of the
// entries of one kind that follow each other run under one test of the
// instance's kind.
type Instance int

const (
	Any Instance = iota
	String
	Number
	Array
	Object
)

// Entry is one emitter's part of the registry: a keyword, or keywords that
// only make sense together, and the kind of instance they apply to.
type Entry struct {
	Keywords []string // e.g. {"prefixItems", "items"}
	Instance Instance
}

// Name is the keywords of e, joined: "prefixItems, items". Backends key
// their emitters by it.
func (e Entry) Name() string { return strings.Join(e.Keywords, ", ") }

// registry is in the order checks run, and so the order errors are listed in.
var registry = []Entry{
	{[]string{"type"}, Any},
	{[]string{"enum"}, Any},
	{[]string{"const"}, Any},

	{[]string{"minLength"}, String},
	{[]string{"maxLength"}, String},
	{[]string{"pattern"}, String},
	{[]string{"format"}, String},

	{[]string{"minimum"}, Number},
	{[]string{"maximum"}, Number},
	{[]string{"exclusiveMinimum"}, Number},
	{[]string{"exclusiveMaximum"}, Number},
	{[]string{"multipleOf"}, Number},

	{[]string{"prefixItems", "items"}, Array},
	{[]string{"contains", "minContains", "maxContains"}, Array},
	{[]string{"minItems"}, Array},
	{[]string{"maxItems"}, Array},
	{[]string{"uniqueItems"}, Array},

	{[]string{"properties", "patternProperties", "additionalProperties"}, Object},
	{[]string{"required"}, Object},
	{[]string{"minProperties"}, Object},
	{[]string{"maxProperties"}, Object},
	{[]string{"propertyNames"}, Object},
	{[]string{"dependentRequired"}, Object},
	{[]string{"dependentSchemas"}, Object},

	{[]string{"$ref"}, Any},
	{[]string{"$dynamicRef"}, Any},

	{[]string{"allOf"}, Any},
	{[]string{"anyOf"}, Any},
	{[]string{"oneOf"}, Any},
	{[]string{"not"}, Any},
	{[]string{"if", "then", "else"}, Any},

	// last, since they read what everything above evaluated
	{[]string{"unevaluatedItems"}, Array},
	{[]string{"unevaluatedProperties"}, Object},
}

// Registry is the entries, in the order checks run.
func Registry() []Entry {
	out := make([]Entry, len(registry))
	copy(out, registry)
	return out
}

// Slot is an entry and a backend's emitter for it.
type Slot[E any] struct {
	Entry
	Emit E
}

// Ordered lays out a backend's emitters in the order of the registry. It
// panics when an entry has no emitter or an emitter no entry: a backend that
// checks a keyword the other does not is a bug, caught at init (and by each
// backend's test of Diff).
func Ordered[E any](emitters map[string]E) []Slot[E] {
	if missing, extra := Diff(emitters); len(missing)+len(extra) > 0 {
		panic("keywords: emitters without an entry: " + strings.Join(extra, "; ") + "; entries without an emitter: " + strings.Join(missing, "; "))
	}
	out := make([]Slot[E], len(registry))
	for i, e := range registry {
		out[i] = Slot[E]{e, emitters[e.Name()]}
	}
	return out
}

// Diff compares a backend's emitters with the registry: the entries it has
// no emitter for, and the emitters that are no entry.
func Diff[E any](emitters map[string]E) (missing, extra []string) {
	names := map[string]bool{}
	for _, e := range registry {
		names[e.Name()] = true
		if _, ok := emitters[e.Name()]; !ok {
			missing = append(missing, e.Name())
		}
	}
	for name := range emitters {
		if !names[name] {
			extra = append(extra, name)
		}
	}
	slices.Sort(extra)
	return missing, extra
}
