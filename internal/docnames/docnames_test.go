package docnames

import (
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/envgen/envgen"

// packages are the folders whose package comments are checked.
// gen/internal/golang is not among them: its comment shows the Go it
// generates (SearchResult, DecodeNode …), names no package of envgen
// declares. Neither is this package, whose comment is made of examples.
var packages = []string{
	"envgenrt", "serve", "dialects", "schemas", "templates",
	"gen", "gen/bundle", "gen/output", "gen/config",
	"gen/internal/load", "gen/internal/lower", "gen/internal/model", "gen/internal/naming",
	"gen/internal/typescript", "gen/internal/checkplan", "gen/internal/doctext",
	"cmd/envgen", "cmd/envgen/internal/cli", "cmd/envgen/internal/bootstrap",
	"internal/reference", "internal/contract", "internal/downstream",
	"conformance", "conformance/harness", "conformance/suite", "conformance/typescript", "conformance/cmd/jsts",
}

// outside are CamelCase words that name no Go declaration of envgen: other
// languages' and projects' names, and methods generated code declares.
var outside = []string{"Go", "TypeScript", "JavaScript", "JSDoc", "GitHub", "SchemaStore", "MarshalJSON", "UnmarshalJSON", "UnmarshalJSONFrom"}

func TestPackageDocNames(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	cache := map[string]*pkg{}
	load := func(rel string) *pkg {
		if p, ok := cache[rel]; ok {
			return p
		}
		p := parse(t, filepath.Join(root, filepath.FromSlash(rel)))
		cache[rel] = p
		return p
	}
	for _, rel := range packages {
		p := load(rel)
		if want := "Package " + p.name + " "; p.name == "main" {
			if !strings.HasPrefix(p.doc, "Command ") {
				t.Errorf("%s: the package comment does not start \"Command \"", rel)
			}
		} else if !strings.HasPrefix(p.doc, want) {
			t.Errorf("%s: the package comment does not start %q", rel, want)
		}
		for _, ref := range names(p.doc) {
			if msg := p.resolve(ref, load); msg != "" {
				t.Errorf("%s: the package comment names %s, %s", rel, ref.text, msg)
			}
		}
	}
}

// The rule finds a misnamed function and accepts a real one.
func TestRuleCatchesMissingNames(t *testing.T) {
	p := &pkg{name: "envgenrt", decls: map[string]bool{"CanonicalJSON": true, "Null": true, "Tree": true, "Tree.Pointer": true}}
	doc := "Package envgenrt: [Null], Tree.Pointer, `CanonicalJSON` and RawJSON, SplitExtra(), [Tree.Root], `Missing` (Null, Discriminator), \"QuotedName\".\n\n\tcode.Block(IgnoredHere)\n"
	var missing []string
	for _, ref := range names(doc) {
		if p.resolve(ref, nil) != "" {
			missing = append(missing, ref.text)
		}
	}
	if want := []string{"RawJSON", "SplitExtra", "Tree.Root", "Missing", "Discriminator"}; !slices.Equal(sorted(missing), sorted(want)) {
		t.Errorf("missing %q, want %q", missing, want)
	}
}

func sorted(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }

// pkg is what a package declares.
type pkg struct {
	name    string
	doc     string
	decls   map[string]bool   // "Name", and "Type.Member" for methods and fields
	imports map[string]string // package name → import path
}

func parse(t *testing.T, dir string) *pkg {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, tests := range []bool{false, true} { // a package of tests alone: its tests
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") && strings.HasSuffix(e.Name(), "_test.go") == tests {
				files = append(files, e.Name())
			}
		}
		if len(files) > 0 {
			break
		}
	}
	p := &pkg{decls: map[string]bool{}, imports: map[string]string{}}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		p.name = strings.TrimSuffix(f.Name.Name, "_test")
		if f.Doc != nil {
			p.doc += f.Doc.Text()
		}
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			name := path.Base(ip)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			p.imports[name] = ip
		}
		for _, d := range f.Decls {
			p.declare(d)
		}
	}
	return p
}

func (p *pkg) declare(d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			p.decls[d.Name.Name] = true
			return
		}
		typ := d.Recv.List[0].Type
		for {
			switch x := typ.(type) {
			case *ast.StarExpr:
				typ = x.X
				continue
			case *ast.IndexExpr:
				typ = x.X
				continue
			case *ast.IndexListExpr:
				typ = x.X
				continue
			case *ast.Ident:
				p.decls[x.Name+"."+d.Name.Name] = true
			}
			return
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				p.decls[s.Name.Name] = true
				var fields *ast.FieldList
				switch ty := s.Type.(type) {
				case *ast.StructType:
					fields = ty.Fields
				case *ast.InterfaceType:
					fields = ty.Methods
				}
				if fields == nil {
					continue
				}
				for _, f := range fields.List {
					for _, n := range f.Names {
						p.decls[s.Name.Name+"."+n.Name] = true
					}
				}
			case *ast.ValueSpec:
				for _, n := range s.Names {
					p.decls[n.Name] = true
				}
			}
		}
	}
}

// ref is a name a comment uses as code: Name, or Qualifier.Name.
type ref struct {
	text, qualifier, name string
}

var (
	backquoted = regexp.MustCompile("`([A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)?)(?:\\(\\))?`")
	qualified  = regexp.MustCompile(`(?:^|[^\w./-])([A-Za-z_]\w*)\.([A-Z]\w*)\b`)
	call       = regexp.MustCompile(`\b([A-Z]\w*)\(`)
	quoted     = regexp.MustCompile(`"[^"\n]*"`)
	list       = regexp.MustCompile(`\(([A-Z]\w*(?:, (?:and )?[A-Z]\w*)+)\)`)
	camel      = regexp.MustCompile(`(?:^|[^\w./-])([A-Z][a-z0-9]+[A-Z]\w*|[A-Z]{2,}[a-z]\w*)\b`)
)

// names returns the names a doc comment uses as code, outside code blocks.
func names(doc string) []ref {
	var out []ref
	add := func(text string) {
		q, n, ok := strings.Cut(text, ".")
		if !ok {
			q, n = "", text
		}
		out = append(out, ref{text: text, qualifier: q, name: n})
	}
	var walk func(text []comment.Text)
	var plain strings.Builder
	walk = func(text []comment.Text) {
		for _, x := range text {
			switch x := x.(type) {
			case comment.Plain:
				plain.WriteString(string(x))
			case comment.Italic:
				plain.WriteString(string(x))
			case *comment.Link:
				walk(x.Text)
			case *comment.DocLink:
				name := x.Name
				if x.Recv != "" {
					name = x.Recv + "." + name
				}
				if x.ImportPath != "" {
					name = path.Base(x.ImportPath) + "." + name
				}
				add(name)
				plain.WriteString(" " + name) // "[Response].Err" reads Response.Err
			}
		}
	}
	var blocks func([]comment.Block)
	blocks = func(bs []comment.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *comment.Paragraph:
				walk(b.Text)
			case *comment.Heading:
				walk(b.Text)
			case *comment.List:
				for _, it := range b.Items {
					blocks(it.Content)
				}
			}
			plain.WriteString("\n")
		}
	}
	blocks(new(comment.Parser).Parse(doc).Content)

	text := quoted.ReplaceAllString(plain.String(), `""`) // "EnvelopeMeta" is a string, not a name
	seen := map[string]bool{}
	for _, r := range out {
		seen[r.text] = true
	}
	once := func(s string) {
		if !seen[s] {
			seen[s] = true
			add(s)
		}
	}
	for _, m := range backquoted.FindAllStringSubmatch(text, -1) {
		if q, n, ok := strings.Cut(m[1], "."); ok && (isUpper(q) || isUpper(n)) || isUpper(m[1]) {
			once(m[1])
		}
	}
	for _, m := range qualified.FindAllStringSubmatch(text, -1) {
		once(m[1] + "." + m[2])
		seen[m[2]] = true // the Name of pkg.Name is not a name here
	}
	for _, m := range call.FindAllStringSubmatch(text, -1) {
		once(m[1])
	}
	for _, m := range list.FindAllStringSubmatch(text, -1) { // (Null, Nullable)
		for _, item := range strings.Split(m[1], ", ") {
			if item = strings.TrimPrefix(item, "and "); !slices.Contains(outside, item) {
				once(item)
			}
		}
	}
	for _, m := range camel.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(outside, m[1]) {
			once(m[1])
		}
	}
	return out
}

func isUpper(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// resolve says why ref names nothing, or "" when it names a declaration.
// load reads another package of the module, by its folder.
func (p *pkg) resolve(r ref, load func(string) *pkg) string {
	switch {
	case r.qualifier == "" || r.qualifier == p.name && !p.decls[r.text]:
		if !p.decls[r.name] {
			return "which the package does not declare"
		}
	case p.decls[r.qualifier]:
		if !p.decls[r.text] {
			return r.qualifier + " has no method or field " + r.name
		}
	case !isUpper(r.qualifier):
		ip, ok := p.imports[r.qualifier]
		if !ok || load == nil || !strings.HasPrefix(ip, module+"/") {
			return "" // another module's package, or a word with a dot
		}
		if !load(strings.TrimPrefix(ip, module+"/")).decls[r.name] {
			return "which " + ip + " does not declare"
		}
	default:
		return "whose " + r.qualifier + " the package does not declare"
	}
	return ""
}
