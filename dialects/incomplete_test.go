package dialects

import (
	"errors"
	"slices"
	"testing"
)

// An incomplete BMCIS envelope converts only from what it has: nothing that
// decides the outcome is made up, and any other fault is still a refusal.
func TestIncomplete(t *testing.T) {
	for name, c := range map[string]struct {
		doc     string
		missing []string // nil: refused as invalid
	}{
		"no status":                  {`{"_metadata": {"operation": "s"}, "results": [], "warnings": []}`, nil},
		"no _metadata":               {`{"results": [1]}`, nil},
		"a success without results":  {`{"_metadata": {"status": "success"}, "warnings": []}`, nil},
		"missing and a wrong type":   {`{"_metadata": {"status": "error", "message": 3}, "results": []}`, nil},
		"a warning without its code": {`{"_metadata": {"status": "error"}, "results": [], "warnings": [{"level": "error", "message": "m"}]}`, nil},
		"a failure with nothing else": {`{"_metadata": {"status": "error"}}`, []string{
			"/_metadata/operation", "/_metadata/request_id", "/_metadata/timestamp", "/_metadata/version", "/execution_context", "/results", "/warnings"}},
		"a success that lacks execution_context": {`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "success"}, "results": [1], "warnings": []}`,
			[]string{"/execution_context"}},
	} {
		t.Run(name, func(t *testing.T) {
			r, err := ConvertWith("bmcis", Canonical, []byte(c.doc), Options{Losses: true})
			if c.missing == nil {
				var inv *InvalidError
				if !errors.As(err, &inv) {
					t.Fatalf("want the *InvalidError, got %v\n%s", err, r.Output)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if vs := mustValidate(t, "canonical:envelope.json", r.Output); len(vs) > 0 {
				t.Fatalf("not valid: %v\n%s", vs, r.Output)
			}
			var missing []string
			for _, l := range r.Losses {
				if l.Missing {
					missing = append(missing, l.Pointer)
				}
			}
			if !slices.Equal(missing, c.missing) {
				t.Errorf("missing %q, want %q", missing, c.missing)
			}
			if Validate("bmcis", []byte(c.doc)) == nil {
				t.Error("Validate accepts an incomplete document")
			}
		})
	}
	// What is missing from a success leaves out what it would have given:
	// no tokens, telemetry or duration are made up.
	out, err := Convert("bmcis", Canonical, []byte(`{"_metadata": {"operation": "s", "version": "1", "timestamp": "2025-01-01T00:00:00Z", "request_id": "r", "status": "success"}, "results": [1], "warnings": []}`))
	if want := `{"success":true,"data":[1],"meta":{"request_id":"r","tool":{"name":"s","version":"1"},"timing":{"started_at":"2025-01-01T00:00:00Z"}}}`; err != nil || string(out) != want {
		t.Errorf("got %s (%v), want %s", out, err, want)
	}
}
