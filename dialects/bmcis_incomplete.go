package dialects

import (
	"fmt"
	"strings"
)

// bmcisStandIns are the members of a BMCIS envelope that a document may lack
// and still convert to canonical (see convertIncomplete): a stand-in value
// that makes the document decode, and what the canonical envelope then
// leaves out, since the stand-in says nothing. _metadata.status cannot be
// missing (it decides success), nor can the results of a success.
var bmcisStandIns = map[string]struct {
	value string
	drop  func(c *canon)
}{
	"/_metadata/operation":  {`""`, func(c *canon) { metaOf(c).Tool = nil }},
	"/_metadata/version":    {`""`, func(c *canon) { metaOf(c).Tool = nil }},
	"/_metadata/timestamp":  {`"1970-01-01T00:00:00Z"`, func(c *canon) { timingOf(c).StartedAt = nil }},
	"/_metadata/request_id": {`""`, func(c *canon) { metaOf(c).RequestID = nil }},
	"/execution_context": {`{}`, func(c *canon) {
		m := metaOf(c)
		m.Tokens, m.Telemetry, timingOf(c).DurationMs = nil, nil, nil
	}},
	"/execution_context/tokens_estimated":  {`0`, func(c *canon) { metaOf(c).Tokens = nil }},
	"/execution_context/cache_hit":         {`false`, func(c *canon) { metaOf(c).Telemetry = nil }},
	"/execution_context/execution_time_ms": {`0`, func(c *canon) { timingOf(c).DurationMs = nil }},
	"/execution_context/request_id":        {`""`, func(*canon) {}}, // canonical's request id is _metadata's
	"/warnings":                            {`[]`, func(*canon) {}},
	"/results":                             {`[]`, func(*canon) {}}, // checked below: a failure only
}

// bmcisIncomplete converts a BMCIS envelope that lacks the members missing
// (JSON Pointers, as missingMembers returns them) to canonical.
func bmcisIncomplete(doc []byte, missing []string) (*canon, error) {
	tree, err := parseTree(doc)
	if err != nil {
		return nil, err
	}
	// A missing execution_context is filled member by member below.
	for _, p := range missing {
		s, ok := bmcisStandIns[p]
		if !ok || !tree.add(p, s.value) {
			return nil, fmt.Errorf("bmcis: cannot convert without %s", p)
		}
		if p == "/execution_context" {
			for _, m := range []string{"tokens_estimated", "cache_hit", "execution_time_ms", "request_id"} {
				tree.add(p+"/"+m, bmcisStandIns[p+"/"+m].value)
			}
		}
	}
	c, err := bmcisToCanonical(tree.appendJSON(nil))
	if err != nil {
		return nil, err
	}
	for _, p := range missing {
		if p == "/results" && c.Success {
			return nil, fmt.Errorf("bmcis: a success needs its results")
		}
		bmcisStandIns[p].drop(c)
	}
	if t := c.Meta.Timing; t != nil && t.StartedAt == nil && t.DurationMs == nil {
		c.Meta.Timing = nil
	}
	return c, nil
}

// underAny reports whether ptr is one of the pointers, or below one.
func underAny(ptr string, pointers []string) bool {
	for _, p := range pointers {
		if ptr == p || strings.HasPrefix(ptr, p+"/") {
			return true
		}
	}
	return false
}
