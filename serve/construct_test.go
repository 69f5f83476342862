package serve_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/envgen/envgen/generated/go/envelope"
	"github.com/envgen/envgen/serve"
)

func marshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestConstructors(t *testing.T) {
	tests := []struct {
		name string
		env  any
		want string
	}{
		{"success", serve.Success(Results{Hits: []Hit{}}),
			`{"success":true,"data":{"hits":[]}}`},
		{"partial", serve.Partial(Results{Hits: []Hit{}},
			serve.Warn("partial_failure", envelope.SeverityWarning, "1 of 4 indexes did not respond.",
				serve.Suggestion("Retry later for complete results."), serve.Context("failed_count", 1))),
			`{"success":true,"status":"partial","data":{"hits":[]},"warnings":[{"code":"PARTIAL_FAILURE","severity":"warning","message":"1 of 4 indexes did not respond.","suggestion":"Retry later for complete results.","context":{"failed_count":1}}]}`},
		{"failure", serve.Fail[Results](envelope.CategoryValidation, "MISSING_REQUIRED", "query is required",
			serve.Remediation("Pass a non-empty query."), serve.Detail("field", "query"), serve.DetailNull("received")),
			`{"success":false,"error":{"code":"MISSING_REQUIRED","category":"validation","message":"query is required","remediation":"Pass a non-empty query.","retry":{"retryable":false},"details":{"field":"query","received":null}}}`},
		{"rate limit", serve.Fail[Results](envelope.CategoryRateLimit, "", "", serve.RetryAfter(45*time.Second)),
			`{"success":false,"error":{"code":"RATE_LIMIT_EXCEEDED","category":"rate_limit","message":"Too many calls.","remediation":"Wait for retry.after_ms (or meta.rate_limit.retry_after_ms), then retry.","retry":{"retryable":true,"after_ms":45000}}}`},
		{"causes", serve.Fail[Results](envelope.CategoryValidation, "INVALID_INPUT", "2 arguments are invalid.",
			serve.Cause(serve.NewError(envelope.CategoryValidation, "", "kind is unknown", serve.Detail("path", "/kind"))),
			serve.NoRetry()),
			`{"success":false,"error":{"code":"INVALID_INPUT","category":"validation","message":"2 arguments are invalid.","remediation":"Change the arguments that the error names, then call again.","retry":{"retryable":false},"causes":[{"code":"VALIDATION_ERROR","category":"validation","message":"kind is unknown","remediation":"Change the arguments that the error names, then call again.","retry":{"retryable":false},"details":{"path":"/kind"}}]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := marshal(t, tt.env)
			if string(b) != tt.want {
				t.Errorf("got  %s\nwant %s", b, tt.want)
			}
			valid(t, "envelope", b)
		})
	}
}

// Every category has retry advice and a default code, message and remediation
// that validate.
func TestFailEveryCategory(t *testing.T) {
	retryable := map[envelope.Category]bool{
		envelope.CategoryRateLimit: true, envelope.CategoryInternal: true, envelope.CategoryUnavailable: true,
	}
	for _, c := range []envelope.Category{
		envelope.CategoryValidation, envelope.CategoryAuthentication, envelope.CategoryAuthorization,
		envelope.CategoryNotFound, envelope.CategoryConflict, envelope.CategoryRateLimit,
		envelope.CategoryFeatureFlag, envelope.CategoryInternal, envelope.CategoryUnavailable,
	} {
		env := serve.Fail[Results](c, "", "")
		if env.Error.Retry == nil || env.Error.Retry.Retryable != retryable[c] {
			t.Errorf("%s: retry = %+v, want retryable %v", c, env.Error.Retry, retryable[c])
		}
		if env.Error.Remediation == nil || env.Error.Code == "" || env.Error.Message == "" {
			t.Errorf("%s: missing default: %+v", c, env.Error)
		}
		valid(t, "envelope", marshal(t, env))
	}
	if got := serve.Fail[Results]("bogus", "X", "y").Error.Category; got != envelope.CategoryInternal {
		t.Errorf("unknown category became %s, want internal", got)
	}
}

func TestNormalizeCode(t *testing.T) {
	for in, want := range map[string]string{
		"not_found":                "NOT_FOUND",
		"ADAPTER.EXECUTION.FAILED": "ADAPTER_EXECUTION_FAILED",
		"  invalid--input ":        "INVALID_INPUT",
		"404":                      "E_404",
		"already_OK":               "ALREADY_OK",
		"é":                        "",
		strings.Repeat("A", 120):   strings.Repeat("A", 100),
	} {
		if got := serve.NormalizeCode(in); got != want {
			t.Errorf("NormalizeCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDetailScalars(t *testing.T) {
	env := serve.Fail[Results](envelope.CategoryValidation, "X", "y",
		serve.Detail("n", 2), serve.Detail("f", 0.5), serve.Detail("b", true),
		serve.Detail("nan", math.NaN()), serve.Detail("s", "a\"b"))
	b := marshal(t, env.Error.Details)
	if want := `{"b":true,"f":0.5,"n":2,"nan":"NaN","s":"a\"b"}`; string(b) != want {
		t.Errorf("details = %s, want %s", b, want)
	}
}

func TestLongMessageIsClipped(t *testing.T) {
	env := serve.Fail[Results](envelope.CategoryInternal, "X", strings.Repeat("é", 3000))
	if n := len([]rune(env.Error.Message)); n != 2000 {
		t.Errorf("message has %d characters, want 2000", n)
	}
	valid(t, "envelope", marshal(t, env))
}

func TestFromError(t *testing.T) {
	secret := errors.New("open /srv/secret/db.sqlite: password=hunter2")
	typed := serve.NewError(envelope.CategoryNotFound, "SPEC_NOT_FOUND", "Spec 'x' not found.")
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	<-ctx.Done()
	tests := []struct {
		name     string
		err      error
		code     envelope.Code
		category envelope.Category
		message  string
	}{
		{"internal", serve.Internal(secret), "INTERNAL_ERROR", envelope.CategoryInternal, "The tool failed with an internal error."},
		{"wrapped internal", fmt.Errorf("loading: %w", serve.Internal(secret)), "INTERNAL_ERROR", envelope.CategoryInternal, "The tool failed with an internal error."},
		{"internal wins over typed", serve.Internal(fmt.Errorf("%w: %w", typed, secret)), "INTERNAL_ERROR", envelope.CategoryInternal, "The tool failed with an internal error."},
		{"typed", fmt.Errorf("lookup: %w", typed), "SPEC_NOT_FOUND", envelope.CategoryNotFound, "Spec 'x' not found."},
		{"plain", errors.New("disk full"), "INTERNAL_ERROR", envelope.CategoryInternal, "disk full"},
		{"deadline", ctx.Err(), "TIMEOUT", envelope.CategoryUnavailable, "The tool did not finish in time."},
		{"cancelled", context.Canceled, "CANCELLED", envelope.CategoryUnavailable, "The call was cancelled before the tool finished."},
		{"nil", nil, "INTERNAL_ERROR", envelope.CategoryInternal, "The tool reported a failure without saying why."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := serve.FromError[Results](tt.err)
			e := env.Error
			if e.Code != tt.code || e.Category != tt.category || e.Message != tt.message {
				t.Errorf("got %s/%s %q, want %s/%s %q", e.Code, e.Category, e.Message, tt.code, tt.category, tt.message)
			}
			b := marshal(t, env)
			if strings.Contains(string(b), "hunter2") || strings.Contains(string(b), "/srv/") {
				t.Errorf("internal text leaked: %s", b)
			}
			valid(t, "envelope", b)
		})
	}
	if !errors.Is(serve.Internal(secret), secret) {
		t.Error("Internal hides the error from errors.Is; the server's logs need it")
	}
	if serve.Internal(nil) != nil {
		t.Error("Internal(nil) is not nil")
	}
}
