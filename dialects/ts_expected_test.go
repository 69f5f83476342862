package dialects

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tsExpected is where the TypeScript converters' test (dialects/ts, npm
// test) finds what the Go converters make of each seed example.
const tsExpected = "ts/testdata/expected"

// TestTypeScriptExpected checks ts/testdata/expected/<folder>/<file>: for
// every valid seed envelope, and every incomplete one (its Missing listed),
// what Convert(<dialect>, canonical) returns, the
// canonical envelope the TypeScript converter must produce too. With -update
// it rewrites them (indented, member order as Convert writes it); otherwise a
// file that is missing, stale, or not equal to Convert's output (member order
// aside) fails.
func TestTypeScriptExpected(t *testing.T) {
	want := map[string]bool{}
	for _, e := range loadExamples(t) {
		d, _ := lookup(folders[e.folder])
		incomplete := !e.Valid && e.Missing != nil // converts, from what it has (checkIncomplete)
		if (!e.Valid && !incomplete) || e.Kind == "schema" || e.folder+"/"+e.Schema != d.schema {
			continue
		}
		path := filepath.Join(tsExpected, e.folder, e.File)
		want[path] = true
		out, err := Convert(d.name, Canonical, e.doc)
		if err != nil {
			t.Errorf("%s/%s: %v", e.folder, e.File, err)
			continue
		}
		var b bytes.Buffer
		if err := json.Indent(&b, out, "", "  "); err != nil {
			t.Fatal(err)
		}
		b.WriteByte('\n')
		if *update {
			writeTestFile(t, path, b.Bytes())
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v: run go test ./dialects -run TestTypeScriptExpected -update", err)
			continue
		}
		x, err1 := parse(got)
		y, err2 := parse(out)
		if err1 != nil || err2 != nil {
			t.Errorf("%s: %v %v", path, err1, err2)
			continue
		}
		if d := diff(x, y); len(d) > 0 {
			t.Errorf("%s differs from Convert's output at %q: run go test ./dialects -run TestTypeScriptExpected -update", path, d)
		}
	}
	files, _ := filepath.Glob(filepath.Join(tsExpected, "*", "*.json"))
	for _, f := range files {
		if want[f] {
			continue
		}
		if *update {
			if err := os.Remove(f); err != nil {
				t.Error(err)
			}
			continue
		}
		t.Errorf("%s is no valid or incomplete seed envelope's: run go test ./dialects -run TestTypeScriptExpected -update", strings.TrimPrefix(f, "ts/"))
	}
}

// tsRoundTrip is where the TypeScript converters' test finds more inputs:
// every canonical example converted to each dialect, in each profile.
const tsRoundTrip = "ts/testdata/roundtrip"

// tsCase is one case of the TypeScript converters' test. With Input, a
// valid document of the dialect: Canonical is what Convert(<dialect>,
// canonical) makes of it, and Back what converting that back to the dialect
// in Profile gives, when it is not Input, or Refused the error it gives
// (MissingError, UnfitError). With From, the canonical example (its label
// in canonicalExamples) that converts to the dialect in Profile: Input is
// what it gives, or Refused names the error.
type tsCase struct {
	Name      string          `json:"name"`
	From      string          `json:"from,omitempty"`
	Profile   string          `json:"profile,omitempty"`
	Refused   string          `json:"refused,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	Canonical json.RawMessage `json:"canonical,omitempty"`
	Back      json.RawMessage `json:"back,omitempty"`
}

// TestTypeScriptRoundTrip checks ts/testdata/roundtrip/<folder>.json: the
// documents of tsEdgeCases, then each canonical example (canonicalExamples)
// converted to the dialect in each profile, once per distinct document, with
// what Convert makes of each on the way back to canonical and from there to
// the dialect again; and the canonical examples the dialect cannot hold,
// with the error. They give the TypeScript converters many more inputs than
// the seed examples, both ways, and what they must produce for each. With
// -update it rewrites them.
func TestTypeScriptRoundTrip(t *testing.T) {
	docs := canonicalExamples(t)
	for _, name := range Names()[1:] {
		folder := folderOf(name)
		var cases []tsCase
		seen := map[string]bool{}
		add := func(c tsCase) {
			back, err := Convert(name, Canonical, c.Input)
			if err != nil {
				t.Errorf("%s: %s back to canonical: %v", name, c.Name, err)
				return
			}
			c.Canonical = back
			again, err := ConvertWith(Canonical, name, back, Options{Profile: c.Profile})
			switch c.Refused = refusal(err); {
			case c.Refused != "":
			case err != nil:
				t.Errorf("%s: %s to canonical and back: %v", name, c.Name, err)
				return
			case !bytes.Equal(again.Output, c.Input):
				c.Back = again.Output
			}
			cases = append(cases, c)
		}
		for i, doc := range tsEdgeCases[name] {
			var b bytes.Buffer
			if err := json.Compact(&b, []byte(doc)); err != nil {
				t.Fatalf("%s edge case %d: %v", name, i, err)
			}
			add(tsCase{Name: fmt.Sprintf("edge case %d", i), Input: b.Bytes()})
		}
		for _, profile := range append([]string{""}, Profiles(name)...) {
			for _, file := range slices.Sorted(maps.Keys(docs)) {
				label := file
				if profile != "" {
					label += ", profile " + profile
				}
				r, err := ConvertWith(Canonical, name, docs[file], Options{Profile: profile})
				if refused := refusal(err); refused != "" {
					cases = append(cases, tsCase{Name: label, From: file, Profile: profile, Refused: refused})
					continue
				} else if err != nil {
					t.Fatalf("%s: %s: %v", name, label, err)
				}
				if seen[string(r.Output)] {
					continue
				}
				seen[string(r.Output)] = true
				add(tsCase{Name: label, From: file, Profile: profile, Input: r.Output})
			}
		}
		path := filepath.Join(tsRoundTrip, folder+".json")
		var b bytes.Buffer
		b.WriteString("[\n")
		for i, c := range cases {
			line, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(line)
			if i < len(cases)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("]\n")
		if *update {
			writeTestFile(t, path, b.Bytes())
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v: run go test ./dialects -run TestTypeScriptRoundTrip -update", err)
			continue
		}
		x, err1 := parse(got)
		y, err2 := parse(b.Bytes())
		if err1 != nil || err2 != nil {
			t.Errorf("%s: %v %v", path, err1, err2)
			continue
		}
		if d := diff(x, y); len(d) > 0 {
			t.Errorf("%s is out of date at %q: run go test ./dialects -run TestTypeScriptRoundTrip -update", path, d)
		}
	}
}

// refusal names the error of a conversion that the target cannot hold, as
// the TypeScript converters name it; "" for any other error, or none.
func refusal(err error) string {
	var missing *MissingError
	var unfit *UnfitError
	switch {
	case errors.As(err, &missing):
		return "MissingError"
	case errors.As(err, &unfit):
		return "UnfitError"
	}
	return ""
}

// tsEdgeCases are documents of each dialect that take the less travelled
// paths of its way to canonical: members the canonical envelope leaves out
// (fit), scalars-only details, codes to respell, defaults.
var tsEdgeCases = map[string][]string{
	"scalpel": {
		// What the loss tables of docs/dialects.md say happens (TestEveryRuleHappens).
		`{"error": {"error": "m", "error_code": "x", "error_details": {"deep": {"a": {"b": 1}}, "n": 1}}}`,
		`{"data": {}, "error": null, "tier": null, "duration_ms": -1}`,
		`{"request_id": "has spaces", "capabilities": [""], "data": 1}`,
		`{"error": {"error": "bad", "error_code": "invalid_input", "error_details": {"line": 3, "spans": [1, 2]}}, "data": {"partial": true}}`,
		`{"tool_id": "scan", "data": null}`,
		`{"tool_id": "bad name!", "tool_version": "1", "tier": "pro", "duration_ms": 2.5, "upgrade_hints": [{"feature": "", "tier": "pro"}, {"feature": "f", "tier": "pro", "reason": "r"}], "data": []}`,
		`{"error": {"error": "x", "error_code": "404", "error_details": null}, "data": null, "capabilities": [], "upgrade_hints": []}`,
	},
	"foundry": {
		// What the loss tables of docs/dialects.md say happens (TestEveryRuleHappens).
		`{"success": false, "data": {"error_code": "X", "error_type": "validation", "remediation": "", "details": {}}, "error": "m", "meta": {"version": "response-v2"}}`,
		`{"success": false, "data": {"error_code": "X", "details": {"deep": {"a": {"b": 1}}, "n": 1}}, "error": "m", "meta": {"version": "response-v2"}}`,
		`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "warnings": ["m"], "warning_details": [{"message": "m", "code": "W", "severity": "info", "context": {"deep": {"a": {"b": 1}}, "n": 1}}],
		  "pagination": {"page": 2, "has_more": false}, "rate_limit": {"limit": 1, "remaining": 0, "period": "fortnight"}}}`,
		`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "warnings": ["a", "b"],
		  "warning_details": [{"message": "c", "severity": "info"}, {"code": "STALE_CACHE", "message": "b"}]}}`,
		`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "rate_limit": {"limit": 10, "remaining": 0, "period": "hour", "retry_after": 30, "page": 1}, "telemetry": {"duration_ms": 1.5}}}`,
		`{"success": false, "data": {"error_type": "not_found"}, "error": "gone", "meta": {"version": "response-v2"}}`,
		`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "pagination": {"cursor": "c2", "total_count": 9, "page_size": 3}}}`,
		`{"success": true, "data": {"a": 1}, "error": null, "meta": {"version": "response-v2", "dropped_content_ids": [], "content_archive_hashes": {"x": "abc"}, "request_id": "r-1", "rate_limit": {"limit": 5}}}`,
		`{"success": false, "data": {"error_code": "spec.not-found", "details": {"a": {"b": 1}, "c": "d"}, "spec_id": "s", "retry_after_seconds": 3},
		  "error": "missing", "meta": {"version": "response-v2", "telemetry": {"cache_hit": true}, "pagination": {"has_more": true, "cursor": null}}}`,
		`{"success": true, "data": {}, "error": null, "meta": {"version": "response-v2", "warnings": [""], "warning_details": [{"message": "m", "code": "--", "context": {"o": {}, "n": 1}}], "extra": true}}`,
	},
	"mcp-envelope": {
		// What the loss tables of docs/dialects.md say happens (TestEveryRuleHappens).
		`{"schema_version": "mcp.envelope.v0.1", "result": null, "errors": [{"code": "X", "message": "m", "evidence": [{"schema_version": "evidence.v0.1", "field": "a", "source": "artifact:x"}]}], "warnings": []}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": null, "errors": [{"code": "a.b", "message": "one", "retryable": true}, {"code": "NOT_FOUND", "message": "two", "details": {"k": 1}}]}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": {"plan": []}, "meta": {"adapter": "cli", "duration_ms": 4},
		  "provenance": {"schema_version": "prov.record.v0.1", "run_id": "r1", "tool": {"name": "t", "version": "1"}, "time": "2026-01-01T00:00:00Z",
		  "inputs": [{"schema_version": "artifact.v0.1", "artifact_id": "in", "media_type": "application/json", "labels": {}, "digest": {"alg": "sha256", "value": "9F2C6A0E0F76C9D6D8B1C2F9A88D7B6C1E7F0F0B3F4A9B6C2D1A9E7C0B1F2A3C"}}],
		  "outputs": [{"schema_version": "artifact.v0.1", "artifact_id": "out", "media_type": "text/plain", "digest": {"alg": "sha256", "value": "abcdef0123456789"}}],
		  "methods": ["m.one"], "evidence": [{"schema_version": "evidence.v0.1", "field": "plan[0].step", "source": "artifact:in#json:/x"}, {"schema_version": "evidence.v0.1", "field": "a", "source": "somewhere"}],
		  "parents": ["r0"], "integrity": {"record_digest": {"alg": "sha256", "value": "00000000000000000"}}}}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": 1, "errors": [], "warnings": [{"code": "w.x", "message": "m"}, {"code": "--", "message": "kept", "evidence": []}, {"code": "y", "message": "kept", "details": {"n": null}}], "meta": {"request_id": "bad id with spaces", "schema_hints": {"a": "b"}}}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": "text", "meta": {},
		  "provenance": {"schema_version": "prov.record.v0.1", "run_id": "r1", "tool": {"name": "not a tool name", "version": "1"}, "inputs": [], "outputs": [], "methods": [], "evidence": [], "parents": []}}`,
		// The warning that carries pagination: read when last (page_size 2.0 is 2), kept as a warning when not last,
		// with a member it does not write, or with another message.
		`{"schema_version": "mcp.envelope.v0.1", "result": [], "warnings": [{"code": "PAGINATION.MORE_RESULTS", "message": "` + moreResultsMessage + `", "details": {"cursor": "c2", "page_size": 2.0, "total": 0}}]}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": [], "warnings": [{"code": "PAGINATION.MORE_RESULTS", "message": "` + moreResultsMessage + `", "details": {"cursor": "c2"}}, {"code": "w", "message": "m"}]}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": [], "warnings": [{"code": "PAGINATION.MORE_RESULTS", "message": "` + moreResultsMessage + `", "details": {"cursor": "c2", "page": 2}}]}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": [], "warnings": [{"code": "PAGINATION.MORE_RESULTS", "message": "more", "details": {"cursor": "c2"}}]}`,
		`{"schema_version": "mcp.envelope.v0.1", "result": [], "warnings": [{"code": "PAGINATION.MORE_RESULTS", "message": "` + moreResultsMessage + `", "details": {"cursor": "", "page_size": 0}}]}`,
	},
	"codegraph": {
		// What the loss tables of docs/dialects.md say happens (TestEveryRuleHappens).
		`{"success": false, "data": {"tool": "bad tool", "version": "1.0.0", "requestId": "req-1", "generatedAt": "2026-01-01T00:00:00Z", "workspace": {"root": "/w", "repoName": "w", "rev": ""},
		  "result": {"error": {"code": "E", "message": "m", "details": {}}}, "meta": {"approxTokens": 1, "truncated": false, "limits": {}}}}`,
		`{"success": false, "data": {"tool": "graph.issues", "version": "1.0.0", "requestId": "req-1", "generatedAt": "2026-01-01T00:00:00Z", "workspace": {"root": "/w", "repoName": "w"},
		  "result": {"error": {"code": "E", "message": "m", "details": {"deep": {"a": {"b": 1}}, "n": 1}}}, "meta": {"approxTokens": 1, "truncated": false, "limits": {}}}}`,
		`{"success": false, "data": {"tool": "graph.issues", "version": "1.0.0", "requestId": "req-1", "generatedAt": "2026-01-01T00:00:00Z", "workspace": {"root": "/w", "repoName": "w", "rev": "abc"},
		  "result": {"error": {"code": "validation-error", "message": "bad input", "details": {"errors": [{"path": ["items", 0, "kind"], "message": "Required"}, {"path": [], "message": "bad"}, {"path": ["a/b~c"], "message": "escaped", "code": "x"}], "hint": "x", "n": {"o": 1}}}},
		  "meta": {"approxTokens": 12, "truncated": false, "limits": {}}}}`,
		`{"success": false, "data": {"tool": "graph.issues", "version": "1.0.0", "requestId": "req-1", "generatedAt": "2026-01-01T00:00:00Z", "workspace": {"root": "/w", "repoName": "w"},
		  "result": {"error": {"code": "E", "message": "m", "details": {"errors": "nope"}}}, "meta": {"approxTokens": 1, "truncated": true, "limits": {"maxItems": 5}}}}`,
		`{"success": true, "data": {"tool": "graph digest", "version": "", "requestId": "has spaces", "generatedAt": "2026-01-01T00:00:00Z", "workspace": {"root": "", "repoName": "w"},
		  "result": [1, 2], "meta": {"approxTokens": 3, "truncated": false, "limits": {"maxDepth": 2},
		  "nextQuerySuggestion": [{"tool": "bad tool", "args": {}}, {"tool": "graph.digest", "args": {"q": 1}, "reason": ""}, {"tool": "graph.node", "args": {}, "reason": "r"}],
		  "page": {"hasMore": true, "total": 10}}}}`,
	},
	"bmcis": {
		// What the loss tables of docs/dialects.md say happens (TestEveryRuleHappens).
		`{"_metadata": {"operation": "bad op", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "success"},
		  "results": [], "execution_context": {"tokens_estimated": 3, "cache_hit": true, "execution_time_ms": 2, "request_id": "r", "extra": 1}, "warnings": []}`,
		`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "partial", "message": "some results omitted"},
		  "results": [1], "execution_context": {"tokens_estimated": 3, "cache_hit": true, "execution_time_ms": 2, "request_id": "r"},
		  "warnings": [{"level": "warning", "code": "PARTIAL_RESULTS", "message": "m", "suggestion": null}]}`,
		`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "error", "message": "Response size exceeds token limit"},
		  "results": [], "execution_context": {"tokens_estimated": 3, "cache_hit": false, "execution_time_ms": 2, "request_id": "r"},
		  "warnings": [{"level": "error", "code": "TOKEN_LIMIT_EXCEEDED", "message": "too big"}]}`,
		`{"_metadata": {"operation": "bad op", "version": "", "timestamp": "2025-01-01T00:00:00Z", "request_id": "has spaces", "status": "success", "extra": 1},
		  "results": [{"a": 1}], "pagination": {"cursor": "", "page_size": 0, "total_available": -1, "other": true},
		  "execution_context": {"tokens_estimated": -3, "tokens_used": -1, "cache_hit": false, "execution_time_ms": -2, "request_id": "x"},
		  "warnings": [{"level": "info", "code": "a-b", "message": "", "suggestion": ""}, {"level": "info", "code": "c", "message": "m", "suggestion": "", "more": 1}], "top": 1}`,
		`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "error"},
		  "results": [3], "execution_context": {"tokens_estimated": 3, "tokens_used": null, "cache_hit": false, "execution_time_ms": 2, "request_id": "r"},
		  "warnings": [], "pagination": null, "error": {"code": "invalid.fields", "message": "no", "allowed_fields": ["a"]}}`,
	},
}
