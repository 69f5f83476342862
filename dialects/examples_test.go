package dialects

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/dialects/bmcis"
	"github.com/envgen/envgen/generated/go/dialects/codegraph"
	"github.com/envgen/envgen/generated/go/dialects/foundry"
	"github.com/envgen/envgen/generated/go/dialects/mcpenvelope"
	"github.com/envgen/envgen/generated/go/dialects/scalpel"
)

// folders maps each dialect's folder to its name.
var folders = map[string]string{
	"scalpel": "scalpel", "foundry": "foundry", "mcpenvelope": "mcp-envelope", "codegraph": "codegraph", "bmcis": "bmcis",
}

// example is an entry of <folder>/examples/index.json: one JSON example of
// a seed document, where it comes from, and what is expected of it.
type example struct {
	File    string `json:"file"`
	Section string `json:"section"`
	Line    int    `json:"line"`
	Form    string `json:"form"` // verbatim, instantiated (made JSON by the edits) or derived
	Edits   string `json:"edits"`
	Note    string `json:"note"`
	Kind    string `json:"kind"`   // "schema" for a schema shown in the seed, else an instance
	Schema  string `json:"schema"` // relative to the folder, e.g. payloads.json#/$defs/cursor
	Valid   bool   `json:"valid"`
	Errors  []key  `json:"errors"` // of an invalid example, as a set
	Type    string `json:"type"`   // the generated type, e.g. Envelope
	Profile string `json:"profile"`
	// Losses are the members that do not come back from canonical, exactly.
	Losses []string `json:"losses"`
	// Kept are the members no canonical member carries that come back
	// from canonical all the same, through its meta.source.
	Kept []string `json:"kept"`
	// Missing are the members an invalid envelope lacks that its schema
	// requires, when they are all it lacks and it converts to canonical all
	// the same (an incomplete document); Losses are then the other members
	// the conversion does not carry.
	Missing []string `json:"missing"`

	folder string
	doc    []byte
}

// key is what an expected violation is matched on.
type key struct {
	InstancePath string `json:"instancePath"`
	Keyword      string `json:"keyword"`
}

func keys(vs []Violation) []key {
	out := []key{}
	for _, v := range vs {
		out = append(out, key{v.InstancePath, v.Keyword})
	}
	slices.SortFunc(out, func(a, b key) int { return cmpStrings(a.InstancePath, b.InstancePath, a.Keyword, b.Keyword) })
	return slices.Compact(out)
}

func loadExamples(t *testing.T) []example {
	t.Helper()
	var all []example
	for _, folder := range slices.Sorted(maps.Keys(folders)) {
		b, err := os.ReadFile(filepath.Join(folder, "examples", "index.json"))
		if err != nil {
			t.Fatal(err)
		}
		var idx struct{ Examples []example }
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&idx); err != nil {
			t.Fatalf("%s/examples/index.json: %v", folder, err)
		}
		for _, e := range idx.Examples {
			e.folder = folder
			if e.doc, err = os.ReadFile(filepath.Join(folder, "examples", e.File)); err != nil {
				t.Fatal(err)
			}
			all = append(all, e)
		}
	}
	return all
}

// TestExamplesListed checks that index.json lists each example file once,
// and that every entry says where in the seed it comes from.
func TestExamplesListed(t *testing.T) {
	listed := map[string]bool{}
	for _, e := range loadExamples(t) {
		p := e.folder + "/" + e.File
		if listed[p] {
			t.Errorf("%s is listed twice", p)
		}
		listed[p] = true
		if e.Section == "" || (e.Form != "derived" && e.Line == 0) || !slices.Contains([]string{"verbatim", "instantiated", "derived"}, e.Form) {
			t.Errorf("%s: want a section, a line unless derived, and a form: %+v", p, e)
		}
		if (e.Form == "verbatim") != (e.Edits == "") {
			t.Errorf("%s: a %s example needs edits exactly when it is not verbatim", p, e.Form)
		}
	}
	files, _ := filepath.Glob("*/examples/*.json")
	for _, f := range files {
		if filepath.Base(f) != "index.json" && !listed[filepath.ToSlash(strings.Replace(f, "examples/", "", 1))] {
			t.Errorf("%s is not in its index.json", f)
		}
	}
}

// goTypes are the generated types the examples decode into.
var goTypes = map[string]reflect.Type{}

func init() {
	for _, v := range []any{
		scalpel.Envelope{}, scalpel.Minimal{}, scalpel.Standard{}, scalpel.Verbose{}, scalpel.Debug{}, scalpel.ResponseConfig{},
		foundry.Response{}, mcpenvelope.Envelope{}, codegraph.Envelope{}, bmcis.Envelope{}, bmcis.Request{}, bmcis.Cursor{},
		bmcis.SearchResultIDs{}, bmcis.SearchResultMetadata{}, bmcis.SearchResultPreview{}, bmcis.SearchResultFull{},
		bmcis.VendorInfoIDs{}, bmcis.VendorInfoMetadata{}, bmcis.VendorInfoPreview{}, bmcis.VendorInfoFull{},
	} {
		t := reflect.TypeOf(v)
		goTypes[filepath.Base(t.PkgPath())+"."+t.Name()] = t
	}
}

// TestSeedExamples checks each example against its schema, with the
// validator and with the generated Go type, and each valid envelope through
// canonical and back: the canonical envelope is valid, the losses are the
// expected ones, each has a documented reason, and the way back gives the
// example again exactly when nothing is lost.
func TestSeedExamples(t *testing.T) {
	for _, e := range loadExamples(t) {
		if e.Kind == "schema" {
			continue
		}
		t.Run(e.folder+"/"+e.File, func(t *testing.T) {
			instance, err := parse(e.doc)
			if err != nil {
				t.Fatal(err)
			}
			vs, err := validate(e.folder+"/"+e.Schema, instance)
			if err != nil {
				t.Fatal(err)
			}
			if got := keys(vs); e.Valid != (len(vs) == 0) || (!e.Valid && !reflect.DeepEqual(got, e.Errors)) {
				t.Fatalf("violations %v, want valid %v with %v", got, e.Valid, e.Errors)
			}
			checkGoType(t, e)
			if e.Profile != "" {
				checkProfile(t, e, instance)
			}
			name := folders[e.folder]
			d, _ := lookup(name)
			if e.folder+"/"+e.Schema != d.schema {
				return
			}
			if !e.Valid {
				checkIncomplete(t, e, d)
				return
			}
			checkRoundTrip(t, e, d)
		})
	}
}

func checkGoType(t *testing.T, e example) {
	t.Helper()
	if e.Type == "" {
		return
	}
	typ, ok := goTypes[e.folder+"."+e.Type]
	if !ok {
		t.Fatalf("no generated type %s.%s", e.folder, e.Type)
	}
	v := reflect.New(typ).Interface()
	err := json.Unmarshal(e.doc, v)
	if e.Valid != (err == nil) {
		t.Fatalf("decoding into %s: %v, want valid %v", typ, err, e.Valid)
	}
	if err == nil {
		assertSameJSON(t, "the generated type's encoding", mustJSON(v), e.doc)
	}
}

func checkProfile(t *testing.T, e example, instance any) {
	t.Helper()
	if got := scalpelProfileOf(e.doc); got != e.Profile {
		t.Errorf("profile %q, want %q", got, e.Profile)
	}
	vs, err := validate("scalpel/"+e.Profile+".json", instance)
	if err != nil || len(vs) > 0 {
		t.Errorf("not valid in the %s profile: %v %v", e.Profile, err, vs)
	}
	typ := goTypes["scalpel."+strings.ToUpper(e.Profile[:1])+e.Profile[1:]]
	if err := json.Unmarshal(e.doc, reflect.New(typ).Interface()); err != nil {
		t.Errorf("decoding into %s: %v", typ, err)
	}
}

// checkSource checks the meta.source of a canonical envelope converted
// from dialect: present exactly when something is kept, and naming dialect.
func checkSource(t *testing.T, canonical []byte, dialect string, kept []string) {
	t.Helper()
	var c struct {
		Meta struct {
			Source *struct {
				Convention string `json:"convention"`
			} `json:"source"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(canonical, &c); err != nil {
		t.Fatal(err)
	}
	switch s := c.Meta.Source; {
	case s == nil && len(kept) > 0:
		t.Errorf("members are kept, and the canonical envelope has no meta.source")
	case s != nil && len(kept) == 0:
		t.Errorf("nothing is kept, and the canonical envelope has a meta.source: %s", canonical)
	case s != nil && s.Convention != dialect:
		t.Errorf("meta.source.convention %q, want %q", s.Convention, dialect)
	}
}

func checkRoundTrip(t *testing.T, e example, d *dialect) {
	t.Helper()
	r, err := ConvertWith(d.name, Canonical, e.doc, Options{Losses: true})
	if err != nil {
		t.Fatalf("to canonical: %v", err)
	}
	if vs := mustValidate(t, "canonical:envelope.json", r.Output); len(vs) > 0 {
		t.Fatalf("canonical output is not valid: %v\n%s", vs, r.Output)
	}
	var lost, kept []string
	for _, l := range r.Losses {
		if l.Kept {
			kept = append(kept, l.Pointer)
		} else {
			lost = append(lost, l.Pointer)
		}
		if l.From != d.name || l.To != Canonical || strings.Contains(l.Reason, "no documented reason") {
			t.Errorf("loss without a documented reason: %v", l)
		}
	}
	if !slices.Equal(lost, e.Losses) || !slices.Equal(kept, e.Kept) {
		t.Errorf("losses %q and kept in meta.source %q, want %q and %q", lost, kept, e.Losses, e.Kept)
	}
	checkSource(t, r.Output, d.name, kept)
	back, err := ConvertWith(Canonical, d.name, r.Output, Options{Profile: e.Profile})
	if err != nil {
		t.Fatalf("back from canonical: %v", err)
	}
	if vs := mustValidate(t, d.schema, back.Output); len(vs) > 0 {
		t.Fatalf("the way back is not valid: %v", vs)
	}
	x, _ := parse(e.doc)
	y, _ := parse(back.Output)
	if got := diff(x, y); !slices.Equal(got, lost) {
		t.Errorf("the way back differs at %q, the losses say %q\nback: %s", got, lost, back.Output)
	}
}

// checkIncomplete converts an invalid envelope to canonical: it converts,
// to a valid canonical envelope, when the example lists what it lacks
// (Missing), and the losses report exactly that and the example's Losses;
// otherwise it is refused, as it is invalid.
func checkIncomplete(t *testing.T, e example, d *dialect) {
	t.Helper()
	r, err := ConvertWith(d.name, Canonical, e.doc, Options{Losses: true})
	if e.Missing == nil {
		var inv *InvalidError
		if !errors.As(err, &inv) {
			t.Fatalf("an invalid document that is not just incomplete converts: %v\n%s", err, r.Output)
		}
		return
	}
	if err != nil {
		t.Fatalf("an incomplete document does not convert: %v", err)
	}
	if vs := mustValidate(t, "canonical:envelope.json", r.Output); len(vs) > 0 {
		t.Fatalf("canonical output is not valid: %v\n%s", vs, r.Output)
	}
	var missing, lost []string
	for _, l := range r.Losses {
		if l.Missing {
			missing = append(missing, l.Pointer)
		} else {
			lost = append(lost, l.Pointer)
		}
		if l.From != d.name || l.To != Canonical || strings.Contains(l.Reason, "no documented reason") {
			t.Errorf("loss without a documented reason: %v", l)
		}
	}
	if !slices.Equal(missing, e.Missing) || !slices.Equal(lost, e.Losses) {
		t.Errorf("missing %q and lost %q, want %q and %q", missing, lost, e.Missing, e.Losses)
	}
}

// TestSeedExamplesToEveryDialect converts each valid seed envelope to every
// dialect: the result is valid there, or the conversion says what the
// target cannot hold.
func TestSeedExamplesToEveryDialect(t *testing.T) {
	for _, e := range loadExamples(t) {
		d, _ := lookup(folders[e.folder])
		if !e.Valid || e.Kind == "schema" || e.folder+"/"+e.Schema != d.schema {
			continue
		}
		for _, to := range Names() {
			r, err := ConvertWith(d.name, to, e.doc, Options{Losses: true})
			var missing *MissingError
			var unfit *UnfitError
			switch {
			case errors.As(err, &missing) || errors.As(err, &unfit):
				continue
			case err != nil:
				t.Errorf("%s/%s to %s: %v", e.folder, e.File, to, err)
				continue
			}
			dt, _ := lookup(to)
			if vs := mustValidate(t, dt.schema, r.Output); len(vs) > 0 {
				t.Errorf("%s/%s to %s: not valid: %v", e.folder, e.File, to, vs)
			}
		}
	}
}

func mustValidate(t *testing.T, loc string, doc []byte) []Violation {
	t.Helper()
	v, err := parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := validate(loc, v)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

func assertSameJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	x, err1 := parse(got)
	y, err2 := parse(want)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v %v", what, err1, err2)
	}
	if d := diff(x, y); len(d) > 0 {
		t.Errorf("%s differs at %q:\n%s", what, d, got)
	}
}
