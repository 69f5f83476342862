package dialects

import (
	"encoding/json"
	"unicode/utf16"

	"github.com/envgen/envgen/generated/go/dialects/codegraph"
	"github.com/envgen/envgen/generated/go/envelope"
)

var codegraphDialect = &dialect{
	name:          "codegraph",
	schema:        "codegraph/envelope.json",
	keep:          []string{"/success", "/data"},
	toCanonical:   codegraphToCanonical,
	fromCanonical: codegraphFromCanonical,
	toRules: []rule{
		{"/data/result/error/code", "canonical codes are SCREAMING_SNAKE_CASE, single dots kept: other spellings are rewritten"},
		{"/data/result/error/details/errors", "each entry {path, message} becomes a cause (path as a JSON Pointer); other forms are not scalars and are left out"},
		{"/data/result/error/details/*", "canonical details hold small facts only (a scalar, a list of scalars or a flat object of scalars, up to 100 each): deeper or larger values are left out"},
		{"/data/result/error/details", "{} is left out"},
		{"/data/tool", "canonical meta.tool needs a name of letters, digits, _ . and - and a non-empty version; the way back cannot do without it"},
		{"/data/version", "canonical meta.tool needs a name of letters, digits, _ . and - and a non-empty version; the way back cannot do without it"},
		{"/data/requestId", "canonical request ids are at most 128 characters of letters, digits and . _ : -; the way back cannot do without it"},
		{"/data/workspace", "canonical workspace members are not empty; the way back cannot do without root and repoName"},
		{"/data/meta/nextQuerySuggestion", "[] and absent are one thing in canonical; suggestions whose tool is not an MCP tool name, or with an empty reason, are left out"},
		{"/data/meta/page", "canonical pagination needs a cursor when hasMore is true, and a non-empty one"},
	},
	fromRules: []rule{
		{"/meta/source", sourceReason},
		{"/status", "Code Graph has no status: partial is lost, and ok and error are what success implies"},
		{"/warnings", "Code Graph has no warnings"},
		{"/provenance", "Code Graph has no provenance"},
		{"/error/category", "Code Graph errors have no category: the way back derives it from the code"},
		{"/error/remediation", "Code Graph errors have no remediation"},
		{"/error/retry", "Code Graph errors have no retry advice"},
		{"/error/causes", "causes become details.errors entries {path, message}: their codes and categories are the error's, and their other details are lost"},
		{"/data", "on failure, result holds only the error: the payload is lost"},
		{"/meta/tool/adapter", "Code Graph has no adapter"},
		{"/meta/timing/duration_ms", "Code Graph has only generatedAt"},
		{"/meta/tier", "Code Graph has no tier"},
		{"/meta/capabilities", "Code Graph has no capabilities"},
		{"/meta/upgrade_hints", "Code Graph has no upgrade hints"},
		{"/meta/rate_limit", "Code Graph has no rate limit"},
		{"/meta/telemetry", "Code Graph has no telemetry"},
		{"/meta/tokens/actual", "Code Graph has only approxTokens"},
		{"/meta/tokens/budget", "Code Graph has only approxTokens"},
		{"/meta/tokens", "approxTokens is required: the way there computes it when absent, as Math.ceil(JSON.stringify(envelope).length / 4)"},
		{"/meta/fidelity", "truncated is a flag: partial, summary and reference_only come back as partial, full as absent; dropped ids and archive hashes are lost"},
		{"/meta/limits/max_tokens", "Code Graph limits are maxItems and maxDepth"},
		{"/meta/limits/max_bytes", "Code Graph limits are maxItems and maxDepth"},
		{"/meta/limits", "limits is required: absent comes back as {}, which is left out"},
		{"/meta/next_calls/*/arguments", "args is required: absent comes back as {}"},
		{"/meta/pagination/page_size", "Code Graph pages have no page size"},
		{"/meta/response_mode", "Code Graph has no response mode"},
	},
}

// zodIssue is an entry of details.errors, as zod reports a failed parse.
type zodIssue struct {
	Path    []json.RawMessage `json:"path"`
	Message string            `json:"message"`
}

func codegraphToCanonical(doc []byte) (*canon, error) {
	var e codegraph.Envelope
	if err := json.Unmarshal(doc, &e); err != nil {
		return nil, err
	}
	d := e.Data
	c := &canon{Success: e.Success, Meta: &envelope.Meta{
		Tool:      &envelope.Tool{Name: envelope.ToolName(d.Tool), Version: d.Version},
		RequestID: ptr(envelope.RequestID(d.RequestID)),
		Timing:    &envelope.Timing{StartedAt: &d.GeneratedAt},
		Workspace: &envelope.Workspace{Root: &d.Workspace.Root, RepoName: &d.Workspace.RepoName, Revision: d.Workspace.Rev},
		Tokens:    &envelope.TokenUsage{Estimated: d.Meta.ApproxTokens},
	}}
	if e.Success {
		c.Data = &d.Result
	} else {
		var r codegraph.ErrorResult
		if err := json.Unmarshal(d.Result, &r); err != nil {
			return nil, err
		}
		cd := code(r.Error.Code)
		c.Error = &envelope.Error{Code: cd, Category: category(cd), Message: r.Error.Message, Details: scalars(r.Error.Details)}
		var issues []zodIssue
		if json.Unmarshal(r.Error.Details["errors"], &issues) == nil {
			for _, is := range issues {
				cause := envelope.Error{Code: cd, Category: c.Error.Category, Message: is.Message}
				if len(is.Path) > 0 {
					cause.Details = envelope.DetailMap{"path": envelope.Detail(mustJSON(zodPointer(is.Path)))}
				}
				c.Error.Causes = append(c.Error.Causes, cause)
			}
		}
	}
	m := d.Meta
	if m.Truncated {
		c.Meta.Fidelity = &envelope.Fidelity{Level: envelope.FidelityLevelPartial}
	}
	if m.Limits.MaxItems != nil || m.Limits.MaxDepth != nil {
		c.Meta.Limits = &envelope.Limits{MaxItems: m.Limits.MaxItems, MaxDepth: m.Limits.MaxDepth}
	}
	for _, s := range m.NextQuerySuggestion {
		c.Meta.NextCalls = append(c.Meta.NextCalls, envelope.NextCall{Tool: envelope.ToolName(s.Tool), Arguments: s.Args, Reason: s.Reason})
	}
	if p := m.Page; p != nil {
		c.Meta.Pagination = &envelope.Pagination{HasMore: p.HasMore, Cursor: p.Cursor, Total: p.Total}
	}
	return c, nil
}

func codegraphFromCanonical(c *canon, _ string) (any, []string, error) {
	m := deref(c.Meta)
	tool, ws := deref(m.Tool), deref(m.Workspace)
	var missing []string
	need := func(ok bool, ptr string) {
		if !ok {
			missing = append(missing, ptr)
		}
	}
	need(m.Tool != nil, "/meta/tool")
	need(m.RequestID != nil, "/meta/request_id")
	need(deref(m.Timing).StartedAt != nil, "/meta/timing/started_at")
	need(ws.Root != nil, "/meta/workspace/root")
	need(ws.RepoName != nil, "/meta/workspace/repo_name")
	e := codegraph.Envelope{Success: c.Success, Data: codegraph.Data{
		Tool: string(tool.Name), Version: tool.Version, RequestID: string(deref(m.RequestID)),
		GeneratedAt: deref(deref(m.Timing).StartedAt),
		Workspace:   codegraph.WorkspaceContext{Root: deref(ws.Root), RepoName: deref(ws.RepoName), Rev: ws.Revision},
		Result:      json.RawMessage("null"),
	}}
	if c.Success && c.Data != nil {
		e.Data.Result = *c.Data
	}
	if x := c.Error; x != nil {
		ce := codegraph.Error{Code: string(x.Code), Message: x.Message, Details: raws(x.Details)}
		var issues []zodIssue
		for _, cause := range x.Causes {
			is := zodIssue{Path: []json.RawMessage{}, Message: cause.Message}
			if p, ok := cause.Details["path"]; ok {
				var ptr string
				if json.Unmarshal(p, &ptr) == nil {
					is.Path = zodPath(ptr)
				}
			}
			issues = append(issues, is)
		}
		if issues != nil {
			if ce.Details == nil {
				ce.Details = map[string]json.RawMessage{}
			}
			ce.Details["errors"] = mustJSON(issues)
		}
		e.Data.Result = mustJSON(codegraph.ErrorResult{Error: ce})
	}
	cm := &e.Data.Meta
	cm.Truncated = m.Fidelity != nil && m.Fidelity.Level != envelope.FidelityLevelFull
	if l := m.Limits; l != nil {
		cm.Limits = codegraph.Limits{MaxItems: l.MaxItems, MaxDepth: l.MaxDepth}
	}
	for _, n := range m.NextCalls {
		args := n.Arguments
		if args == nil {
			args = map[string]json.RawMessage{}
		}
		cm.NextQuerySuggestion = append(cm.NextQuerySuggestion, codegraph.QuerySuggestion{Tool: string(n.Tool), Args: args, Reason: n.Reason})
	}
	if p := m.Pagination; p != nil {
		cm.Page = &codegraph.Page{Cursor: p.Cursor, HasMore: p.HasMore, Total: p.Total}
	}
	if m.Tokens != nil {
		cm.ApproxTokens = m.Tokens.Estimated
	} else {
		cm.ApproxTokens = approxTokens(&e)
	}
	return e, missing, nil
}

// approxTokens is Code Graph's estimate of e's size in tokens,
// Math.ceil(JSON.stringify(envelope).length / 4), with e holding it.
func approxTokens(e *codegraph.Envelope) int64 {
	for range 8 { // the estimate changes the length by a digit or two at most
		units := len(utf16.Encode([]rune(string(mustJSON(e)))))
		n := int64((units + 3) / 4)
		if n == e.Data.Meta.ApproxTokens {
			break
		}
		e.Data.Meta.ApproxTokens = n
	}
	return e.Data.Meta.ApproxTokens
}

// zodPointer turns a zod issue path (["items", 0, "kind"]) into a JSON
// Pointer ("/items/0/kind").
func zodPointer(path []json.RawMessage) string {
	tokens := make([]string, len(path))
	for i, p := range path {
		var s string
		if json.Unmarshal(p, &s) != nil {
			s = string(p) // a number
		}
		tokens[i] = s
	}
	return pointer(tokens)
}

// zodPath is the reverse of zodPointer: digit-only tokens become numbers.
func zodPath(ptr string) []json.RawMessage {
	out := []json.RawMessage{}
	for _, tok := range splitPointer(ptr) {
		if isIndex(tok) {
			out = append(out, json.RawMessage(tok))
		} else {
			out = append(out, mustJSON(tok))
		}
	}
	return out
}

// mustJSON encodes a value that always encodes: strings, and the
// generated types, whose members are all encodable.
func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("dialects: encoding a generated value: " + err.Error())
	}
	return b
}
