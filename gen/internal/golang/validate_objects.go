package golang

import (
	"slices"

	"github.com/dave/jennifer/jen"

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
// per property), and notes whether any member is unknown, so that the
// second loop runs only for patternProperties or when there is one:
//
//	var at [2]int32
//	unknown := false
//	for c := s.First(n); c < s.End(n); c = s.Next(c) {
//		switch string(s.Key(c)) {
//		case "code":
//			at[0] = c
//		case "severity":
//			at[1] = c
//		default:
//			unknown = true
//		}
//	}
//	switch {
//	case at[0] != 0 && !checkCode(s, at[0]) && s.Stop(),
//		at[1] != 0 && !checkSeverity(s, at[1]) && s.Stop():
//		return false
//	}
//	if unknown {
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
func (f *vfn) members() []jen.Code {
	c := f.c
	ap := c.AdditionalProperties
	props, patterns := c.Properties, c.PatternProperties
	if len(props) == 0 && len(patterns) == 0 && ap == nil {
		return nil
	}
	additional := ap != nil && !f.always(*ap)
	markProps := f.eval && ap == nil // else additionalProperties evaluates what the others do not: s.MarkAll
	key := jen.Add(stateID).Dot("Key").Call(jen.Id("c"))
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
	var out []jen.Code
	// The first pass: where the properties are, whether a member is unknown.
	flagUnknown := additional && len(patterns) == 0 && len(props) > 0
	if len(props) > 0 && (checked || len(f.have) > 0 || markProps || flagUnknown) {
		// var at [k]int32: the members properties name, by their place in the schema; 0: absent
		out = append(out, jen.Var().Id("at").Index(jen.Lit(len(props))).Int32())
		if flagUnknown {
			out = append(out, jen.Id("unknown").Op(":=").False())
		}
		var cases []jen.Code
		for i, p := range props {
			block := []jen.Code{jen.Id("at").Index(jen.Lit(i)).Op("=").Id("c")}
			if markProps {
				block = append(block, f.markItem()...)
			}
			cases = append(cases, jen.Case(jen.Lit(p.Name)).Block(block...))
		}
		if flagUnknown {
			cases = append(cases, jen.Default().Block(jen.Id("unknown").Op("=").True()))
		}
		out = append(out, eachChild(markProps, jen.Switch(jen.String().Call(key)).Block(cases...)))
	} else {
		f.have = nil
	}
	inline := false // a leaf in place has no function for CheckMembers
	for _, p := range props {
		inline = inline || f.vp.inline[f.vp.Resolve(p.Type.ID).Base().ID]
	}
	if len(props) > 1 && f.have != nil && checked && !inline {
		// if !s.CheckMembers(at[:], checkCode, nil, …) { return false }
		checks := []jen.Code{jen.Id("at").Index(jen.Empty().Op(":"))}
		for _, p := range props {
			if f.always(p.Type) {
				checks = append(checks, jen.Nil())
			} else {
				checks = append(checks, f.funcValue(p.Type))
			}
		}
		out = append(out, jen.If(jen.Op("!").Add(stateID).Dot("CheckMembers").Call(checks...)).Block(jen.Return(jen.False())))
		checked = false // done
	}
	if checked {
		out = append(out, f.checkProperties()...)
	}
	if flagUnknown && f.never(*ap) && !f.eval {
		// The members that are no property, in Object.keys order:
		// if unknown && s.NoAdditional(n, at[:], "…/additionalProperties") { return false }
		return append(out, jen.If(jen.Id("unknown").Op("&&").Add(stateID).Dot("NoAdditional").Call(nodeID,
			jen.Id("at").Index(jen.Empty().Op(":")), f.sp("additionalProperties"))).
			Block(jen.Return(jen.False())))
	}
	// The second: patternProperties and additionalProperties, in Object.keys order.
	// A property is no additional member: the loop skips it, or (when
	// patternProperties still apply to it) notes it is known.
	var body []jen.Code
	known := additional && len(patterns) > 0
	if known {
		body = append(body, jen.Id("known").Op(":=").False())
	}
	if additional && len(props) > 0 {
		var names []jen.Code
		for _, p := range props {
			names = append(names, jen.Lit(p.Name))
		}
		skip := jen.Continue()
		if known {
			skip = jen.Id("known").Op("=").True()
		}
		body = append(body, jen.Switch(jen.String().Call(key)).Block(jen.Case(names...).Block(skip)))
	}
	for i, pp := range patterns {
		re := f.regexpVar(keywords.PatternPropertiesName(f.name, i), pp.Pattern, "/patternProperties/"+escapeToken(pp.Pattern))
		var block []jen.Code
		if known {
			block = append(block, jen.Id("known").Op("=").True())
		}
		if f.eval && ap == nil {
			block = append(block, f.markItem()...)
		}
		if !f.always(pp.Type) {
			block = append(block, sub(f.call(pp.Type, jen.Id("c"))))
		}
		if len(block) > 0 {
			body = append(body, jen.If(jen.Add(re).Dot("Match").Call(key)).Block(block...))
		}
	}
	if additional {
		notKnown := jen.True()
		if known {
			notKnown = jen.Op("!").Id("known")
		}
		if f.never(*ap) {
			body = append(body, f.failIf(notKnown, nodeID, f.sp("additionalProperties"), "additionalProperties",
				keywords.UnexpectedProperty(), key))
		} else {
			body = append(body, jen.If(notKnown.Op("&&").Op("!").Add(f.call(*ap, jen.Id("c"))).Op("&&").Add(stateID).Dot("Stop").Call()).
				Block(jen.Return(jen.False())))
		}
	}
	if len(body) > 0 && (len(patterns) > 0 || additional) {
		loop := eachMember(f.eval && ap == nil && len(patterns) > 0, body...)
		if flagUnknown {
			loop = jen.If(jen.Id("unknown")).Block(loop)
		}
		out = append(out, loop)
	}
	if f.eval && ap != nil {
		out = append(out, jen.Add(stateID).Dot("MarkAll").Call(nodeID))
	}
	return out
}

// checkProperties checks the members at[i] of the properties that have
// checks, in the schema's order, stopping where the validator should (Stop):
// one at[i] as
//
//	if c := at[0]; c != 0 && !checkCode(s, c) && s.Stop() {
//		return false
//	}
//
// and more as one statement, each case of which returns false when it
// holds (as the ifs would, one after the other):
//
//	switch {
//	case at[0] != 0 && !checkCode(s, at[0]) && s.Stop(),
//		at[1] != 0 && !s.StringMaxLength(at[1], 200, p+"/properties/name") && s.Stop():
//		return false
//	}
//
// (A switch, not an if of a || b: Go keeps the boolean of a long ||
// between its terms, which cost the validation of the benchmark's large
// envelope 1% more instructions; the switch costs 0.35%. Each if on its own
// costs 20-30 bytes more for each property.)
func (f *vfn) checkProperties() []jen.Code {
	var conds []jen.Code
	for i, p := range f.c.Properties {
		if !f.always(p.Type) {
			c := jen.Id("at").Index(jen.Lit(i))
			conds = append(conds, jen.Add(c).Op("!=").Lit(0).Op("&&").Op("!").Add(f.call(p.Type, c)).Op("&&").Add(stateID).Dot("Stop").Call())
			if len(conds) > 1 {
				conds[len(conds)-1] = jen.Line().Add(conds[len(conds)-1])
			}
		}
	}
	if len(conds) == 1 {
		for i, p := range f.c.Properties {
			if !f.always(p.Type) {
				c := jen.Id("c")
				return []jen.Code{jen.If(c.Clone().Op(":=").Id("at").Index(jen.Lit(i)),
					c.Clone().Op("!=").Lit(0).Op("&&").Op("!").Add(f.call(p.Type, c)).Op("&&").Add(stateID).Dot("Stop").Call()).
					Block(jen.Return(jen.False()))}
			}
		}
	}
	return []jen.Code{jen.Switch().Block(jen.Case(conds...).Block(jen.Return(jen.False())))}
}

// eachMember is the loop over the members of n, in the order of
// envgenrt.Members, with their index in the text when withIndex is set:
//
//	for m := s.Members(n); m.Next(); {
//		c, i := m.Node(), m.Index()
//		…
//	}
func eachMember(withIndex bool, body ...jen.Code) jen.Code {
	m := jen.Id("m")
	head := jen.Id("c").Op(":=").Add(m).Dot("Node").Call()
	if withIndex {
		head = jen.List(jen.Id("c"), jen.Id("i")).Op(":=").List(jen.Add(m).Dot("Node").Call(), jen.Add(m).Dot("Index").Call())
	}
	return jen.For(jen.Add(m).Op(":=").Add(stateID).Dot("Members").Call(nodeID), jen.Add(m).Dot("Next").Call(), jen.Empty()).
		Block(append([]jen.Code{head}, body...)...)
}

// required reports each missing member (envgenrt spells the message,
// `missing required property "data"`):
//
//	if !s.Has(n, "data") && s.Missing(n, "…/required", "data") { … }
//
// or at[0] == 0 for a property members found.
func (f *vfn) required() []jen.Code {
	var out []jen.Code
	for _, name := range f.c.Required {
		missing := jen.Op("!").Add(stateID).Dot("Has").Call(nodeID, jen.Lit(name))
		if i, ok := f.have[name]; ok { // found by members
			missing = jen.Id("at").Index(jen.Lit(i)).Op("==").Lit(0)
		}
		call := jen.Add(stateID).Dot("Missing").Call(nodeID, f.sp("required"), jen.Lit(name))
		out = append(out, jen.If(jen.Add(missing).Op("&&").Add(call)).Block(jen.Return(jen.False())))
	}
	return out
}

// minProperties: if !s.MinProperties(n, 1, "…/minProperties") && s.Stop() { … }
func (f *vfn) minProperties() []jen.Code { return stmt(f.minPropertiesOK(nodeID)) }

func (f *vfn) minPropertiesOK(node jen.Code) jen.Code {
	if f.c.MinProperties == nil || *f.c.MinProperties == 0 {
		return nil
	}
	return f.okCall("MinProperties", node, "minProperties", jen.Lit(*f.c.MinProperties))
}

func (f *vfn) maxProperties() []jen.Code { return stmt(f.maxPropertiesOK(nodeID)) }

func (f *vfn) maxPropertiesOK(node jen.Code) jen.Code {
	if f.c.MaxProperties == nil {
		return nil
	}
	return f.okCall("MaxProperties", node, "maxProperties", jen.Lit(*f.c.MaxProperties))
}

// propertyNames validates each member name as a string instance, in the
// order of envgenrt.Members:
//
//	for m := s.Members(n); m.Next(); {
//		c := m.Node()
//		k := s.NameNode(c)
//		valid := checkXPropertyNames(s, k)
//		s.DropNameNode(k)
//		if !valid && s.Stop() { … }
//	}
func (f *vfn) propertyNames() []jen.Code {
	r := f.c.PropertyNames
	if r == nil || f.always(*r) {
		return nil
	}
	return []jen.Code{eachMember(false,
		jen.Id("k").Op(":=").Add(stateID).Dot("NameNode").Call(jen.Id("c")),
		jen.Id("valid").Op(":=").Add(f.call(*r, jen.Id("k"))),
		jen.Add(stateID).Dot("DropNameNode").Call(jen.Id("k")),
		jen.If(jen.Op("!").Id("valid").Op("&&").Add(stateID).Dot("Stop").Call()).Block(jen.Return(jen.False())),
	)}
}

// dependentRequired reports each member missing while the member that
// requires it is present:
//
//	if s.Has(n, "a") {
//		if !s.Has(n, "b") && s.Fail(n, "…/dependentRequired/a", "dependentRequired", `property "b" is required when "a" is present`) { … }
//	}
func (f *vfn) dependentRequired() []jen.Code {
	var out []jen.Code
	for _, d := range f.c.DependentRequired {
		var checks []jen.Code
		for _, req := range d.Requires {
			checks = append(checks, f.failIf(jen.Op("!").Add(stateID).Dot("Has").Call(nodeID, jen.Lit(req)), nodeID,
				f.sp("dependentRequired", d.Member), "dependentRequired", keywords.DependentRequired(req, d.Member)))
		}
		if len(checks) > 0 {
			out = append(out, jen.If(jen.Add(stateID).Dot("Has").Call(nodeID, jen.Lit(d.Member))).Block(checks...))
		}
	}
	return out
}

// dependentSchemas:
//
//	if s.Has(n, "a") && !checkXDependentSchemasA(s, n) && s.Stop() { … }
func (f *vfn) dependentSchemas() []jen.Code {
	var out []jen.Code
	for _, d := range f.c.DependentSchemas {
		if f.always(d.Type) {
			continue
		}
		out = append(out, jen.If(jen.Add(stateID).Dot("Has").Call(nodeID, jen.Lit(d.Member)).Op("&&").
			Op("!").Add(f.inPlace(d.Type, nodeID)).Op("&&").Add(stateID).Dot("Stop").Call()).Block(jen.Return(jen.False())))
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
func (f *vfn) unevaluatedProperties() []jen.Code {
	u := f.c.UnevaluatedProperties
	if u == nil {
		return nil
	}
	notEvaluated := jen.Op("!").Add(stateID).Dot("Evaluated").Call(nodeID, jen.Id("i"))
	var check jen.Code
	switch {
	case f.always(*u):
		return []jen.Code{jen.Add(stateID).Dot("MarkAll").Call(nodeID)}
	case f.never(*u):
		check = f.failIf(notEvaluated, nodeID, f.sp("unevaluatedProperties"), "unevaluatedProperties",
			keywords.UnexpectedProperty(), jen.Add(stateID).Dot("Key").Call(jen.Id("c")))
	default:
		check = jen.If(jen.Add(notEvaluated).Op("&&").Op("!").Add(f.call(*u, jen.Id("c"))).Op("&&").Add(stateID).Dot("Stop").Call()).
			Block(jen.Return(jen.False()))
	}
	return []jen.Code{eachMember(true, check), jen.Add(stateID).Dot("MarkAll").Call(nodeID)}
}
