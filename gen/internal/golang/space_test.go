package golang

import (
	"encoding/json"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// spaceBuilder builds model spaces by hand for the tests.
type spaceBuilder struct {
	s *model.Space
}

func newSpace() *spaceBuilder { return &spaceBuilder{s: &model.Space{}} }

// add registers t as declared in file at pointer; a non-empty name makes it
// a named type.
func (b *spaceBuilder) add(t model.Type, file, pointer, name string) model.TypeID {
	c := t.Base()
	c.Loc = model.Location{File: file, Pointer: pointer}
	if name != "" {
		c.Named = true
		c.Name = model.Names{Go: name, TS: name}
	}
	return b.s.Add(t)
}

func (b *spaceBuilder) root(file string, id model.TypeID) {
	b.s.Roots = append(b.s.Roots, model.Root{File: file, Type: id})
}

func (b *spaceBuilder) scalar(k model.ScalarKind) model.Ref {
	return model.Ref{ID: b.add(&model.Scalar{Scalar: k}, "", "", "")}
}

func (b *spaceBuilder) any() model.Ref { return model.Ref{ID: b.add(&model.Any{}, "", "", "")} }

func (b *spaceBuilder) array(items model.Ref) model.Ref {
	return model.Ref{ID: b.add(&model.Array{Items: items}, "", "", "")}
}

func (b *spaceBuilder) mapOf(values model.Ref) model.Ref {
	return model.Ref{ID: b.add(&model.Map{Values: values}, "", "", "")}
}

func ref(id model.TypeID) model.Ref     { return model.Ref{ID: id} }
func nullRef(id model.TypeID) model.Ref { return model.Ref{ID: id, Nullable: true} }
func orNull(r model.Ref) model.Ref      { r.Nullable = true; return r }
func field(json, goName string, t model.Ref, required bool) *model.Field {
	return &model.Field{JSONName: json, GoName: goName, Type: t, Required: required}
}

func val(jsonText string) model.Value {
	var v any
	dec := json.NewDecoder(strings.NewReader(jsonText))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		panic(err)
	}
	return model.Value{JSON: jsonText, Go: v}
}

func intp(n int) *int { return &n }

// fullSpace has every kind, every presence case, generics, recursion and a
// referenced-only file; the compile test round-trips JSON through it.
func fullSpace() *model.Space {
	b := newSpace()
	const env, tool, common = "schemas/envelope.json", "schemas/tool.schema.json", "schemas/common/errors.json"

	// envelope.json: Envelope[T], generic in its data.
	param := b.add(&model.TypeParam{Anchor: "data", Default: b.any()}, env, "/$defs/data", "")
	errInfo := b.add(&model.Object{}, common, "/$defs/errorInfo", "ErrorInfo")
	warning := b.add(&model.Object{}, env, "/$defs/warning", "Warning")
	envelope := &model.Object{}
	envelope.TypeParams = []model.TypeID{param}
	envelope.Doc = model.Doc{Title: "Tool response envelope", Description: "Carries a tool's result.\n\nIt is the structuredContent of an MCP tool result."}
	envID := b.add(envelope, env, "", "Envelope")
	// none, Empty: objects that take no member (their decode has no loop)
	none := b.add(&model.Object{Closed: true}, env, "/properties/meta/properties/none", "")
	empty := b.add(&model.Object{Closed: true}, env, "/$defs/empty", "Empty")
	meta := b.add(&model.Object{Fields: []*model.Field{
		field("requestId", "RequestID", b.scalar(model.ScalarString), true),
		field("none", "None", ref(none), false),
		field("empty", "Empty", ref(empty), false),
	}}, env, "/properties/meta", "")
	envelope.Fields = []*model.Field{
		field("success", "Success", b.scalar(model.ScalarBoolean), true),
		field("data", "Data", ref(param), true),
		field("next", "Next", ref(param), false),
		field("meta", "Meta", ref(meta), false),
		field("warnings", "Warnings", b.array(ref(warning)), false),
		field("error", "Error", nullRef(errInfo), false),
	}
	envelope.Fields[0].Doc = model.Doc{Description: "Whether the call succeeded.", Default: &model.Value{JSON: "true", Go: true}}
	b.root(env, envID)

	w := b.s.Get(warning).(*model.Object)
	w.Doc = model.Doc{Description: "A non-fatal problem <b>worth</b> knowing about.", Deprecated: true,
		Examples: []model.Value{val(`{"code":"slow"}`), val(`{"code":"partial","message":"some"}`)}}
	w.Fields = []*model.Field{
		field("code", "Code", b.scalar(model.ScalarString), true),
		field("message", "Message", b.scalar(model.ScalarString), false),
	}
	extra := b.any()
	w.Extra = &extra

	e := b.s.Get(errInfo).(*model.Object)
	e.Fields = []*model.Field{
		field("code", "Code", b.scalar(model.ScalarString), true),
		field("retryable", "Retryable", b.scalar(model.ScalarBoolean), false),
	}

	// tool.schema.json: a search tool with every presence case.
	severity := b.add(&model.Enum{ValueType: model.ScalarString, Values: []model.Value{val(`"info"`), val(`"warning"`)},
		Members: []string{"SeverityInfo", "SeverityWarning"}}, tool, "/$defs/severity", "Severity")
	level := b.add(&model.Enum{ValueType: model.ScalarInteger, Values: []model.Value{val("1"), val("2"), val("3")},
		Members: []string{"Level1", "Level2", "Level3"}}, tool, "/$defs/level", "Level")
	ratio := b.add(&model.Enum{ValueType: model.ScalarNumber, Values: []model.Value{val("0.5"), val("1.50")},
		Members: []string{"RatioHalf", "RatioOneAndAHalf"}}, tool, "/$defs/ratio", "Ratio")
	mixed := b.add(&model.Enum{ValueType: model.ScalarAny, Values: []model.Value{val(`"a"`), val("1"), val("null"), val(`{"b":true}`)},
		Members: []string{"MixedA", "Mixed1", "MixedNull", "MixedObject"}}, tool, "/$defs/mixed", "Mixed")
	version := b.add(&model.Const{ValueType: model.ScalarString, Value: val(`"v1"`), Member: "VersionV1"}, tool, "/$defs/version", "Version")

	circleKind := b.add(&model.Const{ValueType: model.ScalarString, Value: val(`"circle"`), Member: "CircleKindCircle"}, tool, "/$defs/circle/properties/kind", "CircleKind")
	squareKind := b.add(&model.Enum{ValueType: model.ScalarString, Values: []model.Value{val(`"square"`), val(`"box"`)},
		Members: []string{"SquareKindSquare", "SquareKindBox"}}, tool, "/$defs/square/properties/kind", "SquareKind")
	circle := b.add(&model.Object{Closed: true, Fields: []*model.Field{
		field("kind", "Kind", ref(circleKind), true),
		field("radius", "Radius", b.scalar(model.ScalarNumber), true),
	}}, tool, "/$defs/circle", "Circle")
	square := b.add(&model.Object{Closed: true, Fields: []*model.Field{
		field("kind", "Kind", ref(squareKind), true),
		field("side", "Side", b.scalar(model.ScalarNumber), true),
	}}, tool, "/$defs/square", "Square")
	shape := b.add(&model.Union{Exclusive: true, Branches: []model.Ref{ref(circle), ref(square)},
		Discriminator: "kind", Tags: [][]model.Value{{val(`"circle"`)}, {val(`"square"`), val(`"box"`)}},
		BranchNames: []string{"Circle", "Square"}}, tool, "/$defs/shape", "Shape")
	value := b.add(&model.Union{Exclusive: true,
		Branches:    []model.Ref{b.scalar(model.ScalarString), b.scalar(model.ScalarInteger), ref(circle), b.scalar(model.ScalarNull)},
		BranchNames: []string{"String", "Integer", "Circle", "Null"}}, tool, "/$defs/value", "Value")
	loose := b.add(&model.Union{Branches: []model.Ref{b.scalar(model.ScalarInteger), orNull(b.scalar(model.ScalarNumber))},
		BranchNames: []string{"Int", "Num"}}, tool, "/$defs/loose", "Loose")

	point := &model.Tuple{Items: []model.Ref{b.scalar(model.ScalarNumber), b.scalar(model.ScalarNumber), b.scalar(model.ScalarString), orNull(b.scalar(model.ScalarString))}}
	rest := b.scalar(model.ScalarInteger)
	point.Rest = &rest
	point.Checks.MinItems = intp(2)
	pointID := b.add(point, tool, "/$defs/point", "Point")
	pairT := &model.Tuple{Items: []model.Ref{b.scalar(model.ScalarString), b.array(b.scalar(model.ScalarInteger))}}
	pairT.Checks.MinItems = intp(2)
	pair := b.add(pairT, tool, "/$defs/pair", "Pair")

	node := &model.Object{}
	nodeID := b.add(node, tool, "/$defs/node", "Node")
	node.Fields = []*model.Field{
		field("name", "Name", b.scalar(model.ScalarString), true),
		field("children", "Children", b.array(ref(nodeID)), false),
		field("parent", "Parent", ref(nodeID), false),
		field("next", "Next", nullRef(nodeID), false),
	}

	blob := b.add(&model.Any{}, tool, "/$defs/blob", "Blob")
	tags := b.add(&model.Array{Items: b.scalar(model.ScalarString)}, tool, "/$defs/tags", "Tags")
	labels := b.add(&model.Map{Values: b.scalar(model.ScalarString)}, tool, "/$defs/labels", "Labels")
	requestID := b.add(&model.Scalar{Scalar: model.ScalarString}, tool, "/$defs/requestId", "RequestID")
	nothing := b.add(&model.Scalar{Scalar: model.ScalarNull}, tool, "/$defs/nothing", "Nothing")
	counts := &model.Object{Fields: []*model.Field{field("total", "Total", b.scalar(model.ScalarInteger), true)}}
	countExtra := b.scalar(model.ScalarInteger)
	counts.Extra = &countExtra
	countsID := b.add(counts, tool, "/$defs/counts", "Counts")

	// Paged[TItems, TCursor]: two type parameters, named by anchor.
	items := b.add(&model.TypeParam{Anchor: "items", Default: b.any()}, tool, "/$defs/paged/$defs/items", "")
	cursor := b.add(&model.TypeParam{Anchor: "cursor", Default: b.scalar(model.ScalarString)}, tool, "/$defs/paged/$defs/cursor", "")
	paged := &model.Object{Fields: []*model.Field{
		field("items", "Items", b.array(ref(items)), true),
		field("cursor", "Cursor", nullRef(cursor), true),
		field("after", "After", nullRef(cursor), false),
	}}
	paged.TypeParams = []model.TypeID{items, cursor}
	pagedID := b.add(paged, tool, "/$defs/paged", "Paged")

	result := &model.Object{Fields: []*model.Field{
		field("query", "Query", b.scalar(model.ScalarString), true),
		field("cursor", "Cursor", orNull(b.scalar(model.ScalarString)), true),
		field("total", "Total", b.scalar(model.ScalarInteger), false),
		field("note", "Note", orNull(b.scalar(model.ScalarString)), false),
		field("tags", "Tags", ref(tags), false),
		field("labels", "Labels", ref(labels), false),
		field("scores", "Scores", b.mapOf(b.scalar(model.ScalarInteger)), false),
		field("list", "List", orNull(b.array(b.scalar(model.ScalarString))), true),
		field("optList", "OptList", orNull(b.array(b.scalar(model.ScalarString))), false),
		field("raw", "Raw", b.any(), false),
		field("payload", "Payload", b.any(), true),
		field("blob", "Blob", ref(blob), false),
		field("nothing", "Nothing", ref(nothing), true),
		field("maybeNothing", "MaybeNothing", b.scalar(model.ScalarNull), false),
		field("-", "Dash", b.scalar(model.ScalarString), false),
		field("severity", "Severity", ref(severity), true),
		field("level", "Level", ref(level), false),
		field("ratio", "Ratio", nullRef(ratio), true),
		field("mixed", "Mixed", ref(mixed), false),
		field("anonEnum", "AnonEnum", ref(b.add(&model.Enum{ValueType: model.ScalarAny, Values: []model.Value{val("1"), val(`"x"`)}}, tool, "", "")), false),
		field("version", "Version", ref(version), true),
		field("shape", "Shape", ref(shape), true),
		field("value", "Value", ref(value), false),
		field("loose", "Loose", ref(loose), false),
		field("point", "Point", ref(pointID), false),
		field("pair", "Pair", ref(pair), false),
		field("tree", "Tree", ref(nodeID), false),
		field("requestId", "RequestID", ref(requestID), false),
		field("counts", "Counts", ref(countsID), false),
		field("page", "Page", model.Ref{ID: pagedID, Args: []model.Ref{ref(severity), b.scalar(model.ScalarInteger)}}, false),
		field("defaultPage", "DefaultPage", ref(pagedID), false),
		field("nested", "Nested", b.mapOf(b.array(nullRef(circle))), false),
	}}
	result.Fields[0].Doc = model.Doc{Title: "Query", Description: "The query as the tool understood it."}
	resultID := b.add(result, tool, "/$defs/searchResult", "SearchResult")

	// The root of tool.schema.json fixes the envelope's data: an alias.
	alias := b.add(&model.Alias{Target: model.Ref{ID: envID, Args: []model.Ref{ref(resultID)}}}, tool, "", "SearchEnvelope")
	b.root(tool, alias)
	return b.s
}
