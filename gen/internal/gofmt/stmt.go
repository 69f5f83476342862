package gofmt

import (
	"go/ast"
	"go/token"
	"strings"
)

// Statements, as go/printer's stmt prints them when each sits on one line
// (a compound statement's header on one line, its body below).

// block prints { statements }; the { is written, the source line is the
// brace's.
func (p *printer) block(b *ast.BlockStmt, nindent int) {
	p.line = p.lineOf(b.Lbrace)
	p.str("{")
	p.stmtList(b.List, nindent)
	p.closing(b.Rbrace)
}

// closing prints a block's }, on a line of its own. A } on the source line
// of the block's last statement is left to go/format: go/printer moves it
// down, and a line comment after it with it, which stmt has printed after
// the statement instead (FuzzSource).
func (p *printer) closing(rbrace token.Pos) {
	line := p.lineOf(rbrace)
	if line == p.line {
		panic(unsupported{})
	}
	p.linebreak(line, 1)
	p.str("}")
}

func (p *printer) stmtList(list []ast.Stmt, nindent int) {
	p.indent += nindent
	for _, s := range list {
		if _, isEmpty := s.(*ast.EmptyStmt); isEmpty {
			continue
		}
		line := p.lineOf(s.Pos())
		if line <= p.line {
			panic(unsupported{}) // two statements on a line, or one after a {
		}
		p.linebreak(line, 1)
		p.stmt(s)
	}
	p.indent -= nindent
}

// header checks that a compound statement's header, up to its body's {, is
// on one line.
func (p *printer) header(s ast.Node, body *ast.BlockStmt) {
	if p.lineOf(s.Pos()) != p.lineOf(body.Lbrace) || p.lineOf(body.Lbrace) == p.lineOf(body.Rbrace) {
		panic(unsupported{})
	}
}

func (p *printer) stmt(stmt ast.Stmt) {
	p.stmt1(stmt)
	if c := p.comment; c != nil && c.Pos() >= stmt.End() && p.lineOf(c.Pos()) == p.lineOf(stmt.End()) {
		switch stmt.(type) {
		case *ast.ExprStmt, *ast.IncDecStmt, *ast.AssignStmt, *ast.ReturnStmt, *ast.BranchStmt, *ast.DeclStmt, *ast.DeferStmt:
			p.str(" ")
			p.str(strings.TrimRight(c.Text, " \t"))
			p.comment = nil
		}
	}
}

func (p *printer) stmt1(stmt ast.Stmt) {
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		p.oneLine(s)
		p.expr0(s.X, 1)
	case *ast.IncDecStmt:
		p.oneLine(s)
		p.expr0(s.X, 2)
		p.str(s.Tok.String())
	case *ast.AssignStmt:
		p.oneLine(s)
		p.assign(s)
	case *ast.ReturnStmt:
		p.oneLine(s)
		p.str("return")
		if s.Results != nil {
			p.str(" ")
			p.exprList(s.Results, 1)
		}
	case *ast.BranchStmt:
		p.oneLine(s)
		p.str(s.Tok.String())
		if s.Label != nil {
			p.str(" ")
			p.str(s.Label.Name)
		}
	case *ast.DeclStmt:
		p.oneLine(s)
		p.declStmt(s)
	case *ast.DeferStmt:
		p.oneLine(s)
		p.str("defer ")
		p.expr(s.Call)
	case *ast.BlockStmt:
		if p.lineOf(s.Lbrace) == p.lineOf(s.Rbrace) {
			panic(unsupported{})
		}
		p.block(s, 1)
	case *ast.IfStmt:
		p.header(s, s.Body)
		p.str("if")
		p.controlClause(false, s.Init, s.Cond, nil)
		p.block(s.Body, 1)
		if s.Else != nil {
			p.str(" else ")
			switch e := s.Else.(type) {
			case *ast.IfStmt:
				p.stmt(e)
			case *ast.BlockStmt:
				if p.lineOf(e.Lbrace) == p.lineOf(e.Rbrace) {
					panic(unsupported{})
				}
				p.block(e, 1)
			default:
				panic(unsupported{})
			}
		}
	case *ast.SwitchStmt:
		p.header(s, s.Body)
		p.str("switch")
		p.controlClause(false, s.Init, s.Tag, nil)
		p.caseBlock(s.Body)
	case *ast.TypeSwitchStmt:
		p.header(s, s.Body)
		p.str("switch")
		if s.Init != nil {
			p.str(" ")
			p.simpleStmt(s.Init)
			p.str(";")
		}
		p.str(" ")
		p.simpleStmt(s.Assign)
		p.str(" ")
		p.caseBlock(s.Body)
	case *ast.ForStmt:
		p.header(s, s.Body)
		p.str("for")
		p.controlClause(true, s.Init, s.Cond, s.Post)
		p.block(s.Body, 1)
	case *ast.RangeStmt:
		p.header(s, s.Body)
		p.str("for ")
		if s.Key != nil {
			p.expr(s.Key)
			if s.Value != nil {
				p.str(", ")
				p.expr(s.Value)
			}
			p.str(" ")
			p.str(s.Tok.String())
			p.str(" ")
		}
		p.str("range ")
		p.expr(stripParens(s.X))
		p.str(" ")
		p.block(s.Body, 1)
	default:
		panic(unsupported{})
	}
}

// simpleStmt prints a statement of a control clause.
func (p *printer) simpleStmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		p.expr0(s.X, 1)
	case *ast.AssignStmt:
		p.assign(s)
	case *ast.IncDecStmt:
		p.expr0(s.X, 2)
		p.str(s.Tok.String())
	default:
		panic(unsupported{})
	}
}

func (p *printer) assign(s *ast.AssignStmt) {
	depth := 1
	if len(s.Lhs) > 1 && len(s.Rhs) > 1 {
		depth++
	}
	p.exprList(s.Lhs, depth)
	p.str(" ")
	p.str(s.Tok.String())
	p.str(" ")
	p.exprList(s.Rhs, depth)
}

// declStmt prints var x T = v or const x = v, one unparenthesized spec.
func (p *printer) declStmt(s *ast.DeclStmt) {
	d, ok := s.Decl.(*ast.GenDecl)
	if !ok || d.Tok != token.VAR && d.Tok != token.CONST || d.Lparen.IsValid() || len(d.Specs) != 1 || d.Doc != nil {
		panic(unsupported{})
	}
	spec := d.Specs[0].(*ast.ValueSpec)
	p.str(d.Tok.String() + " ")
	for i, n := range spec.Names {
		if i > 0 {
			p.str(", ")
		}
		p.str(n.Name)
	}
	if spec.Type != nil {
		p.str(" ")
		p.expr(spec.Type)
	}
	if spec.Values != nil {
		p.str(" = ")
		p.exprList(spec.Values, 1)
	}
}

// caseBlock prints a switch's body: its clauses at the switch's indentation,
// their statements one further.
func (p *printer) caseBlock(b *ast.BlockStmt) {
	p.line = p.lineOf(b.Lbrace)
	p.str("{")
	for _, s := range b.List {
		cc, ok := s.(*ast.CaseClause)
		if !ok || p.lineOf(cc.Pos()) <= p.line {
			panic(unsupported{})
		}
		p.linebreak(p.lineOf(cc.Pos()), 1)
		switch {
		case p.lineOf(cc.Pos()) == p.lineOf(cc.Colon):
			if cc.List == nil {
				p.str("default")
			} else {
				p.str("case ")
				p.exprList(cc.List, 1)
			}
		case cc.List == nil:
			panic(unsupported{})
		default:
			p.str("case ")
			p.caseLines(cc.List, p.lineOf(cc.Colon))
		}
		p.str(":")
		p.stmtList(cc.Body, 1)
	}
	p.closing(b.Rbrace)
}

// caseLines prints a case's expressions that the source writes one a line,
// the first on the case's line and the last on the colon's, as go/printer
// keeps them: each after the first on its own line, indented once more than
// the case. Any other layout of a case that spans lines is go/format's.
func (p *printer) caseLines(list []ast.Expr, colon int) {
	if p.lineOf(list[0].Pos()) != p.line || p.lineOf(list[len(list)-1].End()) != colon {
		panic(unsupported{})
	}
	p.indent++
	for i, x := range list {
		p.oneLine(x)
		if i > 0 {
			p.str(",")
			line := p.lineOf(x.Pos())
			if line != p.line+1 {
				panic(unsupported{})
			}
			p.linebreak(line, 1)
		}
		p.expr0(x, 1)
	}
	p.indent--
}

func (p *printer) controlClause(isFor bool, init ast.Stmt, expr ast.Expr, post ast.Stmt) {
	p.str(" ")
	needsBlank := false
	if init == nil && post == nil {
		if expr != nil {
			p.expr(stripParens(expr))
			needsBlank = true
		}
	} else {
		if init != nil {
			p.simpleStmt(init)
		}
		p.str("; ")
		if expr != nil {
			p.expr(stripParens(expr))
			needsBlank = true
		}
		if isFor {
			p.str("; ")
			needsBlank = false
			if post != nil {
				p.simpleStmt(post)
				needsBlank = true
			}
		}
	}
	if needsBlank {
		p.str(" ")
	}
}
