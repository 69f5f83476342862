package dialects

import (
	"encoding/json"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/dialects/bmcis"
	"github.com/envgen/envgen/generated/go/envelope"
)

var bmcisDialect = &dialect{
	name:          "bmcis",
	schema:        "bmcis/envelope.json",
	keep:          []string{"/_metadata", "/results", "/execution_context", "/warnings"},
	toCanonical:   bmcisToCanonical,
	incomplete:    bmcisIncomplete,
	fromCanonical: bmcisFromCanonical,
	toRules: []rule{
		{"/_metadata/message", "canonical has no status message: on failure it is the error's message, which the way back writes; otherwise it is lost; null and absent are one thing"},
		{"/_metadata/operation", "canonical meta.tool needs a name of letters, digits, _ . and - and a non-empty version"},
		{"/_metadata/version", "canonical meta.tool needs a name of letters, digits, _ . and - and a non-empty version"},
		{"/_metadata/request_id", "canonical request ids are at most 128 characters of letters, digits and . _ : -"},
		{"/execution_context/request_id", "canonical has one request id: the way back writes _metadata.request_id here too"},
		{"/execution_context/tokens_used", "null and absent are one thing in canonical; negative counts are left out"},
		{"/execution_context/tokens_estimated", "a negative estimate is left out"},
		{"/execution_context/execution_time_ms", "a negative duration is left out"},
		{"/error/code", "canonical codes are SCREAMING_SNAKE_CASE, single dots kept: other spellings are rewritten"},
		{"/error/allowed_fields", "canonical errors have no lists of allowed values"},
		{"/error", "a failed response without an error object gets one: the code of its first error-level warning (else UNKNOWN) and the status message; its members beyond code and message are left out"},
		{"/pagination", "null and absent are one thing in canonical (the way back writes null); has_more is assumed from the cursor when absent; canonical needs a cursor when has_more is true, page_size at least 1 and total_available not negative; other members are left out"},
		{"/warnings/*/code", "canonical codes are SCREAMING_SNAKE_CASE, single dots kept: other spellings are rewritten"},
		{"/warnings/*/suggestion", "null and absent are one thing in canonical; an empty suggestion is left out"},
		{"/warnings/*", "a warning with an empty message, and members beyond level, code, message and suggestion, are left out"},
		{"/_metadata/*", "members beyond the documented ones are left out"},
		{"/execution_context/*", "members beyond the documented ones are left out"},
		{"/*", "members beyond the documented ones are left out"},
	},
	fromRules: []rule{
		{"/meta/source", sourceReason},
		{"/status", "ok and error are what success implies: they come back absent"},
		{"/error/category", "BMCIS errors have no category: the way back derives it from the code"},
		{"/error/remediation", "BMCIS errors have no remediation"},
		{"/error/retry", "BMCIS errors have no retry advice"},
		{"/error/details", "BMCIS errors have no details"},
		{"/error/causes", "BMCIS errors have no causes"},
		{"/warnings/*/context", "BMCIS warnings have no context"},
		{"/provenance", "BMCIS has no provenance"},
		{"/data", "on failure, results [] and no payload are one thing"},
		{"/meta/tool/adapter", "BMCIS has no adapter"},
		{"/meta/tier", "BMCIS has no tier"},
		{"/meta/capabilities", "BMCIS has no capabilities"},
		{"/meta/upgrade_hints", "BMCIS has no upgrade hints"},
		{"/meta/workspace", "BMCIS has no workspace"},
		{"/meta/rate_limit", "BMCIS has no rate limit"},
		{"/meta/telemetry/downstream_calls", "BMCIS has only cache_hit"},
		{"/meta/tokens/budget", "BMCIS has tokens_estimated and tokens_used only"},
		{"/meta/fidelity", "BMCIS has no content fidelity"},
		{"/meta/limits", "BMCIS has no limits"},
		{"/meta/next_calls", "BMCIS has no next calls"},
		{"/meta/response_mode", "BMCIS does not echo the response mode"},
	},
}

func bmcisToCanonical(doc []byte) (*canon, error) {
	var e bmcis.Envelope
	if err := json.Unmarshal(doc, &e); err != nil {
		return nil, err
	}
	md, x := e.Metadata, e.ExecutionContext
	c := &canon{Success: md.Status != bmcis.ResponseStatusError, Meta: &envelope.Meta{
		Tool:      &envelope.Tool{Name: envelope.ToolName(md.Operation), Version: md.Version},
		RequestID: ptr(envelope.RequestID(md.RequestID)),
		Timing:    &envelope.Timing{StartedAt: &md.Timestamp, DurationMs: &x.ExecutionTimeMs},
		Tokens:    &envelope.TokenUsage{Estimated: x.TokensEstimated, Actual: x.TokensUsed.Ptr()},
		Telemetry: &envelope.Telemetry{CacheHit: &x.CacheHit},
	}}
	if md.Status == bmcis.ResponseStatusPartial {
		c.Status = ptr(envelope.EnvelopeStatusPartial)
	}
	results := member(doc, "results")
	if c.Success || len(e.Results) > 0 {
		c.Data = &results
	}
	for _, w := range e.Warnings {
		c.Warnings = append(c.Warnings, envelope.Warning{
			Code: code(w.Code), Severity: envelope.Severity(w.Level), Message: w.Message, Suggestion: w.Suggestion.Ptr(),
		})
	}
	if !c.Success {
		c.Error = bmcisError(e)
	}
	if p, ok := e.Pagination.Get(); ok {
		hasMore := p.Cursor != nil && *p.Cursor != ""
		if p.HasMore != nil {
			hasMore = *p.HasMore
		}
		c.Meta.Pagination = &envelope.Pagination{HasMore: hasMore, Cursor: p.Cursor, PageSize: p.PageSize, Total: p.TotalAvailable.Ptr()}
	}
	return c, nil
}

// bmcisError is the error of a failed response: its error object, or the
// first error-level warning, or UNKNOWN; the message is the status message
// unless the error object has one.
func bmcisError(e bmcis.Envelope) *envelope.Error {
	out := &envelope.Error{Code: "UNKNOWN"}
	if m, ok := e.Metadata.Message.Get(); ok {
		out.Message = m
	}
	for _, w := range e.Warnings {
		if w.Level == bmcis.WarningLevelError {
			out.Code = code(w.Code)
			if out.Message == "" {
				out.Message = w.Message
			}
			break
		}
	}
	if x := e.Error; x != nil {
		out.Code, out.Message = code(x.Code), x.Message
	}
	if out.Message == "" {
		out.Message = "The operation failed."
	}
	out.Category = category(out.Code)
	return out
}

func bmcisFromCanonical(c *canon, _ string) (any, []string, error) {
	m := deref(c.Meta)
	tool, timing, tokens, tel := deref(m.Tool), deref(m.Timing), deref(m.Tokens), deref(m.Telemetry)
	var missing []string
	need := func(ok bool, ptr string) {
		if !ok {
			missing = append(missing, ptr)
		}
	}
	need(m.Tool != nil, "/meta/tool")
	need(timing.StartedAt != nil, "/meta/timing/started_at")
	need(m.RequestID != nil, "/meta/request_id")
	need(m.Tokens != nil, "/meta/tokens")
	need(tel.CacheHit != nil, "/meta/telemetry/cache_hit")
	need(timing.DurationMs != nil, "/meta/timing/duration_ms")
	e := bmcis.Envelope{
		Metadata: bmcis.ResponseMetadata{
			Operation: string(tool.Name), Version: tool.Version, Timestamp: deref(timing.StartedAt),
			RequestID: string(deref(m.RequestID)), Status: bmcis.ResponseStatusSuccess,
		},
		Results:    []json.RawMessage{},
		Pagination: envgenrt.NullValue[bmcis.PaginationMetadata](),
		ExecutionContext: bmcis.ExecutionContext{
			TokensEstimated: tokens.Estimated, CacheHit: deref(tel.CacheHit), ExecutionTimeMs: deref(timing.DurationMs),
			RequestID: string(deref(m.RequestID)),
		},
		Warnings: []bmcis.ResponseWarning{},
	}
	if tokens.Actual != nil {
		e.ExecutionContext.TokensUsed = envgenrt.Value(*tokens.Actual)
	}
	if c.Data != nil {
		if err := json.Unmarshal(*c.Data, &e.Results); err != nil || e.Results == nil {
			return nil, nil, notAn("bmcis", "/data", "an array", "bmcis results must be")
		}
	}
	switch {
	case c.Error != nil:
		e.Metadata.Status = bmcis.ResponseStatusError
		e.Metadata.Message = envgenrt.Value(c.Error.Message)
		e.Error = &bmcis.ResponseError{Code: string(c.Error.Code), Message: c.Error.Message}
	case c.Status != nil && *c.Status == envelope.EnvelopeStatusPartial:
		e.Metadata.Status = bmcis.ResponseStatusPartial
	}
	for _, w := range c.Warnings {
		e.Warnings = append(e.Warnings, bmcis.ResponseWarning{
			Level: bmcis.WarningLevel(w.Severity), Code: string(w.Code), Message: w.Message, Suggestion: nullable(w.Suggestion, false),
		})
	}
	if p := m.Pagination; p != nil {
		e.Pagination = envgenrt.Value(bmcis.PaginationMetadata{
			Cursor: p.Cursor, PageSize: p.PageSize, HasMore: &p.HasMore, TotalAvailable: nullable(p.Total, false),
		})
	}
	return e, missing, nil
}
