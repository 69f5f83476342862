// Names inside a named type: struct fields, enum constants, union branches.

package naming

import (
	"slices"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// members names what lives inside a named type: fields, enum constants,
// union branches.
func (n *namer) members(t model.Type) error {
	c := t.Base()
	switch t := t.(type) {
	case *model.Object:
		return n.fields(t)
	case *model.Enum:
		t.Members = n.constNames(c, t.Values)
		for i, v := range t.Values {
			if err := n.claim(c, t.Members[i], "enum value ", v.JSON); err != nil {
				return err
			}
		}
	case *model.Const:
		t.Member = n.constNames(c, []model.Value{t.Value})[0]
		return n.claim(c, t.Member, "const value ", t.Value.JSON)
	case *model.Union:
		t.BranchNames = n.branchNames(t)
	}
	return nil
}

// fields names the Go fields of o: an override (x-go-name on the member's
// schema, or --name at its location), else Spell of the member name, with
// "Field" after a name generated code uses itself (Validate → ValidateField).
// Members whose names collide so (URL and url, a_b and aB, env and env_) are
// spelled literally instead, keeping case and underscores (URL, Url; A_b,
// AB; Env, Env_), and those that still collide exactly, letter for letter
// with every other character in hex (Xurl, XUrl).
func (n *namer) fields(o *model.Object) error {
	names := make([]string, len(o.Fields))
	fixed := make([]bool, len(o.Fields))
	for i, f := range o.Fields {
		if ov, ok := n.overrideAt(f.Loc); ok && o.External == nil {
			names[i], fixed[i] = ov, true
		} else if f.Override != "" {
			names[i], fixed[i] = f.Override, true
		} else {
			names[i] = fieldName(Spell(f.JSONName))
		}
	}
	for step := 0; ; step++ {
		count := map[string]int{}
		for _, name := range names {
			count[name]++
		}
		changed, colliding := false, false
		for i, f := range o.Fields {
			if count[names[i]] == 1 {
				continue
			}
			colliding = true
			if fixed[i] {
				continue
			}
			var next string
			if step == 0 {
				next = fieldName(literal(f.JSONName))
			} else {
				next = fieldName(exact(f.JSONName))
			}
			if next != names[i] {
				names[i], changed = next, true
			}
		}
		if !colliding {
			break
		}
		if !changed && step > 0 {
			return &model.Error{Loc: o.Loc, Message: "two members are given one Go field name by their overrides",
				Hint: "change one x-go-name or --name"}
		}
	}
	for i, f := range o.Fields {
		f.GoName = names[i]
	}
	return nil
}

// fieldName appends "Field" to a name that generated code uses itself.
func fieldName(name string) string {
	if reservedField(name) {
		return name + "Field"
	}
	return name
}

// branchNames names union branches after their tag, their named type, or
// their kind, numbering only where two would be the same.
func (n *namer) branchNames(u *model.Union) []string {
	names := make([]string, len(u.Branches))
	count := map[string]int{}
	for i, r := range u.Branches {
		t := n.space.Get(r.ID)
		switch {
		case u.Discriminator != "" && valueName(u.Tags[i][0]) != "":
			names[i] = valueName(u.Tags[i][0])
			if !IsGoName(names[i]) {
				names[i] = "X" + names[i] // a tag "4.1.0": X410, as Spell writes a key
			}
		case t.Base().Named:
			names[i] = t.Base().Name.Go
		default:
			names[i] = kindName(n.space.Resolve(r))
		}
		count[names[i]]++
	}
	for i := range names {
		if count[names[i]] > 1 {
			names[i] += strconv.Itoa(i + 1)
		}
	}
	return names
}

func kindName(t model.Type) string {
	switch t := t.(type) {
	case *model.Scalar:
		return Camel(t.Scalar.String())
	case *model.Array, *model.Tuple:
		return "Array"
	case *model.Map, *model.Object:
		return "Object"
	}
	return "Value"
}

// constNames names the constants of an enum or const type c: memberNames,
// or, when one of those is a type's name already ("Severity" + "warning"
// beside a type SeverityWarning), the same after TypeName + "Value":
// SeverityValueWarning.
func (n *namer) constNames(c *model.Common, values []model.Value) []string {
	taken := func(names []string) bool {
		return slices.ContainsFunc(names, func(s string) bool { _, ok := n.owner[identifier{pkgOf(c), s}]; return ok })
	}
	names := memberNames(c.Name.Go, values)
	if taken(names) {
		if other := memberNames(c.Name.Go+"Value", values); !taken(other) {
			return other
		}
	}
	return names
}

// memberNames names the constants of an enum's values: the type's name and
// each value's (valueName). When a value has no such spelling (an object, an
// array) or two values would share one ("foo\nbar" and "foo\rbar"), every
// constant of the enum is named by position instead: Enum1Value1, Enum1Value2.
func memberNames(typeName string, values []model.Value) []string {
	out := make([]string, len(values))
	seen := map[string]bool{}
	byValue := true
	for i, v := range values {
		out[i] = typeName + valueName(v)
		if !IsGoName(out[i]) || seen[out[i]] {
			byValue = false
		}
		seen[out[i]] = true
	}
	if !byValue {
		for i := range values {
			out[i] = typeName + "Value" + strconv.Itoa(i+1)
		}
	}
	return out
}

// valueName spells a JSON value as part of an identifier: "warning" →
// "Warning", 3 → "3", -1 → "Minus1", true → "True", null → "Null".
func valueName(v model.Value) string {
	switch x := v.Go.(type) {
	case string:
		if name := camelWords(x); name != "" {
			return name
		}
		return "Empty"
	case nil:
		return "Null"
	case bool:
		return Camel(strconv.FormatBool(x))
	}
	s := strings.NewReplacer("-", "Minus", ".", "_", "+", "").Replace(v.JSON)
	if Camel(s) == "" {
		return "Value"
	}
	return s
}
