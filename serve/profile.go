package serve

import (
	"encoding/json"
	"fmt"

	"github.com/envgen/envgen/generated/go/envelope"
)

// Profile decides which optional members of meta a response carries; see the
// package documentation for the table.
type Profile string

const (
	// ProfileMinimal emits only what changes how a caller reads the payload.
	// It is the default.
	ProfileMinimal Profile = "minimal"
	// ProfileStandard adds the tool's identity, accounting and hints.
	ProfileStandard Profile = "standard"
	// ProfileDebug emits everything, including timing and telemetry.
	ProfileDebug Profile = "debug"
)

// Profiles returns the profiles, smallest first.
func Profiles() []Profile { return []Profile{ProfileMinimal, ProfileStandard, ProfileDebug} }

// ParseProfile returns the profile named s.
func ParseProfile(s string) (Profile, error) {
	for _, p := range Profiles() {
		if string(p) == s {
			return p, nil
		}
	}
	return "", fmt.Errorf("unknown profile %q: expected minimal, standard or debug", s)
}

// filterMeta returns the members of m that p emits, or nil when none is
// left. budget is whether the caller set a token budget; echoed whether
// meta.request_id came from the caller.
func (p Profile) filterMeta(m envelope.Meta, budget, echoed bool) *envelope.Meta {
	standard := p == ProfileStandard || p == ProfileDebug
	debug := p == ProfileDebug
	out := envelope.Meta{
		Pagination:   m.Pagination,
		Fidelity:     m.Fidelity,
		ResponseMode: m.ResponseMode,
		RateLimit:    m.RateLimit,
		UpgradeHints: m.UpgradeHints,
		NextCalls:    m.NextCalls, // the calls an agent is told to follow next
	}
	if echoed || debug {
		out.RequestID = m.RequestID
	}
	if budget || standard {
		out.Tokens = m.Tokens
		out.Limits = m.Limits
	}
	if standard {
		out.Tool = m.Tool
		out.Tier = m.Tier
		out.Capabilities = m.Capabilities
		out.Workspace = m.Workspace
	}
	if debug {
		out.Timing = m.Timing
		out.Telemetry = m.Telemetry
	}
	if b, _ := json.Marshal(out); string(b) == "{}" {
		return nil
	}
	return &out
}
