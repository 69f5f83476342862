package gofmt_test

import (
	"go/format"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/internal/gentest"
	"github.com/envgen/envgen/gen/internal/gofmt"
)

// TestMatchesGoFormat generates the Go of every golden case, the canonical
// schemas and the dialects with Source comparing each file it formats with
// go/format.Source; a difference fails the generation. It also checks that
// most functions take the direct path: were they all sent to go/format, the
// comparison would prove nothing.
func TestMatchesGoFormat(t *testing.T) {
	stats := gofmt.Check()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	gentest.GenerateAllGo(t, root, "gofmt:")
	fast, slow, genFast := stats()
	lines, genLines := gofmt.LinesPrinted()
	t.Logf("functions printed directly: %d (from their lines: %d); through go/format: %d; other declarations printed directly: %d (from their lines: %d)", fast, lines, slow, genFast, genLines)
	t.Logf("through go/format:\n\t%s", strings.Join(gofmt.SlowFuncs(), "\n\t"))
	if lines < fast/2 {
		t.Errorf("only %d of %d functions printed from their lines", lines, fast)
	}
	if genLines < genFast/4 {
		t.Errorf("only %d of %d other declarations printed from their lines", genLines, genFast)
	}
	// A handful today (the log lines above), each named. A doc comment that
	// abuts its method sends the method to go/format (go/printer reformats
	// it): that cost a fifth of a generation's formatting once, and showed
	// only here; a ratio (1 in 100) then let five more slip through
	// unnoticed. A new one fails here: print it directly, or, when it truly
	// belongs to go/format, raise the budget and say why.
	if slow > slowBudget {
		t.Errorf("%d functions printed through go/format, want at most %d:\n\t%s",
			slow, slowBudget, strings.Join(gofmt.SlowFuncs(), "\n\t"))
	}
	if genFast < 100 {
		t.Errorf("only %d type, const and var declarations printed directly", genFast)
	}
}

// slowBudget is the number of generated functions TestMatchesGoFormat lets
// go to go/format: the DecodeNode methods of five untagged unions, whose
// branches try the decoding in a function literal (func() error { … }()),
// which the direct printer leaves to go/format.
const slowBudget = 5

// sourceCases are small files: the first seven left to go/format, the rest
// printed directly.
var sourceCases = []string{
	"package p\n\n\nfunc f() {\nx := 1 // one\nyy := 2 // two, aligned with one\n_, _ = x, yy\n}\n",
	"package p\n\n\nfunc f() {\n// inside\nx := 1\n_ = x\n}\n",
	"package p\n\n\nfunc f() []int {\nreturn []int{\n1,\n22,\n}\n}\n",
	"package p\n\n\nfunc f() bool {\nreturn func() bool {\nreturn true\n}()\n}\n",
	"package p\nfunc f() {\n}\nfunc g() {\n}\n",
	"package p\n\n\n// doc abutting\nfunc f() {\nif a := 1; a*2+3 > b[i+1:j] {\nreturn\n}\n}\n",
	"package p\n\n\ntype T struct {\nA int `json:\"a\"`\nBBBB string // c\n}\n",
	"package p\n\n\n// f\n func (x * T) f (a,b int,c ... string) (n int,err error) {\nfor i,v := range c {\nn += len (v) * 2 + i\n}\nswitch {\ncase a > b,a < - b: \nn ++\ndefault: \n}\nvar k [4] string\n_ = k [: 0]\nreturn n,nil\n}\n",
	// printed directly: the spacing of operators by precedence and depth
	"package p\n\n\nfunc f() {\nx = a * b + c\ny = f (a + b,c * d)\nz = s [a + 1 : b]\nw = s [i + 1]\nv = a * b * c\nu = - x\nt = & T {A : 1,B : \"x\"}\n* p = x / * q\nr = a &^ b\nq = ! ok && y || z == 3\ng = a + b - c\nh = a - (b + c) * d\n}\n",
	"package p\n\n\nfunc f(v any) int {\nswitch t := v . (type) {\ncase int,int8: \nreturn t\n\ncase nil: \n}\nfor {\nbreak\n}\nfor i := 0;i < 10;i ++ {\ncontinue\n}\nif x,ok := v . (int);ok {\nreturn x\n} else if v == nil {\nreturn 1\n} else {\nreturn 2\n}\n}\n",
	"package p\n\n\nfunc f[T any, U comparable](a map[string][]*T,b func(int) (bool,error),c struct{},d interface{}) (x,y int) {\ndefer g(a ...)\nvar k,l = 0x1F,1E3\n\n\nreturn k+l,len(a)\n}\n",
	"package p\n\n\nfunc f() {\nvar at [10] int32 // the one comment: one blank before it\nif at [0] == 0 {\nreturn\n}\n}\n",
	"package p\n\n\nfunc f(s *envgenrt.State,at [3]int32) bool {\nswitch {\ncase at [0] != 0 && ! g(s,at [0]) && s.Stop(),\nat [1] != 0 && ! s.Min(at [1],1,p + \"/m\") && s.Stop(),\nat [2] != 0 && ! h(s,at [2]) && s.Stop(): \nreturn false\ndefault:\n}\nreturn true\n}\n",
	"package p\n\n\nfunc f(s *envgenrt.State,n int32) bool {\nconst p = \"a.json#/$defs/b\"\nreturn s.Is(n,envgenrt.TypeString,p + \"/type\") && s.MinLength(n,1,p + \"/minLength\")\n}\n",
	// types, constants and variables: columns aligned by go/printer's tabwriter
	"package p\n\n\ntype T struct {\nA int `json:\"a\"`\nBBBB string\nC map [string] * T `json:\"c,omitzero\"`\n\nDDDDDDDD envgenrt.Nullable [string] `json:\"d\"`\nio.Reader\nE,F int\n}\n",
	"package p\n\n\ntype One struct {\nA int `json:\"a\"`\n}\n",
	"package p\n\n\n// K is a kind.\n type K string\n\n\nconst (\nKA K = \"a\"\nKBBBB K = \"bbbb\"\n\nKC K = \"c\"\n)\n\n\nvar patternX = envgenrt.MustPattern (`^a+$`)\n\n\ntype A = B\n\n\ntype G [T any] struct {\n}\n",
}

// TestSourceCases: small files come out as go/format writes them, both
// what the direct printer leaves alone (a comment inside a function, a
// multi-line literal, a function literal, declarations without a blank line
// between, two comments that go/printer aligns) and what it prints itself.
func TestSourceCases(t *testing.T) {
	stats := gofmt.Check()
	for i, src := range sourceCases {
		before, _, genBefore := stats()
		if _, err := gofmt.Source([]byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
		after, _, genAfter := stats()
		if direct := i >= 7; direct != (after > before || genAfter > genBefore) {
			t.Errorf("%q: printed directly %v, want %v", src, !direct, direct)
		}
	}
	if _, err := gofmt.Source([]byte("package p\nfunc {")); err == nil {
		t.Error("no error for a syntax error")
	}
}

// FuzzSource: on any whole file (not a fragment: Source is for files) that
// go/format accepts, Source gives go/format's bytes (the comparison is on)
// and does not panic.
func FuzzSource(f *testing.F) {
	gofmt.Check()
	for _, src := range sourceCases {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments); err != nil {
			return
		}
		if _, err := format.Source(src); err != nil {
			return
		}
		if _, err := gofmt.Source(src); err != nil {
			t.Fatal(err)
		}
	})
}

// learnPairs are files of which the second has the shapes of the first
// with other names (the first two), or not (the last).
var learnPairs = [][2]string{
	{
		"package p\n\n\n// f doc \n func f (a,b int) int {\nif a * b + 1 > b {\nreturn a\n} else if b == 0 {\nreturn - b\n}\n\nswitch x := a &^ b;x {\ncase 1,2: \nreturn x [a + 1 :]\ndefault: \n}\nreturn a * (b + 1)\n}\n",
		"package p\n\n\n// Longer doc \n // second line \n func longerName (alpha,beta int) int {\nif alpha * beta + 1 > beta {\nreturn alpha\n} else if beta == 0 {\nreturn - beta\n}\n\n\n\nswitch yy := alpha &^ beta;yy {\ncase 10,200: \nreturn yy [alpha + 1 :]\ndefault: \n}\nreturn alpha * (beta + 1)\n}\n",
	},
	{
		"package p\n\n\n// T doc \n type T struct{\nA [] B `json:\"a\"`\nCC * map [string] D `json:\"cc,omitzero\"`\n\nE envgenrt.Nullable [string]\n}\n\n\nconst (\nKA K = \"a\"\nKBB K = 1 << 2\n)\n\n\ntype K string\n\n\ntype One struct{\nA int `json:\"a\"`\n}\n",
		"package p\n\n\n// LongerName doc \n type LongerName struct{\nAlphaBeta [] Gamma `json:\"alphaBeta\"`\nC * map [string] Delta `json:\"c,omitzero\"`\n\nEpsilon envgenrt.Nullable [string]\n}\n\n\nconst (\nKindLong Kind = \"long\"\nK2 Kind = 10 << 20\n)\n\n\ntype Kind string\n\n\ntype Single struct{\nLonger int `json:\"longer\"`\n}\n",
	},
	{"package p\n\n\n// f doc \n func f (a,b int) int {\nif a * b + 1 > b {\nreturn a\n} else if b == 0 {\nreturn - b\n}\n\nswitch x := a &^ b;x {\ncase 1,2: \nreturn x [a + 1 :]\ndefault: \n}\nreturn a * (b + 1)\n}\n", "package p\n\n\nfunc g (a,b int) int {\nreturn a * b + c * d\n}\n"},
	// a case that lists its expressions one a line (a check function's
	// property checks)
	{
		"package p\n\n\nfunc f(s *envgenrt.State,at [2]int32) bool {\nswitch {\ncase at [0] != 0 && ! g(s,at [0]) && s.Stop(),\nat [1] != 0 && ! s.Min(at [1],1,p + \"/m\") && s.Stop(): \nreturn false\n}\nreturn true\n}\n",
		"package p\n\n\nfunc checkLonger(state *envgenrt.State,at [2]int32) bool {\nswitch {\ncase at [1] != 0 && ! gg(state,at [1]) && state.Stop(),\nat [0] != 0 && ! state.Min(at [0],22,p + \"/mm\") && state.Stop(): \nreturn false\n}\nreturn true\n}\n",
	},
}

// TestFormatterLearns: a Formatter prints a function from its lines once it
// has seen their shapes, with go/format's bytes (the comparison is on),
// also where the operands differ in length and the spacing of an
// expression depends on its operators.
func TestFormatterLearns(t *testing.T) {
	gofmt.Check()
	learn, again, other := learnPairs[0][0], learnPairs[0][1], learnPairs[2][1]
	f := gofmt.NewFormatter()
	for i, src := range []string{learn, again, other, learn} {
		before, _ := gofmt.LinesPrinted()
		if _, err := f.Source([]byte(src)); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		after, _ := gofmt.LinesPrinted()
		fromLines := after > before
		if want := i == 1 || i == 3; fromLines != want {
			t.Errorf("%q: printed from its lines %v, want %v", src, fromLines, want)
		}
	}
}

// TestFormatterLearnsCaseLists: a case whose expressions are one a line is
// learnt like any other line, and the next function of its shapes is
// printed from its lines, continuation lines one tab further than the case.
func TestFormatterLearnsCaseLists(t *testing.T) {
	gofmt.Check()
	f := gofmt.NewFormatter()
	for i, src := range learnPairs[3] {
		before, _ := gofmt.LinesPrinted()
		out, err := f.Source([]byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		after, _ := gofmt.LinesPrinted()
		if fromLines := after > before; fromLines != (i == 1) {
			t.Errorf("%q: printed from its lines %v, want %v", src, fromLines, i == 1)
		}
		if !strings.Contains(string(out), "\tswitch {\n\tcase at[") || !strings.Contains(string(out), ".Stop(),\n\t\tat[") {
			t.Errorf("case list not laid out as go/format does:\n%s", out)
		}
	}
}

// FuzzFormatter: on any two whole files go/format accepts, a Formatter
// gives go/format's bytes for the first, when it learns, and for the
// second, when it may print from what it learnt on the first.
func FuzzFormatter(f *testing.F) {
	gofmt.Check()
	for i, src := range sourceCases {
		f.Add([]byte(src), []byte(sourceCases[(i+1)%len(sourceCases)]))
	}
	for _, pair := range learnPairs {
		f.Add([]byte(pair[0]), []byte(pair[1]))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		g := gofmt.NewFormatter()
		for _, src := range [][]byte{a, b} {
			if _, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments); err != nil {
				continue
			}
			if _, err := format.Source(src); err != nil {
				continue
			}
			if _, err := g.Source(src); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestFormatterLearnsDeclarations: struct types, constant groups and
// one-line declarations are printed from their lines once their shapes are
// known, their columns aligned anew (the names below differ in length from
// those learnt from).
func TestFormatterLearnsDeclarations(t *testing.T) {
	gofmt.Check()
	learn, again := learnPairs[1][0], learnPairs[1][1]
	f := gofmt.NewFormatter()
	for i, src := range []string{learn, again} {
		_, before := gofmt.LinesPrinted()
		if _, err := f.Source([]byte(src)); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		_, after := gofmt.LinesPrinted()
		if want := 4 * i; after-before != want {
			t.Errorf("%q: %d declarations printed from their lines, want %d", src, after-before, want)
		}
	}
}

// TestSyntheticFromLines: on the synthetic schema of the generation
// benchmark, where every definition repeats the same shapes, the functions
// not printed from their lines are the first of each shape, so their number
// does not grow with the number of definitions. Once a new form of generated
// code went past the line printer, generation took 1.5× the CPU and only the
// benchmark showed it.
func TestSyntheticFromLines(t *testing.T) {
	stats := gofmt.Check()
	parsed := map[int]int{}
	for _, n := range []int{30, 60} {
		path := gentest.Synthetic(t, n)
		fast0, slow0, _ := stats()
		lines0, _ := gofmt.LinesPrinted()
		opts := gen.Options{Inputs: []string{path}, GoOut: "out", GoPackage: "synthetic", NoCanonical: true}
		if _, err := gen.Generate(opts); err != nil {
			t.Fatal(err)
		}
		fast, slow, _ := stats()
		lines, _ := gofmt.LinesPrinted()
		fast, slow, lines = fast-fast0, slow-slow0, lines-lines0
		t.Logf("N=%d: %d functions, %d from their lines, %d by the direct printer, %d through go/format",
			n, fast+slow, lines, fast-lines, slow)
		parsed[n] = fast + slow - lines
	}
	if parsed[60] != parsed[30] {
		t.Errorf("functions not printed from their lines: %d at N=30, %d at N=60; want the same", parsed[30], parsed[60])
	}
}
