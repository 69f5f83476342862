package envgenrt

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is one violation of a schema, the same shape in Go and TypeScript
// (docs/validation.md):
//
//	{"instancePath": "/meta/pagination/page_size", "schemaPath": "meta.json#/$defs/pagination/properties/page_size/minimum",
//	 "keyword": "minimum", "message": "must be at least 1"}
type Error struct {
	InstancePath string `json:"instancePath"` // RFC 6901 JSON Pointer into the instance; "" is the root
	SchemaPath   string `json:"schemaPath"`   // file#pointer of the failing keyword
	Keyword      string `json:"keyword"`      // e.g. "required"; "false" for a false schema
	Message      string `json:"message"`      // for people, e.g. `missing required property "data"`
}

// Error formats e as `/meta/page_size: must be at least 1 (minimum, meta.json#/…/minimum)`.
func (e Error) Error() string {
	path := e.InstancePath
	if path == "" {
		path = "(root)"
	}
	return path + ": " + e.Message + " (" + e.Keyword + ", " + e.SchemaPath + ")"
}

// ValidationError is what generated UnmarshalJSON and Validate return when a
// value is not valid against its schema: every violation found, in schema
// order, up to MaxErrors. Reach it with errors.As:
//
//	var verr *envgenrt.ValidationError
//	if errors.As(err, &verr) {
//		for _, e := range verr.Errors { … }
//	}
type ValidationError struct {
	Errors []Error
}

// MaxErrors is how many errors a validation collects; one more error (with
// the keyword "maxErrors") then says that the list was cut.
const MaxErrors = 100

func (e *ValidationError) Error() string {
	switch len(e.Errors) {
	case 0:
		return "invalid value"
	case 1:
		return "invalid value: " + e.Errors[0].Error()
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(e.Errors)))
	b.WriteString(" errors: ")
	for i, x := range e.Errors {
		if i > 0 {
			b.WriteString("; ")
		}
		if i == 3 {
			b.WriteString("and " + strconv.Itoa(len(e.Errors)-3) + " more")
			break
		}
		b.WriteString(x.Error())
	}
	return b.String()
}

// DecodeError is a valid value that the generated Go type cannot hold: an
// integer beyond int64, a number beyond float64. The schema accepts it; the
// Go type is too narrow.
type DecodeError struct {
	InstancePath string
	Msg          string // e.g. "12345678901234567890 does not fit an int64"
}

func (e *DecodeError) Error() string {
	path := e.InstancePath
	if path == "" {
		path = "(root)"
	}
	return "cannot decode " + path + ": " + e.Msg
}

// Pointer is the RFC 6901 JSON Pointer of node n.
func (t *Tree) Pointer(n int32) string {
	var toks []string
	t.path(n, func(container, c int32, i int) {
		if t.nodes[c].flags&flagMember != 0 {
			toks = append(toks, escapeToken(t.Key(c)))
		} else {
			toks = append(toks, strconv.Itoa(i))
		}
	})
	var b strings.Builder
	for _, tok := range toks {
		b.WriteByte('/')
		b.WriteString(tok)
	}
	return b.String()
}

func escapeToken(key []byte) string {
	s := string(key)
	if strings.ContainsAny(s, "~/") {
		s = strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
	}
	return s
}

// Quoted is a member name (or any text) that formats as a JSON string, as
// JavaScript's JSON.stringify writes it, so that the messages of the Go and
// TypeScript validators are the same bytes: `unexpected property "a\"b"`.
// Control characters are escaped (\n, \u001f), nothing else is: no HTML
// escapes, non-ASCII as it is.
type Quoted string

func (q Quoted) String() string {
	const hex = "0123456789abcdef"
	b := make([]byte, 0, len(q)+2)
	b = append(b, '"')
	for _, r := range string(q) { // invalid UTF-8 is U+FFFD, as the decoder reads it
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\b':
			b = append(b, '\\', 'b')
		case r == '\f':
			b = append(b, '\\', 'f')
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\r':
			b = append(b, '\\', 'r')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xf])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return string(append(b, '"'))
}
