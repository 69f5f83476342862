package model

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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

// IOReason is why a file cannot be read, in envgen's words: "no such file or
// folder", else the system's reason without Go's "open PATH:" (the path is
// said once, first, by the caller).
func IOReason(err error) string {
	var pe *fs.PathError
	path := ""
	if errors.As(err, &pe) {
		err, path = pe.Err, pe.Path
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or folder"
	case errors.Is(err, syscall.EISDIR):
		return "a folder, not a file"
	case errors.Is(err, syscall.ENOTDIR):
		// a.json/x: name the file that stands where a folder should
		for p := filepath.Dir(path); path != "" && p != filepath.Dir(p); p = filepath.Dir(p) {
			if info, err := os.Stat(p); err == nil && !info.IsDir() {
				return filepath.ToSlash(p) + " is a file, not a folder"
			}
		}
		return "a part of the path is a file, not a folder"
	}
	return err.Error()
}

// CannotRead is the error of a file that cannot be read, as every command
// says it: FILE#: cannot read: no such file or folder.
func CannotRead(file string, err error) *Error {
	return &Error{Loc: Location{File: file}, Message: "cannot read: " + IOReason(err)}
}
