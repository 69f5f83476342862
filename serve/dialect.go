package serve

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/generated/go/envelope"
)

// CodeDialectConversionFailed is the error code of a response that the tool's
// dialect cannot hold, e.g. a payload that is not an object under foundry.
const CodeDialectConversionFailed = "DIALECT_CONVERSION_FAILED"

// inDialect converts r, a rendered canonical envelope, to the call's dialect
// (Config.Dialect). When the dialect cannot hold it, the result is a failure
// in that dialect, INTERNAL DIALECT_CONVERSION_FAILED, with Err set; when not
// even that can be written, JSON is nil. It is never the canonical envelope
// in place of the dialect.
func (c *Call) inDialect(r Response) Response {
	if c.dialect == dialects.Canonical {
		return r
	}
	out, err := c.convert(c.listAsData(r.JSON))
	if err == nil {
		return Response{JSON: out, Success: r.Success, Tokens: Tokens(out)}
	}
	if slices.Contains(c.needs, "telemetry") {
		// A dialect that must say whether the response came from a cache
		// (bmcis): the failure below is serve's own, and it did not.
		given := deref(c.given)
		t := deref(given.Telemetry)
		if t.CacheHit == nil {
			t.CacheHit = new(bool)
		}
		given.Telemetry = &t
		c.given = &given
	}
	f := c.render(Failure[json.RawMessage](c.dialectError(err)), renderOptions{})
	if out, ferr := c.convert(f.JSON); ferr == nil {
		return Response{JSON: out, Success: false, Tokens: Tokens(out), Err: err}
	}
	return Response{Err: err}
}

// listAsData returns env with its data replaced by the payload's list (e.g.
// data.hits) when the dialect's payload must be an array (bmcis results) and
// the tool's payload is an object holding one list: the list is the results,
// and the payload's other members are not sent. Otherwise env is returned as
// it is.
func (c *Call) listAsData(env []byte) []byte {
	p := c.tool.Payload
	if !slices.Contains(arrayDialects, c.dialect) || p == nil || len(p.list) == 0 {
		return env
	}
	var doc map[string]json.RawMessage
	if json.Unmarshal(env, &doc) != nil {
		return env
	}
	data := doc["data"]
	for _, name := range p.list {
		var obj map[string]json.RawMessage
		if json.Unmarshal(data, &obj) != nil {
			return env
		}
		if data = obj[name]; data == nil {
			return env
		}
	}
	doc["data"] = data
	out, err := json.Marshal(doc)
	if err != nil {
		return env
	}
	return out
}

// arrayDialects are the dialects whose payload is an array.
var arrayDialects = []string{"bmcis"}

// convert converts a canonical envelope to the call's dialect, in the profile
// of the same name as the tool's when the dialect has one (scalpel).
func (c *Call) convert(b []byte) ([]byte, error) {
	var opts dialects.Options
	if p := string(c.tool.Config.Profile(c.tool.Name)); slices.Contains(dialects.Profiles(c.dialect), p) {
		opts.Profile = p
	}
	r, err := dialects.ConvertWith(dialects.Canonical, c.dialect, b, opts)
	return r.Output, err
}

func (c *Call) dialectError(err error) *Error {
	return NewError(envelope.CategoryInternal, CodeDialectConversionFailed,
		fmt.Sprintf("The response cannot be written as a %s response: %s", c.dialect, strings.ReplaceAll(err.Error(), "\n", " ")),
		Remediation("Do not retry: the server is configured to answer in a dialect that cannot hold this response. Report it to the server's maintainers."),
		NoRetry(), Detail("dialect", c.dialect))
}

// metaMembers returns the members of meta that the JSON Pointers into a
// canonical envelope (dialects.Requires) are in, e.g. "timing" for
// /meta/timing/started_at, once each.
func metaMembers(pointers []string) []string {
	var out []string
	for _, p := range pointers {
		rest, ok := strings.CutPrefix(p, "/meta/")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, "/")
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// withMembers returns dst with the named members of src, whatever the profile
// leaves out: the members a dialect requires. dst is not changed; with no
// names it is returned as it is.
func withMembers(dst *envelope.Meta, src envelope.Meta, names []string) *envelope.Meta {
	if len(names) == 0 {
		return dst
	}
	out := deref(dst)
	for _, name := range names {
		switch name {
		case "request_id":
			out.RequestID = src.RequestID
		case "tool":
			out.Tool = src.Tool
		case "timing":
			out.Timing = src.Timing
		case "tier":
			out.Tier = src.Tier
		case "capabilities":
			out.Capabilities = src.Capabilities
		case "upgrade_hints":
			out.UpgradeHints = src.UpgradeHints
		case "workspace":
			out.Workspace = src.Workspace
		case "pagination":
			out.Pagination = src.Pagination
		case "rate_limit":
			out.RateLimit = src.RateLimit
		case "telemetry":
			out.Telemetry = src.Telemetry
		case "tokens":
			out.Tokens = src.Tokens
		case "fidelity":
			out.Fidelity = src.Fidelity
		case "limits":
			out.Limits = src.Limits
		case "next_calls":
			out.NextCalls = src.NextCalls
		case "response_mode":
			out.ResponseMode = src.ResponseMode
		}
	}
	return &out
}

// deref returns *p, or the zero T for nil.
func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}
