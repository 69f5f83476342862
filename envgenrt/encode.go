package envgenrt

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// The Append functions write JSON as encoding/json's Marshal does, so that
// generated AppendJSON methods (and the MarshalJSON methods built on them)
// write what json.Marshal of the same Go value would, without reflection.

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string. Like encoding/json, it escapes
// <, > and & for HTML, and U+2028 and U+2029, and writes each byte of
// invalid UTF-8 as U+FFFD.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// AppendInt appends an integer.
func AppendInt(b []byte, v int64) []byte { return strconv.AppendInt(b, v, 10) }

// AppendBool appends true or false.
func AppendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// AppendFloat appends a float64 as encoding/json does: the shortest text that
// reads back as the same number, with an exponent only for very large or
// small magnitudes. NaN and infinities are errors, as in encoding/json.
func AppendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// AppendRaw appends JSON text held as json.RawMessage: compacted, and null
// when it is nil, each byte of invalid UTF-8 written as \ufffd (unlike
// encoding/json, which copies it). Text that is not one JSON value is an
// error, as in encoding/json.
func AppendRaw(b []byte, raw []byte) ([]byte, error) {
	if raw == nil {
		return append(b, "null"...), nil
	}
	if !json.Valid(raw) {
		return b, errors.New("json: error calling MarshalJSON for type json.RawMessage: invalid JSON text " + abbrev(raw))
	}
	if !utf8.Valid(raw) { // never write invalid UTF-8
		raw = appendValidUTF8(nil, raw)
	}
	inString, escaped := false, false
	for _, c := range raw {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		}
		b = append(b, c)
	}
	return b, nil
}

// appendValidUTF8 appends the JSON text raw to b with each byte that is not
// part of valid UTF-8 written as \ufffd (U+FFFD), as encoding/json decodes
// and encodes such a byte in a string. In a valid JSON text such bytes can
// only be inside strings, where the escape means U+FFFD.
func appendValidUTF8(b, raw []byte) []byte {
	if utf8.Valid(raw) {
		return append(b, raw...)
	}
	start := 0
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, raw[start:i]...)
			b = append(b, `\ufffd`...)
			start = i + 1
		}
		i += size
	}
	return append(b, raw[start:]...)
}

// AppendText appends the JSON text that a named enum of mixed types holds;
// its zero value holds none and is an error.
func AppendText(b []byte, text string) ([]byte, error) {
	if text == "" {
		return b, errors.New("no JSON value: the zero value of an enum of mixed types is not one of its values")
	}
	return AppendRaw(b, bytesOf(text))
}

// AppendValue appends the encoding of *v, a value of a type parameter: with
// its AppendJSON method when it is a generated type, else with json.Marshal.
func AppendValue[T any](b []byte, v *T) ([]byte, error) {
	switch x := any(v).(type) {
	case Appender:
		return x.AppendJSON(b)
	case *json.RawMessage:
		return AppendRaw(b, *x)
	case *string:
		return AppendString(b, *x), nil
	case *bool:
		return AppendBool(b, *x), nil
	case *int64:
		return AppendInt(b, *x), nil
	case *float64:
		return AppendFloat(b, *x)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, data...), nil
}

// KnownMember is the error of an AppendJSON when an object's Extra map holds
// a member that has a field of its own, which would be written twice.
func KnownMember(name string) error {
	return errors.New("extra member " + strconv.Quote(name) + " has the name of a known member")
}

// EndObject closes an object whose members were each followed by a comma.
func EndObject(b []byte) []byte {
	if b[len(b)-1] == ',' {
		b[len(b)-1] = '}'
		return b
	}
	return append(b, '}')
}

// EndArray closes an array whose items were each followed by a comma.
func EndArray(b []byte) []byte {
	if b[len(b)-1] == ',' {
		b[len(b)-1] = ']'
		return b
	}
	return append(b, ']')
}

// SortedKeys returns the keys of m in order, in buf's storage when it is
// large enough (a generated AppendJSON passes an array on its stack).
func SortedKeys[V any](m map[string]V, buf []string) []string {
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
