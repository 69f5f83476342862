// Package envmcp serves envgen's canonical envelope from an MCP server built
// on github.com/modelcontextprotocol/go-sdk.
//
// A tool answers with a rendered envelope (serve.Response); [Result] turns it
// into the CallToolResult the MCP specification asks for: the envelope as
// structuredContent, its JSON text as the one content block, and isError set
// to !success. A failed call is a normal result with isError, never a
// JSON-RPC error; those stay reserved for protocol failures. The tool's
// outputSchema is its output schema bundled into one document (`envgen
// bundle`).
//
//	envmcp.AddTool(server, envmcp.NewTool("search", "Search the docs.", in, out), searchTool,
//		func(ctx context.Context, args SearchArgs, req envelope.Request) serve.Response {
//			call, err := searchTool.Begin(req, args.Query)
//			if err != nil {
//				return serve.Render(call, serve.FromError[Results](err))
//			}
//			hits, total := index.Search(args.Query, call.Offset, call.Limit)
//			return serve.Render(call, serve.Success(Results{Hits: hits}), serve.Total(total))
//		})
//
// The caller's preferences (envelope.Request: response_mode, page_size,
// cursor, token_budget, fields, ...) travel as members of the tool's
// arguments, or in the call's _meta under [MetaKey]; arguments win. The
// provenance opt-in may also come as the mcp.envelope.v0.1 convention has it,
// in _meta: capture_provenance, capture_artifacts, provenance_mode.
package envmcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

// MetaKey is the key of the caller's preferences (a Request object) in a
// call's _meta.
const MetaKey = "dev.envgen/request"

// CodeInvalidArguments is the error code of arguments that do not decode.
const CodeInvalidArguments = "INVALID_ARGUMENTS"

// Result returns the CallToolResult of a rendered envelope.
func Result(r serve.Response) *mcp.CallToolResult {
	if r.JSON == nil { // not even a failure envelope could be written: r.Err says why
		msg := "envgen: the response could not be written"
		if r.Err != nil {
			msg += ": " + r.Err.Error()
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}, IsError: true}
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(r.JSON)}},
		StructuredContent: json.RawMessage(r.JSON),
		IsError:           !r.Success,
	}
}

// NewTool returns the MCP description of a tool. input is its input schema (a
// JSON object schema); output its bundled output schema.
func NewTool(name, description string, input, output []byte) *mcp.Tool {
	return &mcp.Tool{
		Name:         name,
		Description:  description,
		InputSchema:  json.RawMessage(input),
		OutputSchema: json.RawMessage(output),
	}
}

// Handler answers one call: args are the tool's own arguments, req the
// caller's preferences.
type Handler[In any] func(ctx context.Context, args In, req envelope.Request) serve.Response

// AddTool adds a tool to the server. When tool answers in a dialect
// (tool.Config.Dialect), the tool is advertised with that dialect's bundled
// envelope schema as its outputSchema (dialects.OutputSchema), in place of
// t's, so that a client which validates structuredContent accepts what the
// tool sends; t itself is not changed. Arguments are decoded strictly: the
// members of envelope.Request go to req, the others to In, and a member In
// does not have, or a value of the wrong type, is an INVALID_ARGUMENTS
// validation error rendered under tool's profile, so the handler is not
// called.
func AddTool[In any](s *mcp.Server, t *mcp.Tool, tool *serve.Tool, h Handler[In]) {
	s.AddTool(Advertised(t, tool), func(ctx context.Context, r *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var raw json.RawMessage
		var meta map[string]any
		if r != nil && r.Params != nil {
			raw, meta = r.Params.Arguments, r.Params.GetMeta()
		}
		args, req, err := Decode[In](raw, meta)
		if err != nil {
			call, _ := tool.Begin(envelope.Request{}, nil)
			return Result(serve.Render(call, serve.Failure[json.RawMessage](err))), nil
		}
		return Result(h(ctx, args, req)), nil
	})
}

// Advertised returns the description of t that the server lists: t itself for
// a tool that answers in the canonical envelope, else a copy whose
// outputSchema is the dialect's (dialects.OutputSchema). A dialect the
// configuration names but dialects does not know was refused when the
// configuration was loaded; should one get here, t is returned unchanged.
func Advertised(t *mcp.Tool, tool *serve.Tool) *mcp.Tool {
	if tool == nil || tool.Config == nil {
		return t
	}
	d := tool.Config.Dialect(tool.Name)
	if d == dialects.Canonical {
		return t
	}
	schema, err := dialects.OutputSchema(d)
	if err != nil {
		return t
	}
	out := *t
	out.OutputSchema = json.RawMessage(schema)
	return &out
}

// Decode splits a call's arguments: the members named like those of
// envelope.Request decode into req, merged over the Request in meta[MetaKey];
// the others decode into an In, where an unknown member is an error.
func Decode[In any](arguments json.RawMessage, meta map[string]any) (In, envelope.Request, *serve.Error) {
	var args In
	var req envelope.Request
	// Preferences from _meta first, then from the arguments, which win; merged
	// as members and decoded once, since a generated UnmarshalJSON replaces
	// the whole value.
	prefs := map[string]json.RawMessage{}
	if m, ok := meta[MetaKey]; ok {
		b, _ := json.Marshal(m)
		if err := strictDecode(b, &req); err != nil {
			return args, req, argumentsError("_meta."+MetaKey, err)
		}
		if err := json.Unmarshal(b, &prefs); err != nil {
			return args, req, argumentsError("_meta."+MetaKey, errors.New("the preferences are not a JSON object"))
		}
	}
	if len(bytes.TrimSpace(arguments)) == 0 || string(arguments) == "null" {
		arguments = json.RawMessage("{}")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(arguments, &members); err != nil {
		return args, req, argumentsError("arguments", errors.New("the arguments are not a JSON object"))
	}
	own := map[string]json.RawMessage{}
	for k, v := range members {
		if slices.Contains(requestMembers, k) {
			prefs[k] = v
		} else {
			own[k] = v
		}
	}
	if _, given := prefs["provenance"]; !given {
		p, err := seedProvenance(meta)
		if err != nil {
			return args, req, err
		}
		if p != nil {
			prefs["provenance"] = p
		}
	}
	b, _ := json.Marshal(prefs)
	if err := strictDecode(b, &req); err != nil {
		return args, req, argumentsError("arguments", err)
	}
	b, _ = json.Marshal(own)
	if err := strictDecode(b, &args); err != nil {
		return args, req, argumentsError("arguments", err)
	}
	return args, req, nil
}

// seedProvenance reads the provenance opt-in of the mcp.envelope.v0.1
// convention from a call's _meta: capture_provenance, capture_artifacts and
// provenance_mode, as envelope.ProvenanceOptions (capture, capture_artifacts,
// mode) in JSON; nil when _meta has none of them. A value of the wrong type is
// an INVALID_ARGUMENTS error.
func seedProvenance(meta map[string]any) (json.RawMessage, *serve.Error) {
	opts := map[string]any{}
	for seed, ours := range map[string]string{"capture_provenance": "capture", "capture_artifacts": "capture_artifacts", "provenance_mode": "mode"} {
		if v, ok := meta[seed]; ok {
			opts[ours] = v
		}
	}
	if len(opts) == 0 {
		return nil, nil
	}
	b, _ := json.Marshal(opts)
	var p envelope.ProvenanceOptions
	if err := strictDecode(b, &p); err != nil {
		return nil, argumentsError("_meta (capture_provenance, capture_artifacts, provenance_mode)", err)
	}
	return b, nil
}

// requestMembers are the JSON names of envelope.Request's fields, e.g.
// "response_mode".
var requestMembers = func() []string {
	var names []string
	rt := reflect.TypeFor[envelope.Request]()
	for i := range rt.NumField() {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			names = append(names, name)
		}
	}
	return names
}()

func strictDecode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// argumentsError explains a decoding error in the caller's terms.
func argumentsError(where string, err error) *serve.Error {
	field, msg := "", err.Error()
	var te *json.UnmarshalTypeError
	var ve *envgenrt.ValidationError
	switch {
	case errors.As(err, &ve) && len(ve.Errors) > 0: // a generated type's strict decoder
		first := ve.Errors[0]
		field, _, _ = strings.Cut(strings.TrimPrefix(first.InstancePath, "/"), "/")
		msg = fmt.Sprintf("%s: %s.", first.InstancePath, first.Message)
		if name, ok := strings.CutPrefix(first.Message, "unexpected property "); ok && first.Keyword == "additionalProperties" {
			if unquoted, err := strconv.Unquote(name); err == nil {
				field, msg = unquoted, fmt.Sprintf("The tool has no argument %q.", unquoted)
			}
		}
	case errors.As(err, &te):
		field = te.Field
		msg = fmt.Sprintf("%s must be %s, not %s.", te.Field, jsonType(te.Type), te.Value)
	case strings.HasPrefix(msg, "json: unknown field "):
		field = strings.Trim(strings.TrimPrefix(msg, "json: unknown field "), `"`)
		msg = fmt.Sprintf("The tool has no argument %q.", field)
	}
	opts := []serve.ErrorOption{
		serve.Remediation("Call the tool with the arguments its inputSchema lists, of the types it gives."),
		serve.Detail("where", where),
	}
	if field != "" {
		opts = append(opts, serve.Detail("field", field))
	}
	return serve.NewError(envelope.CategoryValidation, CodeInvalidArguments, msg, opts...)
}

func jsonType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return jsonType(t.Elem())
	}
	return "of type " + t.String()
}
