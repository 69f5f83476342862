package naming

import (
	"strings"
	"unicode"
	"unicode/utf8"
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
	if r, _ := utf8.DecodeRuneInString(out); out != "" && unicode.IsDigit(r) {
		out = "X" + out
	}
	return out
}

// camelWords joins the words of s, capitalised, with no care for what the
// result starts with: for the tail of an identifier.
func camelWords(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		if !camelASCII(&b, w) {
			camelRunes(&b, w)
		}
	}
	return b.String()
}

// camelRunes writes the word w capitalised, or as an initialism: what
// camelASCII does for ASCII words, for any word.
func camelRunes(b *strings.Builder, w string) {
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

// maxInitialism is the length of the longest initialism.
const maxInitialism = 7 // JSONRPC

// camelASCII writes w as camelWords does, when w is ASCII and reports
// whether it did: most words are, and need no upper-case copy nor runes.
func camelASCII(b *strings.Builder, w string) bool {
	var buf [maxInitialism]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			return false
		}
		if i < len(buf) {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			buf[i] = c
		}
	}
	if len(w) <= len(buf) {
		up := buf[:len(w)]
		switch {
		case !initialisms[string(up)]:
		case string(up) == "IDS":
			b.WriteString("IDs")
			return true
		default:
			b.Write(up)
			return true
		}
	}
	c := w[0]
	if 'a' <= c && c <= 'z' {
		c -= 'a' - 'A'
	}
	b.WriteByte(c)
	b.WriteString(w[1:])
	return true
}

// words splits s at every character that is not a letter or digit, and at
// lower-to-upper case changes ("dataURL" → "data", "URL"; "HTTPServer" →
// "HTTP", "Server"). Digits stay with the word before them ("v0" "1" → "v01"
// once joined).
func words(s string) []string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return wordsRunes(s)
		}
	}
	// ASCII: each word is a piece of s.
	var out []string
	start := -1 // of the word being read
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLetterASCII(c) && !isDigitASCII(c) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start >= 0 && isUpperASCII(c) {
			prev := s[i-1]
			nextLower := i+1 < len(s) && isLowerASCII(s[i+1])
			if isLowerASCII(prev) || isDigitASCII(prev) || (isUpperASCII(prev) && nextLower) {
				out = append(out, s[start:i])
				start = -1
			}
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func isUpperASCII(c byte) bool  { return 'A' <= c && c <= 'Z' }
func isLowerASCII(c byte) bool  { return 'a' <= c && c <= 'z' }
func isLetterASCII(c byte) bool { return isUpperASCII(c) || isLowerASCII(c) }
func isDigitASCII(c byte) bool  { return '0' <= c && c <= '9' }

// wordsRunes is words for any s.
func wordsRunes(s string) []string {
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
