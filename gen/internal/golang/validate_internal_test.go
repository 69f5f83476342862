package golang

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
)

// TestPathsFill: the schema paths of a check function are placeholders
// until resolve has seen them all; fill then writes each as resolve spelt
// it, p+"/…" when the function declares p, pp+"…" under its properties when
// it declares pp, else the literal, whatever the number of paths
// (placeholders of two digits and more) and text between.
func TestPathsFill(t *testing.T) {
	const prefix = "a.json#/$defs/thing"
	collect := func(n int, outside bool) (*paths, string) {
		ps := &paths{prefix: prefix}
		var text strings.Builder
		text.WriteString("start ")
		for i := range n {
			mark := pathMark + strconv.Itoa(len(ps.lits)) + pathMark
			ps.lits = append(ps.lits, prefix+"/items/p"+strconv.Itoa(i)+"/type")
			text.WriteString("s.Is(c, " + mark + ")\n")
		}
		if outside {
			mark := pathMark + strconv.Itoa(len(ps.lits)) + pathMark
			ps.lits = append(ps.lits, "b.json#/type")
			text.WriteString(mark)
		}
		return ps, text.String()
	}

	ps, text := collect(1, true)
	if decl := ps.resolve(); decl != "" {
		t.Errorf("one path under the prefix declares %q; it would not save a byte", decl)
	}
	want := "start s.Is(c, \"" + prefix + "/items/p0/type\")\n\"b.json#/type\""
	if got := ps.fill(text); got != want {
		t.Errorf("fill = %q, want %q", got, want)
	}

	ps, text = collect(12, true)
	if decl, want := ps.resolve(), `const p = "`+prefix+`"`; decl != want {
		t.Errorf("resolve = %q, want %q", decl, want)
	}
	got := ps.fill(text)
	if strings.Contains(got, pathMark) {
		t.Fatalf("a placeholder is left: %q", got)
	}
	for i := range 12 {
		if w := `s.Is(c, p+"/items/p` + strconv.Itoa(i) + `/type")`; !strings.Contains(got, w) {
			t.Errorf("fill wrote no %s in %q", w, got)
		}
	}
	if !strings.HasPrefix(got, "start ") || !strings.HasSuffix(got, `)`+"\n"+`"b.json#/type"`) {
		t.Errorf("fill changed the text around the paths: %q", got)
	}
	if got := ps.fill("no paths"); got != "no paths" {
		t.Errorf("fill of a text without paths = %q", got)
	}

	// Under the properties: pp from three paths on, p+"/properties/…" below.
	for n, want := range map[int]string{2: `p+"/properties/a/type"`, 3: `pp+"a/type"`} {
		ps := &paths{prefix: prefix}
		var text strings.Builder
		for i := range n {
			text.WriteString(pathMark + strconv.Itoa(len(ps.lits)) + pathMark + "\n")
			ps.lits = append(ps.lits, prefix+"/properties/"+string(rune('a'+i))+"/type")
		}
		text.WriteString(pathMark + strconv.Itoa(len(ps.lits)) + pathMark)
		ps.lits = append(ps.lits, prefix+"/properties") // not under pp
		decl := ps.resolve()
		got := ps.fill(text.String())
		wantDecl := `const p = "` + prefix + `"`
		if n == 3 {
			wantDecl += "\n" + `const pp = p + "/properties/"`
		}
		if decl != wantDecl || !strings.HasPrefix(got, want+"\n") || !strings.HasSuffix(got, "\n"+`p+"/properties"`) {
			t.Errorf("%d paths under the properties: resolve = %q, fill = %q", n, decl, got)
		}
	}
}

// TestRestZero: restZero answers as reflect.Value.IsZero of the checks
// without the keywords a leaf (or an array leaf) may have, for checks with
// any one field set, so that a keyword added to model.Checks and not to
// restZero fails here rather than making a schema with it a leaf.
func TestRestZero(t *testing.T) {
	want := func(c *model.Checks) (leaf, array bool) {
		rest := *c
		rest.Types, rest.Enum, rest.Format = nil, nil, ""
		rest.MinLength, rest.MaxLength, rest.MinItems, rest.MaxItems, rest.MinProperties, rest.MaxProperties = nil, nil, nil, nil, nil, nil
		rest.Minimum, rest.Maximum, rest.ExclusiveMinimum, rest.ExclusiveMaximum = nil, nil, nil, nil
		leaf = reflect.ValueOf(&rest).Elem().IsZero()
		rest = *c
		rest.Types, rest.Items = nil, nil
		return leaf, reflect.ValueOf(&rest).Elem().IsZero()
	}
	check := func(name string, c *model.Checks) {
		leaf, array := restZero(c)
		if wl, wa := want(c); leaf != wl || array != wa {
			t.Errorf("%s: restZero = %v, %v; want %v, %v", name, leaf, array, wl, wa)
		}
	}
	check("no keyword", &model.Checks{})
	typ := reflect.TypeFor[model.Checks]()
	for i := range typ.NumField() {
		var c model.Checks
		v := reflect.ValueOf(&c).Elem().Field(i)
		switch v.Kind() {
		case reflect.Pointer:
			v.Set(reflect.New(v.Type().Elem()))
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0)) // present, though empty
		case reflect.String:
			v.SetString("x")
		case reflect.Bool:
			v.SetBool(true)
		default:
			t.Fatalf("model.Checks.%s: a %s, which this test cannot set", typ.Field(i).Name, v.Kind())
		}
		check(typ.Field(i).Name, &c)
	}
}

// TestStops: s.Stops takes call's parenthesized expressions without their
// outer parentheses, and only when one pair encloses all, string literals
// (schema paths, patterns) read over.
func TestStops(t *testing.T) {
	for _, c := range []struct{ ok, want string }{
		{"checkX(s, c)", "s.Stops(checkX(s, c))"},
		{"(s.IsNull(c) || checkX(s, c))", "s.Stops(s.IsNull(c) || checkX(s, c))"},
		{"(s.IsNull(c)) || (checkX(s, c))", "s.Stops((s.IsNull(c)) || (checkX(s, c)))"},
		{`(s.Is(c, "a#/x)(/type") && s.Enum(c, "p", ")", "\"("))`, `s.Stops(s.Is(c, "a#/x)(/type") && s.Enum(c, "p", ")", "\"("))`},
		{"(s.Match(c, `)`)) || (a)", "s.Stops((s.Match(c, `)`)) || (a))"},
		{"valid", "s.Stops(valid)"},
	} {
		if got := stops(c.ok); got != c.want {
			t.Errorf("stops(%s) = %s, want %s", c.ok, got, c.want)
		}
	}
}
