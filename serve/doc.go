// Package serve builds the canonical response envelope of an MCP tool
// (github.com/envgen/envgen/generated/go/envelope) and renders it the way the
// five seed conventions ask: by profile, by response mode, within a token
// budget, page by page.
//
// A tool handler uses it in three steps:
//
//	call, err := tool.Begin(req, args.Query) // preferences, cursor, mode, fields
//	if err != nil {
//		return serve.Render(call, serve.FromError[Results](err))
//	}
//	hits, total := index.Search(args.Query, call.Offset, call.Limit)
//	return serve.Render(call, serve.Success(Results{Hits: hits}), serve.Total(total))
//
// Constructors ([Success], [Partial], [Fail], [FromError], [Warn]) build an
// envelope.Envelope[T]. [Tool.Begin] reads the caller's preferences
// (envelope.Request): it decodes and checks the cursor, picks the response mode
// and page size, and checks the requested fields against the mode. [Render]
// turns the envelope into the bytes sent to the caller: it projects the payload
// to the members of the response mode, applies the profile of the tool (what
// optional members are emitted) and the determinism preference, adds
// pagination, and drops list items from the end until the envelope fits the
// token budget.
//
// # Profiles
//
// A profile decides which optional members of meta are emitted. Members that
// change how a caller reads the payload are emitted in every profile.
//
//	minimal (default)  request_id (echoed only), pagination, fidelity, response_mode,
//	                   rate_limit, upgrade_hints, next_calls; tokens and limits when
//	                   the caller set a token budget
//	standard           minimal + tool, tier, capabilities, workspace, tokens, limits
//	debug              standard + timing, telemetry, a generated request_id; for a
//	                   deterministic request too (timing without started_at), so
//	                   debug responses are not byte-for-byte repeatable
//
// success, status (when partial), data, error, warnings and provenance (when
// the caller opted in) are never removed. The profile comes from a [Config]
// file, globally and per tool; the environment variable ENVGEN_MCP_INFO=DEBUG
// selects debug for every tool.
//
// # Payload annotations
//
// The payload schema (the $defs entry of a tool's output schema that carries
// $dynamicAnchor "data") declares what each response mode shows with two
// annotations on an object schema:
//
//	"x-envgen-modes": {"ids_only": ["chunk_id", "rank"], "metadata": [...], "preview": [...], "full": [...]}
//	"x-envgen-id": "chunk_id"
//
// x-envgen-modes lists, for each of the four modes, the members of that object
// that the mode emits (all four modes, each a subset of the object's
// properties that includes its required members). x-envgen-id names the
// member that identifies an item; the array of the payload whose items carry
// it is the list that pagination walks and a token budget trims. See
// [ParsePayload].
//
// # Dialects
//
// A server that moves to the canonical envelope can keep its existing clients
// working: under a dialect (the "dialect" of a [Config], globally and per tool:
// scalpel, foundry, mcp-envelope, codegraph or bmcis; see docs/dialects.md),
// [Render] converts the rendered envelope with dialects.Convert before it is
// sent. Code Scalpel is written in the profile of the same name. The members
// of meta that a dialect requires are kept whatever the profile: bmcis needs
// the tool, request id, timing, token estimate and meta.telemetry.cache_hit,
// codegraph the tool, request id, timing and meta.workspace (root and
// repo_name); the tool's workspace comes from [Tool].Workspace (or the
// envelope's meta), and cache_hit is false unless the handler sets it. Under
// bmcis, whose results are a list, a payload that is an object holding one
// list (x-envgen-id on its items) is sent as that list. [Tool.Check], called
// when the server starts, refuses a tool that cannot fill its dialect. Those
// two conventions have a timestamp and a request id in every response, so
// their responses are never deterministic. A tool served over MCP in a
// dialect advertises the dialect's bundled schema as its outputSchema
// (dialects.OutputSchema, envmcp.AddTool). A response the dialect cannot hold
// (a payload that is not an object under foundry, not an array under bmcis, a
// missing required member) sets
// [Response].Err, and is sent as an INTERNAL DIALECT_CONVERSION_FAILED failure
// in the dialect, or not at all when not even that can be written: never as a
// canonical envelope.
//
// # Determinism
//
// A request is deterministic unless it says "deterministic": false (the
// default of request.json is true). A deterministic response has no
// timestamps, no durations and no generated ids, so the same call gives the
// same bytes.
package serve
