package bundle

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// compactGolden is the compact bundle of toolSchema, what `envgen bundle`
// writes by default.
const compactGolden = "testdata/search-output.compact.json"

// TestCompact checks the compact form against the full one on every example
// envelope: the same verdict, and the same violations, but for those inside
// meta and provenance, which it summarises as open objects; and that it
// keeps the payload's descriptions, drops every other annotation and every
// $defs entry nothing references.
func TestCompact(t *testing.T) {
	compactBytes, err := Bundle(Options{Input: toolSchema, Compact: true})
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(compactGolden, compactBytes, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want, err := os.ReadFile(compactGolden); err != nil || !bytes.Equal(compactBytes, want) {
		t.Errorf("the compact bundle differs from %s (%v); if intended, run\n\tgo test ./gen/bundle -run 'TestGolden|TestCompact' -update", compactGolden, err)
	}
	full := compileAlone(t, bundleSearch(t))
	compact := compileAlone(t, compactBytes)
	// Inside meta and provenance only their being objects is checked.
	summarised := func(v violation) bool {
		for _, p := range []string{"/meta", "/provenance"} {
			if strings.HasPrefix(v.InstancePath, p+"/") || v.InstancePath == p && v.Keyword != "type" {
				return true
			}
		}
		return false
	}
	n := 0
	for _, dir := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob(filepath.Join(examples, dir, "*.json"))
		for _, file := range files {
			base := filepath.Base(file)
			if strings.HasPrefix(base, "request-") || strings.HasPrefix(base, "provenance-") {
				continue
			}
			n++
			instance := readExample(t, file, dir == "invalid")
			want := slices.DeleteFunc(violations(full.Validate(instance)), summarised)
			got := violations(compact.Validate(instance))
			if !slices.Equal(got, want) {
				t.Errorf("%s:\n compact %v\n full    %v", file, got, want)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d examples", n)
	}

	var doc struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(compactBytes, &doc); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(doc.Defs["hit"], []byte(`"description"`)) {
		t.Error("the payload's descriptions are gone")
	}
	for key, def := range doc.Defs {
		if key != "hit" && key != "search_results" && bytes.Contains(def, []byte(`"description"`)) {
			t.Errorf("$defs/%s keeps descriptions", key)
		}
		if bytes.Contains(def, []byte(`"x-envgen`)) {
			t.Errorf("$defs/%s keeps x- annotations", key)
		}
	}
	for _, key := range []string{"meta_pagination", "provenance_artifact"} {
		if _, ok := doc.Defs[key]; ok {
			t.Errorf("$defs/%s is left though nothing references it", key)
		}
	}
	if string(doc.Defs["meta"]) != `{"type":"object"}` && !bytes.Equal(bytes.Join(bytes.Fields(doc.Defs["meta"]), nil), []byte(`{"type":"object"}`)) {
		t.Errorf("meta is not summarised: %s", doc.Defs["meta"])
	}
}
