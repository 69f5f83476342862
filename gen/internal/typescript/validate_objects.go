package typescript

import (
	"strconv"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// properties, patternProperties, additionalProperties, required,
// minProperties, maxProperties, propertyNames, dependentRequired,
// dependentSchemas and unevaluatedProperties. Members are own properties:
// a name that Object.prototype has too ("constructor", "__proto__") is read
// only when the object has it itself.
//
// The checks of a group of object keywords read the object from o, its typed
// view (objectView): const o = v as rt.Members;. tsc narrows v, tested to be an
// object where the group begins, to object, whose members it cannot index.

// keyPath is the instance path of the member k: rt.at(c, p, k) (see descent).
const keyPath = "rt.at(c, p, k)"

// prototypeNames are the members every object inherits.
var prototypeNames = map[string]bool{
	"__proto__": true, "__defineGetter__": true, "__defineSetter__": true, "__lookupGetter__": true,
	"__lookupSetter__": true, "constructor": true, "hasOwnProperty": true, "isPrototypeOf": true,
	"propertyIsEnumerable": true, "toLocaleString": true, "toString": true, "valueOf": true,
}

// member spells the read of a known member and the tests of its presence:
// o["data"], o["data"] !== undefined, o["data"] === undefined; rt.has for
// inherited names.
func member(name string) (read, present, absent string) {
	read = "o[" + stringLiteral(name) + "]"
	if prototypeNames[name] {
		has := "rt.has(o, " + stringLiteral(name) + ")"
		return read, has, "!" + has
	}
	return read, read + " !== undefined", read + " === undefined"
}

// members checks the properties, in the order the schema lists them, then
// the other members, in the order the object has them, against the
// patternProperties their names match and additionalProperties when none
// does:
//
//	if (o["success"] !== undefined && checkEnvelopePropertiesSuccess(o["success"], p + 1, c) === false) { ok = false; if (rt.up(c, p, "success")) return false; }
//	for (const k in o) {
//	  switch (k) {
//	    case "success":
//	      continue;
//	  }
//	  if (rt.has(o, k)) { ok = false; if (rt.fail(c, p, "envelope.json#/additionalProperties", "additionalProperties", "unexpected property " + JSON.stringify(k))) return false; }
//	}
//
// for-in needs no array of the names; a name it gets that the object does not
// have itself (an enumerable member of a prototype) is no member. It visits
// the members in Object.keys order (names that are array indices first),
// which gen/internal/golang follows with envgenrt.Members, so that the errors
// come in the same order in both languages.
func (f *vfn) members() []string {
	c := f.c
	var out []string
	for _, pc := range c.Properties {
		read, present, _ := member(pc.Name)
		call := f.call(pc.Type, read, memberPath(pc.Name))
		lines, inline := f.inline(pc.Type, read, memberPath(pc.Name))
		switch {
		case inline && f.eval:
			out = append(out, block("if ("+present+")", append([]string{"rt.mark(c, v, " + stringLiteral(pc.Name) + ");"}, lines...)...)...)
		case inline:
			out = append(out, block("if ("+present+")", lines...)...)
		case f.eval:
			out = append(out, block("if ("+present+")", append([]string{"rt.mark(c, v, " + stringLiteral(pc.Name) + ");"}, sub(call, memberPath(pc.Name))...)...)...)
		case call != "":
			out = append(out, subIf(present+" && "+callFailed(call), memberPath(pc.Name)))
		}
	}
	ap := c.AdditionalProperties
	additional := ap != nil && !f.always(*ap)
	patterns := f.patternBlocks(additional)
	closed := additional && f.never(*ap) && len(patterns) == 0 // only unknown members matter
	var loop []string
	if len(patterns) > 0 || (additional && !closed) {
		loop = append(loop, "if (!rt.has(o, k)) continue;")
	}
	if len(patterns) > 0 && additional {
		loop = append(append(append(loop, "let known = false;"), patterns...), "if (known) continue;")
	} else {
		loop = append(loop, patterns...)
	}
	if additional {
		if len(c.Properties) > 0 {
			cases := []string{"switch (k) {"}
			for _, pc := range c.Properties {
				cases = append(cases, "  case "+stringLiteral(pc.Name)+":")
			}
			loop = append(loop, append(cases, "    continue;", "}")...)
		}
		msg := message(keywords.UnexpectedProperty(), "k")
		switch {
		case closed:
			loop = append(loop, failIf("rt.has(o, k)", "p", f.sp("additionalProperties"), "additionalProperties", msg))
		case f.never(*ap):
			loop = append(loop, failAlways("p", f.sp("additionalProperties"), "additionalProperties", msg))
		default:
			if f.eval {
				loop = append(loop, "rt.mark(c, v, k);")
			}
			if lines, ok := f.inline(*ap, "o[k]", keyPath); ok {
				loop = append(loop, lines...)
			} else {
				loop = append(loop, sub(f.call(*ap, "o[k]", keyPath), keyPath)...)
			}
		}
	}
	if len(loop) > 0 {
		out = append(out, block("for (const k in o)", loop...)...)
	}
	if ap != nil && f.eval {
		// additionalProperties evaluates every member the others do not,
		// those it refuses too (as Go's s.MarkAll): unevaluatedProperties
		// does not refuse them again
		out = append(out, "rt.markAll(c, v);")
	}
	return out
}

// patternBlocks are the tests of patternProperties inside the members loop.
func (f *vfn) patternBlocks(additional bool) []string {
	var out []string
	for i, pm := range f.c.PatternProperties {
		var body []string
		if additional {
			body = append(body, "known = true;")
		}
		if f.eval {
			body = append(body, "rt.mark(c, v, k);")
		}
		body = append(body, sub(f.call(pm.Type, "o[k]", keyPath), keyPath)...)
		if len(body) == 0 {
			continue
		}
		re := f.w.moduleConst(keywords.PatternPropertiesName(f.name, i), regexLiteral(pm.Pattern))
		out = append(out, block("if ("+re+".test(k))", body...)...)
	}
	return out
}

// required: one error per missing member.
//
//	if (o["success"] === undefined) { ok = false; if (rt.fail(c, p, "envelope.json#/required", "required", "missing required property \"success\"")) return false; }
func (f *vfn) required() []string {
	var out []string
	for _, name := range f.c.Required {
		_, _, absent := member(name)
		out = append(out, failIf(absent, "p", f.sp("required"), "required", message(keywords.Required(name))))
	}
	return out
}

func (f *vfn) minProperties() []string {
	if f.c.MinProperties == nil || *f.c.MinProperties <= 0 {
		return nil
	}
	n := *f.c.MinProperties
	return []string{failIf("Object.keys(o).length < "+strconv.Itoa(n), "p", f.sp("minProperties"), "minProperties",
		message(keywords.MinProperties(n)))}
}

func (f *vfn) maxProperties() []string {
	if f.c.MaxProperties == nil {
		return nil
	}
	n := *f.c.MaxProperties
	return []string{failIf("Object.keys(o).length > "+strconv.Itoa(n), "p", f.sp("maxProperties"), "maxProperties",
		message(keywords.MaxProperties(n)))}
}

// propertyNames checks every member name, reporting at the member.
func (f *vfn) propertyNames() []string {
	if f.c.PropertyNames == nil {
		return nil
	}
	call := f.call(*f.c.PropertyNames, "k", keyPath)
	if call == "" {
		return nil
	}
	return block("for (const k of Object.keys(o))", sub(call, keyPath)...)
}

// dependentRequired: one error per missing member, when the member that
// requires it is present.
func (f *vfn) dependentRequired() []string {
	var out []string
	for _, d := range f.c.DependentRequired {
		_, present, _ := member(d.Member)
		var body []string
		for _, req := range d.Requires {
			_, _, absent := member(req)
			body = append(body, failIf(absent, "p", f.sp("dependentRequired", d.Member), "dependentRequired",
				message(keywords.DependentRequired(req, d.Member))))
		}
		if len(body) > 0 {
			out = append(out, block("if ("+present+")", body...)...)
		}
	}
	return out
}

// dependentSchemas checks the object itself against a schema when a member
// is present.
func (f *vfn) dependentSchemas() []string {
	var out []string
	for _, d := range f.c.DependentSchemas {
		_, present, _ := member(d.Member)
		if check := f.inPlace(d.Type, false); check != "" {
			out = append(out, subIf(present+" && "+callFailed(check), "p"))
		}
	}
	return out
}

// unevaluatedProperties checks the members that nothing before it
// evaluated; false reports each at the object.
func (f *vfn) unevaluatedProperties() []string {
	u := f.c.UnevaluatedProperties
	if u == nil {
		return nil
	}
	var out []string
	switch {
	case f.never(*u):
		out = block("for (const k of Object.keys(o))", "if (rt.evaluated(c, v, k)) continue;",
			failAlways("p", f.sp("unevaluatedProperties"), "unevaluatedProperties", message(keywords.UnexpectedProperty(), "k")))
	case !f.always(*u):
		out = block("for (const k of Object.keys(o))", append([]string{"if (rt.evaluated(c, v, k)) continue;"},
			sub(f.call(*u, "o[k]", keyPath), keyPath)...)...)
	}
	return append(out, "rt.markAll(c, v);")
}
