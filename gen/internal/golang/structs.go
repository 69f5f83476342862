package golang

import (
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// fields renders the fields of an object's struct in schema order, then the
// Extra map when the object allows members beyond them:
//
//	Code    string            `json:"code"`
//	Detail  *string           `json:"detail,omitzero"`
//	Extra   map[string]json.RawMessage `json:"-"`
func (d *decl) fields(o *model.Object) []jen.Code {
	names := naming.GoStruct{Owner: d.name}
	members := map[string]bool{}
	var docs [][]string
	var fields []jen.Code
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
		docs = append(docs, commentLines(fieldDoc(f.GoName, f.Doc), 1))
		fields = append(fields, jen.Id(f.GoName).Add(d.slot(f.Type, f.Required)).Tag(map[string]string{"json": tag}))
	}
	if o.Extra != nil {
		d.failWith(names.Field("Extra", d.loc()))
		docs = append(docs, commentLines([]paragraph{prose(
			"Extra holds the members beyond those above, by name. MarshalJSON writes them after the others.")}, 1))
		fields = append(fields, jen.Id("Extra").Map(jen.String()).Add(d.slot(*o.Extra, true)).Tag(map[string]string{"json": "-"}))
	}
	return documentFields(docs, fields)
}

// documentFields puts each field's doc comment above it, with a blank line
// around a documented field.
func documentFields(docs [][]string, fields []jen.Code) []jen.Code {
	var out []jen.Code
	for i, f := range fields {
		if i > 0 && (len(docs[i]) > 0 || len(docs[i-1]) > 0) {
			out = append(out, jen.Line())
		}
		out = append(out, withDoc(docs[i], f))
	}
	return out
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
