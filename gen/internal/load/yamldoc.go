package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// SyntaxError is a document that does not read: not JSON, not YAML, or not
// what envgen reads (a second document, a key that is not a string, nesting
// past maxDepth). Msg says where, as every message of envgen does:
// "invalid YAML at line 1, column 4: ".inf" is not a JSON number".
type SyntaxError struct {
	Line, Column int // 1-based; 0 where the reader does not know
	Msg          string
}

func (e *SyntaxError) Error() string { return e.Msg }

// TooDeep is the message of a document nested deeper than envgen reads,
// JSON or YAML alike.
func TooDeep(line, col int) string {
	return fmt.Sprintf("nested deeper than %d levels at line %d, column %d, more than envgen reads", maxDepth, line, col)
}

// YAMLDocument reads the one document of a YAML stream, nil for a stream
// without one (empty, or only comments). A second document is an error
// naming its line (more is added to the message), except for empty ones at
// the end: "---" followed by nothing, or by comments only, which editors and
// generators leave and which carry no value. An explicit null ("---\n~") is
// a document.
func YAMLDocument(data []byte, more string) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
		return nil, nil
	} else if err != nil {
		return nil, yamlSyntax(data, err)
	}
	for {
		var extra yaml.Node
		err := dec.Decode(&extra)
		switch {
		case errors.Is(err, io.EOF) && emptyDocument(&doc):
			return nil, nil
		case errors.Is(err, io.EOF):
			return doc.Content[0], nil
		case err != nil:
			return nil, yamlSyntax(data, err)
		case !emptyDocument(&extra):
			msg := "want one YAML document, found more"
			if more != "" {
				msg += "; " + more
			}
			return nil, yamlErr(&extra, msg)
		}
	}
}

// emptyDocument reports whether a document node holds nothing: yaml.v3
// gives an empty document a null scalar with no text (a written null, ~ or
// null, has its text).
func emptyDocument(d *yaml.Node) bool {
	if len(d.Content) == 0 {
		return true
	}
	c := d.Content[0]
	return len(d.Content) == 1 && c.Kind == yaml.ScalarNode && c.Tag == "!!null" && c.Value == "" && c.Style == 0 && c.Anchor == ""
}

// yamlSyntax words an error of yaml.v3 as envgen's, "invalid YAML: …", and
// nesting past its limit as JSON's is worded, with the line and column.
// yaml.v3's own "line N:" is kept as it is, not made envgen's "at line N":
// for a parser error it is the line before (it counts from 0 there).
func yamlSyntax(data []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if strings.HasSuffix(msg, "exceeded max depth of 10000") {
		if line, col, ok := yamlDepthAt(data); ok {
			return &SyntaxError{Line: line, Column: col, Msg: TooDeep(line, col)}
		}
		return &SyntaxError{Msg: fmt.Sprintf("nested deeper than %d levels, more than envgen reads", maxDepth)}
	}
	return &SyntaxError{Msg: "invalid YAML: " + msg}
}

// yamlDepthAt finds where yaml.v3 stops for nesting past its limit: it
// says so without a position (or with the line only). That place ends the
// shortest prefix of data that yaml.v3 refuses for its depth. Reading a
// prefix costs as much as reading the file up to there, so the place is
// first guessed by counting flow brackets ([ and {, the way a nesting bomb
// is written) and checked with two reads; failing that, a file of at most
// maxDepthSearch bytes is searched by bisection, and a larger one is left
// without a place.
func yamlDepthAt(data []byte) (line, col int, ok bool) {
	tooDeepAt := func(n int) bool {
		var doc yaml.Node
		err := yaml.NewDecoder(bytes.NewReader(data[:n])).Decode(&doc)
		return err != nil && strings.HasSuffix(err.Error(), "exceeded max depth of 10000")
	}
	at := -1
	if i := flowDepthAt(data); i >= 0 && tooDeepAt(i+1) && !tooDeepAt(i) {
		at = i
	} else if len(data) <= maxDepthSearch && tooDeepAt(len(data)) {
		lo, hi := 0, len(data) // tooDeepAt(hi) holds; find the least such n
		for lo+1 < hi {
			mid := lo + (hi-lo)/2
			if tooDeepAt(mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
		at = hi - 1
		for at > 0 && (data[at] == ' ' || data[at] == '\t' || data[at] == '\n' || data[at] == '\r') {
			at-- // yaml.v3 looks one byte past "-" to know it is an item
		}
	}
	if at < 0 {
		return 0, 0, false
	}
	line, col = position(data, int64(at))
	return line, col, true
}

// maxDepthSearch bounds the file that yamlDepthAt searches by bisection:
// about twenty reads of up to 256 KiB.
const maxDepthSearch = 256 << 10

// flowDepthAt is the offset of the [ or { that opens flow level maxDepth+1,
// counting brackets outside quotes and comments, or -1. It is a guess (a
// plain scalar may hold brackets): yamlDepthAt checks it.
func flowDepthAt(data []byte) int {
	depth := 0
	var quote byte
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case quote == '"' && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#' && (i == 0 || data[i-1] == ' ' || data[i-1] == '\t' || data[i-1] == '\n'):
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case c == '[' || c == '{':
			if depth++; depth > maxDepth {
				return i
			}
		case c == ']' || c == '}':
			depth = max(depth-1, 0)
		}
	}
	return -1
}

// YAMLToJSON reads a YAML document as Load reads a YAML schema (one document,
// the JSON data model, the same limits and messages) and writes it as JSON
// text, each mapping's members in the order written. Its error is a
// *SyntaxError.
func YAMLToJSON(data []byte) ([]byte, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	order := map[string][]string{}
	doc, err := decodeYAML(data, order, "give each document its own file")
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) {
			se = &SyntaxError{Msg: err.Error()}
		}
		return nil, se
	}
	var b bytes.Buffer
	writeJSON(&b, doc, "", order)
	return b.Bytes(), nil
}

// writeJSON writes v, a value of the JSON data model at ptr, members in
// the order order records.
func writeJSON(b *bytes.Buffer, v any, ptr string, order map[string][]string) {
	switch x := v.(type) {
	case map[string]any:
		b.WriteByte('{')
		for i, k := range order[ptr] {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			writeJSON(b, x[k], ptr+"/"+escape(k), order)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e, ptr+"/"+strconv.Itoa(i), order)
		}
		b.WriteByte(']')
	case string:
		writeString(b, x)
	case json.Number:
		b.WriteString(string(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case nil:
		b.WriteString("null")
	default: // decodeYAML gives none other
		panic(fmt.Sprintf("load: writeJSON: %T", v))
	}
}

func writeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)       // a string always encodes
	b.Truncate(b.Len() - 1) // Encode's newline
}
