package typescript

import (
	"encoding/json"
	"strings"
)

// Schema paths. Each failure spells the schema path of its keyword
// (validate_fail.go), and in a check function most of them begin with the
// path of the function's own schema, which the function then declares once:
//
//	const sp = "meta.json#/$defs/tool";
//	…
//	if (!x) { ok = false; if (rt.failLimit(c, rt.at(c, p, "version"), sp + "/properties/*", "minLength", 1)) return false; }
//	…
//	} else { rt.failType(c, p, sp, "object", v); return false; }
//
// The path is then written once a function, not at each of its failures
// (issue 16: the bundle a client makes of the envelope validator, where the
// repeated paths were a ninth of the gzipped bytes). Only a failure reads sp:
// a valid value concatenates nothing.
//
// An emitter writes a schema path as pathLiteral: a string literal marked by
// a NUL byte in front (stringLiteral escapes every control character, so no
// other text has one); relativePaths spells each marked literal once the
// function's path is known.

// pathMark marks the literal that follows it as a schema path.
const pathMark = "\x00"

// pathLiteral is the schema path p as a marked string literal.
func pathLiteral(p string) string {
	return pathMark + stringLiteral(p)
}

// relativePaths spells the marked schema paths of a check function's body,
// whose schema's path is base: those at or below base through the constant
// sp (sp, sp + "/properties/*"), the others as plain literals. (Even a path
// written once costs fewer gzipped bytes as sp: every function then begins
// alike.)
func relativePaths(body []string, base string) []string {
	out := make([]string, 1, len(body)+1) // out[0]: const sp, if a path is under base
	under := false
	for _, l := range body {
		if !strings.Contains(l, pathMark) {
			out = append(out, l)
			continue
		}
		var b strings.Builder
		for {
			i := strings.Index(l, pathMark)
			if i < 0 {
				break
			}
			b.WriteString(l[:i])
			l = l[i+len(pathMark):]
			end := stringEnd(l, 0)
			var p string
			if end == 0 || json.Unmarshal([]byte(l[:end]), &p) != nil {
				panic("typescript: a marked schema path is not a string literal: " + l)
			}
			rest, ok := below(p, base)
			under = under || ok
			switch {
			case !ok:
				b.WriteString(stringLiteral(p))
			case rest == "":
				b.WriteString("sp")
			default:
				b.WriteString("sp + " + stringLiteral(rest))
			}
			l = l[end:]
		}
		b.WriteString(l)
		out = append(out, b.String())
	}
	if !under {
		return out[1:]
	}
	out[0] = "const sp = " + stringLiteral(base) + ";"
	return out
}

// below is what path p adds to base ("" for base itself), when p is base or
// a path below it.
func below(p, base string) (string, bool) {
	if p == base {
		return "", true
	}
	if rest, ok := strings.CutPrefix(p, base); ok && strings.HasPrefix(rest, "/") {
		return rest, true
	}
	return "", false
}
