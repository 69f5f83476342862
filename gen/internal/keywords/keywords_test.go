package keywords

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// root is the repository, from this package's folder.
var root = filepath.Join("..", "..", "..")

func read(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestRegistryKeywordsOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Registry() {
		for _, k := range e.Keywords {
			if seen[k] {
				t.Errorf("%s is in two entries", k)
			}
			seen[k] = true
		}
	}
	// Every keyword docs/validation.md says is checked has an entry.
	doc := read(t, "docs/validation.md")
	checked := doc[strings.Index(doc, "## What is checked"):strings.Index(doc, "- Numbers:")]
	for _, m := range regexp.MustCompile("`([$a-zA-Z]+)`").FindAllStringSubmatch(checked, -1) {
		if !seen[m[1]] {
			t.Errorf("docs/validation.md says %s is checked; the registry has no entry for it", m[1])
		}
	}
}

func TestDiff(t *testing.T) {
	emitters := map[string]int{}
	for _, e := range Registry() {
		emitters[e.Name()] = 1
	}
	if missing, extra := Diff(emitters); len(missing)+len(extra) > 0 {
		t.Fatalf("missing %v, extra %v", missing, extra)
	}
	delete(emitters, "pattern")
	emitters["patterns"] = 1
	missing, extra := Diff(emitters)
	if !slices.Equal(missing, []string{"pattern"}) || !slices.Equal(extra, []string{"patterns"}) {
		t.Errorf("missing %v, extra %v; want [pattern], [patterns]", missing, extra)
	}
	defer func() {
		if recover() == nil {
			t.Error("Ordered took emitters that are not the registry's")
		}
	}()
	Ordered(emitters)
}

func TestOrderedFollowsRegistry(t *testing.T) {
	emitters := map[string]string{}
	for _, e := range Registry() {
		emitters[e.Name()] = e.Name()
	}
	for i, s := range Ordered(emitters) {
		if s.Emit != registry[i].Name() || s.Instance != registry[i].Instance {
			t.Errorf("slot %d is %s, want %s", i, s.Emit, registry[i].Name())
		}
	}
}

// TestFormatsInRuntimes finds, for each format, envgenrt.Is<Func> in Go
// and rt.is<Func> in the TypeScript runtime, and no check of another format.
func TestFormatsInRuntimes(t *testing.T) {
	var want []string
	for _, name := range Formats() {
		fn, ok := FormatFunc(name)
		if !ok {
			t.Fatalf("FormatFunc(%q) is missing", name)
		}
		want = append(want, fn)
	}
	slices.Sort(want)

	file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "envgenrt", "format.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var goFuncs []string
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.IsExported() && strings.HasPrefix(fd.Name.Name, "Is") {
			goFuncs = append(goFuncs, strings.TrimPrefix(fd.Name.Name, "Is"))
		}
	}
	slices.Sort(goFuncs)
	if !slices.Equal(goFuncs, want) {
		t.Errorf("envgenrt/format.go checks %v, the registry's formats are %v", goFuncs, want)
	}

	ts := read(t, "templates/runtime/envgen.ts")
	ts = ts[strings.Index(ts, "// Formats, checked"):]
	var tsFuncs []string
	for _, m := range regexp.MustCompile(`export function is(\w+)\(`).FindAllStringSubmatch(ts, -1) {
		tsFuncs = append(tsFuncs, m[1])
	}
	slices.Sort(tsFuncs)
	if !slices.Equal(tsFuncs, want) {
		t.Errorf("templates/runtime/envgen.ts checks %v, the registry's formats are %v", tsFuncs, want)
	}
}

// TestRuntimeMessages finds the messages the runtimes write themselves,
// spelled as the registry spells them, in both.
func TestRuntimeMessages(t *testing.T) {
	goState := read(t, "envgenrt/state.go")
	ts := read(t, "templates/runtime/envgen.ts")
	if !strings.Contains(goState, `"`+MaxErrorsFmt+`"`) {
		t.Errorf("envgenrt/state.go does not say %q", MaxErrorsFmt)
	}
	if tsText := strings.Replace(MaxErrorsFmt, "%d", "${maxErrors}", 1); !strings.Contains(ts, "`"+tsText+"`") {
		t.Errorf("templates/runtime/envgen.ts does not say %q", tsText)
	}
	if !strings.Contains(ts, `"`+FalseText+`"`) {
		t.Errorf("templates/runtime/envgen.ts does not say %q", FalseText)
	}
}

// samples are one message of each kind, as docs/validation.md lists them.
var samples = []struct {
	keyword string
	msg     Message
}{
	{"type", Type([]string{"string", "null"})},
	{"enum", Enum([]string{`"ok"`, `"partial"`})},
	{"enum", Enum(nil)},
	{"const", Const(`"error"`)},
	{"minLength", MinLength(1)},
	{"maxLength", MaxLength(100)},
	{"pattern", Pattern("^[a-z]+$")},
	{"format", Format("date-time")},
	{"minimum", Minimum("1")},
	{"maximum", Maximum("100")},
	{"exclusiveMinimum", ExclusiveMinimum("0")},
	{"exclusiveMaximum", ExclusiveMaximum("1")},
	{"multipleOf", MultipleOf("0.01")},
	{"items", ItemsFalse(2)},
	{"contains, minContains", MinContains(1)},
	{"maxContains", MaxContains(2)},
	{"minItems", MinItems(1)},
	{"maxItems", MaxItems(10)},
	{"uniqueItems", UniqueItems()},
	{"additionalProperties, unevaluatedProperties", UnexpectedProperty()},
	{"unevaluatedItems", UnexpectedItem()},
	{"required", Required("data")},
	{"minProperties", MinProperties(1)},
	{"maxProperties", MaxProperties(20)},
	{"dependentRequired", DependentRequired("b", "a")},
	{"anyOf", AnyOf()},
	{"oneOf", OneOf()},
	{"not", Not()},
	{"false", False()},
}

// TestDocsListMessages: docs/validation.md lists every message.
func TestDocsListMessages(t *testing.T) {
	var b strings.Builder
	b.WriteString("| keyword | message |\n|---|---|\n")
	for _, s := range samples {
		b.WriteString("| `" + strings.ReplaceAll(s.keyword, ", ", "`, `") + "` | `" + s.msg.String() + "` |\n")
	}
	if doc := read(t, "docs/validation.md"); !strings.Contains(doc, b.String()) {
		t.Errorf("docs/validation.md does not list the messages; it wants this table:\n%s", b.String())
	}
}

func TestMessages(t *testing.T) {
	for _, c := range []struct {
		msg  Message
		want string
	}{
		{Type([]string{"string", "null"}), "must be string or null, not <type>"},
		{Enum([]string{`"a<b"`, `1.50`, `{"b":1,"a":[true,null]}`}), `must be one of "a<b", 1.50, {"a":[true,null],"b":1}`},
		{Enum(strings.Split("1 2 3 4 5 6 7 8 9 10 11 12", " ")), "must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …"},
		{Pattern(`^"a"\d`), `must match the pattern "^\"a\"\\d"`},
		{MinLength(1), "must be at least 1 character long"},
		{MinProperties(2), "must have at least 2 properties"},
		{UniqueItems(), "must not have equal items, but items <n> and <n> are equal"},
	} {
		if got := c.msg.String(); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	if _, ok := UniqueItems().Plain(); ok {
		t.Error("UniqueItems has holes")
	}
	if got := UniqueItems().Holes(); !slices.Equal(got, []Hole{Int, Int}) {
		t.Errorf("UniqueItems holes %v", got)
	}
	if got := Quote("a\u2028\x01\"é<"); got != "\"a\u2028\\u0001\\\"é<\"" {
		t.Errorf("Quote: %s", got)
	}
}
