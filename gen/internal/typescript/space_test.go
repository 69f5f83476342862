package typescript_test

import (
	"encoding/json"
	"math/big"

	"github.com/envgen/envgen/gen/internal/model"
)

// spaceBuilder builds a model.Space by hand, as package build and package
// naming would leave it.
type spaceBuilder struct {
	space *model.Space
}

func newSpace() *spaceBuilder { return &spaceBuilder{space: &model.Space{}} }

// add registers t. name "" leaves it anonymous; file#ptr is its location.
func (b *spaceBuilder) add(t model.Type, file, ptr, name string) model.Ref {
	c := t.Base()
	c.Loc = model.Location{File: file, Pointer: ptr}
	if name != "" {
		c.Named = true
		c.Name = model.Names{Go: name, TS: name}
	}
	return model.Ref{ID: b.space.Add(t)}
}

func (b *spaceBuilder) root(file string, r model.Ref) {
	b.space.Roots = append(b.space.Roots, model.Root{File: file, URL: "https://example.com/" + file, Type: r.ID})
}

func (b *spaceBuilder) common(r model.Ref) *model.Common { return b.space.Get(r.ID).Base() }

func (b *spaceBuilder) scalar(k model.ScalarKind, checks model.Checks) model.Ref {
	s := &model.Scalar{Scalar: k}
	s.Checks = checks
	if len(s.Checks.Types) == 0 {
		s.Checks.Types = []string{k.String()}
	}
	return b.add(s, "", "", "")
}

func (b *spaceBuilder) anyOf(types ...string) model.Ref {
	a := &model.Any{}
	a.Checks.Types = types
	return b.add(a, "", "", "")
}

func (b *spaceBuilder) array(items model.Ref) model.Ref {
	return b.add(&model.Array{Items: items}, "", "", "")
}

func (b *spaceBuilder) object(file, ptr, name string, extra *model.Ref, closed bool, fields ...*model.Field) model.Ref {
	return b.add(&model.Object{Fields: fields, Extra: extra, Closed: closed}, file, ptr, name)
}

func (b *spaceBuilder) enum(file, ptr, name string, members []string, values ...string) model.Ref {
	e := &model.Enum{Members: members}
	for _, v := range values {
		e.Values = append(e.Values, jsonValue(v))
	}
	return b.add(e, file, ptr, name)
}

func (b *spaceBuilder) constant(file, ptr, name, value string) model.Ref {
	return b.add(&model.Const{Value: jsonValue(value), Member: name + "Value"}, file, ptr, name)
}

func field(name string, t model.Ref, required bool) *model.Field {
	return &model.Field{JSONName: name, Type: t, Required: required}
}

func described(f *model.Field, description string) *model.Field {
	f.Doc.Description = description
	return f
}

func nullable(r model.Ref) model.Ref {
	r.Nullable = true
	return r
}

func jsonValue(text string) model.Value {
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		panic(err)
	}
	return model.Value{JSON: text, Go: v}
}

func num(text string) *model.Number {
	r, _ := new(big.Rat).SetString(text)
	return &model.Number{Rat: r, Text: text}
}

func intp(i int) *int { return &i }

// kitchenSpace covers every kind and the ways of using one, over two root
// files (envelope.json, shapes.json) and one reached by reference only
// (common.json).
func kitchenSpace() *model.Space {
	b := newSpace()
	anyRef := b.add(&model.Any{}, "", "", "")
	falseType := &model.Any{}
	falseType.Checks.Not = &anyRef
	falseRef := b.add(falseType, "", "", "")
	str := b.scalar(model.ScalarString, model.Checks{})
	boolean := b.scalar(model.ScalarBoolean, model.Checks{})
	number := b.scalar(model.ScalarNumber, model.Checks{})

	// common.json, not a root: Error.
	errRef := b.object("common.json", "", "Error", nil, true,
		field("code", b.scalar(model.ScalarString, model.Checks{Pattern: "^[A-Z_]+$", MaxLength: intp(64)}), true),
		field("message", str, true))

	// envelope.json: the generic Envelope<T>, its default Data, Severity, Warning, Labels.
	data := b.add(&model.Any{}, "envelope.json", "/$defs/data", "Data")
	b.common(data).Doc.Description = "The tool's payload."
	param := &model.TypeParam{Anchor: "data", Default: data}
	paramRef := b.add(param, "envelope.json", "/$defs/data", "")
	status := b.enum("envelope.json", "/properties/status", "EnvelopeStatus",
		[]string{"EnvelopeStatusOk", "EnvelopeStatusPartial", "EnvelopeStatusError"}, `"ok"`, `"partial"`, `"error"`)
	severity := b.enum("envelope.json", "/$defs/severity", "Severity",
		[]string{"SeverityInfo", "SeverityWarning", "SeverityError"}, `"info"`, `"warning"`, `"error"`)
	b.common(severity).Doc = model.Doc{Title: "Severity", Description: "How bad a warning is."}
	count := b.scalar(model.ScalarInteger, model.Checks{Types: []string{"integer", "null"}, Minimum: num("0")})
	warning := b.object("envelope.json", "/$defs/warning", "Warning", &str, false,
		field("code", str, true),
		field("severity", severity, true),
		described(field("count", nullable(count), false), "How often it happened, null when unknown."),
		field("message", str, true),
		field("sent_at", b.scalar(model.ScalarString, model.Checks{Format: "date-time"}), false),
		field("secret", str, false))
	warningFields := b.space.Get(warning.ID).(*model.Object).Fields
	warningFields[4].Doc = model.Doc{Title: "Sent at", Description: "When it was sent.", Examples: []model.Value{jsonValue(`"2026-01-02T03:04:05Z"`)}}
	warningFields[5].Doc = model.Doc{WriteOnly: true}
	b.common(warning).Doc.Examples = []model.Value{jsonValue(`{"code":"SLOW","severity":"info","message":"<slow>"}`)}
	labels := b.add(&model.Map{Values: str}, "envelope.json", "/$defs/labels", "Labels")
	requestID := field("x-request-id", str, false)
	requestID.Doc = model.Doc{ReadOnly: true, Description: "Set by the server; */ is no comment end."}
	retry := b.object("envelope.json", "/properties/retry", "", nil, true,
		field("after_ms", b.scalar(model.ScalarInteger, model.Checks{Types: []string{"integer"}, ExclusiveMinimum: num("0")}), true),
		field("note", str, false))
	envelope := b.object("envelope.json", "", "Envelope", &anyRef, false,
		described(field("success", boolean, true), "Whether the call did what was asked."),
		field("status", status, false),
		described(field("data", paramRef, false), "The payload, of the type the tool fixes."),
		field("error", errRef, false),
		field("warnings", b.array(warning), false),
		field("labels", nullable(labels), false),
		requestID,
		field("retry", retry, false),
		field("legacy", falseRef, false),
		field("retries", b.scalar(model.ScalarInteger, model.Checks{Types: []string{"integer"}, MultipleOf: num("0.5"), Maximum: num("10")}), false))
	envelopeFields := b.space.Get(envelope.ID).(*model.Object).Fields
	envelopeFields[8].Doc = model.Doc{Description: "Replaced by error.", Deprecated: true}
	envelopeFields[9].Doc = model.Doc{Default: &model.Value{JSON: "3"}}
	b.common(envelope).TypeParams = []model.TypeID{paramRef.ID}
	b.common(envelope).Doc = model.Doc{Title: "Envelope", Description: "The result of one tool call.\n\n- success: data\n- failure: error"}
	b.root("envelope.json", envelope)

	// shapes.json: a tool schema fixing the payload, unions, tuples, consts,
	// a two-parameter generic type.
	point := b.add(&model.Tuple{Items: []model.Ref{number, number}}, "shapes.json", "/$defs/point", "Point")
	b.common(point).Checks.MinItems = intp(2)
	rest := boolean
	tags := b.add(&model.Tuple{Items: []model.Ref{str, number}, Rest: &rest}, "", "", "")
	b.common(tags).Checks.MinItems = intp(1)
	score := b.scalar(model.ScalarNumber, model.Checks{Minimum: num("0"), Maximum: num("1")})
	hit := b.object("shapes.json", "/$defs/hit", "Hit", nil, true,
		field("chunk_id", b.scalar(model.ScalarInteger, model.Checks{Types: []string{"integer"}, Minimum: num("0")}), true),
		field("score", score, true),
		field("tags", tags, false),
		field("at", point, false))
	results := b.object("shapes.json", "/$defs/search_results", "SearchResults", nil, true,
		field("hits", b.array(hit), true))
	output := b.add(&model.Alias{Target: model.Ref{ID: envelope.ID, Args: []model.Ref{results}}}, "shapes.json", "", "SearchOutput")
	b.root("shapes.json", output)

	circleKind := b.constant("shapes.json", "/$defs/shape/oneOf/0/properties/kind", "ShapeCircleKind", `"circle"`)
	squareKind := b.constant("shapes.json", "/$defs/shape/oneOf/1/properties/kind", "ShapeSquareKind", `"square"`)
	circle := b.object("shapes.json", "/$defs/shape/oneOf/0", "ShapeCircle", nil, true,
		field("kind", circleKind, true), field("radius", number, true))
	square := b.object("shapes.json", "/$defs/shape/oneOf/1", "ShapeSquare", nil, true,
		field("kind", squareKind, true), field("side", number, true))
	b.add(&model.Union{Exclusive: true, Branches: []model.Ref{circle, square}, Discriminator: "kind",
		Tags: [][]model.Value{{jsonValue(`"circle"`)}, {jsonValue(`"square"`)}}}, "shapes.json", "/$defs/shape", "Shape")
	b.add(&model.Union{Branches: []model.Ref{str, b.array(number), nullable(point)}}, "shapes.json", "/$defs/identifier", "Identifier")
	b.add(&model.Alias{Target: b.anyOf("string", "integer", "number")}, "shapes.json", "/$defs/scalar", "Scalar")
	b.constant("shapes.json", "/$defs/version", "Version", `"1.0"`)
	b.constant("shapes.json", "/$defs/nothing_at_all", "NullValue", `null`)
	b.constant("shapes.json", "/$defs/flags", "Flags", `{"a":[1,null],"b-c":-2.5}`)
	b.enum("shapes.json", "/$defs/level", "Level", []string{"Level1", "LevelTwo", "LevelNull", "LevelTrue"}, `1`, `"two"`, `null`, `true`)
	b.object("shapes.json", "/$defs/nothing", "Nothing", nil, true)
	b.add(&model.Array{Items: nullable(b.array(str))}, "shapes.json", "/$defs/matrix", "Matrix")

	// Page<TCursor, TItem>: two parameters, and an instantiation of it.
	cursorParam := b.add(&model.TypeParam{Anchor: "cursor", Default: anyRef}, "shapes.json", "/$defs/cursor", "")
	itemParam := b.add(&model.TypeParam{Anchor: "item", Default: str}, "shapes.json", "/$defs/item", "")
	page := b.object("shapes.json", "/$defs/page", "Page", nil, true,
		field("items", b.array(itemParam), true),
		field("next", nullable(cursorParam), false))
	b.common(page).TypeParams = []model.TypeID{cursorParam.ID, itemParam.ID}
	b.add(&model.Alias{Target: model.Ref{ID: page.ID, Args: []model.Ref{str, hit}}}, "shapes.json", "/$defs/hit_page", "HitPage")
	return b.space
}
