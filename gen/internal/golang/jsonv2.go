package golang

import (
	"bytes"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
)

// jsonv2File holds the UnmarshalJSONFrom methods, for Go built with
// GOEXPERIMENT=jsonv2 only: json/v2 (and encoding/json on top of it) calls
// UnmarshalJSONFrom in preference to UnmarshalJSON, so that a value is read
// from the jsontext.Decoder once rather than checked and then copied. No
// schema file gets this name: goFileName adds "_schema" to a name that ends
// in "_jsonv2".
const jsonv2File = "envgen_jsonv2.go"

// jsontextPkg is where json/v2's Decoder is.
const jsontextPkg = "encoding/json/jsontext"

// renderJSONv2 renders jsonv2File for the types of plan, or nil when no type
// has one (hasUnmarshalFrom):
//
//	//go:build goexperiment.jsonv2
//
//	func (x *T) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
//		return envgenrt.UnmarshalFrom(dec, x)
//	}
func (r *renderer) renderJSONv2(plan []goFile) ([]byte, error) {
	f := r.newFile()
	f.ImportName(jsontextPkg, "jsontext")
	b := newBodyRenderer(f, &r.chunks)
	r.text.file = b
	n := 0
	for _, gf := range plan {
		for _, t := range gf.types {
			if d := r.newDecl(t); d.hasUnmarshalFrom() {
				n += r.add(f, b, []jen.Code{d.unmarshalJSONFrom()})
			}
		}
	}
	if r.err != nil || n == 0 {
		b.finish(nil) // gives its buffers back
		return nil, r.err
	}
	src, err := r.writeBody(f, b, jsonv2File)
	// the constraint, after the generated-code line and before the package clause
	header := "// " + generatedHeader + "\n\n"
	return bytes.Replace(src, []byte(header), []byte(header+"//go:build goexperiment.jsonv2\n\n"), 1), err
}

// hasUnmarshalFrom reports whether the type gets UnmarshalJSONFrom: every
// type with JSON methods of its own but an enum or a const. Their JSON is one
// short literal, which json/v2 reads with dec.ReadValue and hands to
// UnmarshalJSON, as UnmarshalJSONFrom would hand it to envgenrt.Decode, and
// the DecodeNode of a struct that holds one never calls either. The method
// was ~100 bytes for each enum, 2% of the Go of the synthetic benchmark.
func (d *decl) hasUnmarshalFrom() bool {
	switch d.t.(type) {
	case *model.Enum, *model.Const:
		return false
	}
	return d.hasMethods()
}

// unmarshalJSONFrom: return envgenrt.UnmarshalFrom(dec, x)
func (d *decl) unmarshalJSONFrom() jen.Code {
	return d.textMethod(true, "UnmarshalJSONFrom", "", "dec *"+d.text.qual(jsontextPkg, "Decoder"), "error", func(w *goText) {
		w.line("return ", w.rt("UnmarshalFrom"), "(dec, x)")
	})
}
