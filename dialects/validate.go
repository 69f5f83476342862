package dialects

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/jsonpos"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Violation is one way a document breaks a schema, in the error shape envgen
// uses everywhere: instancePath is an RFC 6901 JSON Pointer into the document
// ("" is the root), schemaPath the failing keyword as file#pointer, keyword
// the keyword's name ("false" for a false schema).
type Violation struct {
	InstancePath string `json:"instancePath"`
	SchemaPath   string `json:"schemaPath"`
	Keyword      string `json:"keyword"`
	Message      string `json:"message"`
}

// InvalidError is a document that is not valid in its dialect.
type InvalidError struct {
	Dialect    string      // e.g. "bmcis"
	Violations []Violation // sorted by instancePath, then keyword
}

func (e *InvalidError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "not a valid %s document:", e.Dialect)
	for _, v := range e.Violations {
		fmt.Fprintf(&b, "\n#%s: %s", v.InstancePath, v.Message)
	}
	return b.String()
}

// SyntaxError is a document that is not JSON: Line and Column (1-based)
// are those of the byte the reader stopped at.
type SyntaxError struct {
	Line, Column int
	Err          error
	msg          string // Err's message, the byte it names named as envgen names it
}

func (e *SyntaxError) Error() string {
	msg := e.msg
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("invalid JSON at line %d, column %d: %s", e.Line, e.Column, msg)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Validate checks doc against the schema of dialect (see Names). It returns
// nil, a *SyntaxError, an *InvalidError, or an error for an unknown dialect.
func Validate(dialect string, doc []byte) error {
	d, err := lookup(dialect)
	if err != nil {
		return err
	}
	_, err = parseValid(d, doc)
	return err
}

// parseValid parses doc and validates it against d's schema.
func parseValid(d *dialect, doc []byte) (any, error) {
	v, err := parse(doc)
	if err != nil {
		return nil, err
	}
	vs, err := validate(d.schema, v)
	if err != nil {
		return nil, err
	}
	if len(vs) > 0 {
		return nil, &InvalidError{Dialect: d.name, Violations: vs}
	}
	return v, nil
}

// parse decodes one JSON value, numbers as json.Number, as the validator wants.
func parse(doc []byte) (any, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err == nil {
		return v, nil
	}
	// the last byte, where the text ends too soon; else the byte that
	// encoding/json stopped at, placed as the schema loader places it
	// (its offset is one past that byte, or the byte under jsonv2)
	offset := max(int64(len(doc))-1, 0)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		offset = jsonpos.Offset(doc, se)
	}
	line, col := jsonpos.Position(doc, offset)
	msg := jsonpos.NameByte(err.Error(), doc, int(offset))
	if errors.Is(err, io.ErrUnexpectedEOF) {
		msg = "unexpected end of file" // as the schema loader says it, not Go's "unexpected EOF"
	}
	return nil, &SyntaxError{Line: line, Column: col, Err: err, msg: msg}
}

// validate returns the leaf violations of instance against the schema at
// loc (see schemaAt), sorted, without duplicates.
func validate(loc string, instance any) ([]Violation, error) {
	s, err := schemaAt(loc)
	if err != nil {
		return nil, err
	}
	err = s.Validate(instance)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var out []Violation
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		kp := e.ErrorKind.KeywordPath()
		keyword := "false"
		if len(kp) > 0 {
			keyword = kp[len(kp)-1]
		}
		out = append(out, Violation{
			InstancePath: pointer(e.InstanceLocation),
			SchemaPath:   schemaPath(e.SchemaURL) + pointer(kp),
			Keyword:      keyword,
			Message:      leafMessage(e),
		})
	}
	walk(ve)
	slices.SortFunc(out, func(a, b Violation) int {
		return cmpStrings(a.InstancePath, b.InstancePath, a.Keyword, b.Keyword, a.SchemaPath, b.SchemaPath)
	})
	return slices.Compact(out), nil
}

func cmpStrings(pairs ...string) int {
	for i := 0; i+1 < len(pairs); i += 2 {
		if c := strings.Compare(pairs[i], pairs[i+1]); c != 0 {
			return c
		}
	}
	return 0
}

// pointer spells tokens as an RFC 6901 JSON Pointer.
func pointer(tokens []string) string {
	var b strings.Builder
	for _, tok := range tokens {
		b.WriteByte('/')
		b.WriteString(escaper.Replace(tok))
	}
	return b.String()
}

var escaper = strings.NewReplacer("~", "~0", "/", "~1")

// leafMessage is the validator's English message for an error without causes.
func leafMessage(e *jsonschema.ValidationError) string {
	if out := e.DetailedOutput(); out.Error != nil {
		return out.Error.String()
	}
	return e.Error()
}
