package dialects

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated tables of docs/dialects.md and the TypeScript test data in ts/testdata")

const docsFile = "../docs/dialects.md"

// TestDocsTables checks that docs/dialects.md holds, between its markers,
// the tables this package's rules and example indexes make: what each
// direction cannot carry, and where each example comes from. With -update
// it rewrites them.
func TestDocsTables(t *testing.T) {
	b, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	examples := loadExamples(t)
	for _, d := range registry[1:] {
		folder := folderOf(d.name)
		doc = replaceSection(t, doc, "rules:"+folder, rulesTable(d))
		var rows []string
		for _, e := range examples {
			if e.folder == folder {
				rows = append(rows, exampleRow(e))
			}
		}
		doc = replaceSection(t, doc, "examples:"+folder, "| File | Seed section (line) | Form | Checked against | Verdict | Lost through canonical |\n|---|---|---|---|---|---|\n"+strings.Join(rows, ""))
	}
	if doc == string(b) {
		return
	}
	if *update {
		if err := os.WriteFile(docsFile, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date: run go test ./dialects -run TestDocsTables -update", docsFile)
}

func folderOf(name string) string {
	for folder, n := range folders {
		if n == name {
			return folder
		}
	}
	return name
}

func rulesTable(d *dialect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| Direction | Member | Not carried, or changed, because |\n|---|---|---|\n")
	for _, r := range d.toRules {
		fmt.Fprintf(&b, "| %s → canonical | `%s` | %s |\n", d.name, r.pattern, cell(r.reason))
	}
	for _, r := range d.fromRules {
		fmt.Fprintf(&b, "| canonical → %s | `%s` | %s |\n", d.name, r.pattern, cell(r.reason))
	}
	for _, p := range Profiles(d.name) {
		for _, r := range d.profileRules[p] {
			fmt.Fprintf(&b, "| canonical → %s, profile %s | `%s` | %s |\n", d.name, p, r.pattern, cell(r.reason))
		}
	}
	return b.String()
}

func exampleRow(e example) string {
	section := e.Section
	if e.Line > 0 {
		section = fmt.Sprintf("%s (%d)", section, e.Line)
	}
	form := e.Form
	if e.Edits != "" {
		form += ": " + e.Edits
	}
	if e.Note != "" {
		form += " (" + e.Note + ")"
	}
	verdict, schema, lost := "valid", "`"+e.Schema+"`", "—"
	switch {
	case e.Kind == "schema":
		verdict, schema = "a schema", "see Verdicts"
	case !e.Valid:
		var ks []string
		for _, k := range e.Errors {
			ks = append(ks, fmt.Sprintf("`%s` %s", "#"+k.InstancePath, k.Keyword))
		}
		verdict = "invalid: " + strings.Join(ks, ", ")
		if e.Missing != nil {
			verdict += "; converts to canonical without `" + strings.Join(e.Missing, "`, `") + "`"
			lost = "nothing"
			if len(e.Losses) > 0 {
				lost = "`" + strings.Join(e.Losses, "`, `") + "`"
			}
		}
	case len(e.Kept) > 0 && len(e.Losses) == 0:
		lost = "nothing; through `meta.source`: `" + strings.Join(e.Kept, "`, `") + "`"
	case e.Losses != nil && len(e.Losses) == 0:
		lost = "nothing"
	case e.Losses != nil:
		lost = "`" + strings.Join(e.Losses, "`, `") + "`"
	}
	return fmt.Sprintf("| `%s` | %s | %s | %s | %s | %s |\n", e.File, cell(section), cell(form), schema, verdict, lost)
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// replaceSection replaces what is between <!-- name --> and <!-- /name -->.
func replaceSection(t *testing.T, doc, name, body string) string {
	t.Helper()
	re := regexp.MustCompile(`(?s)(<!-- ` + regexp.QuoteMeta(name) + ` -->\n).*?(<!-- /` + regexp.QuoteMeta(name) + ` -->)`)
	if !re.MatchString(doc) {
		t.Fatalf("%s has no section %s", docsFile, name)
	}
	return re.ReplaceAllLiteralString(doc, "<!-- "+name+" -->\n"+body+"<!-- /"+name+" -->")
}
