package golang

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// structField is one field of a generated struct, with its doc comment:
//
//	// Detail says more.
//	Detail *string `json:"detail,omitzero"`
type structField struct {
	doc  []string // comment lines, with their "//"
	name string   // e.g. "Detail"
	typ  jen.Code // e.g. *string
	tag  string   // the json tag, e.g. "detail,omitzero"; "" for none
}

// fields lists the fields of an object's struct in schema order, then the
// Extra map when the object allows members beyond them:
//
//	Code    string            `json:"code"`
//	Detail  *string           `json:"detail,omitzero"`
//	Extra   map[string]json.RawMessage `json:"-"`
func (d *decl) fields(o *model.Object) []structField {
	names := naming.GoStruct{Owner: d.name}
	members := map[string]bool{}
	out := make([]structField, 0, len(o.Fields)+1)
	for _, f := range o.Fields {
		loc := f.Loc
		if loc.File == "" {
			loc = o.Loc
		}
		d.failWith(names.Field(f.GoName, loc))
		if members[f.JSONName] {
			d.fail(loc, "", "member %q is listed twice", f.JSONName)
		}
		members[f.JSONName] = true
		// The type's own MarshalJSON and UnmarshalJSON read and write the
		// member; the tag only documents it. A name no tag can carry ("",
		// "a,omitempty") gets json:"-" instead.
		tag, ok := jsonTag(f.JSONName, f.Required)
		if !ok {
			tag = "-"
		}
		out = append(out, structField{doc: commentLines(fieldDoc(f.GoName, f.Doc), 1), name: f.GoName,
			typ: d.slot(f.Type, f.Required), tag: tag})
	}
	if o.Extra != nil {
		d.failWith(names.Field("Extra", d.loc()))
		out = append(out, structField{doc: commentLines([]paragraph{prose(
			"Extra holds the members beyond those above, by name. MarshalJSON writes them after the others.")}, 1),
			name: "Extra", typ: jen.Map(jen.String()).Add(d.slot(*o.Extra, true)), tag: "-"})
	}
	return out
}

// structCode is the struct type of fields, for a struct spelled inline
// (typeCode); structText writes a named type's. Each field's doc comment is
// above it, with a blank line around a documented field.
func structCode(fields []structField) jen.Code {
	var out []jen.Code
	for i, f := range fields {
		if i > 0 && (len(f.doc) > 0 || len(fields[i-1].doc) > 0) {
			out = append(out, jen.Line())
		}
		code := jen.Id(f.name).Add(f.typ)
		if f.tag != "" {
			code.Tag(map[string]string{"json": f.tag})
		}
		out = append(out, withDoc(f.doc, code))
	}
	return jen.Struct(out...)
}

// structText writes the struct type of fields, as structCode spells it.
func structText(w *goText, fields []structField) {
	if len(fields) == 0 {
		w.add("struct{}")
		return
	}
	w.line("struct {")
	for i, f := range fields {
		if i > 0 && (len(f.doc) > 0 || len(fields[i-1].doc) > 0) {
			w.line()
		}
		w.doc(f.doc)
		w.add(f.name, " ", w.spell(f.typ))
		if f.tag != "" {
			w.add(" ", structTag(f.tag))
		}
		w.line()
	}
	w.add("}")
}

// structTag is the struct tag `json:"<tag>"`, as jen.Tag writes it: quoted
// when it cannot be in backquotes.
func structTag(tag string) string {
	return textLiteral("json:" + strconv.Quote(tag))
}

// jsonTag is the json struct tag of a member: its name, and omitzero when it is
// optional. It reports false when encoding/json cannot read the name from a
// tag (it would silently use the Go field name instead).
func jsonTag(name string, required bool) (string, bool) {
	tag := name
	switch {
	case !required:
		tag += ",omitzero"
	case name == "-":
		tag = "-," // `json:"-"` would skip the field
	}
	return tag, validTagName(name)
}

// validTagName is encoding/json's rule for names in a json tag.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}
