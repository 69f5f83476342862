package serve

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/envgen/envgen/generated/go/envelope"
)

// CodeInvalidCursor is the error code of a cursor that is malformed, tampered
// with, or made for another query, tool or server.
const CodeInvalidCursor = "INVALID_CURSOR"

// Cursor is what a pagination cursor carries: where the next page starts, how
// large it is, the response mode, the token budget, and a hash of the query
// it belongs to.
// Callers never see these: on the wire a cursor is opaque.
type Cursor struct {
	Offset   int64                 // index of the first item of the page
	PageSize int64                 // items per page
	Mode     envelope.ResponseMode // the response mode of the pages
	Query    string                // QueryHash of the tool and its query
	Budget   int64                 // the token budget of the pages; 0: none
}

const (
	cursorPrefix = "c1."
	maxCursorLen = 512
	queryHashLen = 22 // base64url of 16 bytes
)

var b64 = base64.RawURLEncoding.Strict()

// cursorBody is the JSON inside a cursor; every member but b is required.
type cursorBody struct {
	O *int64  `json:"o"`
	N *int64  `json:"n"`
	M *string `json:"m"`
	Q *string `json:"q"`
	B *int64  `json:"b,omitempty"` // the token budget, when the pages have one
}

// EncodeCursor returns c as an opaque, URL-safe string: "c1." and the
// base64url of its JSON, and, when key is not empty, "." and the base64url
// HMAC-SHA256 of what precedes it under key.
func EncodeCursor(c Cursor, key []byte) string {
	mode := string(c.Mode)
	body := cursorBody{O: &c.Offset, N: &c.PageSize, M: &mode, Q: &c.Query}
	if c.Budget > 0 {
		body.B = &c.Budget
	}
	b, _ := json.Marshal(body)
	s := cursorPrefix + b64.EncodeToString(b)
	if len(key) > 0 {
		s += "." + b64.EncodeToString(sign(key, s))
	}
	return s
}

// DecodeCursor returns the cursor s carries. It fails with an INVALID_CURSOR
// validation error, never a panic, when s is malformed, when its signature
// does not verify under key (a tampered or forged cursor, or one from another
// server), when it is signed and key is empty, or when it was made for
// another query than query (a QueryHash). details.reason says which:
// malformed, signature or query_mismatch.
func DecodeCursor(s string, key []byte, query string) (Cursor, *Error) {
	if len(s) > maxCursorLen || !strings.HasPrefix(s, cursorPrefix) {
		return Cursor{}, cursorError("malformed", "The cursor is not one this tool made.")
	}
	signed, mac, hasMAC := s, "", false
	if i := strings.LastIndexByte(s, '.'); i >= len(cursorPrefix) {
		signed, mac, hasMAC = s[:i], s[i+1:], true
	}
	switch {
	case len(key) > 0 && !hasMAC:
		return Cursor{}, cursorError("signature", "The cursor is not signed; this server signs its cursors.")
	case len(key) == 0 && hasMAC:
		return Cursor{}, cursorError("signature", "The cursor is signed, but this server does not sign cursors: it comes from another server.")
	case hasMAC:
		got, err := b64.DecodeString(mac)
		if err != nil || !hmac.Equal(got, sign(key, signed)) {
			return Cursor{}, cursorError("signature", "The cursor's signature does not match: it was altered or made by another server.")
		}
	}
	raw, err := b64.DecodeString(signed[len(cursorPrefix):])
	if err != nil {
		return Cursor{}, cursorError("malformed", "The cursor is not valid base64url.")
	}
	var body cursorBody
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || dec.More() ||
		body.O == nil || body.N == nil || body.M == nil || body.Q == nil ||
		*body.O < 0 || *body.N < 1 || !envelope.ResponseMode(*body.M).Valid() || len(*body.Q) != queryHashLen ||
		body.B != nil && *body.B < 1 {
		return Cursor{}, cursorError("malformed", "The cursor's contents are not valid.")
	}
	c := Cursor{Offset: *body.O, PageSize: *body.N, Mode: envelope.ResponseMode(*body.M), Query: *body.Q}
	if body.B != nil {
		c.Budget = *body.B
	}
	if !hmac.Equal([]byte(c.Query), []byte(query)) {
		return Cursor{}, cursorError("query_mismatch", "The cursor belongs to another query or tool.")
	}
	return c, nil
}

// QueryHash returns the hash a cursor carries to tie it to one tool and one
// query: the base64url of the first 16 bytes of SHA-256 over the tool name
// and the JSON of query. query holds the tool's own arguments, without the
// paging preferences (cursor, page_size, response_mode, fields, token_budget).
func QueryHash(tool string, query any) string {
	b, err := json.Marshal(query)
	if err != nil {
		b = []byte("!" + err.Error())
	}
	h := sha256.New()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(b)
	return b64.EncodeToString(h.Sum(nil)[:16])
}

func sign(key []byte, s string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(s))
	return m.Sum(nil)
}

func cursorError(reason, message string) *Error {
	return NewError(envelope.CategoryValidation, CodeInvalidCursor, message,
		Remediation("Pass meta.pagination.cursor of the previous response unchanged, with the same query; or leave cursor out to start from the first page."),
		Detail("field", "cursor"), Detail("reason", reason))
}
