package gofmt

// Function declarations printed from their lines, without parsing.
//
// Where Source's direct printer takes a function (one statement a line, no
// comment inside), each output line is the input line's tokens in the same
// order, indented by block depth, with a blank or nothing between two
// tokens. Which of the two is a matter of the line's syntax only: the
// operators, keywords and brackets, and where an identifier or literal
// stands, not which one it is (go/printer's spacing of a binary expression
// depends on its operators' precedence and nesting, never on an operand's
// text). A Formatter therefore learns, for each shape of line (its tokens,
// identifiers and literals abstracted), the gaps go/printer writes, from
// the first functions it prints through the direct printer, and prints
// every later function whose lines all have a known shape from its lines
// alone. The learning is checked: a function's shapes are kept only when
// printing it from them gives the direct printer's bytes. Generated code
// repeats a few shapes over thousands of functions, so after the first few
// nearly every function is printed from its lines, and parsing, the larger
// part of formatting, is left out.

import (
	"bytes"
	"fmt"
)

// Formatter formats the files of one generation, as Source does, keeping
// what it learns about line shapes from one file to the next. It is not
// safe for concurrent use.
type Formatter struct {
	// gaps maps the shape of a line (shapeKey) to go/printer's spacing
	// of its tokens: gaps[i] is 1 when a blank follows token i.
	gaps map[string][]byte
	// scratch, reused from line to line.
	toks  []span
	key   []byte
	lines [][]byte
}

// NewFormatter returns a Formatter that has learnt nothing yet.
func NewFormatter() *Formatter { return &Formatter{gaps: map[string][]byte{}} }

// span is one token of a line: its bytes line[start:end] and its kind for
// the shape (0 when the text itself is part of the shape).
type span struct {
	start, end int
	kind       byte
}

// Kinds of tokens abstracted in a line's shape.
const (
	kindIdent  = 1
	kindString = 2
	kindChar   = 3
	kindInt    = 4 // decimal digits only: go/printer prints them as they are
)

// lex splits line into tokens, or reports false for a line it does not take:
// a comment, a literal it cannot end on this line, a byte outside Go's
// tokens.
func lex(line []byte, toks []span) ([]span, bool) {
	toks = toks[:0]
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80:
			j := i + 1
			for j < len(line) && (line[j] == '_' || 'a' <= line[j] && line[j] <= 'z' || 'A' <= line[j] && line[j] <= 'Z' || '0' <= line[j] && line[j] <= '9' || line[j] >= 0x80) {
				j++
			}
			kind := byte(kindIdent)
			if isKeyword(line[i:j]) {
				kind = 0
			}
			toks = append(toks, span{i, j, kind})
			i = j
		case '0' <= c && c <= '9' || c == '.' && i+1 < len(line) && '0' <= line[i+1] && line[i+1] <= '9':
			j, plain := i, true
			for j < len(line) {
				d := line[j]
				if '0' <= d && d <= '9' {
					j++
				} else if d == '_' || d == '.' || 'a' <= d && d <= 'z' || 'A' <= d && d <= 'Z' {
					plain = false
					j++
					if (d == 'e' || d == 'E' || d == 'p' || d == 'P') && j < len(line) && (line[j] == '+' || line[j] == '-') {
						j++
					}
				} else {
					break
				}
			}
			kind := byte(kindInt)
			if !plain || c == '0' && j-i > 1 { // 0x…, 1e3, 0777: printed normalised
				kind = 0
			}
			toks = append(toks, span{i, j, kind})
			i = j
		case c == '"' || c == '\'':
			j := closingQuote(line, i)
			if j >= len(line) {
				return toks, false
			}
			kind := byte(kindString)
			if c == '\'' {
				kind = kindChar
			}
			toks = append(toks, span{i, j + 1, kind})
			i = j + 1
		case c == '`':
			j := bytes.IndexByte(line[i+1:], '`')
			if j < 0 || bytes.IndexByte(line[i+1:i+1+j], '\r') >= 0 {
				return toks, false
			}
			toks = append(toks, span{i, i + j + 2, kindString})
			i += j + 2
		case c == '/' && i+1 < len(line) && (line[i+1] == '/' || line[i+1] == '*'):
			return toks, false
		default:
			n := operatorLen(line[i:])
			if n == 0 {
				return toks, false
			}
			toks = append(toks, span{i, i + n, 0})
			i += n
		}
	}
	return toks, true
}

// isKeyword reports whether word is one of Go's keywords (token.Lookup,
// without its map: this runs for every identifier of every line).
func isKeyword(word []byte) bool {
	if len(word) < 2 || len(word) > 11 || word[0] < 'b' || word[0] > 'v' {
		return false
	}
	switch string(word) {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
		"go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
		"switch", "type", "var":
		return true
	}
	return false
}

// operatorLen is the length of the operator or punctuation s starts with,
// 0 for none.
func operatorLen(s []byte) int {
	if len(s) >= 3 {
		switch string(s[:3]) {
		case "<<=", ">>=", "&^=", "...":
			return 3
		}
	}
	if len(s) >= 2 {
		switch string(s[:2]) {
		case "<<", ">>", "&^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "&&", "||", "<-", "++", "--", "==", "!=", "<=", ">=", ":=":
			return 2
		}
	}
	switch s[0] {
	case '+', '-', '*', '/', '%', '&', '|', '^', '<', '>', '=', '!', '(', ')', '[', ']', '{', '}', ',', ';', '.', ':', '~':
		return 1
	}
	return 0
}

// shapeKey appends to key the shape of the line toks were lexed from:
// each token's kind, or its text when the kind is 0, each ended by a zero
// byte.
func shapeKey(key []byte, line []byte, toks []span) []byte {
	for _, t := range toks {
		if t.kind != 0 {
			key = append(key, t.kind)
		} else {
			key = append(key, line[t.start:t.end]...)
		}
		key = append(key, 0)
	}
	return key
}

func (t span) is(line []byte, s string) bool { return string(line[t.start:t.end]) == s }

// printLines appends the function declaration src (its doc comment, its
// header on one line, one statement a line, its closing brace) printed as
// go/printer prints it, from the gaps f has learnt; it reports false, out
// unchanged, when src is not such a declaration or has a line of a shape f
// does not know.
func (f *Formatter) printLines(out, src []byte) ([]byte, bool) {
	f.lines = splitLines(f.lines[:0], src)
	lines := f.lines
	res, i, ok := appendDoc(out, lines)
	if !ok {
		return out, false
	}
	if i > 0 && i < len(lines) && lines[0][0] == '/' && len(lines[i]) > 0 && lines[i][0] != ' ' && lines[i][0] != '\t' {
		return out, false // a doc comment that go/printer reformats
	}
	depth, blank, first, cont := 0, false, true, false
	for ; i < len(lines); i++ {
		line := lines[i]
		if len(bytes.TrimLeft(line, " \t")) == 0 {
			blank = true
			continue
		}
		if !first && depth == 0 {
			return out, false // text after the closing brace
		}
		toks, ok := lex(line, f.toks)
		f.toks = toks
		if !ok || len(toks) == 0 {
			return out, false
		}
		f.key = shapeKey(f.key[:0], line, toks)
		gaps := f.gaps[string(f.key)]
		if gaps == nil { // unknown, or poisoned by learn
			return out, false
		}
		opens, closes, more, ok := lineStructure(line, toks, first, cont)
		if !ok || cont && blank {
			return out, false
		}
		depth -= closes
		indent := depth // a case's later lines: one further than the case
		if !cont && (toks[0].is(line, "case") || toks[0].is(line, "default")) {
			indent--
		}
		cont = more
		if depth < 0 || indent < 0 || first && indent != 0 {
			return out, false
		}
		if !first {
			res = append(res, '\n')
			if blank {
				res = append(res, '\n')
			}
		}
		for range indent {
			res = append(res, '\t')
		}
		for j, t := range toks {
			res = append(res, line[t.start:t.end]...)
			if gaps[j] != 0 {
				res = append(res, ' ')
			}
		}
		depth += opens
		blank, first = false, false
	}
	if first || depth != 0 || cont {
		return out, false
	}
	return append(res, '\n'), true
}

// lineStructure checks that line is a line of a function the direct printer
// takes, and returns the blocks it opens (a { at its end) and closes (a }
// at its start): the header (first) starts with func and ends with {; a
// line that opens a block is an if, for, switch or select header, or an
// else; a line that closes one is }, } else {, or } else if … {; a case
// clause ends with its colon, or lists its expressions one a line: its
// line and each but the last of the lines after it (cont) end with a comma
// (more), the last with the colon; every other bracket is closed on the
// line.
func lineStructure(line []byte, toks []span, first, cont bool) (opens, closes int, more, ok bool) {
	n := len(toks)
	lead, last := toks[0], toks[n-1]
	if cont {
		if lead.is(line, "case") || lead.is(line, "default") || lead.is(line, "}") ||
			!last.is(line, ",") && !last.is(line, ":") {
			return 0, 0, false, false
		}
		return 0, 0, last.is(line, ","), balanced(line, toks[:n-1])
	}
	if lead.is(line, "}") {
		closes = 1
		if n > 1 && (!toks[1].is(line, "else") || !last.is(line, "{")) {
			return 0, 0, false, false
		}
	}
	if last.is(line, "{") && n > 1 {
		opens = 1
		switch string(line[lead.start:lead.end]) {
		case "if", "for", "switch", "select", "}":
		case "func":
			if !first {
				return 0, 0, false, false
			}
		default:
			return 0, 0, false, false
		}
	}
	if first != (opens == 1 && lead.is(line, "func")) {
		return 0, 0, false, false
	}
	switch {
	case lead.is(line, "case") && n > 1 && last.is(line, ","):
		more = true
	case lead.is(line, "case") || lead.is(line, "default"):
		if !last.is(line, ":") {
			return 0, 0, false, false
		}
	case last.is(line, ":"):
		return 0, 0, false, false // a label
	}
	return opens, closes, more, balanced(line, toks[closes:n-opens])
}

// opening is the bracket that c closes.
func opening(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

func isComment(line []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("//"))
}

// splitLines appends the lines of src, without their line feeds.
func splitLines(lines [][]byte, src []byte) [][]byte {
	for len(src) > 0 {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return append(lines, src)
		}
		lines = append(lines, src[:i])
		src = src[i+1:]
	}
	return lines
}

// learn records the gaps of each line of the function declaration src from
// printed, the direct printer's output for it, and keeps them if printing
// src from them gives printed back.
func (f *Formatter) learn(src, printed []byte) {
	in := splitLines(nil, src)
	outLines := splitLines(nil, printed)
	learnt := map[string][]byte{}
	j := 0
	for _, line := range in {
		if isComment(line) || len(bytes.TrimLeft(line, " \t")) == 0 {
			continue
		}
		for j < len(outLines) && (len(outLines[j]) == 0 || isComment(outLines[j])) {
			j++
		}
		if j == len(outLines) {
			return
		}
		o := bytes.TrimLeft(outLines[j], "\t")
		j++
		toks, ok := lex(line, nil)
		if !ok || len(toks) == 0 {
			return
		}
		gaps, ok := lineGaps(line, toks, o)
		if !ok {
			return
		}
		learnt[string(shapeKey(nil, line, toks))] = gaps
	}
	trial := &Formatter{gaps: learnt}
	if got, ok := trial.printLines(nil, src); !ok || !bytes.Equal(got, printed) {
		return
	}
	f.keep(learnt)
}

// lineGaps returns the gaps between the tokens toks of line in o, the
// line's text as go/printer printed it; false when o is not those tokens
// with a blank or nothing between each two.
func lineGaps(line []byte, toks []span, o []byte) ([]byte, bool) {
	otoks, ok := lex(o, nil)
	if !ok || len(toks) != len(otoks) || len(toks) == 0 || otoks[0].start != 0 || otoks[len(otoks)-1].end != len(o) {
		return nil, false
	}
	gaps := make([]byte, len(toks))
	for k := range toks {
		if string(line[toks[k].start:toks[k].end]) != string(o[otoks[k].start:otoks[k].end]) {
			return nil, false // go/printer changed a token: 0X1 → 0x1, ((x)) → (x)
		}
		if k+1 < len(toks) {
			switch string(o[otoks[k].end:otoks[k+1].start]) {
			case "":
			case " ":
				gaps[k] = 1
			default:
				return nil, false
			}
		}
	}
	return gaps, true
}

// keep adds the gaps learnt from one declaration to f's.
func (f *Formatter) keep(learnt map[string][]byte) {
	for k, g := range learnt {
		if old, seen := f.gaps[k]; seen && !bytes.Equal(old, g) {
			// The premise of lines.go is wrong for this shape: a bug
			// the tests should see; a user gets the direct printer's
			// output for every declaration with a line of this shape.
			if check {
				panic(fmt.Sprintf("gofmt: the line shape %q printed two ways", k))
			}
			g = nil
		}
		f.gaps[k] = g
	}
}

// appendDoc appends the comment lines that open lines (a declaration's doc
// comment, written as gofmt prints it: the generator writes doc comments in
// go/doc/comment's standard form) without their blanks at either end, and
// returns the index of the first line after them; false for a comment with
// a carriage return or form feed, which go/printer treats otherwise.
func appendDoc(out []byte, lines [][]byte) ([]byte, int, bool) {
	i := 0
	for ; i < len(lines) && isComment(lines[i]); i++ {
		c := bytes.TrimLeft(lines[i], " \t")
		if bytes.ContainsAny(c, "\r\f") {
			return out, 0, false
		}
		out = append(out, bytes.TrimRight(c, " \t")...)
		out = append(out, '\n')
	}
	return out, i, true
}

// closingQuote is the index of the quote that ends the string or rune
// literal opening at line[i], or len(line) or more when the line ends first.
func closingQuote(line []byte, i int) int {
	c, j := line[i], i+1
	for j < len(line) && line[j] != c {
		if line[j] == '\\' {
			j++
		}
		j++
	}
	return j
}
