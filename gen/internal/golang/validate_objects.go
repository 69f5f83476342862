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
// validators, so that the errors come in the same order.
//
//	if c := s.Lookup(n, "code"); c >= 0 {
//		have[0] = true
//		if !checkWarningPropertiesCode(s, c) && s.Stop() {
//			return false
//		}
//	}
//	for m := s.Members(n); m.Next(); {
//		c, i := m.Node(), m.Index()
//		known := false
//		switch string(s.Key(c)) {
//		case "code":
//			known = true
//		}
//		if patternHeadersProperties0.Match(s.Key(c)) {
//			known = true
//			…
//		}
//		if !known && s.Failf(n, "…/additionalProperties", "additionalProperties", "unexpected property %s", envgenrt.Quoted(s.Key(c))) {
//			return false
//		}
//		if known { s.Mark(n, i) } // when unevaluatedProperties depends on it
//	}
//	s.MarkAll(n) // instead, when additionalProperties is there too
func (f *vfn) members() []jen.Code {
	c := f.c
	ap := c.AdditionalProperties
	if len(c.Properties) == 0 && len(c.PatternProperties) == 0 && ap == nil {
		return nil
	}
	named := len(c.Properties) > 0 || len(c.PatternProperties) > 0
	needKnown := named && ((ap != nil && !f.always(*ap)) || (f.eval && ap == nil))
	key := jen.Add(stateID).Dot("Key").Call(jen.Id("c"))
	// Required members that are properties are looked up here already, so
	// that required needs no lookup: have[i] for f.have[name] == i.
	f.have = map[string]int{}
	for _, name := range c.Required {
		if _, dup := f.have[name]; !dup && slices.ContainsFunc(c.Properties, func(p model.PropertyCheck) bool { return p.Name == name }) {
			f.have[name] = len(f.have)
		}
	}
	var out []jen.Code
	if len(f.have) > 0 {
		// var have [2]bool // required members seen
		out = append(out, jen.Var().Id("have").Index(jen.Lit(len(f.have))).Bool().Comment("required members seen"))
	}
	for _, p := range c.Properties {
		var block []jen.Code
		if i, ok := f.have[p.Name]; ok {
			block = append(block, jen.Id("have").Index(jen.Lit(i)).Op("=").True())
		}
		if !f.always(p.Type) {
			block = append(block, sub(f.call(p.Type, jen.Id("c"))))
		}
		if len(block) > 0 {
			// if c := s.Lookup(n, "code"); c >= 0 { … }
			out = append(out, jen.If(jen.Id("c").Op(":=").Add(stateID).Dot("Lookup").Call(nodeID, jen.Lit(p.Name)), jen.Id("c").Op(">=").Lit(0)).Block(block...))
		}
	}
	var body []jen.Code
	if needKnown {
		body = append(body, jen.Id("known").Op(":=").False())
		if len(c.Properties) > 0 {
			var names []jen.Code
			for _, p := range c.Properties {
				names = append(names, jen.Lit(p.Name))
			}
			body = append(body, jen.Switch(jen.String().Call(key)).Block(jen.Case(names...).Block(jen.Id("known").Op("=").True())))
		}
	}
	head := len(body) // known and its switch: the loop is for what follows
	for i, pp := range c.PatternProperties {
		re := f.regexpVar(keywords.PatternPropertiesName(f.name, i), pp.Pattern, "/patternProperties/"+escapeToken(pp.Pattern))
		var block []jen.Code
		if needKnown {
			block = append(block, jen.Id("known").Op("=").True())
		}
		if !f.always(pp.Type) {
			block = append(block, sub(f.call(pp.Type, jen.Id("c"))))
		}
		if len(block) > 0 {
			body = append(body, jen.If(jen.Add(re).Dot("Match").Call(key)).Block(block...))
		}
	}
	if ap != nil && !f.always(*ap) {
		notKnown := jen.Op("!").Id("known")
		if !named {
			notKnown = jen.True()
		}
		if f.never(*ap) {
			body = append(body, f.failIf(notKnown, nodeID, f.sp("additionalProperties"), "additionalProperties",
				keywords.UnexpectedProperty(), key))
		} else {
			body = append(body, jen.If(notKnown.Op("&&").Op("!").Add(f.call(*ap, jen.Id("c"))).Op("&&").Add(stateID).Dot("Stop").Call()).
				Block(jen.Return(jen.False())))
		}
	}
	markKnown := f.eval && ap == nil // else additionalProperties evaluates what the others do not: s.MarkAll
	if markKnown {
		body = append(body, jen.If(jen.Id("known")).Block(f.markItem()...))
	}
	if len(body) > head {
		out = append(out, eachMember(markKnown, body...))
	}
	if f.eval && ap != nil {
		out = append(out, jen.Add(stateID).Dot("MarkAll").Call(nodeID))
	}
	return out
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

// required reports each missing member:
//
//	if !s.Has(n, "data") && s.Fail(n, "…/required", "required", `missing required property "data"`) { … }
//
// or !have[0] for a property members looked up.
func (f *vfn) required() []jen.Code {
	var out []jen.Code
	for _, name := range f.c.Required {
		missing := jen.Op("!").Add(stateID).Dot("Has").Call(nodeID, jen.Lit(name))
		if i, ok := f.have[name]; ok { // seen by the member loop
			missing = jen.Op("!").Id("have").Index(jen.Lit(i))
		}
		out = append(out, f.failIf(missing, nodeID, f.sp("required"), "required", keywords.Required(name)))
	}
	return out
}

func (f *vfn) minProperties() []jen.Code {
	if f.c.MinProperties == nil || *f.c.MinProperties == 0 {
		return nil
	}
	m := *f.c.MinProperties
	return []jen.Code{f.failIf(jen.Add(stateID).Dot("Count").Call(nodeID).Op("<").Lit(m), nodeID, f.sp("minProperties"),
		"minProperties", keywords.MinProperties(m))}
}

func (f *vfn) maxProperties() []jen.Code {
	if f.c.MaxProperties == nil {
		return nil
	}
	m := *f.c.MaxProperties
	return []jen.Code{f.failIf(jen.Add(stateID).Dot("Count").Call(nodeID).Op(">").Lit(m), nodeID, f.sp("maxProperties"),
		"maxProperties", keywords.MaxProperties(m))}
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
			Op("!").Add(f.call(d.Type, nodeID)).Op("&&").Add(stateID).Dot("Stop").Call()).Block(jen.Return(jen.False())))
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
