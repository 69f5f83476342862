package envgenrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// CanonicalJSON returns the canonical text of the JSON value data: compact,
// object members sorted by name, strings with only the escapes JSON requires,
// and numbers by value: 1.0 and 1e0 become 1, 1.50 becomes 1.5. Two JSON texts
// denote the same value if and only if their canonical texts are equal.
//
// Generated code compares enum values, consts and discriminators in this form;
// the generator writes their constants in it too.
func CanonicalJSON(data []byte) (string, error) {
	if s, ok := canonicalScalar(data); ok {
		return s, nil
	}
	return canonicalDecoded(data)
}

// canonicalScalar is CanonicalJSON of the values the generator asks about
// most, one per enum value and const: a literal, a number, or a string of
// printable ASCII without escapes, written without surrounding space. It
// reports false for anything else, which canonicalDecoded then reads.
func canonicalScalar(data []byte) (string, bool) {
	switch s := string(data); {
	case s == "null", s == "true", s == "false":
		return s, true
	case len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"':
		for i := 1; i < len(s)-1; i++ {
			if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
				return "", false
			}
		}
		return s, true // the encoder escapes none of these bytes
	case isJSONNumber(data):
		return canonicalNumber(s), true
	}
	return "", false
}

// isJSONNumber reports whether b is exactly one JSON number, as the
// parser reads one.
func isJSONNumber(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	p := parser{src: b}
	_, _, _, err := p.number()
	return err == nil && p.i == len(b)
}

// canonicalDecoded is CanonicalJSON by way of encoding/json: any JSON value.
func canonicalDecoded(data []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	if dec.More() {
		return "", errors.New("unexpected data after the JSON value")
	}
	var b strings.Builder
	if err := writeCanonical(&b, v); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeCanonical(b *strings.Builder, v any) error {
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case json.Number:
		b.WriteString(canonicalNumber(string(v)))
	case string:
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return err
		}
		b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	case []any:
		b.WriteByte('[')
		for i, item := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeCanonical(b, item); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		names := make([]string, 0, len(v))
		for name := range v {
			names = append(names, name)
		}
		slices.Sort(names)
		b.WriteByte('{')
		for i, name := range names {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeCanonical(b, name); err != nil {
				return err
			}
			b.WriteByte(':')
			if err := writeCanonical(b, v[name]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return errors.New("envgenrt.CanonicalJSON: unexpected decoded value")
	}
	return nil
}

// maxExponent bounds the exponents canonicalNumber expands, so that a hostile
// 1e999999999 costs nothing; such numbers are kept as written.
const maxExponent = 1000

// canonicalNumber writes a JSON number by value: an integer without fraction or
// exponent, any other number as the shortest exact decimal.
func canonicalNumber(s string) string {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		exp, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || exp > maxExponent || exp < -maxExponent {
			return s
		}
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return s
	}
	if r.IsInt() {
		return r.Num().String()
	}
	// A JSON number is a decimal, so the denominator is 2^a·5^b and
	// max(a, b) digits after the point are exact.
	d := new(big.Int).Set(r.Denom())
	digits := 0
	two, five := big.NewInt(2), big.NewInt(5)
	m := new(big.Int)
	for _, p := range []*big.Int{two, five} {
		n := 0
		for m.Mod(d, p).Sign() == 0 {
			d.Quo(d, p)
			n++
		}
		digits = max(digits, n)
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return s
	}
	return r.FloatString(digits)
}
