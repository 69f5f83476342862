package validate

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/keywords"
)

// checks are the runtime's format checks, by the stem keywords.FormatFunc
// names; a test finds one for every format keywords.Formats lists.
var checks = map[string]func([]byte) bool{
	"DateTime": envgenrt.IsDateTime, "Date": envgenrt.IsDate, "Time": envgenrt.IsTime,
	"Duration": envgenrt.IsDuration, "Email": envgenrt.IsEmail, "Hostname": envgenrt.IsHostname,
	"IPv4": envgenrt.IsIPv4, "IPv6": envgenrt.IsIPv6, "URI": envgenrt.IsURI,
	"URIReference": envgenrt.IsURIReference, "UUID": envgenrt.IsUUID,
	"JSONPointer": envgenrt.IsJSONPointer, "Regex": envgenrt.IsRegex,
}

// interpreterFormats are the formats santhosh-tekuri/jsonschema knows: each
// is replaced, by the runtime's check or by none, so that it never decides.
var interpreterFormats = []string{"regex", "ipv4", "ipv6", "hostname", "email", "date", "time", "date-time",
	"duration", "period", "json-pointer", "relative-json-pointer", "uuid", "uri", "iri", "uri-reference",
	"iri-reference", "uri-template", "semver", "idn-email", "idn-hostname"}

// formats sets the generated code's format policy on c: without assert,
// format is an annotation in every draft (the interpreter would assert it
// in drafts before 2019-09); with it, the formats of keywords.Formats are
// checked by the runtime's functions.
func formats(c *jsonschema.Compiler, assert bool) {
	for _, name := range append(interpreterFormats, regexFormat) {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(any) error { return nil }})
	}
	if !assert {
		return
	}
	c.AssertFormat()
	for _, name := range keywords.Formats() {
		stem, _ := keywords.FormatFunc(name)
		check := checks[stem]
		registered := name
		if name == "regex" {
			registered = regexFormat
		}
		c.RegisterFormat(&jsonschema.Format{Name: registered, Validate: func(v any) error {
			if s, ok := v.(string); ok && !check([]byte(s)) {
				return fmt.Errorf("not a valid %s", name)
			}
			return nil
		}})
	}
}

// values are keywords whose values are data, not schemas.
var values = map[string]bool{"const": true, "enum": true, "default": true, "examples": true}

// unassertable finds a format that generated code cannot assert, as the
// generator refuses it under --assert-format: its name and the pointer of
// the schema that has it.
func unassertable(v any, ptr string) (string, string, bool) {
	switch x := v.(type) {
	case map[string]any:
		if f, ok := x["format"].(string); ok {
			if _, known := keywords.FormatFunc(f); !known {
				return f, ptr, true
			}
		}
		for _, k := range sortedKeys(x) {
			if values[k] {
				continue
			}
			if name, p, ok := unassertable(x[k], ptr+"/"+escape(k)); ok {
				return name, p, ok
			}
		}
	case []any:
		for i, e := range x {
			if name, p, ok := unassertable(e, ptr+"/"+strconv.Itoa(i)); ok {
				return name, p, ok
			}
		}
	}
	return "", "", false
}

// regexFormat stands for format "regex", whose check the interpreter
// does not let anyone replace (it asserts it with the regexp engine, and
// in drafts before 2019-09 whether or not format is asserted): documents
// are handed to it with this name instead (withRegexFormat), which formats
// registers like any other.
const regexFormat = "envgen-regex"

// withRegexFormat returns v with every format "regex" of a schema renamed
// regexFormat, copying only what changes; unchanged, v itself.
func withRegexFormat(v any) any {
	switch x := v.(type) {
	case map[string]any:
		var out map[string]any
		set := func(k string, e any) {
			if out == nil {
				out = make(map[string]any, len(x))
				for k2, v2 := range x {
					out[k2] = v2
				}
			}
			out[k] = e
		}
		if f, ok := x["format"].(string); ok && f == "regex" {
			set("format", regexFormat)
		}
		for k, e := range x {
			if values[k] {
				continue
			}
			if ne := withRegexFormat(e); !same(ne, e) {
				set(k, ne)
			}
		}
		if out != nil {
			return out
		}
	case []any:
		var out []any
		for i, e := range x {
			if ne := withRegexFormat(e); !same(ne, e) {
				if out == nil {
					out = append([]any(nil), x...)
				}
				out[i] = ne
			}
		}
		if out != nil {
			return out
		}
	}
	return v
}

// same says whether withRegexFormat returned its argument: containers by
// identity.
func same(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		return ok && fmt.Sprintf("%p", x) == fmt.Sprintf("%p", y)
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	}
	return true
}

// regexpEngine compiles patterns as the generated Go does: ECMA-262,
// translated to RE2; a pattern with no translation (lookaround,
// backreferences) is an error, as generating Go from it is.
func regexpEngine(s string) (jsonschema.Regexp, error) {
	if err := envgenrt.CheckECMA(s); err != nil {
		return nil, err
	}
	re, err := envgenrt.CompileECMA(s)
	if err != nil {
		return nil, fmt.Errorf("pattern %q has no RE2 translation, so generated Go cannot check it: %v", s, err)
	}
	return ecmaRegexp{re, s}, nil
}

type ecmaRegexp struct {
	re  *regexp.Regexp
	src string
}

func (r ecmaRegexp) MatchString(s string) bool { return r.re.MatchString(s) }
func (r ecmaRegexp) String() string            { return r.src }
