package golang

import (
	"strings"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/keywords"
)

// TestKeywordCheckMessages: the keyword checks of envgenrt (checks.go) spell
// their messages as the registry does, which the TypeScript validators read:
// the generated calls no longer carry them. Each check is run on a value
// that fails it, and the one error it records is compared.
func TestKeywordCheckMessages(t *testing.T) {
	enum := make([]string, 12)
	var texts []string
	for i := range enum {
		enum[i] = strings.Repeat("v", i) + "\"\n"
		texts = append(texts, keywords.Quote(enum[i]))
	}
	cases := []struct {
		keyword string
		json    string
		check   func(s *envgenrt.State) bool
		want    keywords.Message
	}{
		{"minLength", `"a"`, func(s *envgenrt.State) bool { return s.MinLength(0, 2, "p") }, keywords.MinLength(2)},
		{"minLength", `""`, func(s *envgenrt.State) bool { return s.MinLength(0, 1, "p") }, keywords.MinLength(1)},
		{"maxLength", `"ab"`, func(s *envgenrt.State) bool { return s.MaxLength(0, 1, "p") }, keywords.MaxLength(1)},
		{"maxLength", `"abcd"`, func(s *envgenrt.State) bool { return s.MaxLength(0, 3, "p") }, keywords.MaxLength(3)},
		{"minItems", `[]`, func(s *envgenrt.State) bool { return s.MinItems(0, 1, "p") }, keywords.MinItems(1)},
		{"minItems", `[1]`, func(s *envgenrt.State) bool { return s.MinItems(0, 5, "p") }, keywords.MinItems(5)},
		{"maxItems", `[1,2]`, func(s *envgenrt.State) bool { return s.MaxItems(0, 1, "p") }, keywords.MaxItems(1)},
		{"maxItems", `[1,2,3]`, func(s *envgenrt.State) bool { return s.MaxItems(0, 2, "p") }, keywords.MaxItems(2)},
		{"minProperties", `{}`, func(s *envgenrt.State) bool { return s.MinProperties(0, 1, "p") }, keywords.MinProperties(1)},
		{"minProperties", `{"a":1}`, func(s *envgenrt.State) bool { return s.MinProperties(0, 3, "p") }, keywords.MinProperties(3)},
		{"maxProperties", `{"a":1,"b":2}`, func(s *envgenrt.State) bool { return s.MaxProperties(0, 1, "p") }, keywords.MaxProperties(1)},
		{"maxProperties", `{"a":1,"b":2,"c":3}`, func(s *envgenrt.State) bool { return s.MaxProperties(0, 2, "p") }, keywords.MaxProperties(2)},
		{"minimum", `0.5`, func(s *envgenrt.State) bool { return s.Minimum(0, "1e0", "p") }, keywords.Minimum("1e0")},
		{"maximum", `2`, func(s *envgenrt.State) bool { return s.Maximum(0, "1.5", "p") }, keywords.Maximum("1.5")},
		{"exclusiveMinimum", `0`, func(s *envgenrt.State) bool { return s.ExclusiveMinimum(0, "0", "p") }, keywords.ExclusiveMinimum("0")},
		{"exclusiveMaximum", `1`, func(s *envgenrt.State) bool { return s.ExclusiveMaximum(0, "1", "p") }, keywords.ExclusiveMaximum("1")},
		{"required", `{}`, func(s *envgenrt.State) bool { return s.Missing(0, "p", "a\"b\u0001") }, keywords.Required("a\"b\u0001")},
		{"additionalProperties", `{"a\"":1}`, func(s *envgenrt.State) bool { return s.NoAdditional(0, nil, "p") },
			unexpected(`"a\""`)},
		{"enum", `"x"`, func(s *envgenrt.State) bool { return s.Enum(0, "p", "a", "b\"") }, keywords.Enum([]string{`"a"`, `"b\""`})},
		{"enum", `"x"`, func(s *envgenrt.State) bool { return s.Enum(0, "p", enum...) }, keywords.Enum(texts)},
		{"enum", `"x"`, func(s *envgenrt.State) bool { return s.Enum(0, "p") }, keywords.Enum(nil)},
	}
	for _, c := range cases {
		want, _ := c.want.Plain()
		s := envgenrt.NewState()
		if err := s.Parse([]byte(c.json)); err != nil {
			t.Fatalf("%s %s: %v", c.keyword, c.json, err)
		}
		ok := c.check(s)
		verr, _ := s.Err().(*envgenrt.ValidationError)
		switch {
		case ok:
			t.Errorf("%s on %s passed", c.keyword, c.json)
		case verr == nil || len(verr.Errors) != 1:
			t.Errorf("%s on %s: errors %v, want one", c.keyword, c.json, s.Err())
		case verr.Errors[0] != (envgenrt.Error{SchemaPath: "p", Keyword: c.keyword, Message: want}):
			t.Errorf("%s on %s: %+v, want message %q", c.keyword, c.json, verr.Errors[0], want)
		}
		s.Release()
	}
}

// unexpected is keywords.UnexpectedProperty with its hole filled by name, a
// JSON string.
func unexpected(name string) keywords.Message {
	var out keywords.Message
	for _, p := range keywords.UnexpectedProperty() {
		if p.Hole == keywords.Name {
			p = keywords.Piece{Text: name}
		}
		out = append(out, p)
	}
	return out
}
