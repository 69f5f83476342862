package dialects

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// canonicalExamples are the valid canonical envelopes of schemas/examples,
// those of testdata/corpus (written to show what each dialect cannot carry,
// TestEveryRuleHappens), and the canonical forms of the seed examples.
func canonicalExamples(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	corpus, _ := filepath.Glob("testdata/corpus/*.json")
	for _, f := range corpus {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out["dialects/"+filepath.ToSlash(f)] = b
	}
	files, err := filepath.Glob("../schemas/examples/valid/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no canonical examples: %v", err)
	}
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasPrefix(base, "request-") || strings.HasPrefix(base, "provenance-") || strings.HasPrefix(base, "search-output-") {
			continue // not envelopes
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out["schemas/examples/valid/"+base] = b
	}
	for _, e := range loadExamples(t) {
		d, _ := lookup(folders[e.folder])
		if e.Valid && e.Kind == "" && e.folder+"/"+e.Schema == d.schema {
			b, err := Convert(d.name, Canonical, e.doc)
			if err != nil {
				t.Fatal(err)
			}
			out["canonical of "+e.folder+"/"+e.File] = b
		}
	}
	return out
}

// TestCanonicalRoundTrip converts every canonical example to every dialect
// (in every profile) and back: whatever does not come back must be what the
// dialect's table says it cannot carry. A conversion may instead fail when
// the dialect requires what the envelope lacks, or cannot hold its payload.
func TestCanonicalRoundTrip(t *testing.T) {
	docs := canonicalExamples(t)
	for _, name := range Names()[1:] {
		d, _ := lookup(name)
		profiles := append([]string{""}, Profiles(name)...)
		for _, profile := range profiles {
			var converted, lossless, refused int
			for _, file := range slices.Sorted(mapsKeys(docs)) {
				doc := docs[file]
				r, err := ConvertWith(Canonical, name, doc, Options{Profile: profile, Losses: true})
				var missing *MissingError
				var unfit *UnfitError
				if errors.As(err, &missing) || errors.As(err, &unfit) {
					if testing.Verbose() && profile == "" {
						t.Logf("%s to %s: %v", file, name, err)
					}
					refused++
					continue
				}
				if err != nil {
					t.Errorf("%s to %s %s: %v", file, name, profile, err)
					continue
				}
				converted++
				if vs := mustValidate(t, d.schema, r.Output); len(vs) > 0 {
					t.Errorf("%s to %s: not valid: %v", file, name, vs)
				}
				if profile != "" {
					if vs := mustValidate(t, "scalpel/"+profile+".json", r.Output); len(vs) > 0 {
						t.Errorf("%s to %s: not valid in the %s profile: %v", file, name, profile, vs)
					}
				}
				back, err := Convert(name, Canonical, r.Output)
				if err != nil {
					t.Fatalf("%s back from %s: %v", file, name, err)
				}
				x, _ := parse(doc)
				y, _ := parse(back)
				if !hasSource(x) {
					dropSource(y) // the way back's own record of what canonical's members lack
				}
				var lost []string
				for _, l := range r.Losses {
					lost = append(lost, l.Pointer)
					if strings.Contains(l.Reason, "no documented reason") {
						t.Errorf("%s to %s %s: %v", file, name, profile, l)
					}
				}
				if got := diff(x, y); !slices.Equal(got, lost) {
					t.Errorf("%s to %s and back differs at %q; the losses say %q", file, name, got, lost)
				}
				if len(lost) == 0 {
					lossless++
				}
			}
			t.Logf("%s%s: %d of %d canonical envelopes converted (%d with nothing lost), %d refused",
				name, profileSuffix(profile), converted, len(docs), lossless, refused)
		}
	}
}

func profileSuffix(p string) string {
	if p == "" {
		return ""
	}
	return fmt.Sprintf(" (profile %s)", p)
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// hasSource reports whether v, a canonical envelope as parse returns it,
// has a meta.source.
func hasSource(v any) bool {
	meta, _ := v.(map[string]any)["meta"].(map[string]any)
	_, ok := meta["source"]
	return ok
}

// dropSource removes meta.source from v, a canonical envelope as parse
// returns it, and meta when nothing else is left in it.
func dropSource(v any) {
	env, _ := v.(map[string]any)
	meta, _ := env["meta"].(map[string]any)
	if meta == nil {
		return
	}
	delete(meta, "source")
	if len(meta) == 0 {
		delete(env, "meta")
	}
}
