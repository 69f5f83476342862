package typescript

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// Depth. Go's parser refuses a value nested deeper than envgenrt.MaxDepth
// (10,000 levels) wherever the nesting is; the TypeScript validators refuse
// the same values with the same error, and never throw:
//
//   - A check function that descends into members or items begins with
//     if (p >= c.lim) return rt.deep(checkTree, v, p, c);
//     which refuses an array or object past maxDepth, and otherwise runs the
//     check in a segment of its own from a short stack (_envgen.ts), so that
//     however deep the value, the JavaScript stack holds at most one segment
//     (1,000 levels) of checks.
//   - The parts of a value that no check descends into (a member or item
//     whose schema accepts every value, the members of an object without
//     additionalProperties, the items of an array without items, a schema
//     without type) are measured where they are left:
//     rt.rest(v, p, c, membersTree, 0) and rt.always (rt.open).

// descends matches the depth argument of a check called for a member or item:
// checkX(v[i], p + 1, c), rt.quiet(c, checkX, v[i], p + 1) (and quietCall's
// c.stop ? checkX(v[i], p + 1, c) : rt.quiet(c, checkX, v[i], p + 1)).
var descends = regexp.MustCompile(`, p \+ 1(, c)?\)`)

// segmentHook is the first statement of a check function whose body
// descends into members or items: calls a check at depth p + 1 (descent).
// (Only the function's schema path, const sp, is declared before it.)
// (A failure's rt.at(c, p, k) names a member for its error and descends into
// nothing.)
func segmentHook(t model.Type, name string, body []string) []string {
	if inPlaceOnly(t) || !descends.MatchString(strings.Join(body, "\n")) {
		return body
	}
	return append([]string{"if (p >= c.lim) return rt.deep(" + name + ", v, p, c);"}, body...)
}

// rest measures the members and items of the value that this function's
// checks leave unvisited, unless it visits them all:
//
//	rt.rest(v, p, c, membersMetaTool, 0);
func (f *vfn) rest() []string {
	if inPlaceOnly(f.t) || f.closed(f.t, map[model.TypeID]bool{}) {
		return nil
	}
	c := f.c
	known := "rt.noMembers"
	if !f.objectsCovered(c) {
		var names []string
		for _, pc := range c.Properties {
			if f.covers(pc.Type) {
				names = append(names, stringLiteral(pc.Name))
			}
		}
		if len(names) > 0 {
			known = f.w.moduleConst("members"+strings.TrimPrefix(f.name, "check"), "["+strings.Join(names, ", ")+"]")
		}
	} else {
		known = "undefined"
	}
	from := "0"
	if f.arraysCovered(c) {
		from = "-1"
	} else if f.prefixCovered(c) {
		from = strconv.Itoa(len(c.PrefixItems))
	}
	return []string{"rt.rest(v, p, c, " + known + ", " + from + ");"}
}

// covers reports whether ref's checks measure every part of the value they
// are given: ref is not always valid, and is not a leaf spelled inline
// that accepts arrays or objects.
func (f *vfn) covers(ref model.Ref) bool {
	if f.always(ref) {
		return false
	}
	if f.inlinable(ref) {
		return f.primitiveOnly(&f.target(ref).Base().Checks)
	}
	return true
}

// primitiveOnly reports whether c accepts no array and no object, or only
// values the schema spells (enum, const).
func (f *vfn) primitiveOnly(c *model.Checks) bool {
	if c.False || len(c.Enum) > 0 || c.Const != nil {
		return true
	}
	return len(c.Types) > 0 && !slices.Contains(c.Types, "object") && !slices.Contains(c.Types, "array")
}

func allows(c *model.Checks, kind string) bool {
	return len(c.Types) == 0 || slices.Contains(c.Types, kind)
}

// objectsCovered reports whether c's own checks visit every member of an
// object it accepts.
func (f *vfn) objectsCovered(c *model.Checks) bool {
	return !allows(c, "object") ||
		(c.AdditionalProperties != nil && f.covers(*c.AdditionalProperties)) ||
		(c.UnevaluatedProperties != nil && f.covers(*c.UnevaluatedProperties))
}

// prefixCovered reports whether c's prefixItems visit their items.
func (f *vfn) prefixCovered(c *model.Checks) bool {
	for _, r := range c.PrefixItems {
		if !f.covers(r) {
			return false
		}
	}
	return true
}

// arraysCovered reports whether c's own checks visit every item of an
// array it accepts.
func (f *vfn) arraysCovered(c *model.Checks) bool {
	return !allows(c, "array") ||
		(c.Items != nil && f.covers(*c.Items) && f.prefixCovered(c)) ||
		(c.UnevaluatedItems != nil && f.covers(*c.UnevaluatedItems))
}

// closed reports whether t's checks, or those of a schema it applies in
// place and that must pass ($ref, allOf, every branch of anyOf or oneOf),
// visit every part of a value they accept.
func (f *vfn) closed(t model.Type, seen map[model.TypeID]bool) bool {
	if t == nil {
		return false
	}
	b := t.Base()
	if seen[b.ID] {
		return false
	}
	seen[b.ID] = true
	defer delete(seen, b.ID)
	switch t := t.(type) {
	case *model.TypeParam:
		return false
	case *model.Alias:
		return f.closedRef(t.Target, seen)
	}
	c := &b.Checks
	if f.primitiveOnly(c) || (f.objectsCovered(c) && f.arraysCovered(c)) {
		return true
	}
	if c.Ref != nil && f.closedRef(*c.Ref, seen) {
		return true
	}
	for _, r := range c.AllOf {
		if f.closedRef(r, seen) {
			return true
		}
	}
	for _, rs := range [][]model.Ref{c.AnyOf, c.OneOf} {
		if len(rs) == 0 {
			continue
		}
		all := true
		for _, r := range rs {
			all = all && f.closedRef(r, seen)
		}
		if all {
			return true
		}
	}
	return false
}

func (f *vfn) closedRef(r model.Ref, seen map[model.TypeID]bool) bool {
	if f.always(r) {
		return false
	}
	t := f.target(r)
	if t == nil {
		return false
	}
	if t.Base().Checks.False {
		return true
	}
	return f.closed(t, seen)
}

// inPlaceOnly reports whether t is an anonymous subschema that only its
// parent applies, to the parent's value (allOf, anyOf, oneOf, not, if,
// then, else, dependentSchemas): its checks run at the parent's depth, and
// what they leave unvisited the parent measures (rest, closed).
func inPlaceOnly(t model.Type) bool {
	b := t.Base()
	if b.Named {
		return false
	}
	parts := strings.Split(b.Loc.Pointer, "/")
	n := len(parts)
	switch {
	case n >= 2 && (parts[n-1] == "not" || parts[n-1] == "if" || parts[n-1] == "then" || parts[n-1] == "else"):
		return n < 3 || !isSchemaMap(parts[n-2])
	case n >= 3 && (parts[n-2] == "allOf" || parts[n-2] == "anyOf" || parts[n-2] == "oneOf" || parts[n-2] == "dependentSchemas"):
		return n < 4 || !isSchemaMap(parts[n-3])
	}
	return false
}

// isSchemaMap reports whether a pointer token names a keyword whose members
// are schemas by name, so that the next token is a name, not a keyword.
func isSchemaMap(token string) bool {
	switch token {
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
		return true
	}
	return false
}
