// Package docnames holds a test and nothing else: every name that a package
// comment of envgen points at as code exists.
//
// A name counts as code when it is a doc link ([Render], [Tool.Begin],
// [envelope.Envelope]), a backquoted identifier, a call (Render()), a
// qualified name (gen.Options, Response.Err) or a CamelCase word
// (MarshalWithExtra) outside a code block. A bare capitalised word
// ("Generate runs …") reads as English and is not checked: write it as a doc
// link. A qualifier that is a type of the package names a method or field; a
// qualifier that is the package itself or a package of this module it
// imports names a declaration there; any other qualifier is left alone.
package docnames
