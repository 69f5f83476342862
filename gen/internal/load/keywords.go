package load

import (
	"math/big"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// object compiles the keywords of one schema object into s, as its draft and
// vocabularies say. References and subschemas are compiled later, through
// the compiler's queue.
type object struct {
	c   *compiler
	r   *root
	res *resource // the resource the object is in
	ptr string
	obj map[string]any
	s   *jsonschema.Schema
	err error // the first error
}

func (o *object) compile() error {
	s, d := o.s, o.res.dialect
	version := d.draft.version
	if id := d.draft.getID(o.obj); id != "" {
		s.ID = id
	}
	if version < 2019 {
		if id, ok := o.obj[d.draft.id].(string); ok && !o.has("$ref") {
			s.Anchor, _ = fragmentOf(id) // it decodes: collectAnchors refused the document otherwise
		}
	} else {
		s.Anchor = o.str("$anchor")
	}

	// core
	s.Ref = o.ref("$ref")
	if version < 2019 && s.Ref != nil {
		return o.err // a $ref hides its siblings
	}
	if version >= 2019 {
		s.RecursiveRef = o.ref("$recursiveRef")
		s.RecursiveAnchor = o.boolean("$recursiveAnchor")
	}
	if version >= 2020 {
		if target := o.ref("$dynamicRef"); target != nil {
			frag, _ := fragmentOf(o.str("$dynamicRef")) // it decodes: resolve refused it otherwise
			anchor := ""
			if isAnchor(frag) {
				anchor = frag
			}
			s.DynamicRef = &jsonschema.DynamicRef{Ref: target, Anchor: anchor}
		}
		s.DynamicAnchor = o.str("$dynamicAnchor")
	}

	if d.hasVocab("applicator") {
		o.applicator(version)
	}
	if d.hasVocab("validation") {
		o.validation(version)
	}
	if (version == 2019 && d.hasVocab("applicator")) || (version >= 2020 && d.hasVocab("unevaluated")) {
		s.UnevaluatedItems = o.sub("unevaluatedItems")
		s.UnevaluatedProperties = o.sub("unevaluatedProperties")
	}
	if f, ok := o.obj["format"].(string); ok {
		// Whether a format asserts is the backends' choice (--assert-format);
		// the name is kept in every draft.
		s.Format = &jsonschema.Format{Name: f}
	}

	// annotations
	s.Title = o.str("title")
	s.Description = o.str("description")
	if v, ok := o.obj["default"]; ok {
		s.Default = &v
	}
	if version >= 7 {
		s.Comment = o.str("$comment")
		s.ReadOnly = o.boolean("readOnly")
		s.WriteOnly = o.boolean("writeOnly")
		if arr, ok := o.obj["examples"].([]any); ok {
			s.Examples = arr
		}
	}
	if version >= 2019 {
		s.Deprecated = o.boolean("deprecated")
	}
	return o.err
}

func (o *object) applicator(version int) {
	s := o.s
	s.AllOf = o.subs("allOf")
	s.AnyOf = o.subs("anyOf")
	s.OneOf = o.subs("oneOf")
	s.Not = o.sub("not")
	if version < 2020 {
		if items, ok := o.obj["items"]; ok {
			if _, ok := items.([]any); ok {
				s.Items = o.subs("items")
				s.AdditionalItems = o.additional("additionalItems")
			} else {
				s.Items = o.sub("items")
			}
		}
	} else {
		s.PrefixItems = o.subs("prefixItems")
		s.Items2020 = o.sub("items")
	}
	s.Properties = o.subMap("properties")
	if m := o.subMap("patternProperties"); m != nil {
		s.PatternProperties = map[jsonschema.Regexp]*jsonschema.Schema{}
		for _, p := range sortedKeys(m) {
			re, err := ecmaEngine(p) // refused, with its location, when collected (checkPatterns)
			if err != nil {
				o.fail(err)
				continue
			}
			s.PatternProperties[re] = m[p]
		}
	}
	s.AdditionalProperties = o.additional("additionalProperties")
	if m, ok := o.obj["dependencies"].(map[string]any); ok {
		s.Dependencies = map[string]any{}
		for _, k := range sortedKeys(m) {
			if arr, ok := m[k].([]any); ok {
				s.Dependencies[k] = strs(arr)
			} else {
				s.Dependencies[k] = o.at(o.ptr+"/dependencies/"+escape(k), m[k])
			}
		}
	}
	if version >= 6 {
		s.Contains = o.sub("contains")
		s.PropertyNames = o.sub("propertyNames")
	}
	if version >= 7 {
		if s.If = o.sub("if"); s.If != nil {
			b, isBool := o.obj["if"].(bool)
			if !isBool || b {
				s.Then = o.sub("then")
			}
			if !isBool || !b {
				s.Else = o.sub("else")
			}
		}
	}
	if version >= 2019 {
		s.DependentSchemas = o.subMap("dependentSchemas")
	}
}

func (o *object) validation(version int) {
	s := o.s
	if t, ok := o.obj["type"]; ok {
		s.Types = new(jsonschema.Types)
		switch t := t.(type) {
		case string:
			s.Types.Add(t)
		case []any:
			for _, x := range t {
				if name, ok := x.(string); ok {
					s.Types.Add(name)
				}
			}
		}
	}
	if arr, ok := o.obj["enum"].([]any); ok {
		s.Enum = &jsonschema.Enum{Values: arr}
	}
	s.MultipleOf = o.num("multipleOf")
	s.Maximum, s.Minimum = o.num("maximum"), o.num("minimum")
	if o.boolean("exclusiveMaximum") { // draft-04: a flag on maximum
		s.ExclusiveMaximum, s.Maximum = s.Maximum, nil
	} else {
		s.ExclusiveMaximum = o.num("exclusiveMaximum")
	}
	if o.boolean("exclusiveMinimum") {
		s.ExclusiveMinimum, s.Minimum = s.Minimum, nil
	} else {
		s.ExclusiveMinimum = o.num("exclusiveMinimum")
	}
	s.MinLength, s.MaxLength = o.integer("minLength"), o.integer("maxLength")
	if p, ok := o.obj["pattern"].(string); ok {
		re, err := ecmaEngine(p) // refused, with its location, when collected (checkPatterns)
		if err != nil {
			o.fail(err)
		}
		s.Pattern = re
	}
	s.MinItems, s.MaxItems = o.integer("minItems"), o.integer("maxItems")
	s.UniqueItems = o.boolean("uniqueItems")
	s.MaxProperties, s.MinProperties = o.integer("maxProperties"), o.integer("minProperties")
	if arr, ok := o.obj["required"].([]any); ok {
		s.Required = strs(arr)
	}
	if version >= 6 {
		if v, ok := o.obj["const"]; ok {
			s.Const = &v
		}
	}
	if version >= 2019 {
		if s.Contains != nil {
			s.MinContains, s.MaxContains = o.integer("minContains"), o.integer("maxContains")
		}
		if m, ok := o.obj["dependentRequired"].(map[string]any); ok {
			s.DependentRequired = map[string][]string{}
			for k, v := range m {
				if arr, ok := v.([]any); ok {
					s.DependentRequired[k] = strs(arr)
				}
			}
		}
	}
}

func (o *object) fail(err error) {
	if o.err == nil {
		o.err = err
	}
}

func (o *object) has(kw string) bool { _, ok := o.obj[kw]; return ok }

// ref resolves the reference under kw, if there is one.
func (o *object) ref(kw string) *jsonschema.Schema {
	ref, ok := o.obj[kw].(string)
	if !ok {
		return nil
	}
	sch, err := o.c.resolve(o.r, o.res, o.ptr, kw, ref)
	if err != nil {
		o.fail(err)
	}
	return sch
}

// at returns the schema at ptr in o's document, whose value is v.
func (o *object) at(ptr string, v any) *jsonschema.Schema {
	return o.c.enqueue(location{o.r.url, ptr}, v)
}

func (o *object) sub(kw string) *jsonschema.Schema {
	if !o.has(kw) {
		return nil
	}
	return o.at(o.ptr+"/"+escape(kw), o.obj[kw])
}

func (o *object) subs(kw string) []*jsonschema.Schema {
	arr, ok := o.obj[kw].([]any)
	if !ok {
		return nil
	}
	out := make([]*jsonschema.Schema, len(arr))
	for i := range arr {
		out[i] = o.at(o.ptr+"/"+escape(kw)+"/"+strconv.Itoa(i), arr[i])
	}
	return out
}

func (o *object) subMap(kw string) map[string]*jsonschema.Schema {
	m, ok := o.obj[kw].(map[string]any)
	if !ok {
		return nil
	}
	out := make(map[string]*jsonschema.Schema, len(m))
	for _, k := range sortedKeys(m) { // in order: the first error found is always the same
		out[k] = o.at(o.ptr+"/"+escape(kw)+"/"+escape(k), m[k])
	}
	return out
}

// additional reads additionalItems or additionalProperties: nil, a bool, or a
// *jsonschema.Schema.
func (o *object) additional(kw string) any {
	if b, ok := o.obj[kw].(bool); ok {
		return b
	}
	if sch := o.sub(kw); sch != nil {
		return sch
	}
	return nil
}

func (o *object) str(kw string) string {
	s, _ := o.obj[kw].(string)
	return s
}

func (o *object) boolean(kw string) bool {
	b, _ := o.obj[kw].(bool)
	return b
}

func (o *object) num(kw string) *big.Rat {
	v, ok := o.obj[kw]
	if !ok {
		return nil
	}
	return number(v)
}

func (o *object) integer(kw string) *int {
	if n := o.num(kw); n != nil && n.IsInt() {
		i := int(n.Num().Int64())
		return &i
	}
	return nil
}

func strs(arr []any) []string {
	var out []string
	for _, x := range arr {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
