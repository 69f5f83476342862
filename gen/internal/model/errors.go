package model

import (
	"errors"
	"strings"
)

// Error is a problem with the input, tied to the schema location that causes
// it. Every stage of the pipeline reports input problems as *Error, so the CLI
// can print them the same way: "file#/pointer: message\n\thint".
type Error struct {
	Loc     Location
	Message string // what is wrong, e.g. `unsupported keyword "$recursiveRef"`
	Hint    string // what to do about it, "" when obvious
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Loc.File != "" {
		b.WriteString(e.Loc.String())
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	if e.Hint != "" {
		b.WriteString("\n\t")
		b.WriteString(e.Hint)
	}
	return b.String()
}

// Errorf is shorthand for an *Error at loc.
func Errorf(loc Location, hint, message string) *Error {
	return &Error{Loc: loc, Message: message, Hint: hint}
}

// IsInputError reports whether err is (or wraps) an input problem, as opposed
// to a bug or an I/O failure.
func IsInputError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
