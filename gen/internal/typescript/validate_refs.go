package typescript

// $ref and $dynamicRef: the target validates the value itself, in place.

// ref: if (!checkMetaTool(v, p, c)) { ok = false; if (c.stop) return false; }
func (f *vfn) ref() []string {
	if f.c.Ref == nil {
		return nil
	}
	return sub(f.inPlace(*f.c.Ref, false), "p")
}

// dynamicRef resolves in the dynamic scope when its static target declares
// the anchor, else it is a $ref:
//
//	if (!rt.dynamic(c, "data", checkEnvelopeData)(v, p, c)) { ok = false; if (c.stop) return false; }
func (f *vfn) dynamicRef() []string {
	dr := f.c.DynamicRef
	if dr == nil {
		return nil
	}
	if !f.vp.Bookended(dr.Anchor, dr.Default) {
		return sub(f.inPlace(dr.Default, false), "p")
	}
	check := "rt.dynamic(c, " + stringLiteral(dr.Anchor) + ", " + f.check(dr.Default) + ")"
	if f.eval {
		return sub("rt.track(c, "+check+", v, p)", "p")
	}
	return sub(check+"(v, p, c)", "p")
}
