package dialects

import (
	"fmt"
	"slices"
	"testing"
)

// TestEveryRuleHappens holds docs/dialects.md's loss tables to the other half
// of being true: TestDocsTables checks that they are the rules of the code,
// the round-trip tests that every loss has a rule; here every rule must be
// the reason of at least one loss that converting the test corpus reports
// (the seed examples, incomplete ones too, the TypeScript edge cases, and
// every canonical example to each dialect in each profile). A rule no
// document needs is a claim nothing checks: give it a document that shows
// it, or drop it.
func TestEveryRuleHappens(t *testing.T) {
	used := map[string]bool{} // "<dialect> <direction> <profile> <pattern>"
	mark := func(d *dialect, l Loss, profile string) {
		rules, dir := d.toRules, "to"
		if l.From == Canonical {
			rules, dir = append(slices.Clone(d.fromRules), d.profileRules[profile]...), "from"
		}
		for _, r := range rules {
			if r.matches(l.Pointer) {
				p := ""
				if dir == "from" && slices.ContainsFunc(d.profileRules[profile], func(x rule) bool { return x == r }) {
					p = profile
				}
				used[fmt.Sprintf("%s %s %s %s", d.name, dir, p, r.pattern)] = true
				return
			}
		}
	}
	toCanonical := func(d *dialect, doc []byte) {
		r, err := ConvertWith(d.name, Canonical, doc, Options{Losses: true})
		if err != nil {
			return
		}
		for _, l := range r.Losses {
			if !l.Missing {
				mark(d, l, "")
			}
		}
	}
	for _, e := range loadExamples(t) {
		if d, _ := lookup(folders[e.folder]); e.Kind == "" && e.folder+"/"+e.Schema == d.schema {
			toCanonical(d, e.doc)
		}
	}
	for _, name := range Names()[1:] {
		d, _ := lookup(name)
		for _, doc := range tsEdgeCases[name] {
			toCanonical(d, []byte(doc))
		}
		for _, profile := range append([]string{""}, Profiles(name)...) {
			for _, doc := range canonicalExamples(t) {
				r, err := ConvertWith(Canonical, name, doc, Options{Profile: profile, Losses: true})
				if err != nil {
					continue
				}
				for _, l := range r.Losses {
					mark(d, l, profile)
				}
				toCanonical(d, r.Output)
			}
		}
	}
	total := 0
	for _, d := range registry[1:] {
		check := func(dir, profile string, rules []rule) {
			for _, r := range rules {
				total++
				if !used[fmt.Sprintf("%s %s %s %s", d.name, dir, profile, r.pattern)] {
					t.Errorf("%s, %s canonical%s: no document of the corpus loses %s (%q)", d.name, dir, profileSuffix(profile), r.pattern, r.reason)
				}
			}
		}
		check("to", "", d.toRules)
		check("from", "", d.fromRules)
		for _, p := range Profiles(d.name) {
			check("from", p, d.profileRules[p])
		}
	}
	t.Logf("%d rules, each the reason of a loss", total)
}
