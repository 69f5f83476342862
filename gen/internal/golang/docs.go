package golang

import (
	"fmt"
	"go/doc/comment"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/doctext"
	"github.com/envgen/envgen/gen/internal/model"
)

// wrapWidth is the column that doc comments wrap at, "// " included; a tab
// of indentation counts as 4.
const wrapWidth = 100

// inlineJSON is the longest default or example written inside a sentence;
// longer ones get a code block.
const inlineJSON = 60

// paragraph is one paragraph of a doc comment.
type paragraph struct {
	text  string   // prose, wrapped to the width
	lines []string // when text is "": lines kept as written (a list, or code)
	code  bool     // lines are a code block, indented in the comment
}

func prose(s string) paragraph { return paragraph{text: s} }

// commentLines renders paragraphs as comment lines, "//" between paragraphs,
// prose wrapped to fit wrapWidth at the given indentation (in tabs).
func commentLines(paras []paragraph, indent int) []string {
	width := wrapWidth - 4*indent - len("// ")
	var out []string
	for _, p := range paras {
		lines := p.lines
		if p.text != "" {
			lines = doctext.Wrap(p.text, width)
		}
		if len(lines) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, "//")
		}
		for _, l := range lines {
			l = doctext.Printable(l)
			switch {
			case p.code:
				out = append(out, "//\t"+l)
			case l == "":
				out = append(out, "//")
			default:
				out = append(out, "// "+l)
			}
		}
	}
	if indent == 0 {
		return docComment(out)
	}
	return out
}

// docComment is a top-level doc comment as gofmt prints it: go/printer
// rewrites every doc comment of a declaration or package in go/doc/comment's
// standard form (a list indented, a heading, a code block), and the
// formatter's fast paths print comment lines as they are, so they are made
// standard here, where they are written. Comments inside a declaration (a
// struct's fields) are not rewritten by gofmt, and are not here.
//
// go/printer's rewrite is not always a fixed point: a list whose items are
// parted by blank lines only in places comes out with a blank line between
// some items, which the next rewrite puts between all of them. gofmt rewrites
// what we write, so it is rewritten here until it no longer changes (twice
// is enough in practice; four times bounds it).
func docComment(lines []string) []string {
	if standardDocComment(lines) {
		return lines
	}
	for range 4 {
		next := docCommentOnce(lines)
		if slices.Equal(next, lines) {
			break
		}
		lines = next
	}
	return lines
}

// standardDocComment reports, for the commonest doc comments, that they are
// in go/doc/comment's standard form already, without parsing them: plain
// paragraphs, one blank "//" line between them, every line "// " and text
// that starts with an ASCII letter (no code block, list or "#" heading)
// and ends with no space, no brackets (links, doc links), no URL, no two
// backquotes or two single quotes in a row (which it prints as curly
// quotes), and no one-line paragraph ending in a letter or digit (an
// old-style heading).
// Anything else, it leaves to docCommentOnce; TestStandardDocComment holds
// the two to one answer.
func standardDocComment(lines []string) bool {
	if len(lines) == 0 {
		return false
	}
	para := 0 // lines of the current paragraph so far
	for i, l := range lines {
		if l == "//" {
			if i == 0 || i == len(lines)-1 || para == 0 || para == 1 && !endsAsSentence(lines[i-1]) {
				return false
			}
			para = 0
			continue
		}
		t, ok := strings.CutPrefix(l, "// ")
		if !ok || t == "" || !isASCIILetter(t[0]) || t[len(t)-1] == ' ' || t[len(t)-1] == '\t' ||
			strings.ContainsAny(t, "[]\r\n") || strings.Contains(t, "://") ||
			strings.Contains(t, "``") || strings.Contains(t, "''") {
			return false
		}
		para++
	}
	return para > 1 || endsAsSentence(lines[len(lines)-1])
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// endsAsSentence reports whether a line ends in visible ASCII punctuation:
// it cannot be an old-style heading, which ends in a letter or digit. A
// control character does not count: go/doc/comment trims \v and \f as
// space, and then may see a letter.
func endsAsSentence(l string) bool {
	c := l[len(l)-1]
	return ' ' < c && c < utf8.RuneSelf && !isASCIILetter(c) && !('0' <= c && c <= '9')
}

func docCommentOnce(lines []string) []string {
	var text strings.Builder
	for _, l := range lines {
		text.WriteString(strings.TrimPrefix(strings.TrimPrefix(l, "//"), " "))
		text.WriteByte('\n')
	}
	var p comment.Parser
	var pr comment.Printer
	std := string(pr.Comment(p.Parse(text.String())))
	out := lines[:0:0]
	for line := range strings.Lines(std) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "":
			out = append(out, "//")
		case line[0] == '\t':
			out = append(out, "//"+line)
		default:
			out = append(out, "// "+line)
		}
	}
	return out
}

// splitParagraphs splits schema prose (a description) at blank lines. A
// paragraph with list items or indented lines keeps its lines as written;
// the others become prose, rewrapped.
func splitParagraphs(s string) []paragraph {
	var out []paragraph
	for _, block := range doctext.Blocks(s) {
		keep := false
		for _, l := range block {
			keep = keep || isListItem(l) || l[0] == ' ' || l[0] == '\t'
		}
		if keep {
			out = append(out, paragraph{lines: block})
		} else {
			out = append(out, prose(strings.Join(block, " ")))
		}
	}
	return out
}

// isListItem reports whether a line starts a Markdown list item: "- x",
// "* x", "+ x" or "1. x".
func isListItem(l string) bool {
	l = strings.TrimLeft(l, " \t")
	if strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* ") || strings.HasPrefix(l, "+ ") {
		return true
	}
	digits := strings.TrimLeftFunc(l, unicode.IsDigit)
	return len(digits) < len(l) && (strings.HasPrefix(digits, ". ") || strings.HasPrefix(digits, ") "))
}

// typeDoc is the doc comment of the declared type: an opening sentence that
// starts with its name, the schema's description, what the Go type promises
// beyond its declaration, then default, examples and deprecation.
func (d *decl) typeDoc() []string {
	doc := d.t.Base().Doc
	paras := opening(d.name, doc, d.kindPhrase())
	paras = append(paras, d.kindNotes()...)
	paras = append(paras, annotations(doc)...)
	if loc := d.lookup(d.id).Base().Loc; loc.File != "" && paras[0].text != "" {
		// The schema, on the lines after the opening sentence, in its
		// paragraph: a paragraph of its own would make a one-line
		// paragraph before it a heading (go/doc/comment).
		width := wrapWidth - len("// ")
		lines := doctext.Wrap(paras[0].text, width)
		paras[0] = paragraph{lines: append(lines, doctext.Wrap("Schema: "+path.Base(loc.File)+"#"+loc.Pointer, width)...)}
	}
	return commentLines(paras, 0)
}

// opening makes the first paragraph say "<Name> is …":
//
//	title "A warning"                 → "Warning is a warning."
//	title "Tool response envelope"    → "Envelope is the tool response envelope."
//	description "Warning is …"        → as written
//	no title, description "Lists …"   → "Warning is a JSON object." then the description
//
// A title that only repeats the name ("Warning") is left out.
func opening(name string, doc model.Doc, phrase string) []paragraph {
	title := strings.TrimSpace(doc.Title)
	if doctext.Squash(title) == doctext.Squash(name) {
		title = ""
	}
	desc := splitParagraphs(doc.Description)
	if title != "" {
		first := title
		switch {
		case startsWithWord(title, name):
		case startsWithArticle(title):
			first = name + " is " + lowerFirst(title)
		default:
			first = name + " is the " + lowerFirst(title)
		}
		return append([]paragraph{prose(sentence(first))}, desc...)
	}
	if len(desc) > 0 && desc[0].text != "" {
		switch {
		case startsWithWord(desc[0].text, name):
			return desc
		case startsWithArticle(desc[0].text):
			desc[0].text = name + " is " + lowerFirst(desc[0].text)
			return desc
		}
	}
	return append([]paragraph{prose(name + " is " + phrase + ".")}, desc...)
}

// kindPhrase completes "<Name> is …" when the schema says nothing better.
func (d *decl) kindPhrase() string {
	switch t := d.t.(type) {
	case *model.Object:
		return "a JSON object"
	case *model.Enum:
		return "one of the " + d.name + " constants"
	case *model.Const:
		return "always " + canonicalOrAsIs(t.Value)
	case *model.Union:
		return "one of several types"
	case *model.Array:
		return "a JSON array"
	case *model.Tuple:
		return "a JSON array whose items have fixed positions"
	case *model.Map:
		return "a JSON object whose members all have the same type"
	case *model.Scalar:
		switch t.Scalar {
		case model.ScalarString:
			return "a JSON string"
		case model.ScalarInteger:
			return "a JSON integer"
		case model.ScalarNumber:
			return "a JSON number"
		case model.ScalarBoolean:
			return "a JSON boolean"
		case model.ScalarNull:
			return "the JSON value null"
		}
	case *model.Alias:
		target := d.lookup(t.Target.ID)
		switch {
		case target == nil || !target.Base().Named:
			return "another name for the type it is declared as"
		}
		name := target.Base().Name.Go
		if imported(target) {
			name = d.importName(target.Base().External) + "." + name
		}
		if len(target.Base().TypeParams) > 0 {
			return "an instance of the generic type " + name
		}
		return "another name for " + name
	}
	return "any JSON value"
}

// kindNotes says what the Go type promises beyond its declaration.
func (d *decl) kindNotes() []paragraph {
	switch t := d.t.(type) {
	case *model.Union:
		note := "Exactly one field is set. "
		switch {
		case t.Discriminator != "":
			note += fmt.Sprintf("UnmarshalJSON chooses it by the member %q.", t.Discriminator)
		case t.Exclusive:
			note += "UnmarshalJSON sets the one branch the value fits, and fails when it fits none or several."
		default:
			note += "UnmarshalJSON sets the first branch (in field order) that the value fits."
		}
		return []paragraph{prose(note)}
	case *model.Tuple:
		return []paragraph{prose(tupleNote(t, d.requiredItems(t)))}
	case *model.Enum:
		if isJSONText(t.ValueType) {
			return []paragraph{prose(jsonTextNote)}
		}
	case *model.Const:
		if isJSONText(t.ValueType) {
			return []paragraph{prose(jsonTextNote)}
		}
	case *model.Any:
		return []paragraph{prose("It holds the JSON text as it is; nil encodes as null.")}
	}
	return nil
}

const jsonTextNote = "Its values are JSON texts of mixed types, kept in the canonical form of " +
	"envgenrt.CanonicalJSON; the zero value is not one of them."

// fieldDoc is the doc comment of a struct field: the title and description of
// its schema, then default, examples and deprecation. A title that only
// repeats the field's name, or that the description starts with, is left out.
func fieldDoc(name string, doc model.Doc) []paragraph {
	title := strings.TrimSpace(doc.Title)
	desc := splitParagraphs(doc.Description)
	if doctext.Squash(title) == doctext.Squash(name) || len(desc) > 0 && strings.HasPrefix(desc[0].text, strings.TrimSuffix(title, ".")) {
		title = ""
	}
	var paras []paragraph
	if title != "" {
		paras = append(paras, prose(sentence(title)))
	}
	paras = append(paras, desc...)
	return append(paras, annotations(doc)...)
}

// annotations renders readOnly, writeOnly, default, examples and deprecated.
func annotations(doc model.Doc) []paragraph {
	var paras []paragraph
	switch {
	case doc.ReadOnly:
		paras = append(paras, prose("The schema marks it read-only."))
	case doc.WriteOnly:
		paras = append(paras, prose("The schema marks it write-only."))
	}
	if doc.Default != nil {
		paras = append(paras, valueParas("Default", "Default", []model.Value{*doc.Default})...)
	}
	if len(doc.Examples) > 0 {
		paras = append(paras, valueParas("Example", "Examples", doc.Examples)...)
	}
	if doc.Deprecated {
		paras = append(paras, prose("Deprecated: the schema marks it deprecated."))
	}
	return paras
}

// valueParas shows JSON values: "Default: 10" when there is one short value,
// else a label and a code block with one value a line.
func valueParas(one, many string, values []model.Value) []paragraph {
	texts := make([]string, len(values))
	for i, v := range values {
		texts[i] = canonicalOrAsIs(v)
	}
	if len(texts) == 1 && len(texts[0]) <= inlineJSON {
		return []paragraph{prose(one + ": " + texts[0])}
	}
	label := many
	if len(texts) == 1 {
		label = one
	}
	return []paragraph{prose(label + ":"), {lines: texts, code: true}}
}

// canonicalOrAsIs is a value's canonical JSON text, free of the HTML escapes
// encoding/json adds.
func canonicalOrAsIs(v model.Value) string {
	if s, err := envgenrt.CanonicalJSON([]byte(v.JSON)); err == nil {
		return s
	}
	return v.JSON
}

func startsWithWord(s, word string) bool {
	rest, ok := strings.CutPrefix(s, word)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == ',' || rest[0] == '.')
}

func startsWithArticle(s string) bool {
	for _, a := range []string{"a ", "an ", "the "} {
		if len(s) > len(a) && strings.EqualFold(s[:len(a)], a) {
			return true
		}
	}
	return false
}

// lowerFirst lowers the first letter of s unless it starts an acronym
// ("URL list" stays).
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	next, _ := utf8.DecodeRuneInString(s[n:])
	if unicode.IsUpper(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// sentence ends s with a period unless it already ends a sentence.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, ":") {
		return s
	}
	return s + "."
}
