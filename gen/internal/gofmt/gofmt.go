// Package gofmt formats the Go source that jennifer writes unformatted, with
// the bytes go/format.Source gives, at a fraction of its cost.
//
// go/format parses the file and prints the syntax tree with go/printer; at
// N=1000 definitions the printer was a quarter of the generator's time. Most
// of what the generator writes is function bodies whose every statement sits
// on one line, with no comment inside: there go/printer's work (alignment
// columns, comment placement, line-break heuristics) has nothing to decide,
// and printing the tree directly gives its bytes. Source does that for each
// such function, and hands every other declaration (types, constants and
// variables, whose columns go/printer aligns, a function with a comment or a
// multi-line expression inside) to go/format, one declaration at a time.
//
// The rules ported here are go/printer's (nodes.go: binaryExpr, cutoff,
// exprList, stmt, controlClause …), restricted to single-line statements; a
// construct outside them sends its declaration to go/format rather than
// being guessed. A Formatter goes further for a generation's many files: it
// splits a file into its declarations without parsing it, and prints a
// function from its lines once it has learnt their shapes (lines.go).
// gofmt_test.go checks the result against go/format.Source on every golden
// case and generated package.
package gofmt

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strings"
)

// Source formats src, a whole Go file, as go/format.Source does.
func Source(src []byte) ([]byte, error) {
	out, fast, err := source(src)
	if err != nil || !check {
		return out, err
	}
	return checked(src, out, fast)
}

// checked counts fast, the functions printed directly, and compares out,
// src formatted, with go/format.Source's result.
func checked(src, out []byte, fast int) ([]byte, error) {
	stats.fast += fast
	slow := strings.Count(string(out), "\nfunc ") - fast
	stats.slow += slow
	if slow > 0 {
		stats.slowFuncs = append(stats.slowFuncs, slowFuncs(src, slow)...)
	}
	want, err := format.Source(src)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(out, want) {
		return nil, fmt.Errorf("gofmt: differs from go/format:\n%s", firstDifference(out, want))
	}
	return out, nil
}

// slowFuncs names the functions of src that went to go/format, slow of
// them, for the tests' message: each that goes there when printed on its
// own by its signature line, and the rest, those of a file formatted whole
// (planFile), as "(…)".
func slowFuncs(src []byte, slow int) []string {
	var names []string
	if _, decls, ok := splitFile(src); ok {
		for _, d := range decls {
			text := src[d.start:d.end]
			if !d.isFunc {
				continue
			}
			if _, kind, err := printOne(nil, text); err == nil && kind == printedFunc {
				continue
			}
			line := text[max(bytes.Index(text, []byte("func")), 0):] // past the doc comment
			if i := bytes.IndexByte(line, '\n'); i >= 0 {
				line = line[:i]
			}
			names = append(names, string(line))
		}
	}
	for len(names) < slow {
		names = append(names, "(a function of a file formatted whole)")
	}
	return names
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got: %q\nwant: %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// source is Source, also returning how many declarations it printed itself
// (for the tests: the fast path must be the one taken).
func source(src []byte) ([]byte, int, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, 0, err
	}
	tf := fset.File(file.Pos())
	plan, ok := planFile(file, tf)
	if !ok {
		out, err := format.Source(src)
		return out, 0, err
	}
	out := make([]byte, 0, len(src)+len(src)/8)
	pre, err := format.Source(src[:plan[0].start])
	if err != nil {
		return nil, 0, err
	}
	out = append(out, pre...)
	fast, genFast := 0, 0
	lines := lineTable{base: tf.Base(), starts: tf.Lines()}
	for _, d := range plan {
		out = append(out, '\n')
		var kind int
		if out, kind, err = printDecl(out, src, tf, &lines, d); err != nil {
			return nil, 0, err
		}
		switch kind {
		case printedFunc:
			fast++
		case printedGen:
			genFast++
		}
	}
	if check {
		stats.genFast += genFast
	}
	return out, fast, nil
}

// How printDecl printed a declaration.
const (
	formatted   = iota // by go/format
	printedFunc        // a function, directly
	printedGen         // a type, constant or variable declaration, directly
)

// printDecl appends d, a declaration of the file src, printed directly or,
// when it holds something the printer leaves to go/format, by go/format.
func printDecl(out, src []byte, tf *token.File, lines *lineTable, d declSpan) ([]byte, int, error) {
	if fd, isFunc := d.decl.(*ast.FuncDecl); isFunc && len(d.comments) <= 1 {
		if b, ok := printFunc(out, tf, lines, fd, d.comments); ok {
			return b, printedFunc, nil
		}
	}
	if gd, isGen := d.decl.(*ast.GenDecl); isGen && len(d.comments) == 0 {
		if b, ok := printGenDecl(out, tf, lines, gd); ok {
			return b, printedGen, nil
		}
	}
	out, err := formatDecl(out, src[d.start:d.end])
	return out, formatted, err
}

// declSpan is one top-level declaration: its source from its doc comment to
// its end, and the comments inside it but its doc comment.
type declSpan struct {
	decl       ast.Decl
	start, end int
	comments   []*ast.CommentGroup
}

// planFile splits file into its declarations. It reports false, and the file
// is then formatted whole, when a comment stands between declarations or two
// declarations are not separated by a blank line: go/printer's spacing
// between declarations then depends on more than one of them.
func planFile(file *ast.File, tf *token.File) ([]declSpan, bool) {
	if len(file.Decls) == 0 {
		return nil, false
	}
	spans := make([]declSpan, len(file.Decls))
	for i, d := range file.Decls {
		start := d.Pos()
		if doc := docOf(d); doc != nil {
			start = doc.Pos()
		}
		spans[i] = declSpan{decl: d, start: tf.Offset(start), end: tf.Offset(d.End())}
	}
	// Every comment must be a doc comment, the file's header (before the
	// package clause), or inside a declaration.
	next := 0
	for _, g := range file.Comments {
		if g.End() <= file.Package {
			continue
		}
		off := tf.Offset(g.Pos())
		for next < len(spans) && spans[next].end <= off {
			next++
		}
		if next == len(spans) || off < spans[next].start {
			return nil, false
		}
		if doc := docOf(spans[next].decl); doc != g {
			spans[next].comments = append(spans[next].comments, g)
		}
	}
	prevLine := tf.Line(file.Name.End())
	for _, s := range spans {
		if tf.Line(tf.Pos(s.start))-prevLine < 2 {
			return nil, false
		}
		prevLine = tf.Line(s.decl.End())
	}
	return spans, true
}

func docOf(d ast.Decl) *ast.CommentGroup {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Doc
	case *ast.GenDecl:
		return d.Doc
	}
	return nil
}

// declPrefix makes a declaration a file for go/format.
const declPrefix = "package p\n\n"

// formatDecl appends the declaration src formatted by go/format.
func formatDecl(out, src []byte) ([]byte, error) {
	file := make([]byte, 0, len(declPrefix)+len(src)+1)
	file = append(append(append(file, declPrefix...), src...), '\n')
	b, err := format.Source(file)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(b, []byte(declPrefix)) {
		return nil, fmt.Errorf("gofmt: formatting a declaration: unexpected output %.40q", b)
	}
	return append(out, b[len(declPrefix):]...), nil
}

// unsupported is panicked with when a function holds a construct the printer
// leaves to go/format.
type unsupported struct{}

// printer prints one function declaration.
type printer struct {
	out    []byte
	tf     *token.File
	lines  *lineTable
	indent int
	line   int // the source line of the last token printed
	// comment is the one comment inside the function, if any: a line
	// comment after a statement, which go/printer separates from it with a
	// tab that its tabwriter turns into one blank, having no other
	// comment to align it with. It is nil once printed.
	comment *ast.Comment
}

// printFunc appends fd printed as go/printer prints it, or reports false
// (and out unchanged) when fd holds something it leaves to go/format. At
// most one comment group may lie inside fd (comments).
func printFunc(out []byte, tf *token.File, lines *lineTable, fd *ast.FuncDecl, comments []*ast.CommentGroup) (res []byte, ok bool) {
	p := &printer{out: out, tf: tf, lines: lines}
	if len(comments) > 1 {
		return out, false
	}
	if len(comments) == 1 {
		if g := comments[0]; len(g.List) != 1 || !strings.HasPrefix(g.List[0].Text, "//") {
			return out, false
		}
		p.comment = comments[0].List[0]
	}
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(unsupported); !is && check {
				panic(r) // a bug: the tests should see it; a user gets go/format's output
			}
			res, ok = out, false
		}
	}()
	p.funcDecl(fd)
	if p.comment != nil {
		return out, false // not after a statement
	}
	return p.out, true
}

func (p *printer) lineOf(pos token.Pos) int { return p.lines.line(pos) }

// lineTable maps positions to lines as token.File.Line does, without its
// lock: the file's line starts, searched from the line last found.
type lineTable struct {
	base   int
	starts []int // offset of each line's first byte
	last   int   // index of the line last found
}

func (t *lineTable) line(pos token.Pos) int {
	off := int(pos) - t.base
	i := t.last
	if i >= len(t.starts) || t.starts[i] > off || i+1 < len(t.starts) && t.starts[i+1] <= off {
		i = sort.Search(len(t.starts), func(j int) bool { return t.starts[j] > off }) - 1
		t.last = i
	}
	return i + 1
}

func (p *printer) str(s string) { p.out = append(p.out, s...) }

// newlines writes n line breaks and the current indentation.
func (p *printer) newlines(n int) {
	for range n {
		p.out = append(p.out, '\n')
	}
	for range p.indent {
		p.out = append(p.out, '\t')
	}
}

// linebreak is go/printer's: as many line breaks as the source has before
// line, at least least, at most two (one blank line).
func (p *printer) linebreak(line, least int) {
	n := max(min(line-p.line, 2), least)
	p.newlines(n)
	p.line = line
}

// oneLine refuses a node that spans lines: go/printer would consult the
// source's line breaks and alignment for it.
func (p *printer) oneLine(n ast.Node) {
	if p.lineOf(n.Pos()) != p.lineOf(n.End()) {
		panic(unsupported{})
	}
}

func (p *printer) funcDecl(d *ast.FuncDecl) {
	if doc := d.Doc; doc != nil {
		first := doc.List[0]
		// A comment at column 1 right above the declaration is a doc
		// comment that go/printer reformats (go/doc/comment).
		if p.tf.Position(first.Pos()).Column == 1 && p.tf.Offset(doc.End())+1 == p.tf.Offset(d.Pos()) {
			panic(unsupported{})
		}
		for _, c := range doc.List {
			if !strings.HasPrefix(c.Text, "//") || strings.ContainsAny(c.Text, "\n\r\f") {
				panic(unsupported{})
			}
			p.str(strings.TrimRight(c.Text, " \t"))
			p.str("\n")
		}
	}
	// The header, up to the body's {, is on one line.
	if d.Body == nil || p.lineOf(d.Pos()) != p.lineOf(d.Body.Lbrace) {
		panic(unsupported{})
	}
	p.line = p.lineOf(d.Pos())
	p.str("func ")
	if d.Recv != nil {
		p.parameters(d.Recv, false)
		p.str(" ")
	}
	p.str(d.Name.Name)
	p.signature(d.Type)
	// go/printer writes a body whose braces are on one line in the source
	// on one line, if short; jennifer always breaks the line.
	if p.lineOf(d.Body.Lbrace) == p.lineOf(d.Body.Rbrace) {
		panic(unsupported{})
	}
	p.str(" ")
	p.block(d.Body, 1)
	p.str("\n")
}

func (p *printer) signature(sig *ast.FuncType) {
	if sig.TypeParams != nil {
		p.parameters(sig.TypeParams, true)
	}
	if sig.Params != nil {
		p.parameters(sig.Params, false)
	} else {
		p.str("()")
	}
	res := sig.Results
	if n := res.NumFields(); n > 0 {
		p.str(" ")
		if n == 1 && res.List[0].Names == nil {
			p.expr(stripParensAlways(res.List[0].Type))
			return
		}
		p.parameters(res, false)
	}
}

func (p *printer) parameters(fields *ast.FieldList, typeParams bool) {
	if fields.Opening.IsValid() && fields.Closing.IsValid() && p.lineOf(fields.Opening) != p.lineOf(fields.Closing) {
		panic(unsupported{})
	}
	open, close := "(", ")"
	if typeParams {
		open, close = "[", "]"
	}
	p.str(open)
	for i, par := range fields.List {
		if i > 0 {
			p.str(", ")
		}
		for j, name := range par.Names {
			if j > 0 {
				p.str(", ")
			}
			p.str(name.Name)
		}
		if len(par.Names) > 0 {
			p.str(" ")
		}
		p.expr(stripParensAlways(par.Type))
	}
	if typeParams && fields.NumFields() == 1 && combinesWithName(stripParensAlways(fields.List[0].Type)) {
		panic(unsupported{}) // go/printer adds a comma: [P *T,]
	}
	p.str(close)
}

// check, set by the tests, makes Source compare its result with
// go/format.Source's and fail on a difference; stats counts the
// declarations each path printed (lines and genLines: the functions and
// the other declarations a Formatter printed from their lines, also
// counted in fast and genFast).
var (
	check bool
	stats struct {
		fast, slow, genFast, lines, genLines int
		slowFuncs                            []string // the slow ones' signature lines
	}
)
