package gen_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

// namingSchema collides on purpose: two nested $defs with one key, a
// $defs/root beside a root titled Root, keys with no letters, members whose
// Go names meet, and members no struct tag can carry.
const namingSchema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Root","type":"object",
 "properties":{"URL":{"type":"string"},"url":{"type":"string"},"a_b":{"type":"integer"},"aB":{"type":"integer"},
  "":{"type":"string"},"a,omitempty":{"type":"string"},"$schema":{"type":"string"},"schema":{"type":"string"},
  "s":{"$ref":"#/$defs/stringList"},"n":{"$ref":"#/$defs/numberList"},"t":{"$ref":"#/$defs/~1~1"},
  "e":{"$ref":"#/$defs/"},"d":{"$ref":"#/$defs/123"},"r":{"$ref":"#/$defs/root"}%s},
 "$defs":{"stringList":{"type":"array","items":{"$ref":"#/$defs/stringList/$defs/itemType"},"$defs":{"itemType":{"type":"string"}}},
  "numberList":{"type":"array","items":{"$ref":"#/$defs/numberList/$defs/itemType"},"$defs":{"itemType":{"type":"number"}}},
  "//":{"type":"object","properties":{"x":{"type":"string"}}},"":{"type":"object"},"123":{"type":"object"},
  "root":{"type":"object","properties":{"z":{"type":"string"}}}%s}}`

var goDecl = regexp.MustCompile(`(?m)^type (\S+) |^\t(\S+) +\S+ +` + "`" + `json:"([^"]*)"`)

// generateNames generates Go for schema and returns its type names and
// "field=tag" pairs, sorted.
func generateNames(t *testing.T, schema string, names map[string]string) ([]string, error) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	if err := os.WriteFile(file, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	for loc, name := range names {
		delete(names, loc)
		names[file+loc] = name
	}
	files, err := gen.Generate(gen.Options{Inputs: []string{file}, NoCanonical: true, GoOut: dir, GoPackage: "s", TSOut: dir, Names: names})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f.Path, "s.go") {
			for _, m := range goDecl.FindAllStringSubmatch(string(f.Content), -1) {
				if m[1] != "" {
					out = append(out, m[1])
				} else {
					out = append(out, m[2]+"="+m[3])
				}
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

func TestNamingNeverRefuses(t *testing.T) {
	got, err := generateNames(t, strings.ReplaceAll(strings.ReplaceAll(namingSchema, "%s", ""), "\n", ""), map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Root", "SRoot", "StringListItemType", "NumberListItemType", "SlashSlash", "Empty", "X123",
		"URL=URL,omitzero", "Url=url,omitzero", "A_b=a_b,omitzero", "AB=aB,omitzero", "Dollarschema=$schema,omitzero",
		"Schema=schema,omitzero", "Empty=-", "AOmitempty=-"} {
		if !slices.Contains(got, want) {
			t.Errorf("no %s in %v", want, got)
		}
	}

	// Names are stable: an unrelated type added elsewhere renames nothing.
	more, err := generateNames(t, strings.Replace(strings.Replace(namingSchema, "%s", `,"w":{"$ref":"#/$defs/other"}`, 1),
		"%s", `,"other":{"type":"object","properties":{"q":{"type":"string"}}}`, 1), map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range got {
		if !slices.Contains(more, name) {
			t.Errorf("adding an unrelated type lost %s", name)
		}
	}
}

func TestNameOverrides(t *testing.T) {
	schema := `{"type":"object","properties":{"id":{"type":"string"}},"$defs":{"x":{"type":"string"}}}`
	got, err := generateNames(t, schema, map[string]string{"#/properties/id": "Identifier", "#/$defs/x": "Ex"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(got, "Identifier=id,omitzero") || !slices.Contains(got, "Ex") {
		t.Errorf("overrides not applied: %v", got)
	}
	got, err = generateNames(t, `{"type":"object","properties":{"id":{"type":"string","x-go-name":"Ident"}}}`, map[string]string{})
	if err != nil || !slices.Contains(got, "Ident=id,omitzero") {
		t.Errorf("x-go-name on a property: %v, %v", got, err)
	}
	_, err = generateNames(t, schema, map[string]string{"#/$defs/nope": "Nope"})
	if err == nil || !strings.Contains(err.Error(), "#/$defs/nope") {
		t.Errorf("an override at no location: err = %v", err)
	}
}

// TestTSName: x-ts-name names the TypeScript type, x-go-name the Go one.
func TestTSName(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.json")
	schema := `{"type":"object","properties":{"w":{"$ref":"#/$defs/w"}},` +
		`"$defs":{"w":{"type":"object","x-ts-name":"Widget","x-go-name":"GoWidget"}}}`
	if err := os.WriteFile(file, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := gen.Generate(gen.Options{Inputs: []string{file}, NoCanonical: true, GoOut: dir, GoPackage: "t", TSOut: dir})
	if err != nil {
		t.Fatal(err)
	}
	var goSrc, tsSrc string
	for _, f := range files {
		switch filepath.Base(f.Path) {
		case "t.go":
			goSrc = string(f.Content)
		case "t.ts":
			tsSrc = string(f.Content)
		}
	}
	if !strings.Contains(goSrc, "type GoWidget ") || !strings.Contains(tsSrc, "export type Widget ") && !strings.Contains(tsSrc, "export interface Widget ") {
		t.Errorf("x-ts-name/x-go-name not applied:\n%s\n%s", goSrc, tsSrc)
	}
}

// TestPerTarget: a name only Go cannot declare fails a Go run, not a
// TypeScript-only one.
func TestPerTarget(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "u.json")
	if err := os.WriteFile(file, []byte(`{"type":"object","properties":{"w":{"$ref":"#/$defs/w"}},"$defs":{"w":{"type":"object","x-go-name":"widget"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := gen.Generate(gen.Options{Inputs: []string{file}, NoCanonical: true, TSOut: dir}); err != nil {
		t.Errorf("TypeScript-only: %v", err)
	}
	if _, err := gen.Generate(gen.Options{Inputs: []string{file}, NoCanonical: true, GoOut: dir, GoPackage: "u"}); err == nil {
		t.Error("Go accepted the type name widget")
	}
}

// TestEnumConstantMeetsType: an enum constant whose name a type has already
// is named after TypeName + "Value" instead of refusing the schema.
func TestEnumConstantMeetsType(t *testing.T) {
	got, err := generateNames(t, `{"type":"object","properties":{"s":{"$ref":"#/$defs/severity"},"w":{"$ref":"#/$defs/severityWarning"}},`+
		`"$defs":{"severity":{"enum":["warning","error"]},"severityWarning":{"type":"object"}}}`, map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(got, "SeverityWarning") || !slices.Contains(got, "Severity") {
		t.Errorf("types: %v", got)
	}
}

// TestNullableNames: the non-null type of "T or null" is named by the naming
// rule like every nested type, never by an escaped pointer
// (CycleX_2f_oneOf_2f_1) or its last token (X1): after the alias declared for
// the root or $defs entry, as the union branch it is (CycleVariant2); met
// only by reference, after the $defs key of the whole schema (Bar).
// golden/anonymous-cycle has an anonymous type that contains itself named so
// (CycleVariant2).
func TestNullableNames(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "cycle.json")
	other := filepath.Join(dir, "other.json")
	write := func(path, s string) {
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(root, `{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"Cycle",
		"oneOf":[{"type":"null"},{"type":"array","items":{"anyOf":[{"$ref":"#"},{"$ref":"#/$defs/foo"},{"$ref":"other.json#/$defs/bar"}]}}],
		"$defs":{"foo":{"anyOf":[{"type":"object","properties":{"f":{"type":"string"}}},{"type":"null"}]}}}`)
	write(other, `{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{"bar":{"oneOf":[{"type":"null"},{"type":"object","properties":{"b":{"type":"string"}}}]}}}`)
	files, err := gen.Generate(gen.Options{Inputs: []string{root}, NoCanonical: true, GoOut: dir, GoPackage: "s", TSOut: dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		for _, m := range regexp.MustCompile(`(?m)^type (\S+) `).FindAllStringSubmatch(string(f.Content), -1) {
			got = append(got, m[1])
		}
	}
	slices.Sort(got)
	want := []string{"Bar", "Cycle", "CycleVariant2Item", "Foo", "FooVariant1"}
	if !slices.Equal(got, want) {
		t.Errorf("Go types %v, want %v", got, want)
	}
}

// TestNamingWithoutEscapes: types whose context words run out (two branches
// of one oneOf with one title, members that differ only in case or
// punctuation, one $defs key under a keyword) are told apart by the words
// of their whole pointer, never by a pointer escaped letter for letter
// (ArgsX_2f_definitions_2f_…, as SchemaStore's cargo-make, jscpd, tslint,
// webextension and sil-kit-participant-configuration were named).
func TestNamingWithoutEscapes(t *testing.T) {
	schema := `{"title":"Root","type":"object","properties":{
	 "max-size":{"type":"object","properties":{"a":{"type":"string"}}},
	 "maxSize":{"type":"object","properties":{"b":{"type":"string"}}},
	 "SchemaVersion":{"type":"object","properties":{"c":{"type":"string"}}},
	 "schemaVersion":{"type":"object","properties":{"d":{"type":"string"}}},
	 "run":{"oneOf":[{"title":"Run","type":"object","properties":{"x":{"type":"string"}},"required":["x"]},
	                 {"title":"Run","type":"object","properties":{"y":{"type":"integer"}},"required":["y"]}]},
	 "bs":{"$ref":"#/$defs/browser_style"},"bs2":{"$ref":"#/else/$defs/browser_style"}},
	 "$defs":{"browser_style":{"type":"object","properties":{"e":{"type":"string"}}}},
	 "else":{"$defs":{"browser_style":{"type":"object","properties":{"f":{"type":"string"}}}}}}`
	got, err := generateNames(t, strings.ReplaceAll(schema, "\n", ""), map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, name := range got {
		if !strings.Contains(name, "=") {
			types = append(types, name)
		}
	}
	want := []string{"BrowserStyle", "ElseBrowserStyle", "Root", "RootMaxDashsize", "RootMaxSize", "RootRun",
		"RootXSchemaVersion", "RootXschemaVersion", "RunRunVariant1", "RunRunVariant2"}
	if !slices.Equal(types, want) {
		t.Errorf("Go types %v, want %v", types, want)
	}
}

// TestTagStartingWithDigit: a branch of a discriminated union is called
// after its tag, and a tag that starts with a digit gets an X, as a key
// does (SchemaStore's lsdlschema, tags "4.1.0" …, was refused: field name
// "410" is not an exported Go identifier).
func TestTagStartingWithDigit(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.json")
	branch := `{"type":"object","properties":{"version":{"const":"%s"}},"required":["version"]}`
	schema := `{"title":"Doc","oneOf":[` + strings.ReplaceAll(branch, "%s", "4.1.0") + "," + strings.ReplaceAll(branch, "%s", "4.0.0") + `]}`
	if err := os.WriteFile(file, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := gen.Generate(gen.Options{Inputs: []string{file}, NoCanonical: true, GoOut: dir, GoPackage: "s", TSOut: dir})
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		all.Write(f.Content)
	}
	for _, want := range []string{"\tX410 *", "\tX400 *"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("no %q in the Go", want)
		}
	}
}

// TestRepeatedWordNames: a word that nested types repeat is counted from
// three on (RootXItem3), a pair is kept (RootYItemItem), and a count that
// meets a member's own name (xItem3) is qualified like any other collision:
// every name distinct, the same every run.
func TestRepeatedWordNames(t *testing.T) {
	obj := func(p string) string { return `{"type":"object","properties":{"` + p + `":{"type":"string"}}}` }
	arr := func(items string) string { return `{"type":"array","items":` + items + `}` }
	schema := `{"title":"Root","type":"object","properties":{"x":` + arr(arr(arr(obj("a")))) +
		`,"y":` + arr(arr(obj("b"))) + `,"xItem3":` + obj("c") + `,"z":` + arr(arr(arr(arr(obj("d"))))) + `}}`
	first, err := generateNames(t, schema, nil)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, n := range first {
		if !strings.Contains(n, "=") {
			types = append(types, n)
		}
	}
	want := []string{"Root", "RootXItem3", "RootXItemItemItems", "RootYItemItem", "RootZItem4"}
	if !slices.Equal(types, want) {
		t.Errorf("got types %q\nwant %q", types, want)
	}
	for range 5 {
		again, err := generateNames(t, schema, nil)
		if err != nil || !slices.Equal(again, first) {
			t.Fatalf("another run gave %q (%v), the first %q", again, err, first)
		}
	}
}
