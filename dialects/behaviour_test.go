package dialects

import (
	"encoding/json"
	"testing"
)

// TestConversions pins down the mappings of docs/dialects.md, one rule a
// case, in both directions where the rule has two.
func TestConversions(t *testing.T) {
	for _, tc := range []struct {
		name, from, to, profile, in, want string
	}{
		// Code Scalpel
		{"scalpel tier outside its enum is null in debug", "canonical", "scalpel", "debug",
			`{"success": true, "data": 1, "meta": {"tier": "team"}}`,
			`{"tier": null, "tool_version": null, "tool_id": null, "request_id": null, "capabilities": null, "duration_ms": null, "error": null, "upgrade_hints": [], "data": 1}`},
		{"scalpel standard sends hints but no tier", "canonical", "scalpel", "standard",
			`{"success": true, "data": 1, "meta": {"tier": "pro", "upgrade_hints": [{"feature": "f", "tier": "enterprise"}], "timing": {"duration_ms": 5}}}`,
			`{"upgrade_hints": [{"feature": "f", "tier": "enterprise"}], "data": 1}`},
		{"scalpel verbose adds duration_ms", "canonical", "scalpel", "verbose",
			`{"success": true, "data": 1, "meta": {"timing": {"duration_ms": 5}}}`, `{"duration_ms": 5, "data": 1}`},
		{"scalpel failure details keep small facts only", "scalpel", "canonical", "",
			`{"error": {"error": "bad", "error_code": "invalid_input", "error_details": {"line": 3, "spans": [1, 2], "at": {"l": 1}, "deep": {"a": {"b": 1}}, "nested": [[1]]}}, "data": {"partial": true}}`,
			`{"success": false, "data": {"partial": true}, "error": {"code": "INVALID_INPUT", "category": "validation", "message": "bad", "details": {"line": 3, "spans": [1, 2], "at": {"l": 1}}}}`},
		{"scalpel tool needs both id and version", "scalpel", "canonical", "",
			`{"tool_id": "scan", "data": null}`, `{"success": true, "data": null}`},

		// Foundry
		{"foundry bare strings and details pair by message", "foundry", "canonical", "",
			`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "warnings": ["a", "b"],
			  "warning_details": [{"message": "c", "severity": "info"}, {"code": "STALE_CACHE", "message": "b"}]}}`,
			`{"success": true, "data": {}, "warnings": [{"code": "WARNING", "severity": "warning", "message": "a"},
			  {"code": "STALE_CACHE", "severity": "warning", "message": "b"}, {"code": "WARNING", "severity": "info", "message": "c"}]}`},
		{"foundry writes bare warnings as strings only", "canonical", "foundry", "",
			`{"success": true, "data": {}, "warnings": [{"code": "WARNING", "severity": "warning", "message": "a"}, {"code": "X", "severity": "error", "message": "b", "context": {"n": 1}}]}`,
			`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "warnings": ["a", "b"],
			  "warning_details": [{"code": "X", "severity": "error", "message": "b", "context": {"n": 1}}]}}`},
		{"foundry rate limit period and retry in seconds", "foundry", "canonical", "",
			`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "rate_limit": {"limit": 10, "remaining": 0, "period": "hour", "retry_after": 30, "page": 1}, "telemetry": {"duration_ms": 1.5}}}`,
			`{"success": true, "data": {}, "meta": {"rate_limit": {"limit": 10, "remaining": 0, "window_ms": 3600000, "retry_after_ms": 30000}, "timing": {"duration_ms": 1.5}}}`},
		{"foundry retry delays round up to seconds", "canonical", "foundry", "",
			`{"success": false, "error": {"code": "RATE_LIMIT_EXCEEDED", "category": "rate_limit", "message": "slow down", "retry": {"retryable": true, "after_ms": 1500}}, "data": {"k": 1}}`,
			`{"success": false, "data": {"k": 1, "error_code": "RATE_LIMIT_EXCEEDED", "error_type": "rate_limit", "retry_after_seconds": 2}, "error": "slow down", "meta": {"version": "response-v2"}}`},
		{"foundry failure without code takes it from error_type", "foundry", "canonical", "",
			`{"success": false, "data": {"error_type": "not_found"}, "error": "gone", "meta": {"version": "response-v2"}}`,
			`{"success": false, "error": {"code": "NOT_FOUND", "category": "not_found", "message": "gone"}}`},
		{"foundry pagination assumes has_more from the cursor", "foundry", "canonical", "",
			`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "pagination": {"cursor": "c2", "total_count": 9, "page_size": 3}}}`,
			`{"success": true, "data": {}, "meta": {"pagination": {"has_more": true, "cursor": "c2", "page_size": 3, "total": 9}}}`},

		// mcp.envelope
		{"mcp errors after the first are causes", "mcp-envelope", "canonical", "",
			`{"schema_version": "mcp.envelope.v0.1", "result": null, "errors": [{"code": "a.b", "message": "one", "retryable": true}, {"code": "NOT_FOUND", "message": "two"}]}`,
			`{"success": false, "error": {"code": "A.B", "category": "internal", "message": "one", "retry": {"retryable": true},
			  "causes": [{"code": "NOT_FOUND", "category": "not_found", "message": "two"}]}}`},
		{"mcp causes are further errors", "canonical", "mcp-envelope", "",
			`{"success": false, "status": "error", "error": {"code": "A_B", "category": "internal", "message": "one", "causes": [{"code": "C", "category": "internal", "message": "two"}]},
			  "warnings": [{"code": "W", "severity": "info", "message": "w", "context": {"k": "v"}}]}`,
			`{"schema_version": "mcp.envelope.v0.1", "result": null, "provenance": null, "errors": [{"code": "A_B", "message": "one"}, {"code": "C", "message": "two"}],
			  "warnings": [{"code": "W", "message": "w", "details": {"k": "v"}}]}`},
		{"mcp provenance digests, fields and the adapter", "mcp-envelope", "canonical", "",
			`{"schema_version": "mcp.envelope.v0.1", "result": {"plan": []}, "meta": {"adapter": "cli", "duration_ms": 4},
			  "provenance": {"schema_version": "prov.record.v0.1", "run_id": "r1", "tool": {"name": "t", "version": "1"}, "time": "2026-01-01T00:00:00Z",
			  "inputs": [{"schema_version": "artifact.v0.1", "artifact_id": "in", "media_type": "application/json", "digest": {"alg": "sha256", "value": "9F2C6A0E0F76C9D6D8B1C2F9A88D7B6C1E7F0F0B3F4A9B6C2D1A9E7C0B1F2A3C"}}],
			  "outputs": [], "methods": ["m.one"], "evidence": [{"schema_version": "evidence.v0.1", "field": "plan[0]", "source": "artifact:in#json:/x"}], "parents": ["r0"]}}`,
			`{"success": true, "data": {"plan": []}, "meta": {"tool": {"name": "t", "version": "1", "adapter": "cli"}, "timing": {"duration_ms": 4}},
			  "provenance": {"run_id": "r1", "tool": {"name": "t", "version": "1"}, "started_at": "2026-01-01T00:00:00Z",
			  "inputs": [{"id": "in", "media_type": "application/json", "digest": "sha256:9f2c6a0e0f76c9d6d8b1c2f9a88d7b6c1e7f0f0b3f4a9b6c2d1a9e7c0b1f2a3c"}],
			  "methods": ["m.one"], "evidence": [{"field": "/plan/0", "source": "artifact:in#json:/x"}], "parents": ["r0"]}}`},

		// Code Graph
		{"codegraph truncated is partial fidelity, and back", "canonical", "codegraph", "",
			`{"success": true, "data": [], "meta": {"tool": {"name": "t", "version": "1"}, "request_id": "r", "timing": {"started_at": "2026-01-01T00:00:00Z"},
			  "workspace": {"root": "/w", "repo_name": "w"}, "tokens": {"estimated": 7}, "fidelity": {"level": "summary"},
			  "next_calls": [{"tool": "u"}], "pagination": {"has_more": false, "page_size": 5}}}`,
			`{"success": true, "data": {"tool": "t", "version": "1", "requestId": "r", "generatedAt": "2026-01-01T00:00:00Z", "workspace": {"root": "/w", "repoName": "w"},
			  "result": [], "meta": {"approxTokens": 7, "truncated": true, "limits": {}, "nextQuerySuggestion": [{"tool": "u", "args": {}}], "page": {"hasMore": false}}}}`},

		// BMCIS
		{"bmcis partial status and an error warning", "bmcis", "canonical", "",
			`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "partial", "message": "some results omitted"},
			  "results": [1], "execution_context": {"tokens_estimated": 3, "cache_hit": true, "execution_time_ms": 2, "request_id": "r"},
			  "warnings": [{"level": "warning", "code": "PARTIAL_RESULTS", "message": "m", "suggestion": null}]}`,
			`{"success": true, "status": "partial", "data": [1], "warnings": [{"code": "PARTIAL_RESULTS", "severity": "warning", "message": "m"}],
			  "meta": {"request_id": "r", "tool": {"name": "s", "version": "1"}, "timing": {"started_at": "2025-01-01T00:00:00Z", "duration_ms": 2}, "telemetry": {"cache_hit": true}, "tokens": {"estimated": 3}}}`},
		{"bmcis failure without an error object", "bmcis", "canonical", "",
			`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "error", "message": "Response size exceeds token limit"},
			  "results": [], "execution_context": {"tokens_estimated": 3, "cache_hit": false, "execution_time_ms": 2, "request_id": "r"},
			  "warnings": [{"level": "error", "code": "TOKEN_LIMIT_EXCEEDED", "message": "too big"}]}`,
			`{"success": false, "error": {"code": "TOKEN_LIMIT_EXCEEDED", "category": "validation", "message": "Response size exceeds token limit"},
			  "warnings": [{"code": "TOKEN_LIMIT_EXCEEDED", "severity": "error", "message": "too big"}],
			  "meta": {"request_id": "r", "tool": {"name": "s", "version": "1"}, "timing": {"started_at": "2025-01-01T00:00:00Z", "duration_ms": 2}, "telemetry": {"cache_hit": false}, "tokens": {"estimated": 3}}}`},
		{"bmcis writes the error twice, and pagination null", "canonical", "bmcis", "",
			`{"success": false, "error": {"code": "INVALID_FIELDS", "category": "validation", "message": "no"},
			  "meta": {"request_id": "r", "tool": {"name": "s", "version": "1"}, "timing": {"started_at": "2025-01-01T00:00:00Z", "duration_ms": 2}, "telemetry": {"cache_hit": false}, "tokens": {"estimated": 3}}}`,
			`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "error", "message": "no"},
			  "results": [], "pagination": null, "execution_context": {"tokens_estimated": 3, "cache_hit": false, "execution_time_ms": 2, "request_id": "r"},
			  "warnings": [], "error": {"code": "INVALID_FIELDS", "message": "no"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ConvertWith(tc.from, tc.to, []byte(tc.in), Options{Profile: tc.profile})
			if err != nil {
				t.Fatal(err)
			}
			got := r.Output
			if want, _ := parse([]byte(tc.want)); tc.to == Canonical && !hasSource(want) {
				// This table is about canonical's members; what they
				// leave out, meta.source keeps (TestEverySeedExample).
				if got, err = membersOnly(got, nil); err != nil {
					t.Fatal(err)
				}
			}
			assertSameJSON(t, "the conversion", got, []byte(tc.want))
		})
	}
}

// membersOnly is a canonical envelope without its meta.source: the members
// that TestConversions' table is about.
func membersOnly(out []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	c, err := decodeCanon(out)
	if err != nil {
		return nil, err
	}
	c, _ = withoutSource(c)
	return json.Marshal(c)
}
