package gofmt

import (
	"go/ast"
	"go/token"
	"strings"
)

// Expressions, as go/printer's expr1 prints them when they sit on one line.
// depth is go/printer's: 1 in normal mode, more inside argument lists and
// indices, where binary operators lose their spaces.

func (p *printer) expr(x ast.Expr) { p.expr1(x, token.LowestPrec, 1) }

func (p *printer) expr0(x ast.Expr, depth int) { p.expr1(x, token.LowestPrec, depth) }

func (p *printer) exprList(list []ast.Expr, depth int) {
	for i, x := range list {
		if i > 0 {
			p.str(", ")
		}
		p.expr0(x, depth)
	}
}

func (p *printer) expr1(expr ast.Expr, prec1, depth int) {
	switch x := expr.(type) {
	case *ast.Ident:
		p.str(x.Name)

	case *ast.BinaryExpr:
		p.binaryExpr(x, prec1, cutoff(x, depth), depth)

	case *ast.KeyValueExpr:
		p.expr(x.Key)
		p.str(": ")
		p.expr(x.Value)

	case *ast.StarExpr:
		if token.UnaryPrec < prec1 {
			p.str("(*")
			p.expr(x.X)
			p.str(")")
		} else {
			p.str("*")
			p.expr(x.X)
		}

	case *ast.UnaryExpr:
		if token.UnaryPrec < prec1 {
			p.str("(")
			p.expr(x)
			p.str(")")
		} else {
			p.str(x.Op.String())
			if x.Op == token.RANGE {
				p.str(" ")
			}
			p.expr1(x.X, token.UnaryPrec, depth)
		}

	case *ast.BasicLit:
		if strings.ContainsAny(x.Value, "\n\r") {
			panic(unsupported{}) // a raw string over lines
		}
		p.str(normalizedNumber(x))

	case *ast.ParenExpr:
		if _, hasParens := x.X.(*ast.ParenExpr); hasParens {
			p.expr0(x.X, depth)
		} else {
			p.str("(")
			p.expr0(x.X, reduceDepth(depth))
			p.str(")")
		}

	case *ast.SelectorExpr:
		p.expr1(x.X, token.HighestPrec, depth)
		p.str(".")
		p.str(x.Sel.Name)

	case *ast.TypeAssertExpr:
		p.expr1(x.X, token.HighestPrec, depth)
		p.str(".(")
		if x.Type != nil {
			p.expr(x.Type)
		} else {
			p.str("type")
		}
		p.str(")")

	case *ast.IndexExpr:
		p.expr1(x.X, token.HighestPrec, 1)
		p.str("[")
		p.expr0(x.Index, depth+1)
		p.str("]")

	case *ast.IndexListExpr:
		p.expr1(x.X, token.HighestPrec, 1)
		p.str("[")
		p.exprList(x.Indices, depth+1)
		p.str("]")

	case *ast.SliceExpr:
		p.sliceExpr(x, depth)

	case *ast.CallExpr:
		if len(x.Args) > 1 {
			depth++
		}
		paren := false
		switch t := x.Fun.(type) {
		case *ast.FuncType:
			paren = true
		case *ast.ChanType:
			paren = t.Dir == ast.RECV
		}
		if paren {
			p.str("(")
		}
		p.expr1(x.Fun, token.HighestPrec, depth)
		if paren {
			p.str(")")
		}
		p.str("(")
		p.exprList(x.Args, depth)
		if x.Ellipsis.IsValid() {
			p.str("...")
		}
		p.str(")")

	case *ast.CompositeLit:
		if x.Type != nil {
			p.expr1(x.Type, token.HighestPrec, depth)
		}
		p.str("{")
		p.exprList(x.Elts, 1)
		p.str("}")

	case *ast.Ellipsis:
		p.str("...")
		if x.Elt != nil {
			p.expr(x.Elt)
		}

	case *ast.ArrayType:
		p.str("[")
		if x.Len != nil {
			p.expr(x.Len)
		}
		p.str("]")
		p.expr(x.Elt)

	case *ast.StructType:
		p.emptyFields("struct", x.Fields)

	case *ast.InterfaceType:
		p.emptyFields("interface", x.Methods)

	case *ast.FuncType:
		p.str("func")
		p.signature(x)

	case *ast.MapType:
		p.str("map[")
		p.expr(x.Key)
		p.str("]")
		p.expr(x.Value)

	default: // function literals, channel types …
		panic(unsupported{})
	}
}

// emptyFields prints struct{} or interface{}; a type with fields is left to
// go/format.
func (p *printer) emptyFields(keyword string, fields *ast.FieldList) {
	if len(fields.List) != 0 || !fields.Opening.IsValid() || p.lineOf(fields.Opening) != p.lineOf(fields.Closing) {
		panic(unsupported{})
	}
	p.str(keyword)
	p.str("{}")
}

func (p *printer) sliceExpr(x *ast.SliceExpr, depth int) {
	p.expr1(x.X, token.HighestPrec, 1)
	p.str("[")
	indices := []ast.Expr{x.Low, x.High}
	if x.Max != nil {
		indices = append(indices, x.Max)
	}
	needsBlanks := false
	if depth <= 1 {
		count, binaries := 0, false
		for _, i := range indices {
			if i != nil {
				count++
				if _, ok := i.(*ast.BinaryExpr); ok {
					binaries = true
				}
			}
		}
		needsBlanks = count > 1 && binaries
	}
	for i, ix := range indices {
		if i > 0 {
			if indices[i-1] != nil && needsBlanks {
				p.str(" ")
			}
			p.str(":")
			if ix != nil && needsBlanks {
				p.str(" ")
			}
		}
		if ix != nil {
			p.expr0(ix, depth+1)
		}
	}
	p.str("]")
}

// binaryExpr is go/printer's: blanks around the operator when its
// precedence is below the cutoff.
func (p *printer) binaryExpr(x *ast.BinaryExpr, prec1, cutoff, depth int) {
	prec := x.Op.Precedence()
	if prec < prec1 {
		p.str("(")
		p.expr0(x, reduceDepth(depth))
		p.str(")")
		return
	}
	printBlank := prec < cutoff
	p.expr1(x.X, prec, depth+diffPrec(x.X, prec))
	if printBlank {
		p.str(" ")
	}
	p.str(x.Op.String())
	if printBlank {
		p.str(" ")
	}
	p.expr1(x.Y, prec+1, depth+1)
}

func walkBinary(e *ast.BinaryExpr) (has4, has5 bool, maxProblem int) {
	switch e.Op.Precedence() {
	case 4:
		has4 = true
	case 5:
		has5 = true
	}
	switch l := e.X.(type) {
	case *ast.BinaryExpr:
		if l.Op.Precedence() < e.Op.Precedence() {
			break
		}
		h4, h5, mp := walkBinary(l)
		has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
	}
	switch r := e.Y.(type) {
	case *ast.BinaryExpr:
		if r.Op.Precedence() <= e.Op.Precedence() {
			break
		}
		h4, h5, mp := walkBinary(r)
		has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
	case *ast.StarExpr:
		if e.Op == token.QUO { // `*/`
			maxProblem = 5
		}
	case *ast.UnaryExpr:
		switch e.Op.String() + r.Op.String() {
		case "/*", "&&", "&^":
			maxProblem = 5
		case "++", "--":
			maxProblem = max(maxProblem, 4)
		}
	}
	return
}

func cutoff(e *ast.BinaryExpr, depth int) int {
	has4, has5, maxProblem := walkBinary(e)
	if maxProblem > 0 {
		return maxProblem + 1
	}
	if has4 && has5 {
		if depth == 1 {
			return 5
		}
		return 4
	}
	if depth == 1 {
		return 6
	}
	return 4
}

func diffPrec(expr ast.Expr, prec int) int {
	x, ok := expr.(*ast.BinaryExpr)
	if !ok || prec != x.Op.Precedence() {
		return 1
	}
	return 0
}

func reduceDepth(depth int) int {
	return max(depth-1, 1)
}

func isTypeName(x ast.Expr) bool {
	switch t := x.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return isTypeName(t.X)
	}
	return false
}

// stripParens drops the parentheses around a control clause's expression,
// unless they protect a composite literal starting with a type name.
func stripParens(x ast.Expr) ast.Expr {
	if px, strip := x.(*ast.ParenExpr); strip {
		ast.Inspect(px.X, func(node ast.Node) bool {
			switch x := node.(type) {
			case *ast.ParenExpr:
				return false
			case *ast.CompositeLit:
				if isTypeName(x.Type) {
					strip = false
				}
				return false
			}
			return true
		})
		if strip {
			return stripParens(px.X)
		}
	}
	return x
}

func stripParensAlways(x ast.Expr) ast.Expr {
	if x, ok := x.(*ast.ParenExpr); ok {
		return stripParensAlways(x.X)
	}
	return x
}

// combinesWithName reports whether "name x" would read as an expression, so
// that go/printer writes a type parameter list [P *T,] with a comma.
func combinesWithName(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.StarExpr:
		return !isTypeElem(x.X)
	case *ast.BinaryExpr:
		return combinesWithName(x.X) && !isTypeElem(x.Y)
	case *ast.ParenExpr:
		return !isTypeElem(x.X)
	}
	return false
}

func isTypeElem(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.ArrayType, *ast.StructType, *ast.FuncType, *ast.InterfaceType, *ast.MapType, *ast.ChanType:
		return true
	case *ast.UnaryExpr:
		return x.Op == token.TILDE
	case *ast.BinaryExpr:
		return isTypeElem(x.X) || isTypeElem(x.Y)
	case *ast.ParenExpr:
		return isTypeElem(x.X)
	}
	return false
}

// normalizedNumber is go/printer's: lower-case base prefixes and exponents,
// no leading zeros in integer imaginary literals.
func normalizedNumber(lit *ast.BasicLit) string {
	x := lit.Value
	if lit.Kind != token.INT && lit.Kind != token.FLOAT && lit.Kind != token.IMAG || len(x) < 2 {
		return x
	}
	switch x[:2] {
	default:
		if i := strings.LastIndexByte(x, 'E'); i >= 0 {
			return x[:i] + "e" + x[i+1:]
		}
		if x[len(x)-1] == 'i' && !strings.ContainsAny(x, ".e") {
			x = strings.TrimLeft(x, "0_")
			if x == "i" {
				x = "0i"
			}
		}
	case "0X":
		x = "0x" + x[2:]
		if i := strings.LastIndexByte(x, 'P'); i >= 0 {
			x = x[:i] + "p" + x[i+1:]
		}
	case "0x":
		if i := strings.LastIndexByte(x, 'P'); i >= 0 {
			x = x[:i] + "p" + x[i+1:]
		}
	case "0O":
		x = "0o" + x[2:]
	case "0B":
		x = "0b" + x[2:]
	}
	return x
}
