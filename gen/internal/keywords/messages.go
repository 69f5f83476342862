package keywords

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/envgen/envgen/envgenrt"
)

// Messages: what each keyword's error says, spelled once for both backends
// (docs/validation.md lists them). A message is text with holes for what
// only the validator knows when it runs, such as the instance's type; each
// backend renders the holes its own way (Go: a format for s.Failf,
// TypeScript: a concatenation) and the runtimes fill them with the same text.

// Hole is a part of a message that the validator fills in.
type Hole int

const (
	Text   Hole = iota // no hole: the piece's Text
	TypeOf             // the instance's JSON type, e.g. "integer"
	Int                // an integer the check computed: a count, an item's index
	Name               // a member name, written as a JSON string: "a\"b"
)

// Piece is a literal text or a hole.
type Piece struct {
	Hole Hole
	Text string // when Hole is Text
}

// Message is the pieces of one error message, in order.
type Message []Piece

// Plain is the message's text when it has no holes.
func (m Message) Plain() (string, bool) {
	var b strings.Builder
	for _, p := range m {
		if p.Hole != Text {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), true
}

// Holes are the holes of m, in order: the arguments an emitter supplies.
func (m Message) Holes() []Hole {
	var out []Hole
	for _, p := range m {
		if p.Hole != Text {
			out = append(out, p.Hole)
		}
	}
	return out
}

// String spells m with its holes as <type>, <n> and <name>, as
// docs/validation.md lists the messages.
func (m Message) String() string {
	var b strings.Builder
	for _, p := range m {
		switch p.Hole {
		case Text:
			b.WriteString(p.Text)
		case TypeOf:
			b.WriteString("<type>")
		case Int:
			b.WriteString("<n>")
		case Name:
			b.WriteString("<name>")
		}
	}
	return b.String()
}

func text(s string) Message { return Message{{Text: s}} }

func (m Message) then(h Hole) Message { return append(m, Piece{Hole: h}) }

func (m Message) and(s string) Message { return append(m, Piece{Text: s}) }

// Type: must be string or null, not <type>.
func Type(types []string) Message {
	return Message{{Text: "must be " + strings.Join(types, " or ") + ", not "}, {Hole: TypeOf}}
}

// Enum: must be one of "ok", "partial" (values are JSON texts; ten at most
// are listed). An empty enum accepts nothing.
func Enum(values []string) Message {
	if len(values) == 0 {
		return text("no value is allowed: the enum is empty")
	}
	texts := make([]string, 0, min(len(values), 11))
	for i, v := range values {
		if i == 10 {
			texts = append(texts, "…")
			break
		}
		texts = append(texts, JSONText(v))
	}
	return text("must be one of " + strings.Join(texts, ", "))
}

// Const: must be "x".
func Const(value string) Message { return text("must be " + JSONText(value)) }

// MinLength: must be at least 3 characters long.
func MinLength(n int) Message { return text("must be at least " + Count(n, "character") + " long") }

// MaxLength: must be at most 3 characters long.
func MaxLength(n int) Message { return text("must be at most " + Count(n, "character") + " long") }

// Pattern: must match the pattern "^a".
func Pattern(pattern string) Message { return text("must match the pattern " + Quote(pattern)) }

// Format: must be a valid date-time.
func Format(name string) Message { return text("must be a valid " + name) }

// Minimum: must be at least 1; limit is the schema's spelling.
func Minimum(limit string) Message { return text("must be at least " + limit) }

// Maximum: must be at most 1.
func Maximum(limit string) Message { return text("must be at most " + limit) }

// ExclusiveMinimum: must be greater than 1.
func ExclusiveMinimum(limit string) Message { return text("must be greater than " + limit) }

// ExclusiveMaximum: must be less than 1.
func ExclusiveMaximum(limit string) Message { return text("must be less than " + limit) }

// MultipleOf: must be a multiple of 0.01.
func MultipleOf(m string) Message { return text("must be a multiple of " + m) }

// ItemsFalse, for items: false past n prefixItems: must have at most 2 items.
func ItemsFalse(prefix int) Message { return MaxItems(prefix) }

// MinContains, for contains and minContains: must contain at least 1 matching item.
func MinContains(n int) Message { return text("must contain at least " + Count(n, "matching item")) }

// MaxContains: must contain at most 2 matching items.
func MaxContains(n int) Message { return text("must contain at most " + Count(n, "matching item")) }

// MinItems: must have at least 2 items.
func MinItems(n int) Message { return text("must have at least " + Count(n, "item")) }

// MaxItems: must have at most 2 items.
func MaxItems(n int) Message { return text("must have at most " + Count(n, "item")) }

// UniqueItems: must not have equal items, but items <n> and <n> are equal
// (the first item that equals an earlier one, and the first it equals).
func UniqueItems() Message {
	return text("must not have equal items, but items ").then(Int).and(" and ").then(Int).and(" are equal")
}

// UnexpectedProperty, for additionalProperties and unevaluatedProperties
// false: unexpected property <name>.
func UnexpectedProperty() Message { return text("unexpected property ").then(Name) }

// UnexpectedItem, for unevaluatedItems false: unexpected item <n>.
func UnexpectedItem() Message { return text("unexpected item ").then(Int) }

// Required: missing required property "data".
func Required(name string) Message { return text("missing required property " + Quote(name)) }

// MinProperties: must have at least 1 property.
func MinProperties(n int) Message { return text("must have at least " + Count(n, "property")) }

// MaxProperties: must have at most 3 properties.
func MaxProperties(n int) Message { return text("must have at most " + Count(n, "property")) }

// DependentRequired: property "b" is required when "a" is present.
func DependentRequired(required, member string) Message {
	return text("property " + Quote(required) + " is required when " + Quote(member) + " is present")
}

// AnyOf: must match at least one schema of anyOf.
func AnyOf() Message { return text("must match at least one schema of anyOf") }

// OneOf: must match exactly one schema of oneOf, not <n>.
func OneOf() Message { return text("must match exactly one schema of oneOf, not ").then(Int) }

// Not: must not match the schema of not.
func Not() Message { return text("must not match the schema of not") }

// False, for the schema false (keyword "false"): no value is allowed here.
// The runtimes spell it too, for a false schema they are handed.
func False() Message { return text(FalseText) }

// The messages the runtimes (envgenrt, templates/runtime/envgen.ts) write
// themselves; a test finds them, spelled the same, in both.
const (
	FalseText    = "no value is allowed here"
	MaxErrorsFmt = "more errors follow; the list was cut at %d" // keyword "maxErrors"
)

// Count is "1 character", "3 characters", "2 properties".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(noun, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Quote writes s as a JSON string, as JavaScript's JSON.stringify does (and
// the Go runtime, envgenrt.Quoted): no HTML escapes, U+2028 and U+2029 as
// they are.
func Quote(s string) string { return envgenrt.Quoted(s).String() }

// JSONText is a JSON value's text as a schema author writes it: compact,
// members sorted by name, strings as Quote writes them, numbers as they are
// spelled.
func JSONText(raw string) string {
	if plainJSONText(raw) {
		return raw
	}
	return decodedJSONText(raw)
}

// decodedJSONText is JSONText's exact path: decode, then write.
func decodedJSONText(raw string) string {
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return raw
	}
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

// plainJSONText reports whether raw is a JSON text that JSONText writes as
// it is, without decoding it: a string of printable ASCII with no escape
// (Quote writes it back the same), or true, false or null. Anything else
// (numbers included) takes the decoder.
func plainJSONText(raw string) bool {
	switch raw {
	case "true", "false", "null":
		return true
	}
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return false
	}
	for i := 1; i < len(raw)-1; i++ {
		if c := raw[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func writeJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		b.WriteString(x.String())
	case string:
		b.WriteString(Quote(x))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(x)) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(Quote(k))
			b.WriteByte(':')
			writeJSON(b, x[k])
		}
		b.WriteByte('}')
	}
}

// JSONType is a decoded JSON value's type as the runtimes name it in messages
// ("must be string, not integer"): a number with no fraction (1, 1.0, 1e2)
// is an integer.
func JSONType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if envgenrt.IsInteger([]byte(x)) {
			return "integer"
		}
	}
	return "number"
}
