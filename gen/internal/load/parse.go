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
		doc, err := decodeYAML(data, order, "schema")
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
			line, col := jsonpos.Position(data, at)
			// Valid JSON, only too deep to read.
			if strings.HasSuffix(se.Error(), "exceeded max depth") {
				return nil, errors.New(TooDeep(line, col))
			}
			return nil, fmt.Errorf("invalid JSON at line %d, column %d: %s", line, col, jsonpos.NameByte(se.Error(), data, int(at)))
		}
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			line, col := jsonpos.Position(data, int64(len(data)))
			return nil, fmt.Errorf("invalid JSON at line %d, column %d: unexpected end of file", line, col)
		}
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		line, col := jsonpos.Position(data, dec.InputOffset())
		return nil, fmt.Errorf("invalid JSON at line %d, column %d: data after the top-level value", line, col)
	}
	return v, nil
}

// decodeYAML reads a YAML file that holds one what ("schema", "document").
func decodeYAML(data []byte, order map[string][]string, what string) (any, error) {
	doc, err := YAMLDocument(data, "give each "+what+" its own file")
	if err != nil {
		return nil, err
	}
	if doc == nil {
		return nil, fmt.Errorf("invalid YAML: the document is empty")
	}
	r := newYAMLReader(order, len(data))
	if what == "schema" {
		r.hint = "write the schema once and use $ref"
	}
	return r.value(doc, "", 0)
}

// newYAMLReader is the reader of a YAML file of size bytes, with its budgets.
func newYAMLReader(order map[string][]string, size int) *yamlReader {
	return &yamlReader{order: order, budget: aliasBudget(size), limit: aliasBudget(size), size: size, ptrLeft: pointerBytes(pointerBudget(size)),
		hint: "write what repeats once"}
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
	order   map[string][]string
	budget  int        // nodes left to convert
	limit   int        // the budget at the start
	alias   *yaml.Node // the outermost alias being expanded, nil outside
	hint    string     // what to do about a document its aliases multiply
	size    int        // of the file, for its pointer budget
	ptrLeft pointerBytes
}

// place is where an error about node n is said: at the outermost alias
// being expanded, if n is reached through one.
func (r *yamlReader) place(n *yaml.Node) *yaml.Node {
	if r.alias != nil {
		return r.alias
	}
	return n
}

// stringKey reports whether k is a mapping key of the JSON data model: a
// scalar that is a string (or a number or boolean, read as its text).
func stringKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && (k.Tag == "!!str" || k.Tag == "!!int" || k.Tag == "!!bool")
}

func (r *yamlReader) value(n *yaml.Node, ptr string, depth int) (any, error) {
	// the maxDepth+1st container (at depth maxDepth, the root's is at 0):
	// only aliases nest a document this deep, yaml.v3 refuses deeper text
	if depth >= maxDepth && (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) {
		at := r.place(n)
		msg := TooDeep(at.Line, at.Column)
		if r.alias != nil {
			msg += fmt.Sprintf(" (through the alias *%s)", at.Value)
		}
		return nil, &SyntaxError{Line: at.Line, Column: at.Column, Msg: msg}
	}
	if r.budget--; r.budget < 0 {
		at := r.place(n)
		return nil, yamlErr(at, fmt.Sprintf("the alias *%s expands the document past %d nodes, the limit for a file of its size; "+
			"envgen refuses YAML whose aliases multiply it (%s)", at.Value, r.limit, r.hint))
	}
	switch n.Kind {
	case yaml.AliasNode:
		if r.alias == nil { // name the alias written at the top, not one inside its expansion
			r.alias = n
			defer func() { r.alias = nil }()
		}
		return r.value(n.Alias, ptr, depth)
	case yaml.MappingNode:
		if !r.ptrLeft.charge(ptr) {
			at := r.place(n)
			return nil, &SyntaxError{Line: at.Line, Column: at.Column, Msg: tooLongPointers(at.Line, at.Column, r.size)}
		}
		m := make(map[string]any, len(n.Content)/2)
		explicit := make(map[string]bool, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; !isMerge(k) {
				if !stringKey(k) {
					return nil, yamlErr(k, "a mapping key must be a string")
				}
				if explicit[k.Value] {
					return nil, yamlErr(k, fmt.Sprintf("duplicate key %q", k.Value))
				}
				explicit[k.Value] = true
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			merge := isMerge(k)
			pairs := []*yaml.Node{k, v}
			if merge {
				var err error
				if pairs, err = r.mergePairs(v, nil, 0); err != nil {
					return nil, err
				}
			}
			for j := 0; j+1 < len(pairs); j += 2 {
				k, v := pairs[j], pairs[j+1]
				if _, set := m[k.Value]; merge && (set || explicit[k.Value]) {
					continue // the mapping or an earlier merge sets it
				}
				val, err := r.value(v, ptr+"/"+escape(k.Value), depth+1)
				if err != nil {
					return nil, err
				}
				m[k.Value] = val
				r.order[ptr] = append(r.order[ptr], k.Value)
			}
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

// isMerge reports whether k is the merge key, <<, which takes the members
// of another mapping (or of a list of them) that this one does not set.
func isMerge(k *yaml.Node) bool { return k.Kind == yaml.ScalarNode && k.Tag == "!!merge" }

// mergePairs appends to pairs the keys and values a merge key's value v
// brings: a mapping's own members, then those of its merge keys; a list's
// mappings, in order. Earlier pairs win over later ones of the same key.
// Every pair counts against the node budget, so merges of merges cannot
// multiply a file.
func (r *yamlReader) mergePairs(v *yaml.Node, pairs []*yaml.Node, depth int) ([]*yaml.Node, error) {
	at := v
	for v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	if depth > maxDepth {
		return nil, yamlErr(at, "merge keys (<<) nested deeper than the document may be")
	}
	switch v.Kind {
	case yaml.MappingNode:
		var merges []*yaml.Node
		for i := 0; i+1 < len(v.Content); i += 2 {
			k := v.Content[i]
			if isMerge(k) {
				merges = append(merges, v.Content[i+1])
				continue
			}
			if !stringKey(k) {
				return nil, yamlErr(k, "a mapping key must be a string")
			}
			if r.budget--; r.budget < 0 {
				return nil, yamlErr(at, fmt.Sprintf("merge keys (<<) expand the document past %d nodes, the limit for a file of its size", r.limit))
			}
			pairs = append(pairs, k, v.Content[i+1])
		}
		for _, m := range merges {
			var err error
			if pairs, err = r.mergePairs(m, pairs, depth+1); err != nil {
				return nil, err
			}
		}
		return pairs, nil
	case yaml.SequenceNode:
		for _, m := range v.Content {
			for m.Kind == yaml.AliasNode {
				m = m.Alias
			}
			if m.Kind != yaml.MappingNode {
				return nil, yamlErr(at, "a merge key (<<) takes a mapping or a list of mappings")
			}
			var err error
			if pairs, err = r.mergePairs(m, pairs, depth+1); err != nil {
				return nil, err
			}
		}
		return pairs, nil
	}
	return nil, yamlErr(at, "a merge key (<<) takes a mapping or a list of mappings")
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
		if err := n.Decode(&i); err == nil {
			return json.Number(strconv.FormatInt(i, 10)), nil
		}
		var u uint64 // 2^63 to 2^64-1 (larger ones yaml.v3 tags !!float)
		if err := n.Decode(&u); err == nil {
			return json.Number(strconv.FormatUint(u, 10)), nil
		}
		return nil, yamlErr(n, fmt.Sprintf("%q is not an integer envgen reads", n.Value))
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
