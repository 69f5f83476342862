package dialects

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/envgen/envgen/generated/go/envelope"
)

// canonicalDialect is envgen's own envelope: converting to it and back is
// the identity.
var canonicalDialect = &dialect{
	name:          Canonical,
	schema:        "canonical:envelope.json",
	keep:          []string{"/success", "/data", "/error"},
	toCanonical:   decodeCanon,
	fromCanonical: func(c *canon, _ string) (any, []string, error) { return c, nil, nil },
}

// code spells a dialect's error or warning code as a canonical one, in
// SCREAMING_SNAKE_CASE: letters upper-cased, a single dot between letters or
// digits kept (ADAPTER.EXECUTION.FAILED keeps its spelling), every other run
// of other characters an underscore ("not_found" becomes NOT_FOUND). A code
// that starts with a digit gets the prefix E_; one with no letter or digit is
// UNKNOWN.
func code(s string) envelope.Code {
	var b strings.Builder
	sep := ""
	for _, r := range s {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if sep != "" && b.Len() > 0 {
				if sep == "." {
					b.WriteByte('.')
				} else {
					b.WriteByte('_')
				}
			}
			b.WriteRune(unicode.ToUpper(r))
			sep = ""
		default:
			sep += string(r)
		}
	}
	out := b.String()
	switch {
	case out == "":
		out = "UNKNOWN"
	case out[0] >= '0' && out[0] <= '9':
		out = "E_" + out
	}
	if len(out) > 100 {
		out = strings.TrimRight(out[:100], "_.")
	}
	return envelope.Code(out)
}

// categories are the error categories of the codes the seeds document.
var categories = map[envelope.Code]envelope.Category{
	"VALIDATION_ERROR": envelope.CategoryValidation, "INVALID_FORMAT": envelope.CategoryValidation,
	"MISSING_REQUIRED": envelope.CategoryValidation, "INVALID_INPUT": envelope.CategoryValidation,
	"MISSING_PARAMS": envelope.CategoryValidation, "UNKNOWN_ACTION": envelope.CategoryValidation,
	"INVALID_FIELDS": envelope.CategoryValidation, "TOKEN_LIMIT_EXCEEDED": envelope.CategoryValidation,
	"NOT_FOUND": envelope.CategoryNotFound, "SPEC_NOT_FOUND": envelope.CategoryNotFound,
	"TASK_NOT_FOUND": envelope.CategoryNotFound, "DUPLICATE_ENTRY": envelope.CategoryConflict,
	"CONFLICT": envelope.CategoryConflict, "UNAUTHORIZED": envelope.CategoryAuthentication,
	"FORBIDDEN": envelope.CategoryAuthorization, "FEATURE_DISABLED": envelope.CategoryFeatureFlag,
	"RATE_LIMIT_EXCEEDED": envelope.CategoryRateLimit, "INTERNAL_ERROR": envelope.CategoryInternal,
	"UNAVAILABLE": envelope.CategoryUnavailable, "NOT_AVAILABLE": envelope.CategoryUnavailable,
}

// category is the canonical category of a canonical code: the one the seeds
// give it, not_found for any other ..._NOT_FOUND, else internal.
func category(c envelope.Code) envelope.Category {
	if cat, ok := categories[c]; ok {
		return cat
	}
	if strings.HasSuffix(string(c), "_NOT_FOUND") {
		return envelope.CategoryNotFound
	}
	return envelope.CategoryInternal
}

// scalars keeps the members of m that the canonical details and context
// hold (envelope.Detail: a scalar, a list of scalars or a flat object of
// scalars, within the schema's limits); nil when none is left.
func scalars(m map[string]json.RawMessage) envelope.DetailMap {
	var out envelope.DetailMap
	for k, v := range m {
		d := envelope.Detail(v)
		if d.Validate() != nil {
			continue
		}
		if out == nil {
			out = envelope.DetailMap{}
		}
		out[k] = d
	}
	return out
}

// raws is the reverse of scalars.
func raws(m envelope.DetailMap) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = json.RawMessage(v)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// deref returns *p, or the zero T for nil.
func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// metaOf returns c.Meta, creating it.
func metaOf(c *canon) *envelope.Meta {
	if c.Meta == nil {
		c.Meta = &envelope.Meta{}
	}
	return c.Meta
}

// timingOf returns c.Meta.Timing, creating both.
func timingOf(c *canon) *envelope.Timing {
	m := metaOf(c)
	if m.Timing == nil {
		m.Timing = &envelope.Timing{}
	}
	return m.Timing
}

// member returns the JSON text of the member name of the object doc, in
// its own member order, or nil.
func member(doc []byte, name string) json.RawMessage {
	t, err := parseTree(doc)
	if err != nil {
		return nil
	}
	n := t.at([]string{name})
	if n == nil {
		return nil
	}
	return n.appendJSON(nil)
}
