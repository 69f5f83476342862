// Package naming decides every name in a type space, once, in one place.
//
// A named type is called after, in order: an override (x-go-name in the
// schema, or the caller's map by location), its $defs key, its title (for the
// root of a file, its title and then its file name), and last the path from
// the named type it is nested in ("Envelope" + "meta" → "EnvelopeMeta"). Two
// types that want one name are an error that names both locations and how to
// resolve it; there is never a silent "Foo1".
//
// A type that an imported package declares (model.Common.External) gets the
// name that package gives it: the same rules over the same schemas, in a
// namespace of the package's own, and no override by location applies.
//
// What each target language accepts as a name, and what would collide there,
// is decided here too (targets.go): CheckGo and CheckTS refuse what a backend
// could not declare, TypeParams names type parameters, and the backends only
// spell the names.
package naming

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// Assign names every named type of space, with its enum constants, union
// branches and struct fields. overrides maps a schema location ("file#/pointer")
// to a Go name.
func Assign(space *model.Space, overrides map[string]string) error {
	n := &namer{space: space, overrides: overrides, done: map[model.TypeID]bool{}, owner: map[identifier]model.Location{}}
	named := space.Named()
	sort.SliceStable(named, func(i, j int) bool { return named[i].Base().Loc.String() < named[j].Base().Loc.String() })
	for _, t := range named {
		if err := n.name(t); err != nil {
			return err
		}
	}
	for _, t := range named {
		if err := n.members(t); err != nil {
			return err
		}
	}
	return nil
}

type namer struct {
	space     *model.Space
	overrides map[string]string
	done      map[model.TypeID]bool
	owner     map[identifier]model.Location // package-level identifier → who took it
}

// identifier is a package-level identifier: its name and the package it is
// declared in, "" for the one generated here, else an import's prefix.
type identifier struct {
	pkg, name string
}

func pkgOf(c *model.Common) string {
	if c.External != nil {
		return c.External.Prefix
	}
	return ""
}

// name decides t's own name (and its parent's first, for path names).
func (n *namer) name(t model.Type) error {
	c := t.Base()
	if n.done[c.ID] {
		return nil
	}
	n.done[c.ID] = true
	name, err := n.candidate(c)
	if err != nil {
		return err
	}
	c.Name = model.Names{Go: name, TS: name}
	return n.claim(c, name, "type")
}

func (n *namer) candidate(c *model.Common) (string, error) {
	h := c.NameHint
	if o, ok := n.overrides[c.Loc.String()]; ok && c.External == nil {
		h.Override = o
	}
	if h.Override != "" {
		if !IsGoName(h.Override) {
			return "", &model.Error{Loc: c.Loc, Message: fmt.Sprintf("name override %q is not an exported Go identifier", h.Override)}
		}
		return h.Override, nil
	}
	var tries []string
	if h.FileName != "" {
		tries = []string{h.DefsKey, h.Title, h.FileName}
	} else {
		tries = []string{h.DefsKey, h.Title}
	}
	for _, s := range tries {
		if name := Camel(s); name != "" {
			return name, nil
		}
	}
	if h.Parent != 0 {
		parent := n.space.Get(h.Parent)
		if err := n.name(parent); err != nil {
			return "", err
		}
		return parent.Base().Name.Go + n.pathName(parent, h.Path), nil
	}
	return "", &model.Error{Loc: c.Loc, Message: "cannot name this type: it has no $defs key, title or file name",
		Hint: "add a title, or x-go-name"}
}

// pathName spells the path from a parent; a branch of a discriminated union
// is called after its tag ("Shape" + "circle" → "ShapeCircle").
func (n *namer) pathName(parent model.Type, path []string) string {
	var b strings.Builder
	for _, p := range path {
		if u, ok := parent.(*model.Union); ok && u.Discriminator != "" && strings.HasPrefix(p, "Variant") {
			if i, err := strconv.Atoi(strings.TrimPrefix(p, "Variant")); err == nil && i-1 < len(u.Tags) {
				if tag := valueName(u.Tags[i-1][0]); tag != "" {
					p = tag
				}
			}
		}
		b.WriteString(Camel(p))
	}
	return b.String()
}

// claim records that the type c uses a package-level identifier of its
// package, refusing a second.
func (n *namer) claim(c *model.Common, name, what string) error {
	loc, id := c.Loc, identifier{pkgOf(c), name}
	if prev, taken := n.owner[id]; taken {
		first, second := prev, loc
		if second.String() < first.String() {
			first, second = second, first
		}
		return &model.Error{
			Loc:     second,
			Message: fmt.Sprintf("the Go name %q is wanted by this %s and by %s", name, what, first),
			Hint:    fmt.Sprintf("set \"x-go-name\" on one of them, or pass --name '%s=Other%s'", second, name),
		}
	}
	n.owner[id] = loc
	return nil
}

// members names what lives inside a named type: fields, enum constants,
// union branches.
func (n *namer) members(t model.Type) error {
	c := t.Base()
	switch t := t.(type) {
	case *model.Object:
		return n.fields(t)
	case *model.Enum:
		t.Members = memberNames(c.Name.Go, t.Values)
		for i, v := range t.Values {
			if err := n.claim(c, t.Members[i], fmt.Sprintf("enum value %s", v.JSON)); err != nil {
				return err
			}
		}
	case *model.Const:
		t.Member = memberNames(c.Name.Go, []model.Value{t.Value})[0]
		return n.claim(c, t.Member, fmt.Sprintf("const value %s", t.Value.JSON))
	case *model.Union:
		t.BranchNames = n.branchNames(t)
	}
	return nil
}

func (n *namer) fields(o *model.Object) error {
	seen := map[string]*model.Field{}
	for _, f := range o.Fields {
		f.GoName = Camel(f.JSONName)
		if f.GoName == "" {
			f.GoName = "Field"
		}
		if reservedField(f.GoName) {
			f.GoName += "Field"
		}
		if prev, dup := seen[f.GoName]; dup {
			return &model.Error{
				Loc:     f.Loc,
				Message: fmt.Sprintf("members %q and %q both become the Go field %s", prev.JSONName, f.JSONName, f.GoName),
				Hint:    "rename one of the members",
			}
		}
		seen[f.GoName] = f
	}
	return nil
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
