package serve

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/envgen/envgen/generated/go/envelope"
)

// maxText is the longest message, remediation or suggestion the schemas allow.
const maxText = 2000

// Success returns a successful envelope carrying data.
//
//	{"success": true, "data": ...}
func Success[T any](data T) envelope.Envelope[T] {
	return envelope.Envelope[T]{Success: true, Data: &data}
}

// Partial returns a successful envelope whose work completed with losses
// (status partial), with the warnings that say what was lost, most important
// first. Warnings are required: a partial result that cannot say what it lost
// is an ordinary success.
//
//	{"success": true, "status": "partial", "data": ..., "warnings": [...]}
func Partial[T any](data T, first envelope.Warning, more ...envelope.Warning) envelope.Envelope[T] {
	status := envelope.EnvelopeStatusPartial
	return envelope.Envelope[T]{
		Success:  true,
		Status:   &status,
		Data:     &data,
		Warnings: append([]envelope.Warning{first}, more...),
	}
}

// Fail returns a failed envelope whose error has the given category, code and
// message. The error carries the retry advice of its category (see
// [RetryAdvice]) and a default remediation unless options set them. code is
// normalized to SCREAMING_SNAKE_CASE (see [NormalizeCode]); an empty code
// becomes the category's default code, e.g. VALIDATION_ERROR.
//
//	serve.Fail[Results](envelope.CategoryValidation, "INVALID_QUERY", "query is empty",
//		serve.Remediation("Pass a non-empty query."), serve.Detail("field", "query"))
func Fail[T any](category envelope.Category, code, message string, opts ...ErrorOption) envelope.Envelope[T] {
	return Failure[T](NewError(category, code, message, opts...))
}

// Failure returns a failed envelope carrying err.
func Failure[T any](err *Error) envelope.Envelope[T] {
	e := err.Envelope()
	return envelope.Envelope[T]{Success: false, Error: &e}
}

// An ErrorOption sets an optional member of an error.
type ErrorOption func(*envelope.Error)

// Remediation says what the caller should do to succeed.
func Remediation(text string) ErrorOption {
	return func(e *envelope.Error) {
		if text = clip(text); text != "" {
			e.Remediation = &text
		}
	}
}

// RetryAfter advises retrying the same call after d. It overrides the advice
// of the category.
func RetryAfter(d time.Duration) ErrorOption {
	return func(e *envelope.Error) {
		ms := max(d.Milliseconds(), 0)
		e.Retry = &envelope.Retry{Retryable: true, AfterMs: &ms}
	}
}

// NoRetry advises against retrying the same call, whatever the category says.
func NoRetry() ErrorOption {
	return func(e *envelope.Error) { e.Retry = &envelope.Retry{Retryable: false} }
}

// Cause adds an underlying error, e.g. one per invalid argument.
func Cause(cause *Error) ErrorOption {
	return func(e *envelope.Error) { e.Causes = append(e.Causes, cause.Envelope()) }
}

// ScalarValue is a Go type whose values are JSON scalars: what [Detail] and
// [Context] add. Details and context may also hold short lists and flat
// objects of scalars (envelope.Detail); set those on the envelope's
// DetailMap directly.
type ScalarValue interface {
	~string | ~bool | ~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

// Detail adds a structured fact about the failure, e.g. the offending argument.
func Detail[V ScalarValue](key string, value V) ErrorOption {
	return func(e *envelope.Error) { e.Details = withScalar(e.Details, key, value) }
}

// DetailNull adds a fact whose reported value is null, e.g. the argument
// received was null.
func DetailNull(key string) ErrorOption {
	return func(e *envelope.Error) {
		if e.Details == nil {
			e.Details = envelope.DetailMap{}
		}
		e.Details[key] = envelope.Detail("null")
	}
}

// A WarningOption sets an optional member of a warning.
type WarningOption func(*envelope.Warning)

// Suggestion says what the caller can do about a warning.
func Suggestion(text string) WarningOption {
	return func(w *envelope.Warning) {
		if text = clip(text); text != "" {
			w.Suggestion = &text
		}
	}
}

// Context adds a structured fact about a warning, e.g. dropped_count.
func Context[V ScalarValue](key string, value V) WarningOption {
	return func(w *envelope.Warning) { w.Context = withScalar(w.Context, key, value) }
}

// Warn returns a warning. code is normalized as in [Fail]; an empty code
// becomes WARNING.
//
//	serve.Warn("STALE_CACHE", envelope.SeverityWarning, "The index is 2 hours old.",
//		serve.Context("cache_age_seconds", 7200))
func Warn(code string, severity envelope.Severity, message string, opts ...WarningOption) envelope.Warning {
	w := envelope.Warning{
		Code:     envelope.Code(orDefault(NormalizeCode(code), "WARNING")),
		Severity: severity,
		Message:  orDefault(clip(message), "The result has a known issue."),
	}
	for _, o := range opts {
		o(&w)
	}
	return w
}

// NormalizeCode returns code in SCREAMING_SNAKE_CASE as the schemas require:
// letters are upper-cased and every run of other characters becomes one
// underscore, so "not_found" is NOT_FOUND and "ADAPTER.EXECUTION.FAILED" is
// ADAPTER_EXECUTION_FAILED. A code that would start with a digit gets the
// prefix E_. It returns "" when nothing is left.
func NormalizeCode(code string) string {
	var b strings.Builder
	pendingSep := false
	for _, r := range code {
		switch {
		case r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
			fallthrough
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			if pendingSep && b.Len() > 0 {
				b.WriteByte('_')
			}
			pendingSep = false
			b.WriteRune(r)
		default:
			pendingSep = true
		}
	}
	s := b.String()
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		s = "E_" + s
	}
	if len(s) > 100 {
		s = strings.TrimRight(s[:100], "_")
	}
	return s
}

func withScalar[V ScalarValue](m envelope.DetailMap, key string, value V) envelope.DetailMap {
	b, err := json.Marshal(value)
	if err != nil { // NaN or ±Inf have no JSON number: report them as text
		b = []byte(strconv.Quote(fmt.Sprint(value)))
	}
	if m == nil {
		m = envelope.DetailMap{}
	}
	m[key] = envelope.Detail(b)
	return m
}

// clip trims text and cuts it to the 2000 characters the schemas allow.
func clip(text string) string {
	text = strings.TrimSpace(text)
	if utf8.RuneCountInString(text) <= maxText {
		return text
	}
	runes := []rune(text)
	return string(runes[:maxText-1]) + "…"
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
