package gofmt

// Type, constant and variable declarations printed from their lines, as
// functions are (lines.go): a declaration on one line; a struct type, one
// field a line (name, type, tag); a const or var group, one name, type and
// value a line. go/printer aligns a struct's and a group's columns; these
// are built from the lines' tokens and aligned by the tabwriter the direct
// printer uses (aligned), which is what makes the columns context-free: a
// line's shape fixes the text of each of its cells, the tabwriter the
// padding.

import "bytes"

// What a declaration's lines are, for printGenLines.
const (
	genNone   = iota
	genLine   // a declaration on one line
	genStruct // type X struct{ … }, one field a line
	genGroup  // const ( … ) or var ( … ), one spec a line
)

// A cellsShape is learnt for a line inside a struct or a group: the gaps
// between the tokens of the type (a field) or the values (a spec); the
// other cells are one token each. It is stored under the line's shape
// with a leading byte that says which.
const (
	keyField = 0xfe
	keySpec  = 0xfd
	keyTop   = 0xfc // a declaration's first line
)

// printGenLines appends the type, constant or variable declaration src
// printed from the shapes f has learnt, or reports false, out unchanged.
func (f *Formatter) printGenLines(out, src []byte) ([]byte, bool) {
	f.lines = splitLines(f.lines[:0], src)
	lines := f.lines
	res, i, ok := appendDoc(out, lines)
	if !ok {
		return out, false
	}
	if i == len(lines) || i > 0 && lines[0][0] == '/' && len(lines[i]) > 0 && lines[i][0] != ' ' && lines[i][0] != '\t' {
		return out, false // a doc comment that go/printer reformats
	}
	code := lines[i:]
	head := code[0]
	toks, ok := lex(head, f.toks)
	f.toks = toks
	if !ok || len(toks) < 2 {
		return out, false
	}
	switch genKind(head, toks, len(code)) {
	case genLine:
		if res, ok = f.appendLine(res, head, toks, keyTop); !ok {
			return out, false
		}
		return append(res, '\n'), true
	case genStruct:
		if res, ok = f.appendLine(res, head, toks, keyTop); !ok {
			return out, false
		}
		if res, ok = f.appendCells(res, code[1:len(code)-1], keyField); !ok {
			return out, false
		}
		return append(res, "\n}\n"...), true
	case genGroup:
		res = append(res, head[toks[0].start:toks[0].end]...)
		res = append(res, " ("...)
		if res, ok = f.appendCells(res, code[1:len(code)-1], keySpec); !ok {
			return out, false
		}
		return append(res, "\n)\n"...), true
	}
	return out, false
}

// genKind says what the declaration of n code lines whose first is head,
// lexed as toks, is: one line that starts with type, const or var, its
// brackets balanced; type X struct{ with its fields below and } alone on
// the last line; or const ( or var ( alone, with ) alone on the last line.
func genKind(head []byte, toks []span, n int) int {
	lead := string(head[toks[0].start:toks[0].end])
	if lead != "type" && lead != "const" && lead != "var" {
		return genNone
	}
	last := toks[len(toks)-1]
	switch {
	case n == 1:
		if !balanced(head, toks) {
			return genNone
		}
		return genLine
	case lead == "type" && len(toks) == 4 && toks[1].kind == kindIdent && toks[2].is(head, "struct") && last.is(head, "{"):
		return genStruct
	case lead != "type" && len(toks) == 2 && last.is(head, "("):
		return genGroup
	}
	return genNone
}

// balanced reports whether the brackets of a line close on it.
func balanced(line []byte, toks []span) bool {
	var stack [32]byte
	depth := 0
	for _, t := range toks {
		if t.end-t.start != 1 {
			continue
		}
		switch c := line[t.start]; c {
		case '(', '[', '{':
			if depth == len(stack) {
				return false
			}
			stack[depth] = c
			depth++
		case ')', ']', '}':
			if depth == 0 || stack[depth-1] != opening(c) {
				return false
			}
			depth--
		}
	}
	return depth == 0
}

// appendLine appends line's tokens with the gaps learnt for its shape.
func (f *Formatter) appendLine(res, line []byte, toks []span, prefix byte) ([]byte, bool) {
	gaps := f.lookup(line, toks, prefix)
	if gaps == nil {
		return res, false
	}
	for j, t := range toks {
		res = append(res, line[t.start:t.end]...)
		if gaps[j] != 0 {
			res = append(res, ' ')
		}
	}
	return res, true
}

// lookup returns the gaps learnt for the shape of line, under prefix.
func (f *Formatter) lookup(line []byte, toks []span, prefix byte) []byte {
	f.key = shapeKey(append(f.key[:0], prefix, 0), line, toks)
	return f.gaps[string(f.key)]
}

// cellSplit says where the cells of a field or spec line are: a field is
// name, type (toks[1:end]) and, when the last token is a string, tag; a
// spec is name, type (one token), =, values (toks[3:]). It reports false
// for a line of another form (an embedded field, several names, a spec
// without a type).
func cellSplit(line []byte, toks []span, kind byte) (end int, tag bool, ok bool) {
	if len(toks) < 2 || toks[0].kind != kindIdent {
		return 0, false, false
	}
	if kind == keySpec {
		return 3, false, len(toks) >= 4 && toks[1].kind == kindIdent && toks[2].is(line, "=")
	}
	if toks[1].is(line, ".") || toks[1].is(line, ",") || toks[1].kind == kindString {
		return 0, false, false
	}
	end = len(toks)
	if toks[end-1].kind == kindString && end >= 3 {
		return end - 1, true, true
	}
	return end, false, true
}

// appendCells appends the lines of a struct's fields or a group's specs,
// their columns aligned as go/printer aligns them (structType, genDecl).
func (f *Formatter) appendCells(res []byte, lines [][]byte, kind byte) ([]byte, bool) {
	var cells []byte
	sep := byte('\v')
	if kind == keyField && countCode(lines) == 1 {
		sep = ' '
	}
	if kind == keySpec && countCode(lines) < 2 {
		return res, false
	}
	blank, first := false, true
	var toks []span
	for _, line := range lines {
		if len(bytes.TrimLeft(line, " \t")) == 0 {
			blank = true
			continue
		}
		var ok bool
		if toks, ok = lex(line, toks); !ok {
			return res, false
		}
		end, tag, ok := cellSplit(line, toks, kind)
		if !ok {
			return res, false
		}
		gaps := f.lookup(line, toks, kind)
		if gaps == nil {
			return res, false
		}
		cells = append(cells, '\n')
		if blank && !first {
			cells = append(cells, '\n')
		}
		blank, first = false, false
		cells = append(cells, '\t')
		cells = append(cells, line[toks[0].start:toks[0].end]...)
		cells = append(cells, sep)
		if kind == keySpec {
			cells = append(cells, line[toks[1].start:toks[1].end]...)
			cells = append(cells, "\v= "...)
			end = len(toks)
		}
		from := 1
		if kind == keySpec {
			from = 3
		}
		for j := from; j < end; j++ {
			t := toks[j]
			if t.kind == kindString || t.kind == kindChar {
				if bytes.ContainsAny(line[t.start:t.end], "\t\v\f\xff") {
					return res, false // text the tabwriter would read as cells
				}
			}
			cells = append(cells, line[t.start:t.end]...)
			if j+1 < end && gaps[j] != 0 {
				cells = append(cells, ' ')
			}
		}
		if tag {
			t := toks[len(toks)-1]
			if bytes.ContainsAny(line[t.start:t.end], "\t\v\f\n\r\xff") {
				return res, false
			}
			if sep == '\v' {
				cells = append(cells, '\v')
			}
			cells = append(cells, sep)
			cells = append(cells, line[t.start:t.end]...)
		}
	}
	if first || bytes.ContainsAny(cells, "\f\r\xff") {
		return res, false
	}
	p := &printer{out: res}
	p.aligned(cells)
	return p.out, true
}

func countCode(lines [][]byte) int {
	n := 0
	for _, l := range lines {
		if len(bytes.TrimLeft(l, " \t")) > 0 {
			n++
		}
	}
	return n
}

// learnGen records the gaps of the lines of the declaration src from
// printed, the direct printer's output for it, and keeps them if printing
// src from them gives printed back.
func (f *Formatter) learnGen(src, printed []byte) {
	in := codeLines(splitLines(nil, src))
	outLines := codeLines(splitLines(nil, printed))
	if len(in) == 0 || len(in) != len(outLines) {
		return
	}
	toks, ok := lex(in[0], nil)
	if !ok || len(toks) < 2 {
		return
	}
	learnt := map[string][]byte{}
	kind := genKind(in[0], toks, len(in))
	switch kind {
	case genNone:
		return
	case genLine, genStruct:
		gaps, ok := lineGaps(in[0], toks, outLines[0])
		if !ok {
			return
		}
		learnt[string(shapeKey([]byte{keyTop, 0}, in[0], toks))] = gaps
	}
	if kind != genLine {
		prefix := byte(keyField)
		if kind == genGroup {
			prefix = keySpec
		}
		for i := 1; i < len(in)-1; i++ {
			toks, ok := lex(in[i], nil)
			if !ok {
				return
			}
			end, tag, ok := cellSplit(in[i], toks, prefix)
			if !ok {
				return
			}
			o, found := bytes.CutPrefix(outLines[i], []byte("\t"))
			name := in[i][toks[0].start:toks[0].end]
			if o, found = bytes.CutPrefix(o, name); !found {
				return
			}
			o = bytes.TrimLeft(o, " ")
			from := 1
			if prefix == keySpec {
				typ := in[i][toks[1].start:toks[1].end]
				if o, found = bytes.CutPrefix(o, typ); !found {
					return
				}
				if o, found = bytes.CutPrefix(bytes.TrimLeft(o, " "), []byte("= ")); !found {
					return
				}
				from, end = 3, len(toks)
			} else if tag {
				t := toks[len(toks)-1]
				if o, found = bytes.CutSuffix(o, in[i][t.start:t.end]); !found {
					return
				}
				o = bytes.TrimRight(o, " ")
			}
			sub, ok := lineGaps(in[i], toks[from:end], o)
			if !ok {
				return
			}
			gaps := make([]byte, len(toks))
			copy(gaps[from:], sub)
			learnt[string(shapeKey([]byte{prefix, 0}, in[i], toks))] = gaps
		}
	}
	trial := &Formatter{gaps: learnt}
	if got, ok := trial.printGenLines(nil, src); !ok || !bytes.Equal(got, printed) {
		return
	}
	f.keep(learnt)
}

// codeLines drops the blank and comment-only lines of lines.
func codeLines(lines [][]byte) [][]byte {
	var out [][]byte
	for _, l := range lines {
		if len(bytes.TrimLeft(l, " \t")) > 0 && !isComment(l) {
			out = append(out, l)
		}
	}
	return out
}
