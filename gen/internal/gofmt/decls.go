package gofmt

import (
	"bytes"
	"go/ast"
	"go/token"
	"strings"
	"text/tabwriter"
)

// Type, constant and variable declarations without comments inside, each
// spec and each struct field on one line. go/printer aligns the columns of a
// struct's fields and of a const or var group through a text/tabwriter;
// printGenDecl feeds one the cells go/printer would (indentation as hard
// tabs, columns ended by \v) with go/printer's settings, so the alignment is
// the tabwriter's own.

// printGenDecl appends d printed as go/printer prints it, or reports false
// (out unchanged) when d holds something it leaves to go/format.
func printGenDecl(out []byte, tf *token.File, lines *lineTable, d *ast.GenDecl) (res []byte, ok bool) {
	p := &printer{out: out, tf: tf, lines: lines}
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(unsupported); !is && check {
				panic(r) // a bug: the tests should see it; a user gets go/format's output
			}
			res, ok = out, false
		}
	}()
	p.genDecl(d)
	return p.out, true
}

func (p *printer) genDecl(d *ast.GenDecl) {
	if d.Tok == token.IMPORT {
		panic(unsupported{})
	}
	p.doc(d.Doc, d.Pos())
	p.line = p.lineOf(d.Pos())
	p.str(d.Tok.String())
	p.str(" ")
	if !d.Lparen.IsValid() && len(d.Specs) == 1 {
		switch s := d.Specs[0].(type) {
		case *ast.TypeSpec:
			p.typeSpec(s)
		case *ast.ValueSpec:
			p.oneLine(s)
			p.valueSpec(s)
		default:
			panic(unsupported{})
		}
		p.str("\n")
		return
	}
	// const ( … ) and var ( … ): names \v type \v = values, aligned.
	if d.Tok != token.CONST && d.Tok != token.VAR || len(d.Specs) < 2 || p.lineOf(d.Lparen) == p.lineOf(d.Rparen) {
		panic(unsupported{})
	}
	p.str("(")
	var cells bytes.Buffer
	prev := p.lineOf(d.Lparen)
	for i, spec := range d.Specs {
		s := spec.(*ast.ValueSpec)
		line := p.lineOf(s.Pos())
		if line != p.lineOf(s.End()) || line <= prev || s.Type == nil || s.Values == nil {
			panic(unsupported{}) // without a type go/printer may move the values into its column
		}
		n := min(line-prev, 2)
		if i == 0 {
			n = 1 // go/printer starts the specs with a formfeed after (
		}
		for range n {
			cells.WriteByte('\n')
		}
		prev = line
		cells.WriteByte('\t')
		cells.WriteString(p.sub(func() { p.identList(s.Names) }))
		cells.WriteByte('\v')
		cells.WriteString(p.sub(func() { p.expr(s.Type) }))
		cells.WriteString("\v= ")
		cells.WriteString(p.sub(func() { p.exprList(s.Values, 1) }))
	}
	if p.lineOf(d.Rparen) <= prev {
		panic(unsupported{})
	}
	p.aligned(cells.Bytes())
	p.str("\n)\n")
}

// typeSpec prints the spec of type X T, type X[P any] T or type X = T.
func (p *printer) typeSpec(s *ast.TypeSpec) {
	p.str(s.Name.Name)
	if s.TypeParams != nil {
		if len(s.TypeParams.List) == 1 && len(s.TypeParams.List[0].Names) == 1 && combinesWithName(stripParensAlways(s.TypeParams.List[0].Type)) {
			panic(unsupported{}) // [P *T,]
		}
		p.parameters(s.TypeParams, true)
	}
	p.str(" ")
	if s.Assign.IsValid() {
		p.str("= ")
	}
	st, isStruct := s.Type.(*ast.StructType)
	if !isStruct || len(st.Fields.List) == 0 && p.lineOf(st.Fields.Opening) == p.lineOf(st.Fields.Closing) {
		p.oneLine(s)
		p.expr(s.Type)
		return
	}
	p.structType(st)
}

// structType prints a struct whose braces are on different lines: its
// fields one a line, names, types and tags in aligned columns.
func (p *printer) structType(st *ast.StructType) {
	fields := st.Fields
	if p.lineOf(st.Pos()) != p.lineOf(fields.Opening) || p.lineOf(fields.Opening) == p.lineOf(fields.Closing) {
		panic(unsupported{})
	}
	p.str("struct {")
	sep := "\v"
	if len(fields.List) == 1 {
		sep = " "
	}
	var cells bytes.Buffer
	prev := p.lineOf(fields.Opening)
	for i, f := range fields.List {
		line := p.lineOf(f.Pos())
		if line != p.lineOf(f.End()) || line <= prev {
			panic(unsupported{})
		}
		n := min(line-prev, 2)
		if i == 0 {
			n = 1 // go/printer starts the fields with a formfeed after {
		}
		for range n {
			cells.WriteByte('\n')
		}
		prev = line
		cells.WriteByte('\t')
		if len(f.Names) > 0 {
			cells.WriteString(p.sub(func() { p.identList(f.Names) }))
			cells.WriteString(sep)
		}
		cells.WriteString(p.sub(func() { p.expr(f.Type) }))
		if f.Tag != nil {
			if len(f.Names) > 0 && sep == "\v" {
				cells.WriteString(sep)
			}
			cells.WriteString(sep)
			if strings.ContainsAny(f.Tag.Value, "\t\v\f\n\r\xff") {
				panic(unsupported{})
			}
			cells.WriteString(f.Tag.Value)
		}
	}
	if len(fields.List) > 0 {
		if p.lineOf(fields.Closing) <= prev {
			panic(unsupported{})
		}
		p.aligned(cells.Bytes())
	}
	p.str("\n}")
}

func (p *printer) valueSpec(s *ast.ValueSpec) {
	p.identList(s.Names)
	if s.Type != nil {
		p.str(" ")
		p.expr(s.Type)
	}
	if s.Values != nil {
		p.str(" = ")
		p.exprList(s.Values, 1)
	}
}

func (p *printer) identList(names []*ast.Ident) {
	for i, n := range names {
		if i > 0 {
			p.str(", ")
		}
		p.str(n.Name)
	}
}

// sub returns what print writes, without keeping it in the output.
func (p *printer) sub(print func()) string {
	n := len(p.out)
	print()
	s := string(p.out[n:])
	p.out = p.out[:n]
	if strings.ContainsAny(s, "\t\v\f\n\r\xff") {
		panic(unsupported{}) // text the tabwriter would read as cells
	}
	return s
}

// aligned appends cells, lines of \t-indented \v-separated cells, through a
// tabwriter set as go/printer sets its own.
func (p *printer) aligned(cells []byte) {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 8, 1, ' ', tabwriter.DiscardEmptyColumns|tabwriter.TabIndent)
	tw.Write(cells)
	tw.Flush()
	// go/printer's output passes through a filter that drops blanks at the
	// end of a line.
	for i, line := range bytes.Split(buf.Bytes(), []byte("\n")) {
		if i > 0 {
			p.out = append(p.out, '\n')
		}
		p.out = append(p.out, bytes.TrimRight(line, " \t")...)
	}
}

// doc prints the doc comment of the declaration at pos, as go/printer does
// when it does not reformat it: a comment right above the declaration at
// column 1 is a doc comment that go/doc/comment rewrites, and is left to
// go/format.
func (p *printer) doc(doc *ast.CommentGroup, pos token.Pos) {
	if doc == nil {
		return
	}
	first := doc.List[0]
	if p.tf.Position(first.Pos()).Column == 1 && p.tf.Offset(doc.End())+1 == p.tf.Offset(pos) {
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
