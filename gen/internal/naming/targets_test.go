package naming

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
)

// add registers t in space at file#pointer; a non-empty name makes it named.
func add(space *model.Space, t model.Type, pointer, name string) model.TypeID {
	c := t.Base()
	c.Loc = model.Location{File: "s.json", Pointer: pointer}
	if name != "" {
		c.Named, c.Name = true, model.Names{Go: name, TS: name}
	}
	return space.Add(t)
}

func TestIdentifiers(t *testing.T) {
	for s, want := range map[string]bool{"Envelope": true, "RequestID": true, "Ünit": true, "envelope": false,
		"X1": true, "1X": false, "": false, "A-B": false, "名前": false} {
		if got := IsGoName(s); got != want {
			t.Errorf("IsGoName(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]bool{"envelope": true, "$x": true, "_": true, "default": true, "名前": true,
		"x-request-id": false, "1st": false, "": false} {
		if got := IsTSIdentifierName(s); got != want {
			t.Errorf("IsTSIdentifierName(%q) = %v", s, got)
		}
	}
	if IsGoPackage("_") || IsGoPackage("my-api") || !IsGoPackage("api") {
		t.Error("IsGoPackage accepts _ or my-api, or refuses api")
	}
}

func TestTypeParams(t *testing.T) {
	space := &model.Space{}
	param := func(anchor string) model.TypeID {
		return add(space, &model.TypeParam{Anchor: anchor}, "/$defs/"+anchor, "")
	}
	one := &model.Object{}
	one.TypeParams = []model.TypeID{param("data")}
	many := &model.Object{}
	many.TypeParams = []model.TypeID{param("items"), param("request_id"), param("--")}
	if got := TypeParams(space, &one.Common); !slices.Equal(got, []string{"T"}) {
		t.Errorf("one parameter: %q", got)
	}
	if got, want := TypeParams(space, &many.Common), []string{"TItems", "TRequestID", "T3"}; !slices.Equal(got, want) {
		t.Errorf("three parameters: %q, want %q", got, want)
	}
}

// TestCheckTargets: what one target refuses, the other may accept; both
// refuse two type parameters with one name.
func TestCheckTargets(t *testing.T) {
	cases := []struct {
		name  string
		space func(s *model.Space)
		goErr string // "" when CheckGo accepts it
		tsErr string
	}{
		{"a caseless name", func(s *model.Space) {
			add(s, &model.Object{}, "", "名前")
		}, `s.json#: Go name "名前" is not an exported Go identifier`, ""},
		{"a TypeScript type's name", func(s *model.Space) {
			add(s, &model.Object{}, "", "Validator")
		}, "", `s.json#: TypeScript name "Validator" is not a usable type name`},
		{"one name twice", func(s *model.Space) {
			add(s, &model.Object{}, "", "Thing")
			add(s, &model.Object{}, "/$defs/b", "Thing")
		}, `s.json#/$defs/b: Go name "Thing" is also used by s.json#`,
			`s.json#/$defs/b: TypeScript name "Thing" is also used by s.json#`},
		{"two type parameters with one name", func(s *model.Space) {
			o := &model.Object{}
			o.TypeParams = []model.TypeID{add(s, &model.TypeParam{Anchor: "a-b"}, "/$defs/x", ""),
				add(s, &model.TypeParam{Anchor: "a_b"}, "/$defs/y", "")}
			add(s, o, "", "Thing")
		}, "two type parameters of Thing are both named TAB", "two type parameters of Thing are both named TAB"},
	}
	check := func(t *testing.T, what string, err error, want string) {
		t.Helper()
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", what, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: %v, want %q", what, err, want)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &model.Space{}
			c.space(s)
			check(t, "CheckGo", CheckGo(s), c.goErr)
			_, err := CheckTS(s)
			check(t, "CheckTS", err, c.tsErr)
		})
	}
}

// TestImportNames: an imported type keeps its name unless a type declared
// here, a type parameter of one, or one imported from a module before its
// own, has it; then the words of its module name it, and a number when they
// are taken too.
func TestImportNames(t *testing.T) {
	s := &model.Space{}
	imp := func(module, name string) model.TypeID {
		o := &model.Object{}
		o.External = &model.Import{TSModule: module}
		return add(s, o, "", name)
	}
	add(s, &model.Object{}, "/$defs/envelope", "Envelope")
	add(s, &model.Object{}, "/$defs/c", "CItem")
	generic := &model.Object{}
	generic.TypeParams = []model.TypeID{add(s, &model.TypeParam{Anchor: "item"}, "/$defs/p", ""),
		add(s, &model.TypeParam{Anchor: "x"}, "/$defs/q", "")}
	add(s, generic, "/$defs/page", "Page")
	ids := []model.TypeID{
		imp("@x/b", "Item"), imp("@x/a", "Item"), imp("@x/c", "Item"), imp("@y/c", "Item"), imp("@z/y/c", "Item"), imp("../w/index.js", "Item"), imp("@q/t", "Item"), imp("@x/t", "TX"),
		imp("@envgen/envelope", "Envelope"), imp("@envgen/envelope", "Warning"),
	}
	declared, err := CheckTS(s)
	if err != nil {
		t.Fatal(err)
	}
	got := declared.ImportNames(s)
	want := map[model.TypeID]string{ // by module: ../w/index.js comes first and keeps Item
		ids[1]: "AItem",
		ids[0]: "BItem",
		ids[2]: "XCItem",         // CItem is declared here
		ids[3]: "YCItem",         // XCItem is taken by @x/c's
		ids[4]: "ZYCItem",        // and YCItem by @y/c's
		ids[6]: "QTItem",         // TItem is a type parameter of Page
		ids[7]: "XTX",            // and so is TX
		ids[8]: "EnvgenEnvelope", // not EnvelopeEnvelope
	}
	if !maps.Equal(got, want) {
		t.Errorf("ImportNames = %v, want %v", got, want)
	}
	if got := importAlias("Item", "@x/b", func(n string) bool { return n != "Item3" }); got != "Item3" {
		t.Errorf("importAlias with all but Item3 taken = %q, want Item3", got)
	}
}

func TestGoStruct(t *testing.T) {
	loc := model.Location{File: "s.json", Pointer: "/properties/x"}
	s := GoStruct{Owner: "Thing"}
	for _, c := range []struct{ field, want string }{
		{"A", ""},
		{"B", ""},
		{"A", "s.json#/properties/x: two fields of Thing are named A"},
		{"Validate", "field Validate of Thing has the name of a method generated code declares"},
		{"", `field name "" is not an exported Go identifier`},
		{"ValidateField", ""},
	} {
		err := s.Field(c.field, loc)
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("Field(%q) = %v, want %q", c.field, err, c.want)
		}
	}
}
