package typescript

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// Failures. A check that fails calls the runtime with what only this schema
// knows, and the runtime spells the rest, so that the keyword, the most
// common messages and the keyword's step of the schema path are written once,
// in _envgen.ts, not at each of the hundreds of places a validator can fail
// (issue 16: the bundle a client makes of the envelope validator):
//
//	rt.failType(c, p, "warning.json#", "object", v)     // "warning.json#/type", "type", "must be object, not " + rt.typeOf(v)
//	rt.failRequired(c, p, "warning.json#", "code")      // "missing required property \"code\""
//	rt.failLimit(c, p, "warning.json#/properties/message", "maxLength", 2000)
//	rt.failAt(c, p, "warning.json#/properties/severity", "enum", "must be one of …")
//	rt.failPattern(c, p, "warning.json#/$defs/code", patternCode)   // "must match the pattern \"^[A-Z]…$\""
//	rt.failLimit(c, rt.at(c, p, "message"), "warning.json#/properties/*", "maxLength", 2000)
//
// (A path that begins with the check function's own is written from the
// function's constant sp: validate_paths.go.)
//
// The last one is the schema of a member checked where its object is: a
// schema path that ends in /properties/* ends in the member's name (the
// instance path's last step, escaped), which the text then shares with the
// other members' paths.
//
// Each short form is used only where it spells, byte for byte, the schema
// path and message the long form rt.fail(c, p, schemaPath, keyword, message)
// would: failCall compares the two texts (a simulation of the runtime's, in
// limitText) and falls back to the long form otherwise, so that the error
// lists stay the Go validators'.

// msgExpr is a message and the TypeScript expressions of its holes (see
// message).
type msgExpr struct {
	m    keywords.Message
	args []string
	// re, for a pattern's message, is the RegExp constant whose source spells
	// the pattern (see sourceSpells): rt.failPattern then writes the message
	// from it, and the pattern is not written twice.
	re string
}

// message is a message whose holes are filled by args, one a hole: its
// TypeScript expression is expr (a member name is quoted by JSON.stringify):
//
//	"must be string, not " + rt.typeOf(v)
func message(m keywords.Message, args ...string) msgExpr {
	if len(m.Holes()) != len(args) {
		panic("typescript: message " + m.String() + ": wrong number of arguments")
	}
	return msgExpr{m: m, args: args}
}

// expr is the message's TypeScript expression.
func (x msgExpr) expr() string {
	args := x.args
	var parts []string
	for _, p := range x.m {
		switch p.Hole {
		case keywords.Text:
			parts = append(parts, stringLiteral(p.Text))
		case keywords.TypeOf, keywords.Int:
			parts = append(parts, args[0])
			args = args[1:]
		case keywords.Name:
			parts = append(parts, "JSON.stringify("+args[0]+")")
			args = args[1:]
		}
	}
	return strings.Join(parts, " + ")
}

// failCall is the call that records the failure of keyword at instance path
// at, with the schema path schemaPath and the message msg; it returns true
// when the caller should return (rt.fail's contract).
func failCall(at, schemaPath, keyword string, msg msgExpr) string {
	long := "rt.fail(c, " + at + ", " + pathLiteral(schemaPath) + ", " + stringLiteral(keyword) + ", " + msg.expr() + ")"
	base, ok := strings.CutSuffix(schemaPath, "/"+keyword)
	if !ok || escapeToken(keyword) != keyword {
		return long
	}
	if strings.HasSuffix(base, "/*") {
		return long // rt.failAt would read the * as the member's name
	}
	if name, ok := memberOf(at); ok {
		// A member's own schema: its name is the instance path's last step.
		if b, ok := strings.CutSuffix(base, "/properties/"+escapeToken(name)); ok {
			base = b + "/properties/*"
		}
	}
	head := "(c, " + at + ", " + pathLiteral(base) + ", "
	m := msg.m
	if keyword == "type" && len(m) == 2 && m[0].Hole == keywords.Text && m[1].Hole == keywords.TypeOf {
		if types, ok := strings.CutPrefix(m[0].Text, "must be "); ok {
			types, ok := strings.CutSuffix(types, ", not ")
			value, typeOf := strings.CutPrefix(msg.args[0], "rt.typeOf(")
			if value, closed := strings.CutSuffix(value, ")"); ok && typeOf && closed {
				return "rt.failType" + head + stringLiteral(types) + ", " + value + ")"
			}
		}
	}
	if len(m) == 2 && m[0].Hole == keywords.Text && m[0].Text == "unexpected property " && m[1].Hole == keywords.Name {
		return "rt.failMember" + head + stringLiteral(keyword) + ", " + msg.args[0] + ")"
	}
	if keyword == "pattern" && msg.re != "" {
		return "rt.failPattern" + head + msg.re + ")"
	}
	text, plain := m.Plain()
	if !plain {
		return long
	}
	if name, ok := strings.CutPrefix(text, "missing required property "); ok && keyword == "required" {
		if n, err := strconv.Unquote(name); err == nil && keywords.Quote(n) == name {
			return "rt.failRequired" + head + stringLiteral(n) + ")"
		}
	}
	if n, ok := limitOf(keyword, text); ok {
		return "rt.failLimit" + head + stringLiteral(keyword) + ", " + strconv.FormatInt(n, 10) + ")"
	}
	return "rt.failAt" + head + stringLiteral(keyword) + ", " + msg.expr() + ")"
}

// memberOf is the name of the member whose instance path at is, when at is
// memberPath(name).
func memberOf(at string) (string, bool) {
	lit, ok := strings.CutPrefix(at, "rt.at(c, p, ")
	if lit, ok2 := strings.CutSuffix(lit, ")"); ok && ok2 && strings.HasPrefix(lit, `"`) {
		var name string
		if json.Unmarshal([]byte(lit), &name) == nil && memberPath(name) == at {
			return name, true
		}
	}
	return "", false
}

// limits are the messages rt.failLimit spells from a keyword's number: a
// phrase, a noun counted (none for a number as it is) and a tail, as the
// table limits of _envgen.ts has them.
var limits = map[string][3]string{
	"minLength":        {"must be at least ", "character", " long"},
	"maxLength":        {"must be at most ", "character", " long"},
	"minItems":         {"must have at least ", "item", ""},
	"maxItems":         {"must have at most ", "item", ""},
	"minProperties":    {"must have at least ", "property", ""},
	"maxProperties":    {"must have at most ", "property", ""},
	"minimum":          {"must be at least ", "", ""},
	"maximum":          {"must be at most ", "", ""},
	"exclusiveMinimum": {"must be greater than ", "", ""},
	"exclusiveMaximum": {"must be less than ", "", ""},
}

// limitOf is the number n for which rt.failLimit spells text as keyword's
// message, if there is one: an integer that JavaScript's String spells as Go
// does (|n| < 2^53).
func limitOf(keyword, text string) (int64, bool) {
	l, ok := limits[keyword]
	if !ok {
		return 0, false
	}
	rest, ok := strings.CutPrefix(text, l[0])
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, l[2])
	if !ok {
		return 0, false
	}
	if num, _, found := strings.Cut(rest, " "); found && l[1] != "" {
		rest = num
	}
	n, err := strconv.ParseInt(rest, 10, 64)
	if err != nil || n >= 1<<53 || n <= -(1<<53) {
		return 0, false
	}
	return n, limitText(keyword, n) == text
}

// limitText is the message rt.failLimit spells: the runtime's limit function.
func limitText(keyword string, n int64) string {
	l := limits[keyword]
	num := strconv.FormatInt(n, 10)
	if l[1] != "" {
		num = keywords.Count(int(n), l[1])
	}
	return l[0] + num + l[2]
}

// failIf is: if (cond) { ok = false; if (<failCall>) return false; }
func failIf(cond, at, schemaPath, keyword string, msg msgExpr) string {
	return "if (" + cond + ") " + failed(failCall(at, schemaPath, keyword, msg))
}

// failed is the block that records a failure: the function's result becomes
// false, and it returns at once if the failure call (rt.fail or a short form)
// says so. The result is a local, not a count of c.errors: a valid value, the
// common case, reads no error list.
func failed(fail string) string {
	return "{ ok = false; if (" + fail + ") return false; }"
}

// failStop is failIf for type, enum and const: a value that fails one of them
// gets that one error and no other from the same schema, as santhosh-tekuri
// reports it (docs/validation.md):
//
//	if (typeof v !== "string") { rt.failType(c, p, "a.json#", "string", v); return false; }
//
// In a leaf checked inline, the rest of the leaf is skipped instead:
//
//	if (typeof x !== "string") { ok = false; if (rt.failType(c, …)) return false; break leaf; }
func (f *vfn) failStop(cond, keyword string, msg msgExpr) string {
	return "if (" + cond + ") " + f.stopAlways(keyword, msg)
}

// stopAlways is the block of failStop.
func (f *vfn) stopAlways(keyword string, msg msgExpr) string {
	fail := failCall(f.p, f.sp(keyword), keyword, msg)
	if f.inlined {
		return "{ ok = false; if (" + fail + ") return false; break leaf; }"
	}
	return "{ " + fail + "; return false; }"
}

// failAlways is failIf without a condition: ok = false; if (<failCall>) return false;
func failAlways(at, schemaPath, keyword string, msg msgExpr) string {
	return "ok = false; if (" + failCall(at, schemaPath, keyword, msg) + ") return false;"
}
