package serve

import (
	"context"
	"errors"

	"github.com/envgen/envgen/generated/go/envelope"
)

// Error is a tool failure that is also a Go error: a handler can return it
// through ordinary error paths, and [FromError] puts it in the envelope as it
// is. Build one with [NewError].
type Error struct {
	e envelope.Error
}

// NewError returns a failure of the given category. code is normalized (see
// [NormalizeCode]); an empty code becomes the category's default code, an empty
// message its default message. Unless options say otherwise, the error carries
// the retry advice of its category and a default remediation.
func NewError(category envelope.Category, code, message string, opts ...ErrorOption) *Error {
	if !category.Valid() {
		category = envelope.CategoryInternal
	}
	a := categories[category]
	e := envelope.Error{
		Code:     envelope.Code(orDefault(NormalizeCode(code), a.code)),
		Category: category,
		Message:  orDefault(clip(message), a.message),
	}
	for _, o := range opts {
		o(&e)
	}
	if e.Remediation == nil {
		r := a.remediation
		e.Remediation = &r
	}
	if e.Retry == nil {
		r := RetryAdvice(category)
		e.Retry = &r
	}
	return &Error{e: e}
}

// Error returns "CODE: message".
func (e *Error) Error() string { return string(e.e.Code) + ": " + e.e.Message }

// Code returns the error's code, e.g. INVALID_CURSOR.
func (e *Error) Code() envelope.Code { return e.e.Code }

// Category returns the error's category.
func (e *Error) Category() envelope.Category { return e.e.Category }

// Envelope returns the error as the envelope carries it. The result shares no
// memory with e.
func (e *Error) Envelope() envelope.Error {
	c := e.e
	if c.Details != nil {
		c.Details = make(envelope.DetailMap, len(e.e.Details))
		for k, v := range e.e.Details {
			c.Details[k] = v
		}
	}
	c.Causes = append([]envelope.Error(nil), e.e.Causes...)
	if len(c.Causes) == 0 {
		c.Causes = nil
	}
	return c
}

// RetryAdvice returns the retry advice that follows from a category:
// rate_limit, internal and unavailable may succeed when retried unchanged; the
// others need a change first (new arguments, credentials, permissions or
// state).
func RetryAdvice(category envelope.Category) envelope.Retry {
	return envelope.Retry{Retryable: categories[category].retryable}
}

// Internal marks err as internal: [FromError] reports it as INTERNAL_ERROR with
// a generic message and never sends its text, which may hold paths, queries or
// secrets. The text stays available to the server's own logs through
// errors.Unwrap.
func Internal(err error) error {
	if err == nil {
		return nil
	}
	return &internalError{err: err}
}

type internalError struct{ err error }

func (e *internalError) Error() string { return e.err.Error() }
func (e *internalError) Unwrap() error { return e.err }

// FromError returns the failed envelope for err:
//   - an error marked with [Internal] anywhere in its chain: INTERNAL_ERROR with
//     a generic message, its text withheld;
//   - an [*Error] in its chain: that error;
//   - context.DeadlineExceeded: TIMEOUT, unavailable; context.Canceled:
//     CANCELLED, unavailable;
//   - anything else: INTERNAL_ERROR with err's text as the message.
func FromError[T any](err error) envelope.Envelope[T] {
	return Failure[T](ErrorOf(err))
}

// ErrorOf classifies err as [FromError] does.
func ErrorOf(err error) *Error {
	var internal *internalError
	var e *Error
	switch {
	case err == nil:
		return NewError(envelope.CategoryInternal, "", "The tool reported a failure without saying why.")
	case errors.As(err, &internal):
		return NewError(envelope.CategoryInternal, "", "")
	case errors.As(err, &e):
		return e
	case errors.Is(err, context.DeadlineExceeded):
		return NewError(envelope.CategoryUnavailable, "TIMEOUT", "The tool did not finish in time.")
	case errors.Is(err, context.Canceled):
		return NewError(envelope.CategoryUnavailable, "CANCELLED", "The call was cancelled before the tool finished.")
	default:
		return NewError(envelope.CategoryInternal, "", err.Error())
	}
}

// advice is what follows from a category when the tool says nothing more.
type advice struct {
	code, message, remediation string
	retryable                  bool
}

// categories holds the advice of every category, as error.json describes it.
var categories = map[envelope.Category]advice{
	envelope.CategoryValidation: {"VALIDATION_ERROR", "The arguments are invalid.",
		"Change the arguments that the error names, then call again.", false},
	envelope.CategoryAuthentication: {"UNAUTHORIZED", "The credentials are missing or invalid.",
		"Authenticate again, then retry the call.", false},
	envelope.CategoryAuthorization: {"FORBIDDEN", "The caller is not permitted to do this.",
		"Do not retry; ask for the permission this call needs.", false},
	envelope.CategoryNotFound: {"NOT_FOUND", "The target does not exist.",
		"Check the identifier, e.g. by listing what exists, before calling again.", false},
	envelope.CategoryConflict: {"CONFLICT", "The target's current state does not allow this.",
		"Read the current state, then call again with arguments that fit it.", false},
	envelope.CategoryRateLimit: {"RATE_LIMIT_EXCEEDED", "Too many calls.",
		"Wait for retry.after_ms (or meta.rate_limit.retry_after_ms), then retry.", true},
	envelope.CategoryFeatureFlag: {"FEATURE_DISABLED", "The feature is not enabled for this caller.",
		"Do not retry; see meta.upgrade_hints for the tier that provides it.", false},
	envelope.CategoryInternal: {"INTERNAL_ERROR", "The tool failed with an internal error.",
		"Retry with exponential backoff; report meta.request_id if it keeps failing.", true},
	envelope.CategoryUnavailable: {"UNAVAILABLE", "A service the tool depends on is temporarily unavailable.",
		"Retry with exponential backoff.", true},
}
