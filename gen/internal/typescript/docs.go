package typescript

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/envgen/envgen/gen/internal/doctext"
	"github.com/envgen/envgen/gen/internal/model"
)

// docView is a JSDoc comment: its lines without the " * " in front ("" for
// a blank line), written at Indent; OneLine puts a single line as
// /** text */.
type docView struct {
	Indent  string
	Lines   []string
	OneLine bool
}

// memberIndent is the indentation of interface members.
const memberIndent = "  "

// typeDoc documents a named type: title, description, then tags for its
// annotations and for the constraints of its schema that its type cannot
// say (@minimum 0, @pattern ^[a-z]+$, @format date-time …).
func (w *moduleWriter) typeDoc(t model.Type) docView {
	c := t.Base()
	return newDoc("", docParagraphs(c.Doc, c.Name.TS), checkTags(t, c.Doc))
}

// fieldDoc documents an object member: its schema's annotations and, when
// its type is spelled inline, that type's constraints.
func (w *moduleWriter) fieldDoc(f *model.Field) docView {
	var tags []string
	if t := w.r.space.Get(f.Type.ID); t != nil && !t.Base().Named {
		tags = checkTags(t, f.Doc)
	} else {
		tags = annotationTags(f.Doc)
	}
	return newDoc(memberIndent, docParagraphs(f.Doc, ""), tags)
}

// valuesDoc documents the value export of an enum or const.
func valuesDoc(name string) docView {
	return newDoc("", [][]string{{"The values of {@link " + name + "}, by name."}}, nil)
}

// newDoc joins paragraphs (a blank line apart) and tags into a comment.
func newDoc(indent string, paras [][]string, tags []string) docView {
	var lines []string
	for _, p := range paras {
		if len(p) == 0 {
			continue
		}
		if len(lines) > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, p...)
	}
	if len(tags) > 0 && len(lines) > 0 {
		lines = append(lines, "")
	}
	lines = append(lines, tags...)
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(doctext.Printable(l), "*/", "*\\/") // would end the comment
	}
	d := docView{Indent: indent, Lines: lines}
	d.OneLine = len(lines) == 1 && utf8.RuneCountInString(indent+"/** "+lines[0]+" */") <= maxLine
	return d
}

// docParagraphs is the prose of a schema's annotations: the title (unless it
// only repeats the type's name, or the description starts with it), the
// description's paragraphs rewrapped to fit, and what readOnly and writeOnly
// say.
func docParagraphs(doc model.Doc, name string) [][]string {
	width := maxLine - len(memberIndent) - len(" * ")
	var paras [][]string
	title := strings.TrimSpace(doc.Title)
	desc := strings.TrimSpace(doc.Description)
	if title != "" && doctext.Squash(title) != doctext.Squash(name) && !strings.HasPrefix(desc, strings.TrimSuffix(title, ".")) {
		paras = append(paras, doctext.Wrap(title, width))
	}
	for _, p := range doctext.Blocks(desc) {
		if keepLines(p) {
			paras = append(paras, p)
			continue
		}
		paras = append(paras, doctext.Wrap(strings.Join(p, " "), width))
	}
	switch {
	case doc.WriteOnly:
		paras = append(paras, []string{"The schema marks it write-only."})
	case doc.ReadOnly && name != "": // a member says it with the readonly modifier
		paras = append(paras, []string{"The schema marks it read-only."})
	}
	return paras
}

// annotationTags are @default, @example and @deprecated.
func annotationTags(doc model.Doc) []string {
	var tags []string
	if doc.Default != nil {
		tags = append(tags, "@default "+jsonText(*doc.Default))
	}
	for _, e := range doc.Examples {
		tags = append(tags, "@example "+jsonText(e))
	}
	if doc.Deprecated {
		tags = append(tags, "@deprecated")
	}
	return tags
}

// checkTags are the annotation tags, then one tag per constraint that the
// TypeScript type does not say, named after its keyword: @integer for an
// integer, then format, lengths, pattern, bounds, sizes.
func checkTags(t model.Type, doc model.Doc) []string {
	c := t.Base()
	k := c.Checks
	if tu, ok := t.(*model.Tuple); ok { // the tuple type says the item counts it can
		if k.MinItems != nil && *k.MinItems <= len(tu.Items) {
			k.MinItems = nil
		}
		if k.MaxItems != nil && *k.MaxItems == len(tu.Items) && tu.Rest == nil {
			k.MaxItems = nil
		}
	}
	var tags []string
	tag := func(name, value string) {
		tags = append(tags, strings.TrimSpace("@"+name+" "+value))
	}
	num := func(name string, n *model.Number) {
		if n != nil {
			tag(name, n.Text)
		}
	}
	count := func(name string, n *int) {
		if n != nil {
			tag(name, strconv.Itoa(*n))
		}
	}
	if c.Kind != model.KindEnum && c.Kind != model.KindConst && slices.Contains(k.Types, "integer") && !slices.Contains(k.Types, "number") {
		tag("integer", "") // number says the rest
	}
	if k.Format != "" {
		tag("format", k.Format)
	}
	count("minLength", k.MinLength)
	count("maxLength", k.MaxLength)
	if k.Pattern != "" {
		tag("pattern", k.Pattern)
	}
	num("minimum", k.Minimum)
	num("exclusiveMinimum", k.ExclusiveMinimum)
	num("maximum", k.Maximum)
	num("exclusiveMaximum", k.ExclusiveMaximum)
	num("multipleOf", k.MultipleOf)
	count("minItems", k.MinItems)
	count("maxItems", k.MaxItems)
	if k.UniqueItems {
		tag("uniqueItems", "")
	}
	count("minProperties", k.MinProperties)
	count("maxProperties", k.MaxProperties)
	return append(annotationTags(doc), tags...)
}

// keepLines reports whether a paragraph is a list or indented text, kept as
// written rather than rewrapped.
func keepLines(p []string) bool {
	for _, l := range p {
		trimmed := strings.TrimLeft(l, " \t")
		if trimmed != l || strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* ") || strings.HasPrefix(l, "+ ") {
			return true
		}
		if digits := strings.TrimLeftFunc(l, unicode.IsDigit); len(digits) < len(l) && strings.HasPrefix(digits, ". ") {
			return true
		}
	}
	return false
}
