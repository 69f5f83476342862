package dialects

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/envgen/envgen/generated/go/envelope"
)

// fit encodes v and leaves out whatever keeps it from being valid against
// d's schema: each violation removes the member it is about (for a missing
// required member, the object that lacks it), deepest first, until the
// document is valid. A violation about one of d.keep, or the root, cannot be
// fixed that way and fails with an *UnfitError.
func fit(d *dialect, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	tree, err := parseTree(b)
	if err != nil {
		return nil, err
	}
	var emptied []string    // containers that pruning left empty
	var removed []Violation // what pruning removed, to explain a failure
	for {
		vs, err := validate(d.schema, tree.value())
		if err != nil {
			return nil, err
		}
		if len(vs) == 0 {
			break
		}
		deepest := slices.MaxFunc(vs, func(a, b Violation) int {
			return strings.Count(a.InstancePath, "/") - strings.Count(b.InstancePath, "/")
		})
		p := deepest.InstancePath
		if p == "" || slices.Contains(d.keep, p) || !tree.remove(p) {
			// Report the violations that led here: removing a member
			// made the object that must hold it invalid.
			var cause []Violation
			for _, r := range removed {
				if strings.HasPrefix(r.InstancePath, p+"/") {
					cause = append(cause, r)
				}
			}
			if len(cause) == 0 {
				cause = vs
			}
			return nil, &UnfitError{Dialect: d.name, Violations: cause}
		}
		removed = append(removed, deepest)
		if parent := parentPointer(p); isEmpty(tree.at(splitPointer(parent))) {
			emptied = append(emptied, parent)
		}
	}
	return dropEmptied(d, tree, emptied)
}

// dropEmptied leaves out the containers that pruning emptied, and their
// parents in turn, where the document stays valid without them: a canonical
// meta whose only member was left out is itself left out.
func dropEmptied(d *dialect, tree *node, emptied []string) ([]byte, error) {
	for len(emptied) > 0 {
		p := emptied[len(emptied)-1]
		emptied = emptied[:len(emptied)-1]
		if p == "" || slices.Contains(d.keep, p) || !isEmpty(tree.at(splitPointer(p))) {
			continue
		}
		trial, err := parseTree(tree.appendJSON(nil))
		if err != nil {
			return nil, err
		}
		trial.remove(p)
		vs, err := validate(d.schema, trial.value())
		if err != nil {
			return nil, err
		}
		if len(vs) == 0 {
			tree = trial
			emptied = append(emptied, parentPointer(p))
		}
	}
	return tree.appendJSON(nil), nil
}

func isEmpty(n *node) bool { return n != nil && n.kind != 0 && len(n.vals) == 0 }

// parentPointer is the pointer of the value that holds the one at ptr.
func parentPointer(ptr string) string {
	return ptr[:strings.LastIndexByte(ptr, '/')]
}

// UnfitError is a converted document that is not valid in its dialect and
// cannot be made valid by leaving members out, e.g. a Code Scalpel error
// with an empty message, which a canonical error requires.
type UnfitError struct {
	Dialect    string
	Violations []Violation
}

func (e *UnfitError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the result cannot be a valid %s document:", e.Dialect)
	for _, v := range e.Violations {
		fmt.Fprintf(&b, "\n#%s: %s", v.InstancePath, v.Message)
	}
	return b.String()
}

// rule names members that do not survive a round trip, and why. Its
// pattern is a JSON Pointer whose "*" tokens match any one token; it covers
// the members at and below what it matches, e.g. "/warnings/*/context", or
// with a final "$" only the member it names, e.g. "/meta$".
type rule struct {
	pattern string
	reason  string
}

func (r rule) matches(ptr string) bool {
	pattern, exact := strings.CutSuffix(r.pattern, "$")
	pat, toks := splitPointer(pattern), splitPointer(ptr)
	if len(pat) > len(toks) || (exact && len(pat) != len(toks)) {
		return false
	}
	for i, p := range pat {
		if p != "*" && p != toks[i] {
			return false
		}
	}
	return true
}

// reasonFor returns the reason of the first rule that matches ptr.
func reasonFor(rules []rule, ptr string) string {
	for _, r := range rules {
		if r.matches(ptr) {
			return r.reason
		}
	}
	return "changed by the round trip (no documented reason: a bug in envgen)"
}

// diff returns the JSON Pointers at which a and b, values as parse returns
// them, differ, sorted: members and items present in only one of them, and
// values that are not equal. Numbers are equal when their values are.
func diff(a, b any) []string {
	var out []string
	diffAt(a, b, "", &out)
	slices.Sort(out)
	return out
}

func diffAt(a, b any, ptr string, out *[]string) {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			*out = append(*out, ptr)
			return
		}
		for k, av := range a {
			if bv, ok := bm[k]; ok {
				diffAt(av, bv, ptr+"/"+escaper.Replace(k), out)
			} else {
				leaves(av, ptr+"/"+escaper.Replace(k), out)
			}
		}
		for k, bv := range bm {
			if _, ok := a[k]; !ok {
				leaves(bv, ptr+"/"+escaper.Replace(k), out)
			}
		}
	case []any:
		ba, ok := b.([]any)
		if !ok {
			*out = append(*out, ptr)
			return
		}
		for i := range max(len(a), len(ba)) {
			p := fmt.Sprintf("%s/%d", ptr, i)
			switch {
			case i < len(a) && i < len(ba):
				diffAt(a[i], ba[i], p, out)
			case i < len(a):
				leaves(a[i], p, out)
			default:
				leaves(ba[i], p, out)
			}
		}
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok || !sameNumber(a, bn) {
			*out = append(*out, ptr)
		}
	default:
		if a != b {
			*out = append(*out, ptr)
		}
	}
}

// leaves adds the pointers of the members of v, which is at ptr and has no
// counterpart: an object missing as a whole is reported member by member,
// an array as one.
func leaves(v any, ptr string, out *[]string) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			leaves(x, ptr+"/"+escaper.Replace(k), out)
		}
		if len(v) > 0 {
			return
		}
	}
	*out = append(*out, ptr) // a scalar, an empty object, or a whole array
}

func sameNumber(a, b json.Number) bool {
	x, ok1 := new(big.Rat).SetString(string(a))
	y, ok2 := new(big.Rat).SetString(string(b))
	return ok1 && ok2 && x.Cmp(y) == 0
}

// losses compares each step of a conversion with its way back: from the
// source to canonical (unless the source is canonical), and from canonical
// to the target (unless the target is canonical).
//
// An incomplete doc lacks the members missing: each is a loss of its own,
// and the way back, which cannot be valid without them, is compared as it
// is, away from them.
func losses(df, dt *dialect, doc []byte, c *canon, profile string, missing []string) ([]Loss, error) {
	var out []Loss
	for _, p := range missing {
		out = append(out, Loss{From: df.name, To: Canonical, Pointer: p, Missing: true,
			Reason: "absent, although the " + df.name + " schema requires it: the canonical envelope has nothing in its place"})
	}
	if df != canonicalDialect {
		var from string
		if df.profileOf != nil {
			from = df.profileOf(doc)
		}
		// What canonical's members carry: the way back without meta.source.
		members, src := withoutSource(c)
		back, _, err := df.fromCanonical(members, from) // missing members show up in the diff
		if err != nil {
			return nil, err
		}
		var lost []string
		if missing == nil {
			lost, err = compare(df, doc, back)
		} else {
			lost, err = compareUnfitted(doc, back, missing)
		}
		if err != nil {
			return nil, err
		}
		// What meta.source carries too, when the result is the canonical
		// envelope that holds it: the way back with it.
		var notKept []string
		if src != nil && dt == canonicalDialect {
			withSource, err := fromCanonical(df, c, from)
			if err != nil {
				return nil, err
			}
			if notKept, err = compare(df, doc, json.RawMessage(withSource)); err != nil {
				return nil, err
			}
		}
		for _, p := range lost {
			kept := src != nil && dt == canonicalDialect && !slices.Contains(notKept, p)
			out = append(out, Loss{From: df.name, To: Canonical, Pointer: p, Reason: reasonFor(df.toRules, p), Kept: kept})
		}
		for _, p := range notKept {
			if !slices.Contains(lost, p) { // meta.source made it worse: a bug
				out = append(out, Loss{From: df.name, To: Canonical, Pointer: p, Reason: "changed by meta.source (no documented reason: a bug in envgen)"})
			}
		}
	}
	if dt != canonicalDialect {
		// From canonical, what to compare with is the document as given:
		// c has already left out an empty meta or timing.
		// Its meta.source, when it came from the first step, is that
		// step's: its losses are reported there.
		cdoc := doc
		var src *envelope.Source
		if df != canonicalDialect {
			var err error
			members, _ := withoutSource(c)
			if cdoc, err = json.Marshal(members); err != nil {
				return nil, err
			}
		} else if c.Meta != nil {
			src = c.Meta.Source
		}
		there, err := fromCanonical(dt, c, profile)
		if err != nil {
			return nil, err
		}
		back, err := toCanonical(dt, there)
		if err != nil {
			return nil, err
		}
		// The way back records a meta.source of dt: it is what cdoc had
		// when cdoc's names dt, and no part of cdoc otherwise.
		if src == nil || src.Convention != dt.name {
			back, _ = withoutSource(back)
		}
		lost, err := compare(canonicalDialect, cdoc, back)
		if err != nil {
			return nil, err
		}
		for _, p := range lost {
			rules := append(slices.Clone(dt.fromRules), dt.profileRules[profile]...)
			out = append(out, Loss{From: Canonical, To: dt.name, Pointer: p, Reason: reasonFor(rules, p)})
		}
	}
	return out, nil
}

// compareUnfitted diffs doc with back as it is, leaving out the members at or
// below the pointers of missing.
func compareUnfitted(doc []byte, back any, missing []string) ([]string, error) {
	x, err := parse(doc)
	if err != nil {
		return nil, err
	}
	y, err := parse(mustJSON(back))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range diff(x, y) {
		if !underAny(p, missing) {
			out = append(out, p)
		}
	}
	return out, nil
}

// compare fits back to d (as a conversion would) and diffs it with doc.
func compare(d *dialect, doc []byte, back any) ([]string, error) {
	b, err := fit(d, back)
	if err != nil {
		return nil, err
	}
	x, err := parse(doc)
	if err != nil {
		return nil, err
	}
	y, err := parse(b)
	if err != nil {
		return nil, err
	}
	return diff(x, y), nil
}
