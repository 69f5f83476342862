package compat_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/compat"
	"github.com/envgen/envgen/gen/validate"
)

var update = flag.Bool("update", false, "rewrite golden/compat/*/want.txt")

// TestGolden compares each case of golden/compat (old.json, new.json) in
// the three modes with its want.txt, and checks every example document the
// report gives with the validators, independently of the comparison: an
// incompatible verdict is only as good as its example.
func TestGolden(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "golden", "compat", "*"))
	if err != nil || len(dirs) < 30 {
		t.Fatalf("want at least 30 cases, found %d (%v)", len(dirs), err)
	}
	kinds := map[string]bool{}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		old, nw := filepath.Join(dir, "old.json"), filepath.Join(dir, "new.json")
		var got strings.Builder
		for _, mode := range []compat.Mode{compat.Backward, compat.Forward, compat.Full} {
			r, err := compat.Compare(compat.Options{Old: old, New: nw, Mode: mode})
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			got.WriteString("## " + string(mode) + "\n")
			got.WriteString(strings.ReplaceAll(r.Text(), dir+string(filepath.Separator), ""))
			for _, c := range r.Changes {
				kinds[c.Kind] = true
				checkWitness(t, name, old, nw, c)
			}
		}
		want := filepath.Join(dir, "want.txt")
		if *update {
			if err := os.WriteFile(want, []byte(got.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		w, err := os.ReadFile(want)
		if err != nil {
			t.Errorf("%s: %v (run make golden)", name, err)
			continue
		}
		if string(w) != got.String() {
			t.Errorf("%s: report differs from want.txt (make golden rewrites it)\n got:\n%s\nwant:\n%s", name, got.String(), w)
		}
	}
	t.Logf("%d cases, %d kinds of change", len(dirs), len(kinds))
}

func checkWitness(t *testing.T, name, old, nw string, c compat.Change) {
	t.Helper()
	vOld, err := validate.New(validate.Options{Schemas: []string{old}})
	if err != nil {
		t.Fatal(err)
	}
	vNew, err := validate.New(validate.Options{Schemas: []string{nw}})
	if err != nil {
		t.Fatal(err)
	}
	valid := func(v *validate.Validator, doc []byte) bool {
		errs, err := v.Validate(doc)
		return err == nil && len(errs) == 0
	}
	if c.Backward == compat.Incompatible && (c.OldOnly == nil || !valid(vOld, c.OldOnly) || valid(vNew, c.OldOnly)) {
		t.Errorf("%s: %s is backward-incompatible, but %s does not show it", name, c.Kind, c.OldOnly)
	}
	if c.Forward == compat.Incompatible && (c.NewOnly == nil || !valid(vNew, c.NewOnly) || valid(vOld, c.NewOnly)) {
		t.Errorf("%s: %s is forward-incompatible, but %s does not show it", name, c.Kind, c.NewOnly)
	}
}

// TestRulesTable checks docs/compat.md: every kind the golden cases produce
// has a row, and every case a row names exists.
func TestRulesTable(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "compat.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 7 || strings.HasPrefix(strings.TrimSpace(cells[1]), "kind") || strings.HasPrefix(cells[1], "---") {
			continue
		}
		for _, k := range strings.Split(cells[1], ",") {
			rows[strings.TrimSpace(k)] = true
		}
		for _, c := range strings.Split(cells[5], ",") {
			c = strings.Trim(strings.TrimSpace(c), "`")
			if c == "" {
				continue
			}
			if _, err := os.Stat(filepath.Join("..", "..", "golden", "compat", c, "want.txt")); err != nil {
				t.Errorf("docs/compat.md names the case %q: %v", c, err)
			}
		}
	}
	wants, _ := filepath.Glob(filepath.Join("..", "..", "golden", "compat", "*", "want.txt"))
	for _, w := range wants {
		data, err := os.ReadFile(w)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			for _, v := range []string{"compatible: ", "incompatible: ", "cannot prove: "} {
				if rest, ok := strings.CutPrefix(line, v); ok {
					kind, _, _ := strings.Cut(rest, " at ")
					if !rows[kind] {
						t.Errorf("%s: kind %q has no row in docs/compat.md", w, kind)
					}
				}
			}
		}
	}
}
