package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/internal/jsonpos"
	"go.yaml.in/yaml/v3"
)

// decode parses a schema document as JSON or, by file extension, YAML. Numbers
// become json.Number so that no value is rounded; YAML is reduced to the JSON
// data model (string keys only, no tags beyond the core schema).
//
// A UTF-8 byte-order mark at the start is skipped: editors on Windows write one,
// and it carries no meaning in JSON or YAML.
func decode(name string, data []byte) (any, map[string][]string, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		order := map[string][]string{}
		doc, err := decodeYAML(data, order, "give each schema its own file")
		return doc, order, err
	}
	if doc, order, ok := fastDecode(data); ok {
		return doc, order, nil
	}
	doc, err := decodeJSON(data)
	if err != nil {
		return nil, nil, err
	}
	order, err := keyOrder(data)
	if err != nil {
		return nil, nil, err
	}
	return doc, order, nil
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// pointerError is a problem with a decoded document at a JSON Pointer, e.g. a
// member name written twice.
type pointerError struct {
	ptr string // RFC 6901, e.g. "/properties/a"; "" is the root
	msg string
}

func (e *pointerError) Error() string { return e.msg }

// decodeError is the *model.Error of a document that does not decode: named by
// the file and, where decode knows it, the JSON Pointer.
func decodeError(file string, err error) *model.Error {
	loc := model.Location{File: file}
	var pe *pointerError
	if errors.As(err, &pe) {
		loc.Pointer = pe.ptr
	}
	return &model.Error{Loc: loc, Message: err.Error()}
}

func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			at := jsonpos.Offset(data, se)
			line, col := position(data, at)
			// Valid JSON, only too deep to read.
			if strings.HasSuffix(se.Error(), "exceeded max depth") {
				return nil, errors.New(TooDeep(line, col))
			}
			return nil, fmt.Errorf("invalid JSON at line %d, column %d: %s", line, col, jsonpos.NameByte(se.Error(), data, int(at)))
		}
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("invalid JSON: unexpected end of file")
		}
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		line, col := position(data, dec.InputOffset())
		return nil, fmt.Errorf("invalid JSON at line %d, column %d: data after the top-level value", line, col)
	}
	return v, nil
}

// position turns a byte offset into a 1-based line and column.
func position(data []byte, offset int64) (line, col int) { return jsonpos.Position(data, offset) }

func decodeYAML(data []byte, order map[string][]string, more string) (any, error) {
	doc, err := YAMLDocument(data, more)
	if err != nil {
		return nil, err
	}
	if doc == nil {
		return nil, fmt.Errorf("invalid YAML: the document is empty")
	}
	r := &yamlReader{order: order, budget: aliasBudget(len(data)), limit: aliasBudget(len(data))}
	return r.value(doc, "", 0)
}

// aliasBudget is how many nodes a YAML file of size bytes may expand to. Every
// node counts each time it is reached, through an alias or not, so a file
// without aliases (at most one node a byte) never comes near it, and nested
// aliases ("billion laughs": ten anchors, each a list of ten of the previous)
// are refused after a few thousand nodes instead of exhausting memory.
func aliasBudget(size int) int { return 4*size + 10_000 }

// yamlReader converts YAML nodes to the JSON data model, recording the key
// order of every mapping under its JSON Pointer.
type yamlReader struct {
	order  map[string][]string
	budget int        // nodes left to convert
	limit  int        // the budget at the start
	alias  *yaml.Node // the outermost alias being expanded, nil outside
}

func (r *yamlReader) value(n *yaml.Node, ptr string, depth int) (any, error) {
	if depth > maxDepth { // only aliases nest a document this deep: yaml.v3 refuses deeper text
		at := n
		if r.alias != nil {
			at = r.alias
		}
		msg := TooDeep(at.Line, at.Column)
		if r.alias != nil {
			msg += fmt.Sprintf(" (through the alias *%s)", at.Value)
		}
		return nil, &SyntaxError{Line: at.Line, Column: at.Column, Msg: msg}
	}
	if r.budget--; r.budget < 0 {
		at := n
		if r.alias != nil {
			at = r.alias
		}
		return nil, yamlErr(at, fmt.Sprintf("the alias *%s expands the document past %d nodes, the limit for a file of its size; "+
			"envgen refuses YAML whose aliases multiply it (write the schema once and use $ref)", at.Value, r.limit))
	}
	switch n.Kind {
	case yaml.AliasNode:
		if r.alias == nil { // name the alias written at the top, not one inside its expansion
			r.alias = n
			defer func() { r.alias = nil }()
		}
		return r.value(n.Alias, ptr, depth)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode || (k.Tag != "!!str" && k.Tag != "!!int" && k.Tag != "!!bool") {
				return nil, yamlErr(k, "a mapping key must be a string")
			}
			if _, dup := m[k.Value]; dup {
				return nil, yamlErr(k, fmt.Sprintf("duplicate key %q", k.Value))
			}
			val, err := r.value(v, ptr+"/"+escape(k.Value), depth+1)
			if err != nil {
				return nil, err
			}
			m[k.Value] = val
			r.order[ptr] = append(r.order[ptr], k.Value)
		}
		return m, nil
	case yaml.SequenceNode:
		arr := make([]any, 0, len(n.Content))
		for i, c := range n.Content {
			val, err := r.value(c, ptr+"/"+strconv.Itoa(i), depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, val)
		}
		return arr, nil
	case yaml.ScalarNode:
		return yamlScalar(n)
	}
	return nil, yamlErr(n, "unsupported YAML node")
}

func yamlScalar(n *yaml.Node) (any, error) {
	switch n.Tag {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, yamlErr(n, err.Error())
		}
		return b, nil
	case "!!int":
		var i int64
		if err := n.Decode(&i); err != nil {
			return nil, yamlErr(n, err.Error())
		}
		return json.Number(strconv.FormatInt(i, 10)), nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			return nil, yamlErr(n, err.Error())
		}
		if jsonNumber.MatchString(n.Value) {
			return json.Number(n.Value), nil // keep the exact spelling
		}
		if !math.IsInf(f, 0) && !math.IsNaN(f) {
			// YAML spellings JSON has not: 0008, .5, 1., +1
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
		}
		return nil, yamlErr(n, fmt.Sprintf("%q is not a JSON number", n.Value))
	case "!!str", "!!binary", "!!timestamp":
		return n.Value, nil
	}
	return nil, yamlErr(n, fmt.Sprintf("unsupported YAML tag %s", n.Tag))
}

// jsonNumber is the grammar of a JSON number (RFC 8259).
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

func yamlErr(n *yaml.Node, msg string) error {
	return &SyntaxError{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf("invalid YAML at line %d, column %d: %s", n.Line, n.Column, msg)}
}
