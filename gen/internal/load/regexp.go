package load

import (
	"regexp"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/envgenrt"
)

// ecmaEngine is the compiler's regexp engine: patterns are ECMA-262 (checked
// by envgenrt.CheckECMA), not RE2. A pattern that is valid ECMA-262 but has no
// RE2 translation (lookaround, backreferences) loads: the Go backend runs it
// on regexp2 (envgenrt.MustECMAPattern), the TypeScript one on RegExp.
func ecmaEngine(s string) (jsonschema.Regexp, error) {
	if err := envgenrt.CheckECMA(s); err != nil {
		return nil, err
	}
	re, err := envgenrt.CompileECMA(s)
	if err != nil {
		re = nil // matched by no one: loading never validates instances
	}
	return ecmaRegexp{re: re, src: s}, nil
}

// ecmaRegexp keeps the pattern as written, which is what String returns.
type ecmaRegexp struct {
	re  *regexp.Regexp
	src string
}

func (r ecmaRegexp) MatchString(s string) bool { return r.re != nil && r.re.MatchString(s) }
func (r ecmaRegexp) String() string            { return r.src }
