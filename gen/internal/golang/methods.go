package golang

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
)

// jsonMethods renders the JSON methods every named type gets (aliases have
// their target's), which the companion file x_json.go declares. The package
// doc describes them (packageDoc), and they have no doc comment of their
// own: the same sentence on every type was 5% of the Go that the synthetic
// benchmark's definitions generate.
//
//	func (x T) MarshalJSON() ([]byte, error)            // AppendJSON(nil), where encoding/json needs it
//	func (x *T) UnmarshalJSON(data []byte) error        // parse, validate, then fill
//	func (x T) AppendJSON(b []byte) ([]byte, error)     // what json.Marshal writes
//	func (x *T) DecodeNode(s *envgenrt.State, n int32) error
//	func (*T) CheckNode(s *envgenrt.State, n int32) bool
func (d *decl) jsonMethods() []jen.Code {
	if !d.hasMethods() {
		return nil
	}
	var out []jen.Code
	if d.needsMarshal() {
		out = append(out, d.marshalJSON())
	}
	return append(out, d.unmarshalJSON(), d.appendJSON(), d.decodeNode(), d.checkNode())
}

// validateMethod renders the Validate method every named type gets, which
// the API file x.go declares beside the type: it is what a user calls, where
// the JSON methods are what encoding/json calls, so it keeps a doc comment
// for go doc and an editor's hover to show.
//
//	func (x T) Validate() error                         // checks json.Marshal(x)
func (d *decl) validateMethod() []jen.Code {
	if !d.hasMethods() {
		return nil
	}
	return []jen.Code{d.validate()}
}

// hasMethods reports whether the declared type has methods of its own: an
// alias has its target's, and a type parameter declares nothing.
func (d *decl) hasMethods() bool {
	switch d.t.(type) {
	case *model.Alias:
		return d.wrap
	case *model.TypeParam:
		return d.standIn
	}
	return true
}

// needsMarshal reports whether json.Marshal needs a MarshalJSON method to
// write the type as AppendJSON does: for the rest (structs of known members,
// scalars, slices, maps) encoding/json writes the same JSON by itself, and
// faster, since it would compact the output of a MarshalJSON again.
func (d *decl) needsMarshal() bool {
	switch t := d.t.(type) {
	case *model.Object:
		return t.Extra != nil && !d.standIn
	case *model.Union, *model.Tuple, *model.Any, *model.TypeParam, *model.Alias:
		return true
	case *model.Enum:
		return isJSONText(t.ValueType)
	case *model.Const:
		return isJSONText(t.ValueType)
	case *model.Scalar:
		return t.Scalar == model.ScalarNull
	}
	return false
}

func (d *decl) marshalJSON() jen.Code {
	return d.textMethod(false, "MarshalJSON", "encodes x as JSON; see AppendJSON.", "", "([]byte, error)", func(w *goText) {
		w.line("return x.AppendJSON(nil)")
	})
}

// unmarshalJSON: return envgenrt.Decode(data, x)
func (d *decl) unmarshalJSON() jen.Code {
	return d.textMethod(true, "UnmarshalJSON", "", "data []byte", "error", func(w *goText) {
		w.line("return ", w.rt("Decode"), "(data, x)")
	})
}

// appendJSON: ([]byte, error), or (_ []byte, err error) when the body has
// statements that need err.
func (d *decl) appendJSON() jen.Code {
	calls := d.memberCalls()
	results := "([]byte, error)"
	if d.appendUsesErr(calls) {
		results = "(_ []byte, err error)"
	}
	return d.textMethod(false, "AppendJSON", "", "b []byte", results, func(*goText) {
		d.appendBody(calls)
	})
}

func (d *decl) decodeNode() jen.Code {
	return d.textMethod(true, "DecodeNode", "", "s *"+d.text.rt("State")+", n int32", "error", func(*goText) {
		d.decodeBody()
	})
}

// checkNode validates with the type's check function, with its type
// parameters bound to their $dynamicAnchors:
//
//	func (*Envelope[T]) CheckNode(s *envgenrt.State, n int32) bool {
//		m := s.Bind(runtime.Bind[T]("data", nil))
//		ok := checkEnvelope(s, n)
//		s.Leave(m)
//		return ok
//	}
func (d *decl) checkNode() jen.Code {
	fn := d.vp.fn[d.check]
	var bound []typeParam // the type parameters bound, by their anchors
	for _, p := range d.params {
		if tp, ok := d.lookup(p.id).(*model.TypeParam); ok && d.vp.Bookended(tp.Anchor, tp.Default) {
			bound = append(bound, p)
		}
	}
	leaf := d.vp.inline[d.check] && len(bound) == 0 // return s.Enum(n, "…/enum", "a", "b")
	w := d.text
	w.start()
	if fn == "" && !leaf {
		w.line("func (*", d.selfText(), ") CheckNode(*", w.rt("State"), ", int32) bool {")
	} else {
		w.line("func (*", d.selfText(), ") CheckNode(s *", w.rt("State"), ", n int32) bool {")
	}
	switch {
	case leaf:
		for _, stmt := range d.leafBody(d.check) {
			w.line(w.spell(stmt))
		}
	case fn == "":
		w.line("return true")
	case len(bound) == 0:
		w.line("return ", fn, "(s, n)")
	default:
		binds := make([]string, len(bound))
		for i, p := range bound {
			tp := d.lookup(p.id).(*model.TypeParam)
			def := "nil"
			if dt := d.vp.Resolve(tp.Default.ID); dt != nil && dt.Base().Named && len(dt.Base().TypeParams) == 0 {
				def = "(*" + w.spell(d.qualified(dt.Base())) + ")(nil)"
			}
			binds[i] = w.rt("Bind") + "[" + p.name + "](" + quote(tp.Anchor) + ", " + def + ")"
		}
		w.line("m := s.Bind(", strings.Join(binds, ", "), ")")
		w.line("ok := ", fn, "(s, n)")
		w.line("s.Leave(m)")
		w.line("return ok")
	}
	w.add("}")
	return w.finish()
}

// validate: return runtime.Validate(x, (*T)(nil))
func (d *decl) validate() jen.Code {
	return d.textMethod(false, "Validate", "reports whether x is valid (see the package doc).", "", "error", func(w *goText) {
		w.line("return ", w.rt("Validate"), "(x, (*", d.selfText(), ")(nil))")
	})
}

// validators renders the check functions declared with this named type: its
// own, those of the anonymous schemas inside it, the adapters and the
// $dynamicAnchors of its resource.
func (d *decl) validators() []jen.Code {
	var out []jen.Code
	id := d.id
	for _, fid := range d.vp.owned[id] {
		out = append(out, d.checkFuncs(fid)...)
		if _, ok := d.vp.orNull[fid]; ok {
			out = append(out, d.orNullFunc(fid))
		}
	}
	if d.vp.Dynamic {
		for _, i := range d.vp.ownedResources()[id] {
			out = append(out, d.anchorsFunc(&d.space.Resources[i]))
		}
	}
	return out
}

// orphans renders the check functions declared in a file without a named
// type to go with: those of schemas that no named type encloses (in files
// only referenced), and the $dynamicAnchors of their resources.
func (r *renderer) orphans(file string) []jen.Code {
	var out []jen.Code
	for _, id := range r.vp.owned[0] {
		if r.vp.fileOf(r, id) != file {
			continue
		}
		out = append(out, r.checkFuncs(id)...)
		if _, ok := r.vp.orNull[id]; ok {
			out = append(out, r.orNullFunc(id))
		}
	}
	if r.vp.Dynamic {
		for i := range r.space.Resources {
			res := &r.space.Resources[i]
			doc, _, _ := strings.Cut(res.Loc, "#")
			_, owner := r.vp.identAt(res.Loc, "")
			switch {
			case r.vp.externalResource(res.Loc):
				if file == r.importsFile() && r.vp.entered(res.Loc) {
					out = append(out, r.anchorsFunc(res))
				}
			case owner == 0 && goFileName(r.docFile(doc)) == file:
				out = append(out, r.anchorsFunc(res))
			}
		}
	}
	return out
}

// docFile is the file of the schema document at url, as the user knows it.
func (r *renderer) docFile(url string) string {
	for _, t := range r.space.Types[1:] {
		if doc, _, _ := strings.Cut(t.Base().Loc.URL, "#"); doc == url && t.Base().Loc.File != "" {
			return t.Base().Loc.File
		}
	}
	return url
}
