package naming

import (
	"strings"
	"unicode"
)

// initialisms are spelled in capitals inside Go names, as Go code review asks:
// "RequestID", not "RequestId".
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true, "EOF": true, "GUID": true,
	"HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IDS": true, "IP": true, "JSON": true, "JSONRPC": true, "MCP": true, "OK": true,
	"QPS": true, "RAM": true, "RPC": true, "SLA": true, "SQL": true, "SSH": true, "TCP": true, "TLS": true,
	"TTL": true, "UDP": true, "UI": true, "UID": true, "UUID": true, "URI": true, "URL": true, "UTF8": true,
	"VM": true, "XML": true, "XSRF": true, "XSS": true,
}

// Camel turns a schema word ("request_id", "rate-limit", "dataURL",
// "mcp.envelope.v0.1") into an exported Go identifier ("RequestID",
// "RateLimit", "DataURL", "MCPEnvelopeV01"). It returns "" when s has no
// letters or digits.
func Camel(s string) string {
	out := camelWords(s)
	if out != "" && unicode.IsDigit([]rune(out)[0]) {
		out = "X" + out
	}
	return out
}

// camelWords joins the words of s, capitalised, with no care for what the
// result starts with: for the tail of an identifier.
func camelWords(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		up := strings.ToUpper(w)
		switch {
		case initialisms[up] && up == "IDS":
			b.WriteString("IDs")
		case initialisms[up]:
			b.WriteString(up)
		default:
			r := []rune(w)
			b.WriteRune(unicode.ToUpper(r[0]))
			b.WriteString(string(r[1:]))
		}
	}
	return b.String()
}

// words splits s at every character that is not a letter or digit, and at
// lower-to-upper case changes ("dataURL" → "data", "URL"; "HTTPServer" →
// "HTTP", "Server"). Digits stay with the word before them ("v0" "1" → "v01"
// once joined).
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = nil
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 && unicode.IsUpper(r) {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}
