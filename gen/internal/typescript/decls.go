package typescript

import (
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// maxLine is the longest line a declaration is written on before it is
// broken up (a union, one member a line).
const maxLine = 100

// declaration is one top-level declaration: the template that lays it out
// and the view it lays out.
type declaration struct {
	template string // a file name under templates/ts, e.g. "interface.ts.tmpl"
	data     any
}

// The views of declarations.
type (
	// interfaceView: export interface Envelope<T = unknown> { … }
	interfaceView struct {
		Doc     docView
		Name    string // "Envelope"
		Params  string // "<T = unknown>", or ""
		Members []memberView
	}
	memberView struct {
		Doc  docView
		Key  string // `readonly "x-id"?`, or `[key: string]` for the index signature
		Type string // "string | null"
	}
	// typeView: export type Severity = "info" | "warning";
	typeView struct {
		Doc    docView
		Name   string
		Params string
		Type   string   // the type on one line, when Parts is empty
		Parts  []string // the members of a union too long for one line, one a line
	}
	// valuesView: export const Severity = { Info: "info" } as const;
	valuesView struct {
		Doc     docView
		Name    string
		Entries []entryView
	}
	entryView struct {
		Key   string // "Info"
		Value string // `"info"`
	}
	// valueView: export const Version = "1" as const;
	valueView struct {
		Doc   docView
		Name  string
		Value string // `"1" as const`, or `null`
	}
)

// declarations renders the declarations of the named type t: its type and,
// for an enum or a const, the value of the same name.
func (w *moduleWriter) declarations(t model.Type) []declaration {
	c := t.Base()
	sc, params := w.declScope(t)
	doc := w.typeDoc(t)
	switch t := t.(type) {
	case *model.Object:
		return []declaration{{"interface.ts.tmpl", interfaceView{Doc: doc, Name: c.Name.TS, Params: params, Members: w.members(t, sc)}}}
	case *model.Enum:
		return []declaration{w.typeDecl(t, doc, params, sc), {"values.ts.tmpl", w.enumValues(t)}}
	case *model.Const:
		value := valueExpr(t.Value)
		if value != "null" { // a const assertion cannot apply to null, whose type is null already
			value += " as const"
		}
		return []declaration{w.typeDecl(t, doc, params, sc), {"value.ts.tmpl", valueView{Doc: newDoc("", [][]string{{"The value of {@link " + c.Name.TS + "}."}}, nil), Name: c.Name.TS, Value: value}}}
	}
	return []declaration{w.typeDecl(t, doc, params, sc)}
}

// typeDecl declares t as a type alias of its shape. A union that does not
// fit on one line gets one member a line.
func (w *moduleWriter) typeDecl(t model.Type, doc docView, params string, sc scope) declaration {
	name := t.Base().Name.TS
	whole := w.shapeExpr(t, sc)
	view := typeView{Doc: doc, Name: name, Params: params, Type: whole.text}
	if whole.prec == precUnion && len("export type "+name+params+" = "+whole.text+";") > maxLine {
		view.Parts = whole.alts
	}
	return declaration{"type.ts.tmpl", view}
}

// enumValues is the object of an enum's values by constant name: the
// member names naming decided, without the type's name in front
// ("SeverityWarning" → Warning).
func (w *moduleWriter) enumValues(e *model.Enum) valuesView {
	c := e.Base()
	view := valuesView{Doc: valuesDoc(c.Name.TS), Name: c.Name.TS}
	for i, v := range e.Values {
		key := ""
		if i < len(e.Members) {
			key = memberKey(e.Members[i], c.Name)
		}
		if key == "" {
			key = "Value" + strconv.Itoa(i+1)
		}
		view.Entries = append(view.Entries, entryView{Key: propertyKey(key), Value: valueExpr(v)})
	}
	return view
}

// memberKey is an enum constant's name without the type name naming put in
// front of it: "SeverityWarning" → "Warning", "Code404" → "404".
func memberKey(member string, names model.Names) string {
	for _, prefix := range []string{names.Go, names.TS} {
		if rest, ok := strings.CutPrefix(member, prefix); ok && rest != "" {
			return rest
		}
	}
	return member
}
