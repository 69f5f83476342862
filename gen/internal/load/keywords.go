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

	// The keywords of obj that compile reads, found by going over obj's
	// members once: a schema object has a handful of the 56, and looking
	// each of them up cost more than compiling it.
	has  uint64           // bit k: obj has keywordNames[k]
	vals [numKeywords]any // obj[keywordNames[k]], where has says
}

// read fills o.has and o.vals from o.obj.
func (o *object) read() {
	for name, v := range o.obj {
		if k, ok := keywordOf[name]; ok {
			o.has |= 1 << k
			o.vals[k] = v
		}
	}
}

// get is o.obj[keywordNames[k]].
func (o *object) get(k keyword) (any, bool) {
	if o.has&(1<<k) == 0 {
		return nil, false
	}
	return o.vals[k], true
}

// value is o.obj[keywordNames[k]], nil when obj has no k (a type assertion
// on it fails then).
func (o *object) value(k keyword) any {
	v, _ := o.get(k)
	return v
}

// idKeyword is the keyword that names a draft's identifier.
func idKeyword(d *draft) keyword {
	if d.id == "id" {
		return kwIDDraft4
	}
	return kwID
}

func (o *object) compile() error {
	s, d := o.s, o.res.dialect
	version := d.draft.version
	o.read()
	idKw := idKeyword(d.draft)
	if id := d.draft.declaredID(o.str(idKw), o.present(kwRef)); id != "" { // getID, from what read found
		s.ID = id
	}
	if version < 2019 {
		if id, ok := o.value(idKw).(string); ok && !o.present(kwRef) {
			s.Anchor, _ = fragmentOf(id) // it decodes: collectAnchors refused the document otherwise
		}
	} else {
		s.Anchor = o.str(kwAnchor)
	}

	// core
	s.Ref = o.ref(kwRef)
	if version < 2019 && s.Ref != nil {
		return o.err // a $ref hides its siblings
	}
	if version >= 2019 {
		s.RecursiveRef = o.ref(kwRecursiveRef)
		s.RecursiveAnchor = o.boolean(kwRecursiveAnchor)
	}
	if version >= 2020 {
		if target := o.ref(kwDynamicRef); target != nil {
			frag, _ := fragmentOf(o.str(kwDynamicRef)) // it decodes: resolve refused it otherwise
			anchor := ""
			if isAnchor(frag) {
				anchor = frag
			}
			s.DynamicRef = &jsonschema.DynamicRef{Ref: target, Anchor: anchor}
		}
		s.DynamicAnchor = o.str(kwDynamicAnchor)
	}

	if d.hasVocab("applicator") {
		o.applicator(version)
	}
	if d.hasVocab("validation") {
		o.validation(version)
	}
	if (version == 2019 && d.hasVocab("applicator")) || (version >= 2020 && d.hasVocab("unevaluated")) {
		s.UnevaluatedItems = o.sub(kwUnevaluatedItems)
		s.UnevaluatedProperties = o.sub(kwUnevaluatedProperties)
	}
	if f, ok := o.value(kwFormat).(string); ok {
		// Whether a format asserts is the backends' choice (--assert-format);
		// the name is kept in every draft.
		s.Format = &jsonschema.Format{Name: f}
	}

	// annotations
	s.Title = o.str(kwTitle)
	s.Description = o.str(kwDescription)
	if v, ok := o.get(kwDefault); ok {
		d := v // a variable of its own: v's address would put v on the heap for every object
		s.Default = &d
	}
	if version >= 7 {
		s.Comment = o.str(kwComment)
		s.ReadOnly = o.boolean(kwReadOnly)
		s.WriteOnly = o.boolean(kwWriteOnly)
		if arr, ok := o.value(kwExamples).([]any); ok {
			s.Examples = arr
		}
	}
	if version >= 2019 {
		s.Deprecated = o.boolean(kwDeprecated)
	}
	return o.err
}

func (o *object) applicator(version int) {
	s := o.s
	s.AllOf = o.subs(kwAllOf)
	s.AnyOf = o.subs(kwAnyOf)
	s.OneOf = o.subs(kwOneOf)
	s.Not = o.sub(kwNot)
	if version < 2020 {
		if items, ok := o.get(kwItems); ok {
			if _, ok := items.([]any); ok {
				s.Items = o.subs(kwItems)
				s.AdditionalItems = o.additional(kwAdditionalItems)
			} else {
				s.Items = o.sub(kwItems)
			}
		}
	} else {
		s.PrefixItems = o.subs(kwPrefixItems)
		s.Items2020 = o.sub(kwItems)
	}
	s.Properties = o.subMap(kwProperties)
	if m := o.subMap(kwPatternProperties); m != nil {
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
	s.AdditionalProperties = o.additional(kwAdditionalProperties)
	if m, ok := o.value(kwDependencies).(map[string]any); ok {
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
		s.Contains = o.sub(kwContains)
		s.PropertyNames = o.sub(kwPropertyNames)
	}
	if version >= 7 {
		if s.If = o.sub(kwIf); s.If != nil {
			b, isBool := o.value(kwIf).(bool)
			if !isBool || b {
				s.Then = o.sub(kwThen)
			}
			if !isBool || !b {
				s.Else = o.sub(kwElse)
			}
		}
	}
	if version >= 2019 {
		s.DependentSchemas = o.subMap(kwDependentSchemas)
	}
}

func (o *object) validation(version int) {
	s := o.s
	if t, ok := o.get(kwType); ok {
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
	if arr, ok := o.value(kwEnum).([]any); ok {
		s.Enum = &jsonschema.Enum{Values: arr}
	}
	s.MultipleOf = o.num(kwMultipleOf)
	s.Maximum, s.Minimum = o.num(kwMaximum), o.num(kwMinimum)
	if o.boolean(kwExclusiveMaximum) { // draft-04: a flag on maximum
		s.ExclusiveMaximum, s.Maximum = s.Maximum, nil
	} else {
		s.ExclusiveMaximum = o.num(kwExclusiveMaximum)
	}
	if o.boolean(kwExclusiveMinimum) {
		s.ExclusiveMinimum, s.Minimum = s.Minimum, nil
	} else {
		s.ExclusiveMinimum = o.num(kwExclusiveMinimum)
	}
	s.MinLength, s.MaxLength = o.integer(kwMinLength), o.integer(kwMaxLength)
	if p, ok := o.value(kwPattern).(string); ok {
		re, err := ecmaEngine(p) // refused, with its location, when collected (checkPatterns)
		if err != nil {
			o.fail(err)
		}
		s.Pattern = re
	}
	s.MinItems, s.MaxItems = o.integer(kwMinItems), o.integer(kwMaxItems)
	s.UniqueItems = o.boolean(kwUniqueItems)
	s.MaxProperties, s.MinProperties = o.integer(kwMaxProperties), o.integer(kwMinProperties)
	if arr, ok := o.value(kwRequired).([]any); ok {
		s.Required = strs(arr)
	}
	if version >= 6 {
		if v, ok := o.get(kwConst); ok {
			c := v // as for default
			s.Const = &c
		}
	}
	if version >= 2019 {
		if s.Contains != nil {
			s.MinContains, s.MaxContains = o.integer(kwMinContains), o.integer(kwMaxContains)
		}
		if m, ok := o.value(kwDependentRequired).(map[string]any); ok {
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

func (o *object) present(k keyword) bool { return o.has&(1<<k) != 0 }

// ref resolves the reference under k, if there is one.
func (o *object) ref(k keyword) *jsonschema.Schema {
	ref, ok := o.value(k).(string)
	if !ok {
		return nil
	}
	sch, err := o.c.resolve(o.r, o.res, o.ptr, keywordNames[k], ref)
	if err != nil {
		o.fail(err)
	}
	return sch
}

// at returns the schema at ptr in o's document, whose value is v.
func (o *object) at(ptr string, v any) *jsonschema.Schema {
	return o.c.enqueue(o.r, ptr, v)
}

func (o *object) sub(k keyword) *jsonschema.Schema {
	v, ok := o.get(k)
	if !ok {
		return nil
	}
	return o.at(o.ptr+"/"+keywordNames[k], v)
}

func (o *object) subs(k keyword) []*jsonschema.Schema {
	arr, ok := o.value(k).([]any)
	if !ok {
		return nil
	}
	out := make([]*jsonschema.Schema, len(arr))
	for i := range arr {
		out[i] = o.at(o.ptr+"/"+keywordNames[k]+"/"+strconv.Itoa(i), arr[i])
	}
	return out
}

func (o *object) subMap(k keyword) map[string]*jsonschema.Schema {
	m, ok := o.value(k).(map[string]any)
	if !ok {
		return nil
	}
	out := make(map[string]*jsonschema.Schema, len(m))
	for _, key := range sortedKeys(m) { // in order: the first error found is always the same
		out[key] = o.at(o.ptr+"/"+keywordNames[k]+"/"+escape(key), m[key])
	}
	return out
}

// additional reads additionalItems or additionalProperties: nil, a bool, or a
// *jsonschema.Schema.
func (o *object) additional(k keyword) any {
	if b, ok := o.value(k).(bool); ok {
		return b
	}
	if sch := o.sub(k); sch != nil {
		return sch
	}
	return nil
}

func (o *object) str(k keyword) string {
	s, _ := o.value(k).(string)
	return s
}

func (o *object) boolean(k keyword) bool {
	b, _ := o.value(k).(bool)
	return b
}

func (o *object) num(k keyword) *big.Rat {
	v, ok := o.get(k)
	if !ok {
		return nil
	}
	return number(v)
}

func (o *object) integer(k keyword) *int {
	if n := o.num(k); n != nil && n.IsInt() {
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
