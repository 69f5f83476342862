package dialects

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/dialects/scalpel"
	"github.com/envgen/envgen/generated/go/envelope"
)

// scalpelProfiles are Code Scalpel's output profiles, least first. Each
// sends the members of the one before it and more.
var scalpelProfiles = []string{"minimal", "standard", "verbose", "debug"}

var scalpelDialect = &dialect{
	name:          "scalpel",
	schema:        "scalpel/envelope.json",
	toCanonical:   scalpelToCanonical,
	fromCanonical: scalpelFromCanonical,
	profileOf:     scalpelProfileOf,
	toRules: []rule{
		{"/error/error_code", "canonical codes are SCREAMING_SNAKE_CASE and come back lower-cased: only lower snake_case codes such as not_found come back unchanged"},
		{"/error/error_details/*", "canonical details hold small facts only (a scalar, a list of scalars or a flat object of scalars, up to 100 each): deeper or larger values are left out"},
		{"/error/error_details", "absent, null and {} are one thing in canonical: the way back leaves it out, or writes null in the debug profile"},
		{"/error", "on success, null and absent are one thing in canonical: the way back writes null in the debug profile only"},
		{"/data", "on failure, null and absent are one thing in canonical: the way back writes null in the debug profile only"},
		{"/tool_id", "canonical meta.tool needs both tool_id and tool_version, and a name of letters, digits, _ . and -; null and absent are one thing"},
		{"/tool_version", "canonical meta.tool needs both tool_id and tool_version; null and absent are one thing"},
		{"/request_id", "canonical request ids are at most 128 characters of letters, digits and . _ : -; null and absent are one thing"},
		{"/capabilities", "canonical capabilities are non-empty strings; null, [] and absent are one thing"},
		{"/upgrade_hints", "canonical hints need a non-empty feature and a lower snake_case tier; null and absent are one thing, [] too except in the debug profile"},
		{"/duration_ms", "canonical durations are not negative; null and absent are one thing"},
		{"/tier", "null and absent are one thing in canonical: the way back writes null in the debug profile only"},
	},
	fromRules: []rule{
		{"/meta/source", sourceReason},
		{"/status", "Code Scalpel has no status: partial is lost, and ok and error are what success implies"},
		{"/warnings", "Code Scalpel has no warnings"},
		{"/provenance", "Code Scalpel has no provenance"},
		{"/error/category", "Code Scalpel has no category: the way back derives it from the code"},
		{"/error/remediation", "Code Scalpel errors have no remediation"},
		{"/error/retry", "Code Scalpel errors have no retry advice"},
		{"/error/causes", "Code Scalpel errors have no causes"},
		{"/data", "on failure, a null payload is left out"},
		{"/meta/tier", "Code Scalpel tiers are community, pro and enterprise"},
		{"/meta/tool/adapter", "Code Scalpel has no adapter"},
		{"/meta/timing/started_at", "Code Scalpel has only duration_ms"},
		{"/meta/workspace", "Code Scalpel has no workspace"},
		{"/meta/pagination", "Code Scalpel has no pagination"},
		{"/meta/rate_limit", "Code Scalpel has no rate limit"},
		{"/meta/telemetry", "Code Scalpel has no telemetry"},
		{"/meta/tokens", "Code Scalpel has no token accounting"},
		{"/meta/fidelity", "Code Scalpel has no content fidelity"},
		{"/meta/limits", "Code Scalpel has no limits"},
		{"/meta/next_calls", "Code Scalpel has no next calls"},
		{"/meta/response_mode", "Code Scalpel has no response mode"},
		{"/meta/timing$", "an empty timing is left out"},
		{"/meta$", "an empty meta is left out"},
	},
	profileRules: map[string][]rule{
		"minimal":  {{"/meta", "the minimal profile sends only data and error"}},
		"standard": {{"/meta", "the standard profile sends only data, error and upgrade_hints"}},
		"verbose":  {{"/meta", "the verbose profile sends only data, error, upgrade_hints and duration_ms"}},
	},
}

func scalpelToCanonical(doc []byte) (*canon, error) {
	var e scalpel.Envelope
	if err := json.Unmarshal(doc, &e); err != nil {
		return nil, err
	}
	c := &canon{Success: true}
	data := json.RawMessage(e.Data)
	if m, failed := e.Error.Get(); failed {
		c.Success = false
		cd := code(m.ErrorCode)
		details, _ := m.ErrorDetails.Get()
		c.Error = &envelope.Error{Code: cd, Category: category(cd), Message: m.Error, Details: scalars(details)}
		if data != nil && string(data) != "null" {
			c.Data = &data
		}
	} else {
		c.Data = &data
	}
	var meta envelope.Meta
	if t, ok := e.Tier.Get(); ok {
		meta.Tier = ptr(envelope.Tier(t))
	}
	id, okID := e.ToolID.Get()
	version, okVersion := e.ToolVersion.Get()
	if okID || okVersion {
		meta.Tool = &envelope.Tool{Name: envelope.ToolName(id), Version: string(version)}
	}
	if r, ok := e.RequestID.Get(); ok {
		meta.RequestID = ptr(envelope.RequestID(r))
	}
	if caps, ok := e.Capabilities.Get(); ok {
		for _, s := range caps {
			meta.Capabilities = append(meta.Capabilities, envelope.Capability(s))
		}
	}
	if d, ok := e.DurationMs.Get(); ok {
		meta.Timing = &envelope.Timing{DurationMs: ptr(float64(d))}
	}
	if hints, ok := e.UpgradeHints.Get(); ok {
		for _, h := range hints {
			meta.UpgradeHints = append(meta.UpgradeHints, envelope.UpgradeHint{Feature: h.Feature, Tier: envelope.Tier(h.Tier), Reason: h.Reason})
		}
	}
	if string(mustJSON(meta)) != "{}" {
		c.Meta = &meta
	}
	return c, nil
}

// scalpelFromCanonical writes the members the profile sends; profile ""
// writes every member that has a value, and debug writes null (or [] for
// upgrade_hints) for the others, as the seed's debug examples do.
func scalpelFromCanonical(c *canon, profile string) (any, []string, error) {
	sends := func(least string) bool {
		return profile == "" || slices.Index(scalpelProfiles, profile) >= slices.Index(scalpelProfiles, least)
	}
	nulls := profile == "debug"
	var e scalpel.Envelope
	if c.Data != nil {
		e.Data = scalpel.Data(*c.Data)
	} else if c.Success || nulls {
		e.Data = scalpel.Data("null")
	}
	if c.Error != nil {
		m := scalpel.ErrorModel{Error: c.Error.Message, ErrorCode: strings.ToLower(string(c.Error.Code))}
		if c.Error.Details != nil {
			m.ErrorDetails = envgenrt.Value(raws(c.Error.Details))
		} else if nulls {
			m.ErrorDetails = envgenrt.NullValue[map[string]json.RawMessage]()
		}
		e.Error = envgenrt.Value(m)
	} else if nulls {
		e.Error = envgenrt.NullValue[scalpel.ErrorModel]()
	}
	m := deref(c.Meta)
	if hints := m.UpgradeHints; sends("standard") && (hints != nil || nulls) {
		out := scalpel.UpgradeHints{}
		for _, h := range hints {
			out = append(out, scalpel.UpgradeHint{Feature: h.Feature, Tier: string(h.Tier), Reason: h.Reason})
		}
		e.UpgradeHints = envgenrt.Value(out)
	}
	if sends("verbose") {
		e.DurationMs = nullable(mapPtr(deref(m.Timing).DurationMs, func(d float64) scalpel.DurationMs { return scalpel.DurationMs(d) }), nulls)
	}
	if !sends("debug") {
		return e, nil, nil
	}
	tier := mapPtr(m.Tier, func(t envelope.Tier) scalpel.TierName { return scalpel.TierName(t) })
	if tier != nil && !tier.Valid() {
		tier = nil
	}
	e.Tier = nullable(tier, nulls)
	var id *scalpel.ToolID
	var version *scalpel.ToolVersion
	if m.Tool != nil {
		id, version = ptr(scalpel.ToolID(m.Tool.Name)), ptr(scalpel.ToolVersion(m.Tool.Version))
	}
	e.ToolID, e.ToolVersion = nullable(id, nulls), nullable(version, nulls)
	e.RequestID = nullable(mapPtr(m.RequestID, func(r envelope.RequestID) scalpel.RequestID { return scalpel.RequestID(r) }), nulls)
	var caps *scalpel.Capabilities
	if m.Capabilities != nil {
		caps = &scalpel.Capabilities{}
		for _, s := range m.Capabilities {
			*caps = append(*caps, string(s))
		}
	}
	e.Capabilities = nullable(caps, nulls)
	return e, nil, nil
}

// scalpelProfileOf is the least profile doc is valid in, or "" for none.
func scalpelProfileOf(doc []byte) string {
	v, err := parse(doc)
	if err != nil {
		return ""
	}
	for _, p := range scalpelProfiles {
		if vs, err := validate("scalpel/"+p+".json", v); err == nil && len(vs) == 0 {
			return p
		}
	}
	return ""
}

// nullable is p's value, or null when p is nil and nulls are written, or
// absent.
func nullable[T any](p *T, nulls bool) envgenrt.Nullable[T] {
	switch {
	case p != nil:
		return envgenrt.Value(*p)
	case nulls:
		return envgenrt.NullValue[T]()
	}
	return envgenrt.Nullable[T]{}
}

// mapPtr applies f to *p, or returns nil.
func mapPtr[T, U any](p *T, f func(T) U) *U {
	if p == nil {
		return nil
	}
	return ptr(f(*p))
}
