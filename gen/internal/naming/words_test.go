package naming

import (
	"slices"
	"strings"
	"testing"
)

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

// TestWordsASCII holds the ASCII paths of words and camelWords to the rune
// paths they stand in for, on every string of up to five characters from a
// small alphabet and on every initialism in three casings.
func TestWordsASCII(t *testing.T) {
	const alphabet = "aAzZ09_.s"
	inputs := []string{""}
	for n, prev := 0, []string{""}; n < 5; n++ {
		var next []string
		for _, p := range prev {
			for i := range len(alphabet) {
				next = append(next, p+alphabet[i:i+1])
			}
		}
		inputs = append(inputs, next...)
		prev = next
	}
	for w := range initialisms {
		lower := strings.ToLower(w)
		inputs = append(inputs, w, lower, lower+"_"+w+"x", strings.ToUpper(lower[:1])+lower[1:]+"Name")
	}
	for _, in := range inputs {
		if got, want := words(in), wordsRunes(in); !slices.Equal(got, want) {
			t.Fatalf("words(%q) = %q, want %q", in, got, want)
		}
		if got, want := camelWords(in), camelWordsRunes(in); got != want {
			t.Fatalf("camelWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// camelWordsRunes is camelWords without its ASCII path.
func camelWordsRunes(s string) string {
	var b strings.Builder
	for _, w := range wordsRunes(s) {
		camelRunes(&b, w)
	}
	return b.String()
}
