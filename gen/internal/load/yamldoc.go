package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/internal/jsonpos"
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

// yamlSyntax words an error of yaml.v3 as envgen's, "invalid YAML at line
// L: …", and nesting past its limit as JSON's is worded, with the line and
// column.
//
// yaml.v3 says no column, and its "line N:" is not always the line: for an
// error of its parser (parserProblems) it is the line before, counted from
// 0, and for any error of its reader or scanner on the first line it says no
// line at all. A byte its reader refuses (invalid UTF-8, a control
// character) is found here, with its line and column.
func yamlSyntax(data []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if l, err := strconv.Atoi(n); err == nil && l > 0 {
				line, msg = l, after
			}
		}
	}
	switch {
	case strings.HasSuffix(msg, "exceeded max depth of 10000"):
		if line, col, ok := yamlDepthAt(data); ok {
			return &SyntaxError{Line: line, Column: col, Msg: TooDeep(line, col)}
		}
		return &SyntaxError{Msg: fmt.Sprintf("nested deeper than %d levels, more than envgen reads", maxDepth)}
	case readerProblems[msg]:
		if at, what := badYAMLChar(data); at >= 0 {
			line, col := jsonpos.Position(data, int64(at))
			return &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf("invalid YAML at line %d, column %d: %s", line, col, what)}
		}
		return &SyntaxError{Msg: "invalid YAML: " + msg}
	case strings.HasPrefix(msg, "unknown anchor ") || strings.HasPrefix(msg, "attempted to go past"):
		return &SyntaxError{Msg: "invalid YAML: " + msg} // not the parser's: no line given, none known
	case parserProblems[msg]:
		line = yamlProblemLine(data, msg, line+1) // line counted from 0
	case line == 0:
		line = 1 // the scanner names no line 1
	}
	// a problem found at the end of the file (a bracket or quote left open)
	// is on its last line with text, not on the empty one after it
	line = max(min(line, bytes.Count(bytes.TrimRight(data, " \t\r\n"), []byte("\n"))+1), 1)
	return &SyntaxError{Line: line, Msg: fmt.Sprintf("invalid YAML at line %d: %s", line, msg)}
}

// parserProblems are the errors of yaml.v3's parser (parserc.go), whose
// line yaml.v3 counts from 0; its scanner's it counts from 1.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"found undefined tag handle":             true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found duplicate %TAG directive":         true,
}

// yamlProblemLine is the line of a parser error of yaml.v3 with the
// message msg, which it places at line from. yaml.v3 names the line of
// what the parser was reading (a block mapping, a flow sequence) where it
// knows it, not the line of the problem, which can be further down:
// "x:\n  y: 1\n  - 3" is placed at "y", line 2, the problem is "- 3", line
// 3. The problem's line ends the shortest run of whole lines that fails
// with msg; it is searched by bisection in a file of at most
// maxDepthSearch bytes, and from is kept for a larger one.
func yamlProblemLine(data []byte, msg string, from int) int {
	if len(data) > maxDepthSearch {
		return from
	}
	var ends []int // ends[k] is the end of line from+k, its newline included
	for i, line := 0, 1; i < len(data); line++ {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			j = len(data)
		} else {
			j += i + 1
		}
		if line >= from {
			ends = append(ends, j)
		}
		i = j
	}
	fails := func(k int) bool {
		var doc yaml.Node
		err := yaml.NewDecoder(bytes.NewReader(data[:ends[k]])).Decode(&doc)
		return err != nil && strings.HasSuffix(err.Error(), ": "+msg)
	}
	lo, hi := -1, len(ends)-1 // the whole file fails; find the fewest lines that do
	if hi < 0 || !fails(hi) {
		return from
	}
	for lo+1 < hi {
		mid := lo + (hi-lo)/2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return from + hi
}

// readerProblems are the errors of yaml.v3's reader (readerc.go) for UTF-8
// input, which say no line: badYAMLChar finds the byte.
var readerProblems = map[string]bool{
	"invalid leading UTF-8 octet":        true,
	"incomplete UTF-8 octet sequence":    true,
	"invalid trailing UTF-8 octet":       true,
	"invalid length of a UTF-8 sequence": true,
	"invalid Unicode character":          true,
	"control characters are not allowed": true,
}

// badYAMLChar is the offset of the first byte in data that yaml.v3's reader
// refuses, and what is wrong with it, or -1. YAML allows tab, line feed,
// carriage return, the printable characters and U+0085 (YAML 1.2, 5.1).
func badYAMLChar(data []byte) (int, string) {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return i, fmt.Sprintf("invalid UTF-8 (byte 0x%02x)", data[i])
		case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		case r < 0x20 || (r >= 0x7f && r < 0xa0) || (r >= 0xd800 && r <= 0xdfff) || r == 0xfffe || r == 0xffff:
			return i, fmt.Sprintf("the control character U+%04X, which YAML does not allow", r)
		}
		i += size
	}
	return -1, ""
}

// yamlDepthAt finds where yaml.v3 stops for nesting past its limit: it
// says so without a position (or with a line that is not always the
// place). That place ends the shortest prefix of data that yaml.v3 refuses
// for its depth. Reading a prefix costs as much as reading the file up to
// there, so the place is first guessed, by counting flow brackets ([ and {,
// the way a nesting bomb is written) or block indentation ("- - - …", keys
// indented ever deeper), and checked with a few reads; failing that, a file
// of at most maxDepthSearch bytes is searched by bisection, and a larger
// one is left without a place.
func yamlDepthAt(data []byte) (line, col int, ok bool) {
	tooDeepAt := func(n int) bool {
		var doc yaml.Node
		err := yaml.NewDecoder(bytes.NewReader(data[:n])).Decode(&doc)
		return err != nil && strings.HasSuffix(err.Error(), "exceeded max depth of 10000")
	}
	// least is the shortest prefix refused, between lo (read) and hi
	// (refused) bytes; -1 where they are not so.
	least := func(lo, hi int) int {
		if lo < 0 || hi > len(data) || tooDeepAt(lo) || !tooDeepAt(hi) {
			return -1
		}
		for lo+1 < hi {
			mid := lo + (hi-lo)/2
			if tooDeepAt(mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
		return hi
	}
	at := -1
	if i := flowDepthAt(data); i >= 0 && least(i, i+1) > 0 {
		at = i
	} else if lo, hi := blockDepthAt(data); lo >= 0 {
		at = least(lo, hi) - 1
	}
	if at < 0 && len(data) <= maxDepthSearch {
		at = least(0, len(data)) - 1
	}
	if at < 0 {
		return 0, 0, false
	}
	for at > 0 && (data[at] == ' ' || data[at] == '\t' || data[at] == '\n' || data[at] == '\r') {
		at-- // yaml.v3 looks one byte past "-" to know it is an item
	}
	line, col = jsonpos.Position(data, int64(at))
	return line, col, true
}

// blockDepthAt guesses where block indentation opens level maxDepth+1, as
// yaml.v3's scanner counts it (roll_indent, unroll_indent): each "- ", "? "
// or simple key "k:" at a column deeper than the one before opens a level,
// and a token at a shallower column closes those deeper than it. It gives
// the bytes between which the shortest refused prefix ends (the token and
// the byte after its indicator), or -1, -1. It is a guess (flow
// collections, quoted keys and multi-line scalars are read roughly):
// yamlDepthAt checks it.
func blockDepthAt(data []byte) (lo, hi int) {
	indent, indents := -1, 0 // yaml.v3's parser.indent and len(parser.indents)
	var stack []int
	unroll := func(c int) {
		for indent > c && len(stack) > 0 {
			indent, stack = stack[len(stack)-1], stack[:len(stack)-1]
			indents--
		}
	}
	roll := func(c int) bool {
		if indent < c {
			stack = append(stack, indent)
			indent, indents = c, indents+1
		}
		return indents > maxDepth
	}
	space := func(i int) bool {
		return i >= len(data) || data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'
	}
	for start := 0; start < len(data); {
		end := bytes.IndexByte(data[start:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += start
		}
		for i := start; i < end; {
			for i < end && data[i] == ' ' {
				i++
			}
			if i >= end || data[i] == '#' || data[i] == '[' || data[i] == '{' {
				break
			}
			c := i - start
			if (data[i] == '-' || data[i] == '?') && space(i+1) {
				if unroll(c); roll(c) {
					return i, min(i+2, len(data))
				}
				i++
				continue
			}
			// a simple key: text up to ": " on this line
			k := bytes.Index(data[i:end], []byte(":"))
			for k >= 0 && !space(i+k+1) {
				next := bytes.IndexByte(data[i+k+1:end], ':')
				if next < 0 {
					k = -1
				} else {
					k += next + 1
				}
			}
			if k >= 0 {
				if unroll(c); roll(c) {
					return i, min(i+k+2, len(data))
				}
			}
			break
		}
		start = end + 1
	}
	return -1, -1
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
	doc, err := decodeYAML(data, order, "document")
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
