package golang

import (
	"strconv"
	"strings"
)

// The text of the check functions (validate.go): the schema paths they
// name, and the statements their emitters return, written as Go text.

// sp is the schema path of a keyword of this schema, e.g.
// "envelope.json#/then/required": a literal, or p+"/then/required" where
// the function declares const p = "envelope.json#" (paths.resolve), or
// pp+"code/type" under its properties. Until resolve has decided, it is a
// placeholder that paths.fill replaces.
func (f *vfn) sp(keyword ...string) string {
	if f.paths == nil {
		return quote(f.spText(keyword...))
	}
	f.paths.lits = append(f.paths.lits, f.spText(keyword...))
	return pathMark + strconv.Itoa(len(f.paths.lits)-1) + pathMark
}

// pathMark opens and closes the placeholder of a schema path (sp): a NUL,
// which no other text of a check function holds (its strings are quoted).
const pathMark = "\x00"

// paths are the schema paths one check function names. Where its own
// location starts enough of them, the function declares it once,
//
//	const p = "envelope.json#/$defs/warning"
//
// and spells them p+"/type" (a constant expression: the same string in the
// binary as the literal, and still found by a search for "warning/type").
// Where enough of them are its properties' (three or more), it also declares
//
//	const pp = p + "/properties/"
//
// and spells those pp+"code/type": the check of each property names its
// own paths, and "/properties/" was ~110 bytes of each definition of the
// synthetic benchmark.
type paths struct {
	prefix string
	lits   []string // the full paths, by placeholder
	spelt  []string // by resolve: how each is written
	grow   int      // by resolve: how much longer the spelt paths are than their placeholders
}

// propsPath is what pp adds to p.
const propsPath = "/properties/"

// newPaths collects the paths of a function whose own location is f's.
func (f *vfn) newPaths() *paths { return &paths{prefix: f.spText()} }

// resolve decides how the paths are written (fill), and returns the
// declaration of p (and pp), or "" where p would not make the function
// shorter.
func (ps *paths) resolve() string {
	under := func(full string) bool {
		return strings.HasPrefix(full, ps.prefix) && (len(full) == len(ps.prefix) || full[len(ps.prefix)] == '/')
	}
	props := ps.prefix + propsPath
	inProps := func(full string) bool { return len(full) > len(props) && strings.HasPrefix(full, props) }
	const ppDecl = "const pp = p + \"" + propsPath + "\""
	saved := -len("\tconst p = \"\"\n") - len(ps.prefix)
	savedPP := -len("\t" + ppDecl + "\n")
	for _, l := range ps.lits {
		if under(l) {
			saved += len(ps.prefix) - len("p+")
		}
		if inProps(l) {
			savedPP += len("p+\""+propsPath) - len("pp+\"")
		}
	}
	use := saved > 0
	usePP := use && savedPP > 0
	ps.spelt = make([]string, len(ps.lits))
	for i, l := range ps.lits {
		switch {
		case !use || !under(l):
			ps.spelt[i] = quote(l)
		case l == ps.prefix:
			ps.spelt[i] = "p"
		case usePP && inProps(l):
			ps.spelt[i] = "pp+" + quote(l[len(props):])
		default:
			ps.spelt[i] = "p+" + quote(l[len(ps.prefix):])
		}
		ps.grow += len(ps.spelt[i]) - len(strconv.Itoa(i)) - 2*len(pathMark)
	}
	switch {
	case !use:
		return ""
	case usePP:
		return "const p = " + quote(ps.prefix) + "\n" + ppDecl
	}
	return "const p = " + quote(ps.prefix)
}

// fill replaces the placeholders of sp in text by the paths as resolve
// spelt them.
func (ps *paths) fill(text string) string {
	if strings.IndexByte(text, 0) < 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + max(ps.grow, 0))
	ps.write(&b, text)
	return b.String()
}

// write writes text to b as fill returns it.
func (ps *paths) write(b *strings.Builder, text string) {
	for {
		next := strings.IndexByte(text, 0)
		if next < 0 {
			b.WriteString(text)
			return
		}
		b.WriteString(text[:next])
		end := strings.IndexByte(text[next+1:], 0) + next + 1
		i, _ := strconv.Atoi(text[next+1 : end])
		b.WriteString(ps.spelt[i])
		text = text[end+1:]
	}
}

// funcDecl is the text of a check function: its doc comment lines, then
// func name(params) { body }, with the schema paths filled in (fill),
// written at once rather than through block and fill.
func (ps *paths) funcDecl(doc []string, name, params string, body []string) string {
	n := len("func ") + len(name) + len(params) + 3 + max(ps.grow, 0)
	for _, l := range doc {
		n += len(l) + 2
	}
	for _, s := range body {
		n += len(s) + 1
	}
	var b strings.Builder
	b.Grow(n)
	for _, l := range doc { // as goText.doc writes them
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if len(doc) > 0 {
		b.WriteByte(' ')
	}
	b.WriteString("func ")
	b.WriteString(name)
	b.WriteString(params)
	b.WriteByte('{')
	wrote := false
	for _, s := range body {
		if s != "" {
			b.WriteByte('\n')
			ps.write(&b, s)
			wrote = true
		}
	}
	if wrote {
		b.WriteByte('\n')
	}
	b.WriteByte('}')
	return b.String()
}

// Statements are written as jennifer wrote them: one a line, a block's
// braces on the lines of what opens and closes it (gotext.go says why the
// line breaks matter and the blanks do not).

// block is { stmts, one a line }, or {} for none.
func block(stmts ...string) string {
	n := 2
	for _, s := range stmts {
		n += len(s) + 1
	}
	b := make([]byte, 0, n+1)
	b = append(b, '{')
	for _, s := range stmts {
		if s != "" {
			b = append(append(b, '\n'), s...)
		}
	}
	if len(b) > 1 {
		b = append(b, '\n')
	}
	return string(append(b, '}'))
}

// ifBlock is: if cond { stmts }
func ifBlock(cond string, stmts ...string) string { return "if " + cond + " " + block(stmts...) }

// ifFalse is: if cond { return false }
func ifFalse(cond string) string { return "if " + cond + " {\nreturn false\n}" }

// caseBlock is a case clause of a switch, the statements after its colon;
// head is "case a, b" or "default".
func caseBlock(head string, stmts ...string) string {
	n := len(head) + 1
	for _, s := range stmts {
		n += len(s) + 1
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(head)
	b.WriteByte(':')
	for _, s := range stmts {
		if s != "" {
			b.WriteByte('\n')
			b.WriteString(s)
		}
	}
	return b.String()
}
