// Package jsonpos places a syntax error of encoding/json in the text it
// read, as a 1-based line and column, and names the byte it stopped at,
// so that the schema loader (gen/internal/load) and the dialects'
// converter say the same place in the same words.
package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Past is how far past the bad byte encoding/json's SyntaxError.Offset is:
// 1 (it has read the byte), 0 under GOEXPERIMENT=jsonv2 (the offset of the
// byte). It is measured, not assumed, so that columns are right under both.
var Past = func() int64 {
	var v any
	var se *json.SyntaxError
	if errors.As(json.Unmarshal([]byte("x"), &v), &se) {
		return se.Offset
	}
	return 1
}()

// Offset is the offset in data of the byte that se is about.
func Offset(data []byte, se *json.SyntaxError) int64 {
	return min(max(se.Offset-Past, 0), int64(len(data)))
}

// Position turns a byte offset into a 1-based line and column.
func Position(data []byte, offset int64) (line, col int) {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// NameByte rewrites msg, an error about the byte at offset in data, where
// it names that byte as encoding/json and envgenrt do, as if it were a
// character of its own: 0xff as 'ÿ' (or '\xff'), the first byte of é as 'Ã'. A byte
// that begins no UTF-8 character is named "invalid UTF-8 (byte 0xff)"; a
// character of several bytes is named whole, 'é'. Other messages are
// returned as they are.
func NameByte(msg string, data []byte, offset int) string {
	if offset < 0 || offset >= len(data) || data[offset] < utf8.RuneSelf {
		return msg
	}
	// how the byte was named: 'ÿ' (encoding/json, envgenrt), '\xff' (jsonv2)
	shown := strconv.QuoteRune(rune(data[offset]))
	i := strings.Index(msg, shown)
	if i < 0 {
		shown = fmt.Sprintf("'\\x%02x'", data[offset])
		if i = strings.Index(msg, shown); i < 0 {
			return msg
		}
	}
	r, size := utf8.DecodeRune(data[offset:])
	name := strconv.QuoteRune(r)
	if r == utf8.RuneError && size <= 1 {
		name = fmt.Sprintf("(byte 0x%02x)", data[offset])
		// "invalid character 'ÿ'", "unexpected character 'ÿ'": the byte is
		// no character
		for _, w := range []string{"invalid character ", "unexpected character "} {
			if strings.HasSuffix(msg[:i], w) {
				i -= len(w)
				shown = w + shown
				break
			}
		}
		name = "invalid UTF-8 " + name
	}
	return msg[:i] + name + msg[i+len(shown):]
}
