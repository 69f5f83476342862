package golang

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
)

// A named type's declaration and the methods every type gets (Validate,
// and the JSON methods of decode.go, encode.go and methods.go) are written
// as Go text rather than built as jennifer trees: the trees were most of
// the objects a rendering allocated, built only to be walked once by
// renderBody, and their garbage a fifth of its time. A goText holds the
// text of one declaration, which goes into the file as one jennifer token
// (jen.Op) of that text, so that it takes its place among the file's other
// declarations. The constants of an enum and their Valid method (enums.go)
// are text too, and so are the check functions (validate.go), put together
// from the strings of their statements, each a jen.Op of its own.
//
// The text has jennifer's line breaks: one statement a line, a block's
// braces on lines of their own. Spaces and indentation are the formatter's
// to set (gofmt.Formatter reads tokens, not blanks), so the output is the
// bytes the trees gave; TestMatchesGoFormat holds that the formatter still
// prints nearly every function itself rather than through go/format. Names
// from other packages go through qual, which asks the file
// (bodyRenderer.alias) for the name it imports the path under, registering
// the import in the order jennifer would meet it; types are spelled by the
// jennifer code that spells them everywhere else (typeCode, slot), through
// spell. Goldens, `make generate` and TestGoldenWithoutMirrors check the
// result byte for byte.

// goText is the text of the Go declaration being written.
type goText struct {
	buf  []byte
	file *bodyRenderer // the file the text goes into
	open bool          // between start and finish
	// rtNames are rt's answers, each for the file it was asked for: the
	// check functions name envgenrt's identifiers thousands of times a file.
	rtNames map[string]rtName
}

type rtName struct {
	file *bodyRenderer
	text string
}

// add appends parts to the text.
func (w *goText) add(parts ...string) {
	for _, p := range parts {
		w.buf = append(w.buf, p...)
	}
}

// line appends parts and ends the line.
func (w *goText) line(parts ...string) {
	w.add(parts...)
	w.buf = append(w.buf, '\n')
}

// qual is name in the package at path, as the file imports it:
// qual(runtimePkg, "Decode") is "envgenrt.Decode".
func (w *goText) qual(path, name string) string {
	return w.file.alias(path) + "." + name
}

// rt is a name of package envgenrt: rt("Decode") is "envgenrt.Decode".
// (The first for each file asks the file, so that the import is
// registered where jennifer would register it.)
func (w *goText) rt(name string) string {
	if n, ok := w.rtNames[name]; ok && n.file == w.file {
		return n.text
	}
	if w.rtNames == nil {
		w.rtNames = map[string]rtName{}
	}
	s := w.qual(runtimePkg, name)
	w.rtNames[name] = rtName{w.file, s}
	return s
}

// spell is c, a jennifer Code (a type, mostly), as the file writes it.
func (w *goText) spell(c jen.Code) string { return w.file.spell(c) }

// start begins the text of a top-level declaration; finish ends it. One
// declaration is written at a time: start before the last one's finish
// would drop its text, so it panics.
func (w *goText) start() {
	if w.open {
		panic("golang: goText.start while a declaration is being written")
	}
	w.open = true
	w.buf = w.buf[:0]
}

// finish is the declaration written since start, as the Code to add to the
// file: a token that jennifer and bodyRenderer both write as it is.
func (w *goText) finish() jen.Code {
	w.open = false
	return jen.Op(string(w.buf))
}

// doc writes the comment lines (with their "//") of what follows, then a
// space before it, as jennifer writes a doc comment (withDoc): a comment that abuts
// what it documents at the start of a line is one go/printer reformats
// (go/doc/comment), and the formatter leaves such a declaration to
// go/format. commentLines writes comments in that form already.
func (w *goText) doc(lines []string) {
	if len(lines) == 0 {
		return
	}
	for _, l := range lines {
		w.line(l)
	}
	w.add(" ")
}

// ifErr writes: if <init>; err != nil { return <results> }
func (w *goText) ifErr(init, results string) {
	w.line("if ", init, "; err != nil {")
	w.line("return ", results)
	w.line("}")
}

// errReturn writes: if err := <expr>; err != nil { return err }
func (w *goText) errReturn(expr string) { w.ifErr("err := "+expr, "err") }

// returnIfErr writes: if err != nil { return <results> }
func (w *goText) returnIfErr(results string) {
	w.line("if err != nil {")
	w.line("return ", results)
	w.line("}")
}

// cut removes the text written since mark and returns it, for a piece that
// must be written before what comes ahead of it is known.
func (w *goText) cut(mark int) string {
	s := string(w.buf[mark:])
	w.buf = w.buf[:mark]
	return s
}

// goLocals are the names the generated functions declare (parameters,
// results, variables), each without the depth some carry as a suffix (i1,
// k2, keys1, v3). An imported package of such a name would be shadowed
// where the code names it (a parameter s next to s.Kind), so newFile gives
// it an alias (importAlias). TestGoLocalsCoverGeneratedCode holds the list
// to the names in every golden case and in generated/.
var goLocals = map[string]bool{
	"_": true, "a": true, "anchor": true, "at": true, "b": true, "c": true, "data": true,
	"dec": true, "dup": true, "e": true, "end": true, "err": true, "errs": true, "gap": true, "i": true, "j": true,
	"k": true, "key": true, "keys": true, "known": true, "m": true, "matches": true, "n": true, "next": true, "o": true, "ok": true, "p": true,
	"pp": true, "s": true, "set": true, "tag": true, "text": true, "unknown": true, "v": true, "valid": true, "x": true,
}

// isGoLocal reports whether name, without a numeric suffix, is one of
// goLocals.
func isGoLocal(name string) bool { return goLocals[strings.TrimRight(name, "0123456789")] }

// importAlias is the name a package imported for a schema document is
// imported as: name, unless generated code declares a local of that name,
// which would shadow it; then name with "pkg" appended (import spkg "…/s").
func importAlias(name string) string {
	if isGoLocal(name) {
		return name + "pkg"
	}
	return name
}

// quote is s as a Go string literal, as jen.Lit writes it.
func quote(s string) string { return strconv.Quote(s) }

// textLiteral is s as a Go string literal, raw when it can be one
// (`{"a":1}`, `^a+$`), so that JSON texts, patterns and keys read as
// written; else quoted.
func textLiteral(s string) string {
	if strconv.CanBackquote(s) {
		return "`" + s + "`"
	}
	return quote(s)
}

// call is fn(args…).
func call(fn string, args ...string) string {
	n := len(fn) + 2 + 2*len(args)
	for _, a := range args {
		n += len(a)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(fn)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a)
	}
	b.WriteByte(')')
	return b.String()
}

// textMethod writes a method of the declared type, its body written by body:
//
//	func (x *T) name(params) results {
//		…
//	}
//
// doc, when not "", is the method's doc comment, after its name.
func (d *decl) textMethod(ptr bool, name, doc, params, results string, body func(w *goText)) jen.Code {
	w := d.text
	w.start()
	if doc != "" {
		w.doc(commentLines([]paragraph{prose(name + " " + doc)}, 0))
	}
	recv := "x "
	if ptr {
		recv = "x *"
	}
	w.line("func (", recv, d.selfText(), ") ", name, "(", params, ") ", results, " {")
	body(w)
	w.add("}")
	return w.finish()
}

// selfText is the declared type as its methods name it: Envelope[T].
func (d *decl) selfText() string {
	if len(d.params) == 0 {
		return d.name
	}
	names := make([]string, len(d.params))
	for i, p := range d.params {
		names[i] = p.name
	}
	return d.name + "[" + strings.Join(names, ", ") + "]"
}

// typeText spells the type ref uses (typeCode).
func (d *decl) typeText(ref model.Ref) string { return d.text.spell(d.typeCode(ref)) }

// slotText spells ref in a required or optional position (slot).
func (d *decl) slotText(ref model.Ref, required bool) string {
	return d.text.spell(d.slot(ref, required))
}

// spell returns c as the file writes it, for code written as text
// (goText) that holds a piece of jennifer code: renderBody's text when b can
// write it, else File.Render's, from a probe body that holds c alone after
// a marker. Either way the imports c names are registered with the file.
func (b *bodyRenderer) spell(c jen.Code) string {
	if b.err == nil {
		mark := len(b.buf)
		b.render(c, nil)
		s := string(b.buf[mark:])
		b.buf = b.buf[:mark]
		if b.err == nil {
			return s
		}
	}
	const marker = "/*envgen:spell*/"
	items := b.f.Group
	probe := jen.NewFile("x").Group
	probe.Add(jen.Op(marker).Add(c))
	b.f.Group = probe
	var out bytes.Buffer
	b.f.NoFormat = true
	err := b.f.Render(&out)
	b.f.Group = items
	_, s, ok := strings.Cut(out.String(), marker)
	if err != nil || !ok {
		b.fail(fmt.Errorf("golang: cannot spell %#v: %v", c, err))
		return ""
	}
	return strings.TrimPrefix(s, " ")
}
