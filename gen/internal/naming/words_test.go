package naming

import "testing"

func TestCamel(t *testing.T) {
	for in, want := range map[string]string{
		"request_id":        "RequestID",
		"rate-limit":        "RateLimit",
		"dataURL":           "DataURL",
		"HTTPServer":        "HTTPServer",
		"mcp.envelope.v0.1": "MCPEnvelopeV01",
		"api_key":           "APIKey",
		"uuid":              "UUID",
		"json_schema":       "JSONSchema",
		"dropped_ids":       "DroppedIDs",
		"2fa":               "X2fa",
		"has_more":          "HasMore",
		"__proto__":         "Proto",
		"":                  "",
		"Ümlaut name":       "ÜmlautName",
	} {
		if got := Camel(in); got != want {
			t.Errorf("Camel(%q) = %q, want %q", in, got, want)
		}
	}
}
