package golang

import (
	"slices"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// properties, patternProperties, additionalProperties, required,
// minProperties, maxProperties, propertyNames, dependentRequired,
// dependentSchemas, unevaluatedProperties: checks of objects, run when the
// instance is an object.

// members checks the properties, in the order the schema lists them, then
// every member, in the order JavaScript's Object.keys has them
// (envgenrt.Members), against the patternProperties its name matches and
// additionalProperties when neither applies: the order of the TypeScript
// validators, so that the errors come in the same order. One pass over the
// members in the text's order finds the properties first (with no lookup
// per property), and notes in a last slot of at whether any member is
// unknown (-1: no member is node -1, so that Unexpected and CheckMembers
// may read all of at), so that the second loop runs only for
// patternProperties or when there is one:
//
//	var at [3]int32
//	for c, end := s.Bounds(n); c < end; c = s.Next(c) {
//		switch string(s.Key(c)) {
//		case "code":
//			at[0] = c
//		case "severity":
//			at[1] = c
//		default:
//			at[2] = -1
//		}
//	}
//	switch {
//	case at[0] != 0 && s.Stops(checkCode(s, at[0])),
//		at[1] != 0 && s.Stops(checkSeverity(s, at[1])):
//		return false
//	}
//	if at[2] != 0 {
//		for m := s.Members(n); m.Next(); {
//			c := m.Node()
//			switch string(s.Key(c)) {
//			case "code", "severity":
//				continue
//			}
//			if s.Failf(n, "…/additionalProperties", "additionalProperties", "unexpected property %s", envgenrt.Quoted(s.Key(c))) {
//				return false
//			}
//		}
//	}
//
// Where unevaluatedProperties depends on it, the first pass marks the
// properties (s.Mark(n, i)), the second the members patternProperties
// match, and additionalProperties marks them all (s.MarkAll(n)).
func (f *vfn) members() []string {
	c := f.c
	ap := c.AdditionalProperties
	props, patterns := c.Properties, c.PatternProperties
	if len(props) == 0 && len(patterns) == 0 && ap == nil {
		return nil
	}
	additional := ap != nil && !f.always(*ap)
	markProps := f.eval && ap == nil // else additionalProperties evaluates what the others do not: s.MarkAll
	const key = "s.Key(c)"
	// f.have: the required members that are properties, by their place in
	// props; required reads at[i] for them.
	f.have = map[string]int{}
	for _, name := range c.Required {
		if i := slices.IndexFunc(props, func(p model.PropertyCheck) bool { return p.Name == name }); i >= 0 {
			f.have[name] = i
		}
	}
	checked := false
	for _, p := range props {
		checked = checked || !f.always(p.Type)
	}
	var out []string
	// The first pass: where the properties are, whether a member is unknown.
	flagUnknown := additional && len(patterns) == 0 && len(props) > 0
	unknown := "at[" + strconv.Itoa(len(props)) + "] != 0" // the slot after the properties': -1 where a member is unknown
	if len(props) > 0 && (checked || len(f.have) > 0 || markProps || flagUnknown) {
		// var at [k]int32: the members properties name, by their place in the schema; 0: absent
		size := len(props)
		if flagUnknown {
			size++
		}
		out = append(out, "var at ["+strconv.Itoa(size)+"]int32")
		// switch string(s.Key(c)) { case "code": at[0] = c … }, written at
		// once. (Decoding reads each name and the next member in one call,
		// s.Member; here the two calls are shorter, and the checks of a
		// definition stay within 5 KB of Go: issue 16.)
		sw := make([]byte, 0, 32+len(props)*32)
		sw = append(sw, "switch string("+key+") {"...)
		for i, p := range props {
			sw = strconv.AppendQuote(append(sw, "\ncase "...), p.Name)
			sw = strconv.AppendInt(append(sw, ":\nat["...), int64(i), 10)
			sw = append(sw, "] = c"...)
			if markProps {
				for _, m := range f.markItem() {
					sw = append(append(sw, '\n'), m...)
				}
			}
		}
		if flagUnknown {
			sw = strconv.AppendInt(append(sw, "\ndefault:\nat["...), int64(len(props)), 10)
			sw = append(sw, "] = -1"...)
		}
		out = append(out, eachChild(markProps, string(append(sw, "\n}"...))))
	} else {
		f.have = nil
	}
	inline := false // a leaf in place has no function for CheckMembers
	for _, p := range props {
		inline = inline || f.vp.inline[f.vp.Resolve(p.Type.ID).Base().ID]
	}
	if len(props) > 1 && f.have != nil && checked && !inline {
		// if !s.CheckMembers(at[:], checkCode, nil, …) { return false }
		checks := append(make([]string, 0, len(props)+1), "at[:]")
		for _, p := range props {
			if f.always(p.Type) {
				checks = append(checks, "nil")
			} else {
				checks = append(checks, f.funcText(p.Type))
			}
		}
		out = append(out, ifFalse("!"+call("s.CheckMembers", checks...)))
		checked = false // done
	}
	if checked {
		out = append(out, f.checkProperties()...)
	}
	if flagUnknown && f.never(*ap) && !f.eval {
		// The members that are no property, in Object.keys order:
		// if at[k] != 0 && s.NoAdditional(n, at[:], "…/additionalProperties") { return false }
		return append(out, ifFalse(unknown+" && "+call("s.NoAdditional", "n", "at[:]", f.sp("additionalProperties"))))
	}
	// The second: patternProperties and additionalProperties, in Object.keys order.
	// A property is no additional member: the loop skips it, or (when
	// patternProperties still apply to it) notes it is known.
	var body []string
	known := additional && len(patterns) > 0
	if known {
		body = append(body, "known := false")
	}
	if additional && len(props) > 0 {
		names := make([]string, len(props))
		for i, p := range props {
			names[i] = quote(p.Name)
		}
		skip := "continue"
		if known {
			skip = "known = true"
		}
		body = append(body, "switch string("+key+") "+block(caseBlock("case "+strings.Join(names, ", "), skip)))
	}
	for i, pp := range patterns {
		re := f.regexpVar(keywords.PatternPropertiesName(f.name, i), pp.Pattern, "/patternProperties/"+escapeToken(pp.Pattern))
		var block []string
		if known {
			block = append(block, "known = true")
		}
		if f.eval && ap == nil {
			block = append(block, f.markItem()...)
		}
		if !f.always(pp.Type) {
			block = append(block, sub(f.call(pp.Type, "c")))
		}
		if len(block) > 0 {
			body = append(body, ifBlock(re+".Match("+key+")", block...))
		}
	}
	if additional {
		notKnown := "true"
		if known {
			notKnown = "!known"
		}
		if f.never(*ap) {
			body = append(body, f.failIf(notKnown, "n", f.sp("additionalProperties"), "additionalProperties",
				keywords.UnexpectedProperty(), key))
		} else {
			cond := stops(f.call(*ap, "c"))
			if known {
				cond = notKnown + " && " + cond
			}
			body = append(body, ifFalse(cond))
		}
	}
	if len(body) > 0 && (len(patterns) > 0 || additional) {
		loop := eachMember(f.eval && ap == nil && len(patterns) > 0, body...)
		if flagUnknown {
			loop = ifBlock(unknown, loop)
		}
		out = append(out, loop)
	}
	if f.eval && ap != nil {
		out = append(out, "s.MarkAll(n)")
	}
	return out
}

// checkProperties checks the members at[i] of the properties that have
// checks, in the schema's order, stopping where the validator should (Stop):
// one at[i] as
//
//	if c := at[0]; c != 0 && s.Stops(checkCode(s, c)) {
//		return false
//	}
//
// and more as one statement, each case of which returns false when it
// holds (as the ifs would, one after the other):
//
//	switch {
//	case at[0] != 0 && s.Stops(checkCode(s, at[0])),
//		at[1] != 0 && s.Stops(s.StringMaxLength(at[1], 200, p+"/properties/name")):
//		return false
//	}
//
// (A switch, not an if of a || b: Go keeps the boolean of a long ||
// between its terms, which cost the validation of the benchmark's large
// envelope 1% more instructions; the switch costs 0.35%. Each if on its own
// costs 20-30 bytes more for each property.)
func (f *vfn) checkProperties() []string {
	var conds []string
	for i, p := range f.c.Properties {
		if !f.always(p.Type) {
			c := "at[" + strconv.Itoa(i) + "]"
			conds = append(conds, c+" != 0 && "+stops(f.call(p.Type, c)))
		}
	}
	if len(conds) == 1 {
		for i, p := range f.c.Properties {
			if !f.always(p.Type) {
				return []string{ifFalse("c := at[" + strconv.Itoa(i) + "]; c != 0 && " + stops(f.call(p.Type, "c")))}
			}
		}
	}
	return []string{"switch " + block(caseBlock("case "+strings.Join(conds, ",\n"), "return false"))}
}

// eachMember is the loop over the members of n, in the order of
// envgenrt.Members, with their index in the text when withIndex is set:
//
//	for m := s.Members(n); m.Next(); {
//		c, i := m.Node(), m.Index()
//		…
//	}
func eachMember(withIndex bool, body ...string) string {
	head := "c := m.Node()"
	if withIndex {
		head = "c, i := m.Node(), m.Index()"
	}
	return "for m := s.Members(n); m.Next(); " + block(append([]string{head}, body...)...)
}

// required reports each missing member (envgenrt spells the message,
// `missing required property "data"`):
//
//	if !s.Has(n, "data") && s.Missing(n, "…/required", "data") { … }
//
// or at[0] == 0 for a property members found; and where members found them
// all, and there are two or more, one call behind the test of each (as
// fast where none is missing, and ~25 bytes shorter a member):
//
//	if (at[0] == 0 || at[2] == 0) && s.Required(n, "…/required", "code", "message") { … }
func (f *vfn) required() []string {
	if req := f.c.Required; len(req) > 1 {
		guards := make([]string, 0, len(req))
		args := append(make([]string, 0, len(req)+2), "n", "")
		for _, name := range req {
			i, ok := f.have[name]
			if !ok {
				guards = nil
				break
			}
			guards = append(guards, "at["+strconv.Itoa(i)+"] == 0")
			args = append(args, quote(name))
		}
		if guards != nil {
			args[1] = f.sp("required")
			return []string{ifFalse("(" + strings.Join(guards, " || ") + ") && " + call("s.Required", args...))}
		}
	}
	var out []string
	for _, name := range f.c.Required {
		missing := "!s.Has(n, " + quote(name) + ")"
		if i, ok := f.have[name]; ok { // found by members
			missing = "at[" + strconv.Itoa(i) + "] == 0"
		}
		out = append(out, ifFalse(missing+" && "+call("s.Missing", "n", f.sp("required"), quote(name))))
	}
	return out
}

// minProperties: if s.Stops(s.MinProperties(n, 1, "…/minProperties")) { … }
func (f *vfn) minProperties() []string { return stmt(f.minPropertiesOK("n")) }

func (f *vfn) minPropertiesOK(node string) string {
	if f.c.MinProperties == nil || *f.c.MinProperties == 0 {
		return ""
	}
	return f.okCall("MinProperties", node, "minProperties", strconv.Itoa(*f.c.MinProperties))
}

func (f *vfn) maxProperties() []string { return stmt(f.maxPropertiesOK("n")) }

func (f *vfn) maxPropertiesOK(node string) string {
	if f.c.MaxProperties == nil {
		return ""
	}
	return f.okCall("MaxProperties", node, "maxProperties", strconv.Itoa(*f.c.MaxProperties))
}

// propertyNames validates each member name as a string instance, in the
// order of envgenrt.Members:
//
//	for m := s.Members(n); m.Next(); {
//		c := m.Node()
//		k := s.NameNode(c)
//		valid := checkXPropertyNames(s, k)
//		s.DropNameNode(k)
//		if s.Stops(valid) { … }
//	}
func (f *vfn) propertyNames() []string {
	r := f.c.PropertyNames
	if r == nil || f.always(*r) {
		return nil
	}
	return []string{eachMember(false,
		"k := s.NameNode(c)",
		"valid := "+f.call(*r, "k"),
		"s.DropNameNode(k)",
		ifFalse("s.Stops(valid)"),
	)}
}

// dependentRequired reports each member missing while the member that
// requires it is present:
//
//	if s.Has(n, "a") {
//		if !s.Has(n, "b") && s.Fail(n, "…/dependentRequired/a", "dependentRequired", `property "b" is required when "a" is present`) { … }
//	}
func (f *vfn) dependentRequired() []string {
	var out []string
	for _, d := range f.c.DependentRequired {
		var checks []string
		for _, req := range d.Requires {
			checks = append(checks, f.failIf("!s.Has(n, "+quote(req)+")", "n",
				f.sp("dependentRequired", d.Member), "dependentRequired", keywords.DependentRequired(req, d.Member)))
		}
		if len(checks) > 0 {
			out = append(out, ifBlock("s.Has(n, "+quote(d.Member)+")", checks...))
		}
	}
	return out
}

// dependentSchemas:
//
//	if s.Has(n, "a") && s.Stops(checkXDependentSchemasA(s, n)) { … }
func (f *vfn) dependentSchemas() []string {
	var out []string
	for _, d := range f.c.DependentSchemas {
		if f.always(d.Type) {
			continue
		}
		out = append(out, ifFalse("s.Has(n, "+quote(d.Member)+") && "+stops(f.inPlace(d.Type, "n"))))
	}
	return out
}

// unevaluatedProperties checks the members nothing else evaluated, in the
// order of envgenrt.Members, then counts them as evaluated:
//
//	for m := s.Members(n); m.Next(); {
//		c, i := m.Node(), m.Index()
//		if !s.Evaluated(n, i) && s.Failf(n, "…/unevaluatedProperties", "unevaluatedProperties", "unexpected property %s", envgenrt.Quoted(s.Key(c))) { … }
//	}
//	s.MarkAll(n)
func (f *vfn) unevaluatedProperties() []string {
	u := f.c.UnevaluatedProperties
	if u == nil {
		return nil
	}
	const notEvaluated = "!s.Evaluated(n, i)"
	var check string
	switch {
	case f.always(*u):
		return []string{"s.MarkAll(n)"}
	case f.never(*u):
		check = f.failIf(notEvaluated, "n", f.sp("unevaluatedProperties"), "unevaluatedProperties",
			keywords.UnexpectedProperty(), "s.Key(c)")
	default:
		check = ifFalse(notEvaluated + " && " + stops(f.call(*u, "c")))
	}
	return []string{eachMember(true, check), "s.MarkAll(n)"}
}
