package keywords

import (
	"strconv"
	"strings"
)

// formats are the formats that format assertion checks, each with the stem
// of its runtime function: envgenrt.Is<Func> in Go, rt.is<Func> in
// TypeScript (templates/runtime/envgen.ts). The one list of them: tests
// find a function for each in both runtimes, and none for another format.
var formats = []struct{ Name, Func string }{
	{"date-time", "DateTime"}, {"date", "Date"}, {"time", "Time"}, {"duration", "Duration"},
	{"email", "Email"}, {"hostname", "Hostname"}, {"ipv4", "IPv4"}, {"ipv6", "IPv6"},
	{"uri", "URI"}, {"uri-reference", "URIReference"}, {"uuid", "UUID"},
	{"json-pointer", "JSONPointer"}, {"regex", "Regex"},
}

// Formats are the names of the formats that can be asserted, in the order
// docs/validation.md lists them.
func Formats() []string {
	out := make([]string, len(formats))
	for i, f := range formats {
		out[i] = f.Name
	}
	return out
}

// FormatFunc is the stem of the runtime function that checks format name,
// e.g. "DateTime", or false when it cannot be asserted.
func FormatFunc(name string) (string, bool) {
	for _, f := range formats {
		if f.Name == name {
			return f.Func, true
		}
	}
	return "", false
}

// The package-level values a check function declares are named after it, the
// same way in both backends (a backend numbers a name taken already):
// checkWarningCode → patternWarningCode, patternWarningCodeProperties0,
// enumWarningCode, constWarningCode.

// PatternName names the compiled pattern of the check function fn.
func PatternName(fn string) string { return "pattern" + ident(fn) }

// RefutationName names the RegExp that matches the strings the pattern of
// the check function fn refuses (TypeScript's ^(?!R) for a pattern ^R):
// "if (notToolName.test(v))" fails a value, where "if
// (patternToolName.test(v))" would read as the opposite of what it does.
func RefutationName(fn string) string { return "not" + ident(fn) }

// PatternPropertiesName names the compiled pattern of the i-th
// patternProperties (from 0) of the check function fn.
func PatternPropertiesName(fn string, i int) string {
	return "pattern" + ident(fn) + "Properties" + strconv.Itoa(i)
}

// EnumName names the values of the enum of the check function fn.
func EnumName(fn string) string { return "enum" + ident(fn) }

// ConstName names the value of the const of the check function fn.
func ConstName(fn string) string { return "const" + ident(fn) }

// ident is fn without its "check" prefix: checkWarningCode → WarningCode.
func ident(fn string) string { return strings.TrimPrefix(fn, "check") }
