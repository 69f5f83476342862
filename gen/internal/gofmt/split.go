package gofmt

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
)

// Source formats src, a whole Go file, as go/format.Source does, printing
// the functions whose every line has a shape f has learnt without parsing
// them (lines.go), and every other declaration as Source does.
func (f *Formatter) Source(src []byte) ([]byte, error) {
	out, fast, err := f.source(src)
	if err != nil || !check {
		return out, err
	}
	return checked(src, out, fast)
}

// source is Source, also returning how many function declarations it
// printed itself (directly or from their lines). It splits src into its
// declarations without parsing it; a file it cannot split so (splitFile)
// goes to the package's source whole, as does one with a syntax error,
// for its error.
func (f *Formatter) source(src []byte) ([]byte, int, error) {
	prefix, decls, ok := splitFile(src)
	if !ok {
		return source(src)
	}
	out := make([]byte, 0, len(src)+len(src)/8)
	pre, err := format.Source(src[:prefix])
	if err != nil {
		return source(src)
	}
	out = append(out, pre...)
	fast, genFast := 0, 0
	for _, d := range decls {
		out = append(out, '\n')
		text := src[d.start:d.end]
		// printed from the line shapes learned for its kind, when they cover it
		printLearned, count, learned := f.printLines, &fast, &stats.lines
		if !d.isFunc {
			printLearned, count, learned = f.printGenLines, &genFast, &stats.genLines
		}
		if b, ok := printLearned(out, text); ok {
			out = b
			*count++
			if check {
				*learned++
			}
			continue
		}
		n := len(out)
		var kind int
		if out, kind, err = printOne(out, text); err != nil {
			return source(src)
		}
		switch kind {
		case printedFunc:
			fast++
			f.learn(text, out[n:])
		case printedGen:
			genFast++
			f.learnGen(text, out[n:])
		}
	}
	if check {
		stats.genFast += genFast
	}
	return out, fast, nil
}

// printOne appends the declaration src printed as Source prints it in a
// file: directly, or by go/format; kind says which.
func printOne(out, src []byte) (_ []byte, kind int, err error) {
	file := make([]byte, 0, len(declPrefix)+1+len(src)+1)
	file = append(append(append(append(file, declPrefix...), '\n'), src...), '\n')
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", file, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, 0, err
	}
	tf := fset.File(f.Pos())
	plan, ok := planFile(f, tf)
	if !ok || len(plan) != 1 {
		return nil, 0, fmt.Errorf("gofmt: %.40q is not one declaration", src)
	}
	return printDecl(out, file, tf, &lineTable{base: tf.Base(), starts: tf.Lines()}, plan[0])
}

// declText is one top-level declaration of a file, src[start:end]: from its
// doc comment, or its keyword, to its last token.
type declText struct {
	start, end int
	isFunc     bool
}

// splitFile finds the declarations of src (imports included) and where the
// first starts, reading only its brackets, comments and literals. It
// reports false where the package's source would not split the file into
// its declarations either (planFile: a comment between declarations, two
// declarations without a blank line between), or where reading this little
// of the syntax might mislead it: a block comment, a raw string over lines,
// a line that ends a declaration with a token after which Go inserts no
// semicolon (the declaration may go on), a doc comment not at the start of
// its line, a line comment after a declaration's last token.
func splitFile(src []byte) (prefix int, decls []declText, ok bool) {
	const (
		header  = iota // before the package clause
		preDecl        // after it, before the first declaration
		body
	)
	phase := header
	depth := 0
	doc := -1      // start of the comment lines above the current line
	blank := false // a blank line since the last declaration ended
	cur := declText{start: -1}
	for ls := 0; ls < len(src); {
		le := bytes.IndexByte(src[ls:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += ls
		}
		line := src[ls:le]
		next := le + 1
		if bytes.IndexByte(line, '\r') >= 0 {
			return 0, nil, false
		}
		trimmed := bytes.TrimLeft(line, " \t")
		if depth == 0 && cur.start < 0 {
			switch {
			case len(trimmed) == 0:
				if doc >= 0 && phase != header {
					return 0, nil, false // a comment that documents nothing
				}
				doc = -1
				blank = true
				ls = next
				continue
			case bytes.HasPrefix(trimmed, []byte("//")):
				if doc < 0 {
					if len(trimmed) != len(line) && phase != header {
						return 0, nil, false
					}
					doc = ls
				}
				ls = next
				continue
			}
			word := trimmed
			if i := bytes.IndexAny(word, " \t({"); i >= 0 {
				word = word[:i]
			}
			switch string(word) {
			case "package":
				if phase != header {
					return 0, nil, false
				}
				phase, doc = preDecl, -1
				blank = false
				ls = next
				continue
			case "func", "type", "const", "var", "import":
				if phase == header || !blank {
					return 0, nil, false
				}
				start := ls + len(line) - len(trimmed)
				if doc >= 0 {
					start = doc
				}
				if phase == preDecl {
					prefix, phase = start, body
				}
				cur = declText{start: start, isFunc: string(word) == "func"}
				doc = -1
			default:
				return 0, nil, false
			}
		}
		// Brackets, skipping literals and comments.
		comment := false
		for i := 0; i < len(line) && !comment; i++ {
			switch c := line[i]; c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			case '"', '\'':
				j := closingQuote(line, i)
				if j >= len(line) {
					return 0, nil, false
				}
				i = j
			case '`':
				j := bytes.IndexByte(line[i+1:], '`')
				if j < 0 {
					return 0, nil, false
				}
				i += j + 1
			case '/':
				if i+1 < len(line) && line[i+1] == '*' {
					return 0, nil, false
				}
				if i+1 < len(line) && line[i+1] == '/' {
					comment = true
				}
			}
		}
		if depth < 0 {
			return 0, nil, false
		}
		if depth == 0 && cur.start >= 0 {
			if comment {
				return 0, nil, false
			}
			end := strings.TrimRight(string(line), " \t")
			if !endsStatement(end) {
				return 0, nil, false
			}
			cur.end = ls + len(end)
			decls = append(decls, cur)
			cur = declText{start: -1}
			blank = false
		}
		ls = next
	}
	if depth != 0 || cur.start >= 0 || doc >= 0 || len(decls) == 0 {
		return 0, nil, false
	}
	return prefix, decls, true
}

// endsStatement reports whether Go inserts a semicolon after line, so that
// a declaration ending there ends there: its last token is an identifier, a
// literal, a closing bracket, ++ or --.
func endsStatement(line string) bool {
	if line == "" {
		return false
	}
	switch c := line[len(line)-1]; {
	case c == ')' || c == ']' || c == '}' || c == '"' || c == '\'' || c == '`' || c == '_' || c >= 0x80,
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
		return true
	}
	return strings.HasSuffix(line, "++") || strings.HasSuffix(line, "--")
}
