package serve_test

import (
	"strings"
	"testing"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

// The same deterministic request gives the same bytes, in every profile but
// debug and in every mode, though the clock moves and ids would be
// generated. Debug is for diagnosis: it reports duration_ms and a request id
// whatever the request says (as Code Scalpel's debug does), but no timestamp.
func TestDeterministic(t *testing.T) {
	capture := &envelope.ProvenanceOptions{Capture: ptr(true)}
	for _, profile := range serve.Profiles() {
		for _, mode := range serve.Modes() {
			for _, deterministic := range []*bool{nil, ptr(true)} {
				tool := newTool(t) // its clock advances on every call
				tool.Config = &serve.Config{Global: profile}
				tool.NewID = nil // random ids, were any generated
				req := envelope.Request{ResponseMode: ptr(mode), Deterministic: deterministic,
					TokenBudget: ptr(int64(300)), Provenance: capture}
				first := search(tool, corpus(9), req, "q")
				second := search(tool, corpus(9), req, "q")
				m := tree(t, first.JSON)
				if profile == serve.ProfileDebug {
					if at(m, "meta/timing/duration_ms") == nil || at(m, "meta/timing/started_at") != nil || at(m, "meta/request_id") == nil {
						t.Errorf("debug %s: want duration_ms and a request id, no timestamp: %s", mode, first.JSON)
					}
					continue
				}
				if string(first.JSON) != string(second.JSON) {
					t.Errorf("%s %s: two calls differ:\n%s\n%s", profile, mode, first.JSON, second.JSON)
				}
				valid(t, "search", first.JSON)
				if at(m, "meta/timing") != nil || at(m, "meta/request_id") != nil || at(m, "provenance/started_at") != nil {
					t.Errorf("%s %s: timestamps or generated ids: %s", profile, mode, first.JSON)
				}
				if id, _ := at(m, "provenance/run_id").(string); !strings.HasPrefix(id, "run_") {
					t.Errorf("%s %s: run_id %q", profile, mode, id)
				}
			}
		}
	}
}

// A non-deterministic request in the debug profile reports timing and a
// generated request id, and a caller's request id is echoed as it is.
func TestNotDeterministic(t *testing.T) {
	tool := newTool(t)
	tool.Config = &serve.Config{Global: serve.ProfileDebug}
	req := envelope.Request{Deterministic: ptr(false), Provenance: &envelope.ProvenanceOptions{Capture: ptr(true)}}
	r := search(tool, corpus(2), req, "q")
	valid(t, "search", r.JSON)
	m := tree(t, r.JSON)
	if at(m, "meta/request_id") != "req_generated" || at(m, "meta/timing/started_at") != "2026-01-02T03:04:05.0015Z" ||
		at(m, "meta/timing/duration_ms") == nil || at(m, "provenance/run_id") != "run_generated" ||
		at(m, "provenance/started_at") != "2026-01-02T03:04:05.0015Z" {
		t.Errorf("got %s", r.JSON)
	}
	req.RequestID = ptr(envelope.RequestID("req_caller"))
	tool.Config = nil // minimal echoes the caller's id
	m = tree(t, search(tool, corpus(2), req, "q").JSON)
	if at(m, "meta/request_id") != "req_caller" || at(m, "meta/timing") != nil {
		t.Errorf("got %v", m)
	}
}

// Provenance is attached only on opt-in, whatever the profile.
func TestProvenanceOptIn(t *testing.T) {
	tool := newTool(t)
	tool.Config = &serve.Config{Global: serve.ProfileDebug}
	if m := tree(t, search(tool, corpus(1), envelope.Request{}, "q").JSON); m["provenance"] != nil {
		t.Errorf("provenance without opt-in: %v", m["provenance"])
	}
	tool.Config = nil
	req := envelope.Request{Provenance: &envelope.ProvenanceOptions{Capture: ptr(true)}}
	m := tree(t, search(tool, corpus(1), req, "q").JSON)
	if at(m, "provenance/tool/name") != "search" || at(m, "provenance/tool/version") != "1.0.0" {
		t.Errorf("provenance %v", m["provenance"])
	}
}
