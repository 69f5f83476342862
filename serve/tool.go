package serve

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/generated/go/envelope"
)

// Defaults of a [Tool].
const (
	DefaultPageSize = 10
	DefaultMaxPage  = 50
)

// Tool holds what serve knows about one MCP tool. Set it up once; it is safe
// for concurrent use once set up.
type Tool struct {
	Name    string // the MCP tool name, e.g. "search"
	Version string // the tool's implementation version, e.g. "1.0.0"

	// Payload is read from the tool's output schema with [ParsePayload]; nil
	// for a payload without modes or list.
	Payload *Payload

	// Config holds the profile and projection of every tool; nil: minimal.
	Config *Config

	// CursorKey, when set, signs cursors with HMAC-SHA256 so that a caller
	// cannot forge or alter one. Keep it secret and the same across restarts.
	CursorKey []byte

	DefaultMode     envelope.ResponseMode // "": metadata
	DefaultPageSize int64                 // 0: DefaultPageSize
	MaxPageSize     int64                 // 0: DefaultMaxPage; larger requests are capped

	// Workspace is the workspace the tool works on, in meta.workspace when the
	// profile keeps it; a tool that answers in codegraph must have one, with
	// root and repo_name (see [Tool.Check]).
	Workspace *envelope.Workspace

	// Now and NewID replace the clock and the generator of request and run
	// ids, e.g. in tests. They are used only for non-deterministic requests.
	Now   func() time.Time
	NewID func(prefix string) string
}

// Check reports, before the tool serves a call, what in its configuration it
// cannot honour, each error naming the tool: include_only names that are not
// members of its payload (Config.CheckPayload), and members of meta that its
// dialect requires (dialects.Requires) but the tool cannot fill, e.g.
// meta.workspace.root under codegraph without a Workspace. A server calls it
// for every tool at start.
func (t *Tool) Check() error {
	var errs []error
	if err := t.Config.CheckPayload(t.Name, t.Payload); err != nil {
		errs = append(errs, err)
	}
	d := t.Config.Dialect(t.Name)
	if slices.Contains(arrayDialects, d) && (t.Payload == nil || t.Payload.list == nil) {
		errs = append(errs, fmt.Errorf("tool %q answers in %s, whose payload is a list; the tool's payload has none (an array of objects with x-envgen-id)", t.Name, d))
	}
	for _, p := range dialects.Requires(d) {
		var ok bool
		switch {
		case strings.HasPrefix(p, "/meta/tool"):
			ok = t.Name != "" && t.Version != ""
		case p == "/meta/workspace/root":
			ok = t.Workspace != nil && t.Workspace.Root != nil
		case p == "/meta/workspace/repo_name":
			ok = t.Workspace != nil && t.Workspace.RepoName != nil
		default: // request_id, timing, tokens: serve fills them; telemetry.cache_hit is false unless the tool sets it
			ok = true
		}
		if !ok {
			errs = append(errs, fmt.Errorf("tool %q answers in %s, which requires %s; the tool does not set it (serve.Tool: Name, Version, Workspace)", t.Name, d, p))
		}
	}
	return errors.Join(errs...)
}

// Warnings reports what the tool's configuration makes it lose without an
// error, each naming the tool: a tool whose payload is paged (a list with
// x-envgen-id) answering in scalpel, whose envelope has no place for
// meta.pagination, sends the first page and no cursor (docs/dialects.md).
// mcp-envelope carries a page's cursor in a warning of its own, and every
// other dialect in its metadata. A server logs them at start.
func (t *Tool) Warnings() []string {
	var out []string
	if d := t.Config.Dialect(t.Name); d == "scalpel" && t.Payload != nil && t.Payload.list != nil {
		out = append(out, fmt.Sprintf("tool %q answers in scalpel, which has no place for pagination: a caller gets each page without a cursor to the next one", t.Name))
	}
	return out
}

// Call is one call of a tool: the caller's preferences, resolved. Render uses
// it to shape the response.
type Call struct {
	tool *Tool
	req  envelope.Request

	// Offset and Limit are the page to produce: items [Offset, Offset+Limit).
	Offset, Limit int64
	// Mode is the response mode of the payload.
	Mode envelope.ResponseMode
	// Fields are the payload members the caller asked for, if any.
	Fields []string

	budget        *int64 // the caller's token budget, once checked
	query         string
	deterministic bool
	debug         bool               // the debug profile: timing and a request id, whatever deterministic says
	notes         []envelope.Warning // warnings about the request itself, e.g. a capped page_size
	requestID     *envelope.RequestID
	echoed        bool
	start         time.Time
	dialect       string         // the dialect of the response (Config.Dialect)
	needs         []string       // the members of meta the dialect requires, e.g. "tool"
	given         *envelope.Meta // the meta of the envelope given to Render
}

// Begin resolves the caller's preferences for one call of t. query holds the
// tool's own arguments that select the items (not the paging preferences);
// its hash ties cursors to it. Begin checks the cursor, the response mode,
// the page size, the fields and the token budget; a problem is a validation
// [*Error] (INVALID_CURSOR, INVALID_FIELDS, INVALID_ARGUMENT). The Call is
// returned in every case, so that the failure is rendered by the same rules.
func (t *Tool) Begin(req envelope.Request, query any) (*Call, error) {
	c := &Call{
		tool:          t,
		req:           req,
		Mode:          orMode(t.DefaultMode),
		Limit:         orInt(t.DefaultPageSize, DefaultPageSize),
		query:         QueryHash(t.Name, query),
		deterministic: req.Deterministic == nil || *req.Deterministic,
		start:         t.now(),
		dialect:       t.Config.Dialect(t.Name),
		debug:         t.Config.Profile(t.Name) == ProfileDebug,
	}
	c.needs = metaMembers(dialects.Requires(c.dialect))
	if req.RequestID != nil {
		c.requestID, c.echoed = req.RequestID, true
	} else if !c.deterministic || c.debug || slices.Contains(c.needs, "request_id") {
		id := envelope.RequestID(t.newID("req_"))
		c.requestID = &id
	}
	if req.Cursor != nil {
		cur, err := DecodeCursor(*req.Cursor, t.CursorKey, c.query)
		if err != nil {
			return c, err
		}
		c.Offset, c.Limit, c.Mode = cur.Offset, cur.PageSize, cur.Mode
		if cur.Budget > 0 {
			c.budget = &cur.Budget
		}
	}
	if req.ResponseMode != nil {
		if !req.ResponseMode.Valid() {
			return c, argumentError("response_mode", fmt.Sprintf("%q is not a response mode.", *req.ResponseMode),
				"Use one of ids_only, metadata, preview, full.")
		}
		c.Mode = *req.ResponseMode
	}
	if req.PageSize != nil {
		if *req.PageSize < 1 {
			return c, argumentError("page_size", "page_size must be at least 1.", "Pass a page_size of 1 or more, or leave it out.")
		}
		c.Limit = *req.PageSize
	}
	if maxPage := orInt(t.MaxPageSize, DefaultMaxPage); c.Limit > maxPage {
		if req.PageSize != nil && *req.PageSize > maxPage {
			c.notes = append(c.notes, Warn(CodePageSizeCapped, envelope.SeverityInfo,
				fmt.Sprintf("page_size %d is over this tool's maximum: pages hold %d items.", *req.PageSize, maxPage),
				Context("page_size", maxPage)))
		}
		c.Limit = maxPage
	}
	if req.TokenBudget != nil && *req.TokenBudget < 1 {
		return c, argumentError("token_budget", "token_budget must be at least 1.", "Pass a token_budget of 1 or more, or leave it out.")
	}
	if req.TokenBudget != nil { // else the cursor's, if any
		c.budget = req.TokenBudget
	}
	if len(req.Fields) > 0 {
		allowed := t.Payload.Allowed(c.Mode)
		for _, f := range req.Fields {
			if !slices.Contains(allowed, f) {
				return c, fieldsError(f, c.Mode, allowed)
			}
		}
		c.Fields = req.Fields
	}
	return c, nil
}

// Request returns the caller's preferences the call was begun with.
func (c *Call) Request() envelope.Request { return c.req }

// CodeInvalidFields is the error code of a request for a payload member that
// the response mode does not emit.
const CodeInvalidFields = "INVALID_FIELDS"

func fieldsError(field string, mode envelope.ResponseMode, allowed []string) *Error {
	if len(allowed) == 0 {
		return NewError(envelope.CategoryValidation, CodeInvalidFields,
			"This tool's payload has no selectable fields.",
			Remediation("Leave fields out."), Detail("field", field))
	}
	list := strings.Join(allowed, ", ")
	return NewError(envelope.CategoryValidation, CodeInvalidFields,
		fmt.Sprintf("The field %q is not available in %s mode; the fields of %s mode are: %s.", field, mode, mode, list),
		Remediation(fmt.Sprintf("Choose fields from: %s; or ask for a larger response_mode.", list)),
		Detail("field", field), Detail("response_mode", string(mode)), Detail("allowed", list))
}

func argumentError(field, message, remediation string) *Error {
	return NewError(envelope.CategoryValidation, "INVALID_ARGUMENT", message,
		Remediation(remediation), Detail("field", field))
}

func (t *Tool) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

func (t *Tool) newID(prefix string) string {
	if t.NewID != nil {
		return t.NewID(prefix)
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return prefix + hex.EncodeToString(b)
}

func orMode(m envelope.ResponseMode) envelope.ResponseMode {
	if m == "" {
		return envelope.ResponseModeMetadata
	}
	return m
}

func orInt(v, def int64) int64 {
	if v <= 0 {
		return def
	}
	return v
}
