package search_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/envelope"

	"example.com/downstream/search"
)

// SearchOutput is the canonical envelope with this tool's payload: the
// package declares no envelope of its own.
var _ envelope.Envelope[search.SearchResult] = search.SearchOutput{}

func TestDecodeResponse(t *testing.T) {
	data := []byte(`{
		"success": true,
		"data": {"query": "envelope", "hits": [{"id": "d1", "title": "The envelope", "score": 0.9}], "total": 1},
		"meta": {"request_id": "req-1"}
	}`)
	var out search.SearchOutput
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if !out.Success || out.Data == nil || out.Data.Hits[0].Title != "The envelope" {
		t.Errorf("decoded %+v", out)
	}
	if err := out.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

func TestRejectPayload(t *testing.T) {
	// A valid envelope whose payload breaks this tool's schema: an empty title.
	data := []byte(`{"success": true, "data": {"query": "envelope", "hits": [{"id": "d1", "title": "", "score": 0.9}]}}`)
	var out search.SearchOutput
	err := json.Unmarshal(data, &out)
	var verr *envgenrt.ValidationError
	if !errors.As(err, &verr) || len(verr.Errors) != 1 {
		t.Fatalf("got %v", err)
	}
	if e := verr.Errors[0]; e.InstancePath != "/data/hits/0/title" || e.Keyword != "minLength" {
		t.Errorf("got %+v", e)
	}
}

func TestFailure(t *testing.T) {
	data := []byte(`{"success": false, "error": {"code": "INDEX_UNAVAILABLE", "message": "the index is rebuilding", "category": "unavailable"}}`)
	var out search.SearchOutput
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out.Error == nil || out.Error.Code != "INDEX_UNAVAILABLE" {
		t.Errorf("decoded %+v", out)
	}
	// A failure with no error is no valid envelope, whatever the payload.
	out.Error = nil
	if err := out.Validate(); err == nil {
		t.Error("Validate accepts a failure without an error")
	}
}
