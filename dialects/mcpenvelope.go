package dialects

import (
	"encoding/json"
	"math"
	"strings"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/dialects/mcpenvelope"
	"github.com/envgen/envgen/generated/go/envelope"
)

var mcpEnvelopeDialect = &dialect{
	name:          "mcp-envelope",
	schema:        "mcpenvelope/envelope.json",
	keep:          []string{"/schema_version", "/result"},
	toCanonical:   mcpToCanonical,
	fromCanonical: mcpFromCanonical,
	toRules: []rule{
		{"/errors/*/code", "canonical codes are SCREAMING_SNAKE_CASE, single dots kept (ADAPTER.EXECUTION.FAILED comes back as it is): other spellings are rewritten"},
		{"/errors/*/evidence", "canonical errors have no evidence: it belongs in the provenance record"},
		{"/errors", "[] and absent are one thing in canonical"},
		{"/warnings/*/code", "canonical codes are SCREAMING_SNAKE_CASE, single dots kept: other spellings are rewritten"},
		{"/warnings/*/evidence", "canonical warnings have no evidence: it belongs in the provenance record"},
		{"/warnings", "[] and absent are one thing in canonical; an empty message is left out"},
		{"/provenance/evidence/*/field", "canonical fields are JSON Pointers (plan[0] is /plan/0), and the way back writes dotted paths with [n] indexes"},
		{"/provenance/evidence", "canonical evidence sources are artifact:<id> with an optional #fragment, and notes are not empty: other entries are left out"},
		{"/provenance/inputs/*/digest", "canonical digests are algorithm:hex in full, lowercase: a shorter value is left out, upper case is lowered"},
		{"/provenance/outputs/*/digest", "canonical digests are algorithm:hex in full, lowercase: a shorter value is left out, upper case is lowered"},
		{"/provenance/integrity", "canonical integrity needs a record_digest in full; the signature cannot stand alone"},
		{"/provenance", "null and absent are one thing in canonical: the way back writes null, as section 5 of the policy says; a record whose tool name is not an MCP tool name, or whose ids are longer than canonical allows, is left out"},
		{"/meta/schema_hints", "canonical has no schema hints: the tool's output schema names the payload's schema"},
		{"/meta/adapter", "canonical keeps the adapter in meta.tool, which needs the tool's name and version: it comes back only with a provenance record"},
		{"/meta/request_id", "canonical request ids are at most 128 characters of letters, digits and . _ : -"},
		{"/meta$", "{} is left out"},
	},
	fromRules: []rule{
		{"/meta/source", sourceReason},
		{"/status", "mcp.envelope has no status: partial is lost, and ok and error are what success implies"},
		{"/error/category", "mcp.envelope errors have no category: the way back derives it from the code"},
		{"/error/remediation", "mcp.envelope errors have no remediation"},
		{"/error/retry/after_ms", "mcp.envelope errors say only whether they are retryable"},
		{"/error/causes", "causes become further entries of errors: their own causes, categories, remediation and retry delays are lost"},
		{"/warnings/*/severity", "mcp.envelope warnings have no severity: the way back reads warning"},
		{"/warnings/*/suggestion", "mcp.envelope warnings have no suggestion"},
		{"/warnings/*/context/*", "mcp.envelope details hold scalars only: lists and objects are left out"},
		{"/error/details/*", "mcp.envelope details hold scalars only: lists and objects are left out"},
		{"/warnings", "a last warning that reads as a page's PAGINATION.MORE_RESULTS warning, as the way there writes it, comes back as meta.pagination"},
		{"/data", "on failure, a null payload is left out"},
		{"/provenance/inputs/*/media_type", "a prov artifact needs a media type: the way back writes application/octet-stream"},
		{"/provenance/outputs/*/media_type", "a prov artifact needs a media type: the way back writes application/octet-stream"},
		{"/provenance/evidence/*/field", "a field whose tokens hold . [ or ] does not survive the dotted path"},
		{"/meta/tool", "mcp.envelope meta has only the adapter: the tool's name and version come back only from a provenance record of the same tool"},
		{"/meta/timing/started_at", "mcp.envelope meta has only duration_ms"},
		{"/meta/timing/duration_ms", "mcp.envelope durations are whole milliseconds"},
		{"/meta/tier", "mcp.envelope has no tier"},
		{"/meta/capabilities", "mcp.envelope has no capabilities"},
		{"/meta/upgrade_hints", "mcp.envelope has no upgrade hints"},
		{"/meta/workspace", "mcp.envelope has no workspace"},
		{"/meta/pagination", "mcp.envelope has no pagination: a page with more to come is carried as its last warning, PAGINATION.MORE_RESULTS, whose details hold the cursor, page_size and total; the last page's pagination is lost"},
		{"/meta/rate_limit", "mcp.envelope has no rate limit"},
		{"/meta/telemetry", "mcp.envelope has no telemetry"},
		{"/meta/tokens", "mcp.envelope has no token accounting"},
		{"/meta/fidelity", "mcp.envelope has no content fidelity"},
		{"/meta/limits", "mcp.envelope has no limits"},
		{"/meta/next_calls", "mcp.envelope has no next calls"},
		{"/meta/response_mode", "mcp.envelope has no response mode"},
		{"/meta/timing$", "an empty timing is left out"},
		{"/meta$", "an empty meta is left out"},
	},
}

func mcpToCanonical(doc []byte) (*canon, error) {
	var e mcpenvelope.Envelope
	if err := json.Unmarshal(doc, &e); err != nil {
		return nil, err
	}
	c := &canon{Success: len(e.Errors) == 0}
	if c.Success || string(e.Result) != "null" {
		c.Data = ptr(e.Result)
	}
	if !c.Success {
		c.Error = mcpError(e.Errors[0])
		for _, x := range e.Errors[1:] {
			c.Error.Causes = append(c.Error.Causes, *mcpError(x))
		}
	}
	warnings := e.Warnings
	if n := len(warnings); n > 0 {
		if p := paginationOf(warnings[n-1]); p != nil {
			metaOf(c).Pagination = p
			warnings = warnings[:n-1]
		}
	}
	for _, w := range warnings {
		c.Warnings = append(c.Warnings, envelope.Warning{Code: code(w.Code), Severity: envelope.SeverityWarning, Message: w.Message, Context: scalars(w.Details)})
	}
	var prov *mcpenvelope.ProvRecord
	if p, ok := e.Provenance.Get(); ok {
		prov = &p
		c.Provenance = provToCanonical(p)
	}
	if m := e.Meta; m != nil {
		meta := metaOf(c)
		meta.RequestID = (*envelope.RequestID)(m.RequestID)
		if m.DurationMs != nil {
			timingOf(c).DurationMs = ptr(float64(*m.DurationMs))
		}
		if m.Adapter != nil && prov != nil {
			meta.Tool = &envelope.Tool{Name: envelope.ToolName(prov.Tool.Name), Version: prov.Tool.Version, Adapter: m.Adapter}
		}
	}
	return c, nil
}

func mcpError(x mcpenvelope.EnvelopeError) *envelope.Error {
	cd := code(x.Code)
	e := &envelope.Error{Code: cd, Category: category(cd), Message: x.Message, Details: scalars(x.Details)}
	if x.Retryable != nil {
		e.Retry = &envelope.Retry{Retryable: *x.Retryable}
	}
	return e
}

func provToCanonical(p mcpenvelope.ProvRecord) *envelope.Provenance {
	out := &envelope.Provenance{
		RunID:     envelope.RunID(p.RunID),
		Tool:      envelope.Tool{Name: envelope.ToolName(p.Tool.Name), Version: p.Tool.Version, Adapter: p.Tool.Adapter},
		StartedAt: p.Time,
	}
	for _, a := range p.Inputs {
		out.Inputs = append(out.Inputs, artifactToCanonical(a))
	}
	for _, a := range p.Outputs {
		out.Outputs = append(out.Outputs, artifactToCanonical(a))
	}
	for _, m := range p.Methods {
		out.Methods = append(out.Methods, envelope.MethodID(m))
	}
	for _, ev := range p.Evidence {
		out.Evidence = append(out.Evidence, envelope.Evidence{Field: fieldPointer(ev.Field), Source: ev.Source, Method: (*envelope.MethodID)(ev.Method), Note: ev.Note})
	}
	for _, r := range p.Parents {
		out.Parents = append(out.Parents, envelope.RunID(r))
	}
	if in := p.Integrity; in != nil && in.RecordDigest != nil {
		out.Integrity = &envelope.Integrity{RecordDigest: digest(string(in.RecordDigest.Alg), in.RecordDigest.Value)}
		if s := in.Signature; s != nil {
			out.Integrity.Signature = &envelope.Signature{Alg: s.Alg, KeyID: s.KeyID, Value: s.Value}
		}
	}
	return out
}

func artifactToCanonical(a mcpenvelope.Artifact) envelope.Artifact {
	out := envelope.Artifact{ID: a.ArtifactID, MediaType: &a.MediaType, Locator: a.Locator, SizeBytes: a.SizeBytes, Labels: a.Labels}
	if a.Digest != nil {
		out.Digest = ptr(digest(string(a.Digest.Alg), a.Digest.Value))
	}
	return out
}

func digest(alg, value string) envelope.Digest {
	return envelope.Digest(alg + ":" + strings.ToLower(value))
}

func mcpFromCanonical(c *canon, _ string) (any, []string, error) {
	e := mcpenvelope.Envelope{SchemaVersion: mcpenvelope.EnvelopeSchemaVersionMCPEnvelopeV01, Result: json.RawMessage("null")}
	if c.Data != nil {
		e.Result = *c.Data
	}
	if c.Error != nil {
		e.Errors = append(e.Errors, mcpErrorFrom(*c.Error))
		for _, cause := range c.Error.Causes {
			e.Errors = append(e.Errors, mcpErrorFrom(cause))
		}
	}
	for _, w := range c.Warnings {
		e.Warnings = append(e.Warnings, mcpenvelope.EnvelopeWarning{Code: string(w.Code), Message: w.Message, Details: raws(w.Context)})
	}
	if w := moreResults(deref(c.Meta).Pagination); w != nil {
		e.Warnings = append(e.Warnings, *w)
	}
	e.Provenance = envgenrt.NullValue[mcpenvelope.ProvRecord]()
	if c.Provenance != nil {
		e.Provenance = envgenrt.Value(provFromCanonical(*c.Provenance))
	}
	if m := c.Meta; m != nil {
		meta := mcpenvelope.EnvelopeMeta{RequestID: (*string)(m.RequestID)}
		if m.Tool != nil {
			meta.Adapter = m.Tool.Adapter
		}
		if d := deref(m.Timing).DurationMs; d != nil {
			meta.DurationMs = ptr(int64(math.Round(*d)))
		}
		if meta.RequestID != nil || meta.Adapter != nil || meta.DurationMs != nil {
			e.Meta = &meta
		}
	}
	return e, nil, nil
}

// mcp.envelope has no pagination, and a closed meta: a page with more to come
// says so in a warning of its own, the last one, whose details hold what
// canonical meta.pagination does. A caller (or an agent) reads the cursor
// there and sends it back as the next call's cursor.
const (
	moreResultsCode    = "PAGINATION.MORE_RESULTS"
	moreResultsMessage = "More results follow: call the tool again with details.cursor as its cursor to get the next page."
)

// moreResults is the warning that carries p, or nil when there is no next
// page to carry.
func moreResults(p *envelope.Pagination) *mcpenvelope.EnvelopeWarning {
	if p == nil || !p.HasMore || p.Cursor == nil {
		return nil
	}
	details := map[string]json.RawMessage{"cursor": mustJSON(*p.Cursor)}
	if p.PageSize != nil {
		details["page_size"] = mustJSON(*p.PageSize)
	}
	if p.Total != nil {
		details["total"] = mustJSON(*p.Total)
	}
	return &mcpenvelope.EnvelopeWarning{Code: moreResultsCode, Message: moreResultsMessage, Details: details}
}

// paginationOf reads a warning that moreResults wrote, exactly: its code,
// its message, and details of a non-empty cursor with an optional page_size
// (at least 1) and total (not negative), nothing else. Any other warning
// gives nil, and stays a warning.
func paginationOf(w mcpenvelope.EnvelopeWarning) *envelope.Pagination {
	if w.Code != moreResultsCode || w.Message != moreResultsMessage || w.Evidence != nil {
		return nil
	}
	p := &envelope.Pagination{HasMore: true}
	for k, v := range w.Details {
		var s string
		var n float64
		switch {
		case k == "cursor" && json.Unmarshal(v, &s) == nil && s != "":
			p.Cursor = &s
		case k == "page_size" && json.Unmarshal(v, &n) == nil && n >= 1 && n == math.Trunc(n) && n < 1<<53:
			p.PageSize = ptr(int64(n))
		case k == "total" && json.Unmarshal(v, &n) == nil && n >= 0 && n == math.Trunc(n) && n < 1<<53:
			p.Total = ptr(int64(n))
		default:
			return nil
		}
	}
	if p.Cursor == nil {
		return nil
	}
	return p
}

func mcpErrorFrom(x envelope.Error) mcpenvelope.EnvelopeError {
	out := mcpenvelope.EnvelopeError{Code: string(x.Code), Message: x.Message, Details: raws(x.Details)}
	if x.Retry != nil {
		out.Retryable = &x.Retry.Retryable
	}
	return out
}

func provFromCanonical(p envelope.Provenance) mcpenvelope.ProvRecord {
	out := mcpenvelope.ProvRecord{
		SchemaVersion: mcpenvelope.ProvRecordSchemaVersionProvRecordV01,
		RunID:         string(p.RunID),
		Tool:          mcpenvelope.ProvRecordTool{Name: string(p.Tool.Name), Version: p.Tool.Version, Adapter: p.Tool.Adapter},
		Time:          p.StartedAt,
		Inputs:        []mcpenvelope.Artifact{}, Outputs: []mcpenvelope.Artifact{}, Methods: []string{},
		Evidence: []mcpenvelope.Evidence{}, Parents: []string{},
	}
	for _, a := range p.Inputs {
		out.Inputs = append(out.Inputs, artifactFromCanonical(a))
	}
	for _, a := range p.Outputs {
		out.Outputs = append(out.Outputs, artifactFromCanonical(a))
	}
	for _, m := range p.Methods {
		out.Methods = append(out.Methods, string(m))
	}
	for _, ev := range p.Evidence {
		out.Evidence = append(out.Evidence, mcpenvelope.Evidence{
			SchemaVersion: mcpenvelope.EvidenceSchemaVersionEvidenceV01, Field: pointerField(ev.Field), Source: ev.Source, Method: (*string)(ev.Method), Note: ev.Note,
		})
	}
	for _, r := range p.Parents {
		out.Parents = append(out.Parents, string(r))
	}
	if in := p.Integrity; in != nil {
		alg, value, _ := strings.Cut(string(in.RecordDigest), ":")
		out.Integrity = &mcpenvelope.ProvRecordIntegrity{RecordDigest: &mcpenvelope.ProvRecordIntegrityRecordDigest{Alg: mcpenvelope.ProvRecordIntegrityRecordDigestAlg(alg), Value: value}}
		if s := in.Signature; s != nil {
			out.Integrity.Signature = &mcpenvelope.ProvRecordIntegritySignature{Alg: s.Alg, KeyID: s.KeyID, Value: s.Value}
		}
	}
	return out
}

func artifactFromCanonical(a envelope.Artifact) mcpenvelope.Artifact {
	out := mcpenvelope.Artifact{
		SchemaVersion: mcpenvelope.ArtifactSchemaVersionArtifactV01, ArtifactID: a.ID, MediaType: "application/octet-stream",
		Locator: a.Locator, SizeBytes: a.SizeBytes, Labels: a.Labels,
	}
	if a.MediaType != nil {
		out.MediaType = *a.MediaType
	}
	if a.Digest != nil {
		alg, value, _ := strings.Cut(string(*a.Digest), ":")
		out.Digest = &mcpenvelope.ArtifactDigest{Alg: mcpenvelope.ArtifactDigestAlg(alg), Value: value}
	}
	return out
}
