package gen

import (
	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/internal/model"
)

// Error is a problem with the input, tied to the schema location that causes
// it: every stage reports input problems as *Error, printed as
// "file#/pointer: message\n\thint".
type Error = model.Error

// Location is a place in a schema document: a file (or an absolute URL for
// embedded and mapped documents) and a JSON Pointer into it.
type Location = model.Location

// Errorf is shorthand for an *Error at loc.
func Errorf(loc Location, hint, message string) *Error { return model.Errorf(loc, hint, message) }

// CannotRead is the error of a file that cannot be read, as every command
// says it: FILE#: cannot read: no such file or folder.
func CannotRead(file string, err error) error { return model.CannotRead(file, err) }

// IsInputError reports whether err is (or wraps) an input problem, as opposed
// to a bug or an I/O failure.
func IsInputError(err error) bool { return model.IsInputError(err) }

// TooDeep is the message of a document nested deeper than envgen reads, at
// its line and column, as the schema loader says it.
func TooDeep(line, col int) string { return load.TooDeep(line, col) }

// IOReason is why a file cannot be read or written, in envgen's words ("no
// such file or folder"), without Go's "open PATH:".
func IOReason(err error) string { return model.IOReason(err) }
