package validate

import (
	"cmp"
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/keywords"
)

// convert flattens the interpreter's error tree into envgen's error list:
// allOf and $ref pass their causes through; anyOf, oneOf and not are one
// error each, at their keyword, as generated code reports them.
func (v *Validator) convert(ve *jsonschema.ValidationError, val any, t *envgenrt.Tree) []envgenrt.Error {
	var out []envgenrt.Error
	v.flatten(ve, val, t, &out)
	return out
}

func (v *Validator) flatten(ve *jsonschema.ValidationError, val any, t *envgenrt.Tree, out *[]envgenrt.Error) {
	at := pointer(ve.InstanceLocation)
	add := func(keyword, msg string) {
		*out = append(*out, envgenrt.Error{InstancePath: at, SchemaPath: v.schemaPath(ve), Keyword: keyword, Message: msg})
	}
	switch k := ve.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.AllOf, *kind.Reference, *kind.PropertyNames, *kind.ContentSchema:
		for _, c := range v.ordered(ve, t) {
			v.flatten(c, val, t, out)
		}
	case *kind.AnyOf:
		add("anyOf", text(keywords.AnyOf()))
	case *kind.OneOf:
		add("oneOf", fill(keywords.OneOf(), strconv.Itoa(len(k.Subschemas))))
	case *kind.Not:
		add("not", text(keywords.Not()))
	case *kind.FalseSchema:
		add("false", keywords.FalseText)
	case *kind.Type:
		add("type", fill(keywords.Type(k.Want), keywords.JSONType(valueAt(val, ve.InstanceLocation))))
	case *kind.Enum:
		add("enum", text(keywords.Enum(jsonTexts(k.Want))))
	case *kind.Const:
		add("const", text(keywords.Const(jsonText(k.Want))))
	case *kind.Format:
		add("format", text(keywords.Format(k.Want)))
	case *kind.MinLength:
		add("minLength", text(keywords.MinLength(k.Want)))
	case *kind.MaxLength:
		add("maxLength", text(keywords.MaxLength(k.Want)))
	case *kind.Pattern:
		add("pattern", text(keywords.Pattern(k.Want)))
	case *kind.Minimum:
		add("minimum", text(keywords.Minimum(rat(k.Want))))
	case *kind.Maximum:
		add("maximum", text(keywords.Maximum(rat(k.Want))))
	case *kind.ExclusiveMinimum:
		add("exclusiveMinimum", text(keywords.ExclusiveMinimum(rat(k.Want))))
	case *kind.ExclusiveMaximum:
		add("exclusiveMaximum", text(keywords.ExclusiveMaximum(rat(k.Want))))
	case *kind.MultipleOf:
		add("multipleOf", text(keywords.MultipleOf(rat(k.Want))))
	case *kind.MinItems:
		add("minItems", text(keywords.MinItems(k.Want)))
	case *kind.MaxItems:
		add("maxItems", text(keywords.MaxItems(k.Want)))
	case *kind.AdditionalItems:
		add("items", text(keywords.ItemsFalse(k.Count)))
	case *kind.Contains:
		add("contains", text(keywords.MinContains(1)))
	case *kind.MinContains:
		add("minContains", text(keywords.MinContains(k.Want)))
	case *kind.MaxContains:
		add("maxContains", text(keywords.MaxContains(k.Want)))
	case *kind.UniqueItems:
		add("uniqueItems", fill(keywords.UniqueItems(), strconv.Itoa(k.Duplicates[0]), strconv.Itoa(k.Duplicates[1])))
	case *kind.MinProperties:
		add("minProperties", text(keywords.MinProperties(k.Want)))
	case *kind.MaxProperties:
		add("maxProperties", text(keywords.MaxProperties(k.Want)))
	case *kind.Required:
		for _, m := range k.Missing {
			add("required", text(keywords.Required(m)))
		}
	case *kind.DependentRequired:
		for _, m := range k.Missing {
			add("dependentRequired", text(keywords.DependentRequired(m, k.Prop)))
		}
	case *kind.Dependency:
		for _, m := range k.Missing {
			add("dependencies", text(keywords.DependentRequired(m, k.Prop)))
		}
	case *kind.AdditionalProperties:
		kw := "additionalProperties"
		if strings.HasSuffix(ve.ErrorKind.KeywordPath()[len(ve.ErrorKind.KeywordPath())-1], "unevaluatedProperties") {
			kw = "unevaluatedProperties"
		}
		for _, p := range inDocumentOrder(t, ve.InstanceLocation, k.Properties) {
			add(kw, fill(keywords.UnexpectedProperty(), envgenrt.Quoted(p).String()))
		}
	default:
		kw := "error"
		if p := ve.ErrorKind.KeywordPath(); len(p) > 0 {
			kw = p[len(p)-1]
		}
		add(kw, ve.ErrorKind.LocalizedString(nil))
	}
}

// valueAt is the value at the tokens of a JSON Pointer.
func valueAt(val any, tokens []string) any {
	for _, t := range tokens {
		switch x := val.(type) {
		case map[string]any:
			val = x[t]
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			val = x[i]
		default:
			return nil
		}
	}
	return val
}

// inDocumentOrder sorts the member names of the object at tokens as the
// document writes them (generated code reports them so); without the
// document's tree, by name.
func inDocumentOrder(t *envgenrt.Tree, tokens []string, names []string) []string {
	names = slices.Clone(names)
	pos := map[string]int{}
	if t != nil && t.Len() > 0 {
		n := int32(0)
		for _, tok := range tokens {
			if n < 0 {
				break
			}
			switch t.Kind(n) {
			case envgenrt.KindObject:
				n = t.Lookup(n, tok)
			case envgenrt.KindArray:
				i, err := strconv.Atoi(tok)
				if err != nil {
					n = -1
				} else {
					n = t.Item(n, i)
				}
			default:
				n = -1
			}
		}
		if n >= 0 && t.Kind(n) == envgenrt.KindObject {
			i := 0
			for c := t.First(n); c < t.End(n); c = t.Next(c) {
				pos[string(t.Key(c))] = i
				i++
			}
		}
	}
	slices.SortStableFunc(names, func(a, b string) int {
		// as JavaScript orders an object's members, which both runtimes
		// follow: names that are array indices first, by value
		ia, aIndex := arrayIndex(a)
		ib, bIndex := arrayIndex(b)
		switch {
		case aIndex && bIndex:
			return cmpInt(ia, ib)
		case aIndex:
			return -1
		case bIndex:
			return 1
		}
		if pa, pb := pos[a], pos[b]; pa != pb {
			return pa - pb
		}
		return strings.Compare(a, b)
	})
	return names
}

// arrayIndex says whether a member name is a canonical array index
// ("0", "10", not "01"), as JavaScript orders them first.
func arrayIndex(s string) (uint64, bool) {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil && n < 1<<32-1
}

func cmpInt(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// order is each keyword's place in the order generated code checks them.
var order = func() map[string]int {
	m := map[string]int{}
	for i, e := range keywords.Registry() {
		for _, k := range e.Keywords {
			m[k] = i
		}
	}
	return m
}()

// ordered are the causes of ve in the order generated code reports them: by
// the keyword they come from (rank), then a keyword's causes at several
// members (properties, patternProperties) in the document's member order,
// and at one member by schema location. The interpreter gives those in a Go
// map's order, which changes from run to run.
func (v *Validator) ordered(ve *jsonschema.ValidationError, t *envgenrt.Tree) []*jsonschema.ValidationError {
	causes := slices.Clone(ve.Causes)
	depth := len(ve.InstanceLocation)
	member := func(c *jsonschema.ValidationError) string { // the member of ve's value c is at, "" for the value itself
		if len(c.InstanceLocation) > depth {
			return c.InstanceLocation[depth]
		}
		return ""
	}
	var names []string
	for _, c := range causes {
		if m := member(c); m != "" {
			names = append(names, m)
		}
	}
	pos := map[string]int{}
	for i, n := range inDocumentOrder(t, ve.InstanceLocation, names) {
		pos[n] = i
	}
	slices.SortStableFunc(causes, func(a, b *jsonschema.ValidationError) int {
		return rank(a, ve.SchemaURL) - rank(b, ve.SchemaURL)
	})
	// each run of causes of one rank at members: by member, then schema location
	for i := 0; i < len(causes); {
		j := i
		for j < len(causes) && member(causes[j]) != "" && rank(causes[j], ve.SchemaURL) == rank(causes[i], ve.SchemaURL) {
			j++
		}
		slices.SortStableFunc(causes[i:j], func(a, b *jsonschema.ValidationError) int {
			return cmp.Or(pos[member(a)]-pos[member(b)], strings.Compare(a.SchemaURL, b.SchemaURL),
				slices.Compare(a.ErrorKind.KeywordPath(), b.ErrorKind.KeywordPath()))
		})
		i = max(j, i+1)
	}
	return causes
}

// rank is where generated code reports a cause of the error at parent: by
// the keyword of parent's schema that it comes from.
func rank(c *jsonschema.ValidationError, parent string) int {
	kw := "$ref"
	if strings.HasPrefix(c.SchemaURL, parent+"/") {
		kw, _, _ = strings.Cut(strings.TrimPrefix(c.SchemaURL, parent+"/"), "/")
	} else if p := c.ErrorKind.KeywordPath(); len(p) > 0 {
		kw = p[0]
	}
	if i, ok := order[kw]; ok {
		return i
	}
	return len(order)
}

// schemaPath is "file#/pointer" of the failing keyword.
func (v *Validator) schemaPath(ve *jsonschema.ValidationError) string {
	doc, frag, _ := strings.Cut(ve.SchemaURL, "#")
	kp := ve.ErrorKind.KeywordPath()
	var b strings.Builder
	b.WriteString(v.display(doc))
	b.WriteByte('#')
	b.WriteString(frag)
	for _, p := range kp {
		b.WriteByte('/')
		b.WriteString(escape(p))
	}
	return b.String()
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escape(t))
	}
	return b.String()
}

func escape(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1") }

// text is a message without holes; fill one with its holes' values in order.
func text(m keywords.Message) string { return fill(m) }

func fill(m keywords.Message, args ...string) string {
	var b strings.Builder
	for _, p := range m {
		if p.Hole == keywords.Text {
			b.WriteString(p.Text)
			continue
		}
		if len(args) > 0 {
			b.WriteString(args[0])
			args = args[1:]
		}
	}
	return b.String()
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return keywords.JSONText(string(b))
}

func jsonTexts(vs []any) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		b, _ := json.Marshal(v)
		out[i] = string(b)
	}
	return out
}

// rat spells a schema's limit: an integer as one, else a decimal.
func rat(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	if f, exact := r.FloatString(20), true; exact {
		return strings.TrimRight(strings.TrimRight(f, "0"), ".")
	}
	return r.RatString()
}
