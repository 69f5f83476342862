package dialects

import (
	"encoding/json"

	"github.com/envgen/envgen/generated/go/dialects/foundry"
	"github.com/envgen/envgen/generated/go/envelope"
)

var foundryDialect = &dialect{
	name:          "foundry",
	schema:        "foundry/response.json",
	keep:          []string{"/success", "/data", "/error", "/meta"},
	toCanonical:   foundryToCanonical,
	fromCanonical: foundryFromCanonical,
	toRules: []rule{
		{"/data/error_code", "a failure without error_code gets one from error_type (else UNKNOWN); codes come back in SCREAMING_SNAKE_CASE"},
		{"/data/error_type", "a failure without error_type gets the category of its code"},
		{"/data/remediation", "an empty remediation is left out"},
		{"/data/details/*", "canonical details hold small facts only (a scalar, a list of scalars or a flat object of scalars, up to 100 each): deeper or larger values are left out"},
		{"/data/details", "{} is left out"},
		{"/meta/warning_details/*/code", "canonical codes are SCREAMING_SNAKE_CASE: other spellings are rewritten (a code without letters or digits is UNKNOWN), and a detail without a code gets WARNING"},
		{"/meta/warning_details/*/context/*", "canonical context holds small facts only (a scalar, a list of scalars or a flat object of scalars, up to 100 each): deeper or larger values are left out"},
		{"/meta/warning_details", "a detail without code or severity gets WARNING and warning, and one that says no more than its message is written as a string only; details follow the order of meta.warnings"},
		{"/meta/warnings", "a warning_details entry without its string in meta.warnings gets one; an empty warning is left out"},
		{"/meta/pagination/page", "canonical pagination is by cursor only"},
		{"/meta/pagination/cursor", "null and absent are one thing in canonical"},
		{"/meta/pagination", "canonical pagination needs has_more (assumed from the cursor when absent) and a cursor when has_more is true; other members are left out"},
		{"/meta/rate_limit/period", "canonical windows are milliseconds: only second, minute, hour and day come back"},
		{"/meta/rate_limit", "a canonical rate limit needs limit and remaining; other members are left out"},
		{"/meta/telemetry", "{} and members beyond duration_ms, downstream_calls and cache_hit are left out"},
		{"/meta/content_fidelity_schema_version", "canonical fidelity is versioned by $id: the way back writes 1.0 with every fidelity level"},
		{"/meta/content_fidelity", "dropped ids or archive hashes without a level get the level partial"},
		{"/meta/content_archive_hashes", "canonical archive hashes are algorithm:hex, in full or abbreviated with an ellipsis: other forms are left out"},
		{"/meta/dropped_content_ids", "canonical dropped ids are non-empty, and [] is left out"},
		{"/meta/*", "meta members beyond the documented ones are left out"},
	},
	fromRules: []rule{
		{"/meta/source", sourceReason},
		{"/status", "Foundry has no status: partial is lost, and ok and error are what success implies"},
		{"/provenance", "Foundry has no provenance"},
		{"/warnings/*/suggestion", "Foundry warnings have no suggestion"},
		{"/error/retry", "Foundry has retry_after_seconds only: a retry that is not retryable, or has no delay, is lost, and delays come back in whole seconds"},
		{"/error/causes", "Foundry errors have no causes"},
		{"/data", "on failure, members of data named as the error's fields (error_code, error_type, remediation, details, retry_after_seconds) give way to them, and an empty payload is left out"},
		{"/meta/request_id", "Foundry request ids are letters, digits, _ and -"},
		{"/meta/tool", "Foundry has no tool identity"},
		{"/meta/tier", "Foundry has no tier"},
		{"/meta/capabilities", "Foundry has no capabilities"},
		{"/meta/upgrade_hints", "Foundry has no upgrade hints"},
		{"/meta/workspace", "Foundry has no workspace"},
		{"/meta/tokens", "Foundry has no token accounting"},
		{"/meta/limits", "Foundry has no limits"},
		{"/meta/next_calls", "Foundry has no next calls"},
		{"/meta/response_mode", "Foundry has no response mode"},
		{"/meta/timing/started_at", "Foundry has only telemetry.duration_ms"},
		{"/meta/rate_limit/window_ms", "Foundry periods are second, minute, hour and day"},
		{"/meta/rate_limit/retry_after_ms", "Foundry retry_after is in whole seconds"},
		{"/meta/timing$", "an empty timing is left out"},
		{"/meta$", "an empty meta is left out"},
	},
}

// foundryKnown are the members of data that a failure's error is made of.
var foundryKnown = []string{"error_code", "error_type", "remediation", "details", "retry_after_seconds"}

// foundryPeriods are the rate-limit periods with a fixed length.
var foundryPeriods = map[string]int64{"second": 1000, "minute": 60_000, "hour": 3_600_000, "day": 86_400_000}

func foundryToCanonical(doc []byte) (*canon, error) {
	var r foundry.Response
	if err := json.Unmarshal(doc, &r); err != nil {
		return nil, err
	}
	c := &canon{Success: r.Success}
	data, err := parseTree(member(doc, "data"))
	if err != nil {
		return nil, err
	}
	if r.Success {
		c.Data = ptr(json.RawMessage(data.appendJSON(nil)))
	} else {
		var ed foundry.ErrorData
		if err := json.Unmarshal(member(doc, "data"), &ed); err != nil {
			return nil, err
		}
		c.Error = foundryError(ed, deref(r.Error))
		for _, k := range foundryKnown {
			data.remove("/" + k)
		}
		if len(data.keys) > 0 {
			c.Data = ptr(json.RawMessage(data.appendJSON(nil)))
		}
	}
	foundryMetaToCanonical(r.Meta, c)
	return c, nil
}

func foundryError(ed foundry.ErrorData, message string) *envelope.Error {
	cd := code(deref(ed.ErrorCode))
	if ed.ErrorCode == nil && ed.ErrorType != nil {
		cd = code(string(*ed.ErrorType))
	}
	cat := category(cd)
	if ed.ErrorType != nil {
		cat = envelope.Category(*ed.ErrorType)
	}
	e := &envelope.Error{Code: cd, Category: cat, Message: message, Remediation: ed.Remediation, Details: scalars(ed.Details)}
	if ed.RetryAfterSeconds != nil {
		e.Retry = &envelope.Retry{Retryable: true, AfterMs: ptr(*ed.RetryAfterSeconds * 1000)}
	}
	return e
}

func foundryMetaToCanonical(fm foundry.Metadata, c *canon) {
	m := metaOf(c)
	m.RequestID = (*envelope.RequestID)(fm.RequestID)
	c.Warnings = foundryWarnings(fm.Warnings, fm.WarningDetails)
	if p := fm.Pagination; p != nil {
		cursor := p.Cursor.Ptr()
		hasMore := cursor != nil && *cursor != ""
		if p.HasMore != nil {
			hasMore = *p.HasMore
		}
		m.Pagination = &envelope.Pagination{HasMore: hasMore, Cursor: cursor, PageSize: p.PageSize, Total: p.TotalCount}
	}
	if rl := fm.RateLimit; rl != nil && rl.Limit != nil && rl.Remaining != nil {
		out := &envelope.RateLimit{Limit: *rl.Limit, Remaining: *rl.Remaining, ResetAt: rl.ResetAt}
		if ms, ok := foundryPeriods[deref(rl.Period)]; ok {
			out.WindowMs = ptr(ms)
		}
		if rl.RetryAfter != nil {
			out.RetryAfterMs = ptr(*rl.RetryAfter * 1000)
		}
		m.RateLimit = out
	}
	if t := fm.Telemetry; t != nil {
		if t.DurationMs != nil {
			timingOf(c).DurationMs = t.DurationMs
		}
		if t.CacheHit != nil || t.DownstreamCalls != nil {
			m.Telemetry = &envelope.Telemetry{CacheHit: t.CacheHit, DownstreamCalls: t.DownstreamCalls}
		}
	}
	if fm.ContentFidelity != nil || fm.DroppedContentIDs != nil || fm.ContentArchiveHashes != nil {
		f := &envelope.Fidelity{Level: envelope.FidelityLevelPartial, DroppedIDs: nilIfEmptySlice(fm.DroppedContentIDs)}
		if fm.ContentFidelity != nil {
			f.Level = envelope.FidelityLevel(*fm.ContentFidelity)
		}
		for k, v := range fm.ContentArchiveHashes {
			if f.ArchiveHashes == nil {
				f.ArchiveHashes = map[string]envelope.ArchiveHash{}
			}
			f.ArchiveHashes[k] = envelope.ArchiveHash(v)
		}
		m.Fidelity = f
	}
}

// foundryWarnings pairs each string of meta.warnings with the first unused
// warning_details entry of the same message; details left over follow.
func foundryWarnings(strs []string, details []foundry.WarningDetail) []envelope.Warning {
	var out []envelope.Warning
	used := make([]bool, len(details))
	fromDetail := func(d foundry.WarningDetail) envelope.Warning {
		w := envelope.Warning{Code: "WARNING", Severity: envelope.SeverityWarning, Message: d.Message, Context: scalars(d.Context)}
		if d.Code != nil {
			w.Code = code(*d.Code)
		}
		if d.Severity != nil {
			w.Severity = envelope.Severity(*d.Severity)
		}
		return w
	}
	for _, s := range strs {
		w := envelope.Warning{Code: "WARNING", Severity: envelope.SeverityWarning, Message: s}
		for i, d := range details {
			if !used[i] && d.Message == s {
				used[i], w = true, fromDetail(d)
				break
			}
		}
		out = append(out, w)
	}
	for i, d := range details {
		if !used[i] {
			out = append(out, fromDetail(d))
		}
	}
	return out
}

func foundryFromCanonical(c *canon, _ string) (any, []string, error) {
	r := foundry.Response{Success: c.Success, Data: map[string]json.RawMessage{}, Meta: foundry.Metadata{Version: foundry.MetadataVersionResponseV2}}
	if c.Data != nil {
		if err := json.Unmarshal(*c.Data, &r.Data); err != nil || r.Data == nil {
			return nil, nil, notAn("foundry", "/data", "an object", "foundry's data must be")
		}
	}
	if e := c.Error; e != nil {
		r.Error = &e.Message
		put := func(k string, v any) {
			b, _ := json.Marshal(v) // strings, maps of scalars and integers always encode
			r.Data[k] = b
		}
		put("error_code", e.Code)
		put("error_type", e.Category)
		if e.Remediation != nil {
			put("remediation", *e.Remediation)
		}
		if e.Details != nil {
			put("details", e.Details)
		}
		if e.Retry != nil && e.Retry.Retryable && e.Retry.AfterMs != nil {
			put("retry_after_seconds", (*e.Retry.AfterMs+999)/1000)
		}
	}
	foundryMetaFromCanonical(c, &r.Meta)
	return r, nil, nil
}

func foundryMetaFromCanonical(c *canon, fm *foundry.Metadata) {
	for _, w := range c.Warnings {
		fm.Warnings = append(fm.Warnings, w.Message)
		if w.Code != "WARNING" || w.Severity != envelope.SeverityWarning || w.Context != nil {
			fm.WarningDetails = append(fm.WarningDetails, foundry.WarningDetail{
				Code: ptr(string(w.Code)), Severity: ptr(foundry.WarningSeverity(w.Severity)), Message: w.Message, Context: raws(w.Context),
			})
		}
	}
	m := deref(c.Meta)
	fm.RequestID = (*string)(m.RequestID)
	if p := m.Pagination; p != nil {
		fm.Pagination = &foundry.Pagination{HasMore: &p.HasMore, TotalCount: p.Total, PageSize: p.PageSize}
		if p.Cursor != nil {
			fm.Pagination.Cursor = nullable(p.Cursor, false)
		}
	}
	if rl := m.RateLimit; rl != nil {
		fm.RateLimit = &foundry.RateLimit{Limit: &rl.Limit, Remaining: &rl.Remaining, ResetAt: rl.ResetAt}
		for name, ms := range foundryPeriods {
			if rl.WindowMs != nil && *rl.WindowMs == ms {
				fm.RateLimit.Period = ptr(name)
			}
		}
		if rl.RetryAfterMs != nil {
			fm.RateLimit.RetryAfter = ptr((*rl.RetryAfterMs + 999) / 1000)
		}
	}
	t, d := deref(m.Telemetry), deref(m.Timing).DurationMs
	if t.CacheHit != nil || t.DownstreamCalls != nil || d != nil {
		fm.Telemetry = &foundry.Telemetry{DurationMs: d, DownstreamCalls: t.DownstreamCalls, CacheHit: t.CacheHit}
	}
	if f := m.Fidelity; f != nil {
		fm.ContentFidelity = ptr(foundry.ContentFidelity(f.Level))
		fm.ContentFidelitySchemaVersion = ptr("1.0")
		fm.DroppedContentIDs = f.DroppedIDs
		for k, v := range f.ArchiveHashes {
			if fm.ContentArchiveHashes == nil {
				fm.ContentArchiveHashes = map[string]string{}
			}
			fm.ContentArchiveHashes[k] = string(v)
		}
	}
}

// notAn is the error of a canonical member the target cannot hold because
// of its type, e.g. "the canonical /data is not an object, as foundry's
// data must be".
func notAn(dialect, ptr, want, must string) error {
	return &UnfitError{Dialect: dialect, Violations: []Violation{{
		InstancePath: ptr, Keyword: "type", Message: "the canonical " + ptr + " is not " + want + ", as " + must,
	}}}
}

func nilIfEmptySlice[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
