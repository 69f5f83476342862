package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/generated/go/envelope"
)

// Response is an envelope rendered for the caller.
type Response struct {
	JSON    json.RawMessage // the envelope, as sent: canonical, or in the tool's dialect
	Success bool            // the envelope's success; an MCP result's isError is !Success
	Tokens  int64           // approximate size: ceil(len(JSON) / 4)

	// Err is set when the response could not be written in the tool's
	// dialect (Config.Dialect), e.g. a payload that is not an object under
	// foundry, or a meta.workspace that codegraph requires and the handler
	// did not set: a *dialects.MissingError, *dialects.UnfitError or
	// *dialects.UnknownError. JSON is then a failure in that dialect,
	// INTERNAL DIALECT_CONVERSION_FAILED, that says what went wrong, or nil
	// when not even that can be written; never the canonical envelope.
	Err error
}

// A RenderOption tells Render about the list behind a page.
type RenderOption func(*renderOptions)

type renderOptions struct {
	total   *int64
	hasMore *bool
}

// Total is the number of items across all pages. With it, Render adds
// meta.pagination (has_more, the cursor of the next page, page_size, total).
func Total(n int64) RenderOption {
	return func(o *renderOptions) { o.total = &n }
}

// HasMore says whether items follow the page when the total is unknown. With
// it, Render adds meta.pagination without total.
func HasMore(more bool) RenderOption {
	return func(o *renderOptions) { o.hasMore = &more }
}

// CodeTokenLimitExceeded is the error code of a successful result that cannot
// be made to fit the caller's token budget.
const CodeTokenLimitExceeded = "TOKEN_LIMIT_EXCEEDED"

// CodeContentTruncated is the warning code of a page that lost items to fit
// the caller's token budget.
const CodeContentTruncated = "CONTENT_TRUNCATED"

// CodePageSizeCapped is the code of the warning that a page_size over the
// tool's maximum was lowered to it.
const CodePageSizeCapped = "PAGE_SIZE_CAPPED"

// Render returns env as the caller gets it. On success it projects the payload
// to the call's response mode, fields and the tool's include_only; it adds
// meta (tool, request id, timing unless deterministic, response mode,
// pagination, token accounting), keeps the members the tool's profile emits,
// and, under a token budget, drops items from the end of the payload's list
// until the envelope fits, reporting them in meta.fidelity and a
// CONTENT_TRUNCATED warning; the next page starts at the first dropped item.
// A success that cannot fit even with one item becomes a
// TOKEN_LIMIT_EXCEEDED validation error. A failure is never trimmed.
//
// Under a dialect (Config.Dialect), the canonical envelope is then converted
// to it with dialects.Convert, in the profile of the same name when the
// dialect has profiles (scalpel). The members of meta that the dialect
// requires (dialects.Requires: tool, request id, timing, token accounting
// and cache_hit for bmcis; tool, request id, timing and workspace for
// codegraph) are kept whatever the profile, and timing and a generated
// request id are added even to a deterministic response, which those
// conventions cannot have. The token budget is measured on the canonical
// envelope. A response the dialect cannot hold sets Response.Err.
func Render[T any](c *Call, env envelope.Envelope[T], opts ...RenderOption) Response {
	raw := envelope.Envelope[json.RawMessage]{
		Success: env.Success, Status: env.Status, Error: env.Error,
		Warnings: env.Warnings, Meta: env.Meta, Provenance: env.Provenance,
	}
	if env.Data != nil {
		b, err := json.Marshal(env.Data)
		if err != nil {
			raw = Failure[json.RawMessage](ErrorOf(Internal(err)))
		} else {
			data := json.RawMessage(b)
			raw.Data = &data
		}
	}
	var o renderOptions
	for _, opt := range opts {
		opt(&o)
	}
	c.given = env.Meta
	return c.inDialect(c.render(raw, o))
}

func (c *Call) render(env envelope.Envelope[json.RawMessage], o renderOptions) Response {
	t := c.tool
	if env.Success && env.Data != nil {
		data, err := t.Payload.project(*env.Data, projection{c.Mode, c.Fields, t.Config.IncludeOnly(t.Name)})
		if err != nil {
			return c.render(Failure[json.RawMessage](ErrorOf(Internal(err))), o)
		}
		env.Data = &data
	}
	if env.Success && len(c.notes) > 0 {
		env.Warnings = append(slices.Clone(c.notes), env.Warnings...)
	}
	env.Meta = c.meta(env)
	env.Provenance = c.provenance(env.Provenance)

	items, keep, isList := t.Payload.listIn(derefData(env))
	if !env.Success || !isList || len(items) == 0 {
		if env.Success {
			n := int64(0) // an empty list
			if !isList {  // no list to count: take the page to be full, up to the total
				n = c.Limit
				if o.total != nil {
					n = max(min(n, *o.total-c.Offset), 0)
				}
			}
			env.Meta.Pagination = c.pagination(n, int(n), o)
		}
		r := c.finish(env, c.budget)
		if !env.Success || !exceeds(r, c.budget) {
			return r
		}
		need := smallestBudget(r.Tokens, func(b int64) int64 { return c.finish(env, &b).Tokens })
		return c.render(Failure[json.RawMessage](c.budgetError(budgetAdvice{need: need}, false)), o)
	}
	page := func(k int, budget *int64) Response {
		e := env
		data := keep(k)
		e.Data = &data
		m := *e.Meta
		m.Pagination = c.pagination(int64(k), len(items), o)
		if k < len(items) {
			m.Fidelity = &envelope.Fidelity{Level: envelope.FidelityLevelPartial}
			if m.Pagination == nil || m.Pagination.Cursor == nil {
				// No cursor resumes at the first dropped item: name them.
				for _, it := range items[k:] {
					if id := t.Payload.itemID(it); id != "" {
						m.Fidelity.DroppedIDs = append(m.Fidelity.DroppedIDs, id)
					}
				}
			}
			if m.Pagination == nil || m.Pagination.Cursor == nil {
				m.Limits = &envelope.Limits{MaxTokens: budget}
			}
			e.Warnings = append(slices.Clone(e.Warnings), c.truncated(len(items)-k, len(items), *budget, m.Pagination))
		}
		e.Meta = &m
		return c.finish(e, budget)
	}
	// fit returns the largest page that fits budget or, when none does, the
	// size of the smallest page tried. It never goes down to zero items: a
	// page without items would hand back the same cursor, and a caller
	// following it would loop.
	fit := func(budget *int64) (Response, int64) {
		need := int64(-1)
		for k := len(items); k >= 1; k-- {
			r := page(k, budget)
			if !exceeds(r, budget) {
				return r, -1
			}
			if need < 0 || r.Tokens < need {
				need = r.Tokens
			}
		}
		return Response{}, need
	}
	r, need := fit(c.budget)
	if need < 0 {
		return r
	}
	need = smallestBudget(need, func(b int64) int64 {
		if _, n := fit(&b); n >= 0 {
			return n
		}
		return b
	})
	// A smaller page_size needs no truncation notice: the largest that fits
	// is the advice, or, when none does, what one item needs.
	plain := func(k int, budget *int64) Response {
		limit := c.Limit
		defer func() { c.Limit = limit }()
		c.Limit = int64(k)
		e := env
		data := keep(k)
		e.Data = &data
		m := *e.Meta
		m.Pagination = c.pagination(int64(k), k, o)
		e.Meta = &m
		return c.finish(e, budget)
	}
	advice := budgetAdvice{need: need}
	for k := min(len(items), int(c.Limit)) - 1; k >= 1 && advice.pageSize == 0; k-- {
		if !exceeds(plain(k, c.budget), c.budget) {
			advice.pageSize = int64(k)
		}
	}
	if advice.pageSize == 0 {
		advice.needOne = smallestBudget(plain(1, c.budget).Tokens, func(b int64) int64 { return plain(1, &b).Tokens })
	}
	return c.render(Failure[json.RawMessage](c.budgetError(advice, true)), o)
}

// budgetAdvice is what a budget too small for a response says: the budget
// the request as made needs, and a page_size that fits the budget or, when
// none does, the budget a page of one item needs.
type budgetAdvice struct {
	need     int64
	pageSize int64 // a page_size that fits; 0: none
	needOne  int64 // the budget of page_size 1, when no page_size fits; 0: not measured
}

// smallestBudget returns a budget b that a response measured under it fits,
// starting from need, the size measured under a smaller budget. The budget is
// part of the response it bounds (meta.tokens.budget), so a larger one can
// need a byte more.
func smallestBudget(need int64, measure func(budget int64) int64) int64 {
	for range 4 {
		n := measure(need)
		if n <= need {
			break
		}
		need = n
	}
	return need
}

func exceeds(r Response, budget *int64) bool { return budget != nil && r.Tokens > *budget }

// meta returns env's meta with what serve knows added.
func (c *Call) meta(env envelope.Envelope[json.RawMessage]) *envelope.Meta {
	t := c.tool
	var m envelope.Meta
	if env.Meta != nil {
		m = *env.Meta
	}
	if c.given != nil { // the failures serve makes keep what the dialect requires
		m = *withMembers(&m, *c.given, c.needs)
	}
	if m.Tool == nil && t.Name != "" && t.Version != "" {
		m.Tool = &envelope.Tool{Name: envelope.ToolName(t.Name), Version: t.Version}
	}
	if m.RequestID == nil {
		m.RequestID = c.requestID
	}
	if slices.Contains(c.needs, "telemetry") && (m.Telemetry == nil || m.Telemetry.CacheHit == nil) {
		// The dialect must say whether the response came from a cache
		// (bmcis): a tool that caches sets it; serve's rendering does not.
		tel := deref(m.Telemetry)
		tel.CacheHit = new(bool)
		m.Telemetry = &tel
	}
	if m.Workspace == nil && t.Workspace != nil {
		w := *t.Workspace
		m.Workspace = &w
	}
	switch {
	case c.deterministic && c.debug && m.Timing == nil && !slices.Contains(c.needs, "timing"):
		// Debug says how long the call took even when deterministic; a
		// timestamp it leaves out.
		ms := float64(t.now().Sub(c.start).Microseconds()) / 1000
		m.Timing = &envelope.Timing{DurationMs: &ms}
	case c.deterministic && !c.debug && !slices.Contains(c.needs, "timing"):
		m.Timing = nil
	case m.Timing == nil:
		start := c.start.UTC().Format(time.RFC3339Nano)
		ms := float64(t.now().Sub(c.start).Microseconds()) / 1000
		m.Timing = &envelope.Timing{StartedAt: &start, DurationMs: &ms}
	}
	if env.Success && t.Payload.HasModes() {
		mode := c.Mode
		m.ResponseMode = &mode
	}
	return &m
}

// provenance attaches a minimal provenance record when the caller opted in.
func (c *Call) provenance(p *envelope.Provenance) *envelope.Provenance {
	opt := c.req.Provenance
	if opt == nil || opt.Capture == nil || !*opt.Capture {
		return nil
	}
	if p == nil {
		tool := envelope.Tool{Name: envelope.ToolName(c.tool.Name), Version: orDefault(c.tool.Version, "0")}
		p = &envelope.Provenance{Tool: tool}
	} else {
		cp := *p
		p = &cp
	}
	if c.deterministic {
		p.StartedAt = nil
	} else if p.StartedAt == nil {
		s := c.start.UTC().Format(time.RFC3339Nano)
		p.StartedAt = &s
	}
	if p.RunID == "" {
		if c.deterministic {
			sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%s\x00%d\x00%d\x00%s",
				c.tool.Name, c.tool.Version, c.query, c.Offset, c.Limit, c.Mode))
			p.RunID = envelope.RunID("run_" + hex.EncodeToString(sum[:16]))
		} else {
			p.RunID = envelope.RunID(c.tool.newID("run_"))
		}
	}
	return p
}

func (c *Call) pagination(kept int64, n int, o renderOptions) *envelope.Pagination {
	if o.total == nil && o.hasMore == nil {
		return nil
	}
	next := c.Offset + kept
	p := &envelope.Pagination{PageSize: &c.Limit, Total: o.total}
	switch {
	case n == 0: // an empty page ends the list: a cursor to the same offset would loop
		p.HasMore = false
	case kept < int64(n):
		p.HasMore = true
	case o.total != nil:
		p.HasMore = next < *o.total
	default:
		p.HasMore = *o.hasMore
	}
	if p.HasMore {
		cur := EncodeCursor(Cursor{Offset: next, PageSize: c.Limit, Mode: c.Mode, Query: c.query, Budget: deref(c.budget)}, c.tool.CursorKey)
		p.Cursor = &cur
	}
	return p
}

// truncated is the notice of a page cut to fit the token budget. It is kept
// small, since it counts against the budget: with a cursor the rest is one
// call away, so it neither lists the dropped ids nor repeats the budget
// (meta.tokens.budget) in meta.limits.
func (c *Call) truncated(dropped, n int, budget int64, p *envelope.Pagination) envelope.Warning {
	if p != nil && p.Cursor != nil {
		return Warn(CodeContentTruncated, envelope.SeverityInfo,
			fmt.Sprintf("%d items left out for token_budget.", dropped))
	}
	return Warn(CodeContentTruncated, envelope.SeverityInfo,
		fmt.Sprintf("%d of %d items left out to fit token_budget %d.", dropped, n, budget),
		Suggestion("Ask for the items in meta.fidelity.dropped_ids, or raise token_budget."),
		Context("dropped_count", dropped))
}

func (c *Call) budgetError(a budgetAdvice, list bool) *Error {
	what := "The response"
	if list {
		what = "Even the smallest page"
	}
	remediation := fmt.Sprintf("Raise token_budget to at least %d, or ask for a smaller response_mode or fewer fields.", a.need)
	opts := []ErrorOption{Detail("token_budget", *c.budget), Detail("tokens_needed", a.need)}
	switch {
	case a.pageSize > 0:
		remediation = fmt.Sprintf("Pass page_size %d, which fits token_budget %d; or raise token_budget to at least %d.", a.pageSize, *c.budget, a.need)
		opts = append(opts, Detail("page_size", a.pageSize))
	case a.needOne > 0 && a.needOne < a.need:
		remediation = fmt.Sprintf("Raise token_budget to at least %d with page_size 1, or to %d as asked; or ask for a smaller response_mode or fewer fields.", a.needOne, a.need)
		opts = append(opts, Detail("page_size", 1), Detail("tokens_needed_page_size_1", a.needOne))
	}
	return NewError(envelope.CategoryValidation, CodeTokenLimitExceeded,
		fmt.Sprintf("%s needs about %d tokens; the token budget is %d.", what, a.need, *c.budget),
		append([]ErrorOption{Remediation(remediation)}, opts...)...)
}

// finish applies the profile and serializes env, with meta.tokens when the
// profile emits it. The token estimate counts itself: it is recomputed until
// it no longer changes the size.
func (c *Call) finish(env envelope.Envelope[json.RawMessage], budget *int64) Response {
	profile := c.tool.Config.Profile(c.tool.Name)
	m := *env.Meta
	m.Tokens = &envelope.TokenUsage{Budget: budget}
	env.Meta = withMembers(profile.filterMeta(m, budget != nil, c.echoed), m, c.needs)
	var b []byte
	for est := int64(0); ; {
		if env.Meta != nil && env.Meta.Tokens != nil {
			env.Meta.Tokens.Estimated = est
		}
		var err error
		if b, err = json.Marshal(env); err != nil { // cannot happen: every member is plain data
			panic("serve: marshaling an envelope: " + err.Error())
		}
		n := Tokens(c.sent(b))
		if env.Meta == nil || env.Meta.Tokens == nil || n <= est {
			break
		}
		est = n
	}
	return Response{JSON: b, Success: env.Success, Tokens: Tokens(c.sent(b))}
}

// sent returns what is sent for the canonical envelope b: b itself, or b in
// the call's dialect, so that budgets and estimates measure what the caller
// receives. A conversion that fails is measured as b; inDialect reports it.
func (c *Call) sent(b []byte) []byte {
	if c.dialect == dialects.Canonical {
		return b
	}
	if out, err := c.convert(c.listAsData(b)); err == nil {
		return out
	}
	return b
}

func derefData(env envelope.Envelope[json.RawMessage]) json.RawMessage {
	if env.Data == nil {
		return nil
	}
	return *env.Data
}
