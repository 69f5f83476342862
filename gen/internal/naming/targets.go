package naming

import (
	"cmp"
	"fmt"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/envgen/envgen/gen/internal/model"
)

// What each target language accepts as a name, and which names would meet
// there, is decided here for both backends: Assign picks the names, CheckGo
// and CheckTS refuse what a backend could not declare as named (a name that
// is not an identifier of the language, two declarations with one name), and
// TypeParams names type parameters. The backends spell what this package
// decided and decide no name of the schema's themselves. Naming is per
// target: CheckGo runs for Go output only, CheckTS for TypeScript only, so
// that a TypeScript-only run never fails for a Go reason.
//
// The names of the helpers that generated code declares for itself are left
// to the backends: check functions (checkEnvelope, checkEnvelopeThenStatus,
// their …In bodies and …OrNull adapters), dynamic…, anchors… and the pattern
// and literal variables in Go, validateX and isX in TypeScript. They cannot
// collide with a name decided here: each starts with a lower-case ASCII word,
// and every name Assign gives (type, constant, field, branch, type
// parameter) starts with an upper-case letter (Camel capitalises, an override
// must be an exported Go identifier) or, for TypeScript, a letter without
// case. Among themselves the backends keep them apart (checkplan.Names).

// goMethods are the methods package golang declares on generated types
// (Validate, and the JSON methods of the companion file); no field may have
// the name of one.
var goMethods = []string{"MarshalJSON", "UnmarshalJSON", "AppendJSON", "DecodeNode", "CheckNode", "Validate"}

// reservedField reports whether a member does not get name as its Go field
// name, which then gets "Field" appended ("Validate" → "ValidateField"): the
// methods of generated types, Extra (the field of an object's extra members)
// and String.
func reservedField(name string) bool {
	return name == "Extra" || name == "String" || slices.Contains(goMethods, name)
}

// reservedTSTypes cannot name a declared TypeScript type: TypeScript's own,
// and the types the package index exports from the runtime.
var reservedTSTypes = map[string]bool{
	"any": true, "bigint": true, "boolean": true, "never": true, "null": true, "number": true, "object": true,
	"string": true, "symbol": true, "undefined": true, "unknown": true, "void": true,
	"Guard": true, "ValidationError": true, "Validator": true,
}

// IsGoName reports whether s is an exported Go identifier: what the name of
// a generated type, constant, field or type parameter must be.
func IsGoName(s string) bool { return token.IsIdentifier(s) && token.IsExported(s) }

// IsGoPackage reports whether s can name a Go package: an identifier other
// than _.
func IsGoPackage(s string) bool { return token.IsIdentifier(s) && s != "_" }

// IsTSIdentifierName reports whether s is an ECMAScript IdentifierName
// (reserved words included, which are valid member names: data, default).
func IsTSIdentifierName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '$' || r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r):
		case i > 0 && (unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc) || r == '\u200c' || r == '\u200d'):
		default:
			return false
		}
	}
	return utf8.ValidString(s)
}

// TypeParams names the type parameters of a generic type, in the order of
// c.TypeParams, as both backends declare them: "T" when there is one, else
// "T" and its $dynamicAnchor in Camel case ("TData", "TItems"), or its
// position ("T2") when the anchor has no letters or digits. CheckGo and
// CheckTS refuse two that are the same.
func TypeParams(space *model.Space, c *model.Common) []string {
	out := make([]string, len(c.TypeParams))
	for i, id := range c.TypeParams {
		out[i] = "T"
		if len(c.TypeParams) == 1 {
			continue
		}
		anchor := ""
		if tp, ok := space.Get(id).(*model.TypeParam); ok {
			anchor = tp.Anchor
		}
		if w := Camel(anchor); w != "" {
			out[i] += w
		} else {
			out[i] += strconv.Itoa(i + 1)
		}
	}
	return out
}

// checker collects the first problem found.
type checker struct {
	space *model.Space
	err   error
}

func (k *checker) fail(loc model.Location, hint, format string, args ...any) {
	if k.err == nil {
		k.err = model.Errorf(loc, hint, fmt.Sprintf(format, args...))
	}
}

// declared lists the named types a run declares: not type parameters (their
// generic types declare them) and not the types of imported packages.
func declared(space *model.Space) []model.Type {
	return slices.DeleteFunc(space.Named(), func(t model.Type) bool {
		_, param := t.(*model.TypeParam)
		return param || t.Base().Imported()
	})
}

// typeParams refuses, for each declared type, two type parameters with one
// name and one named like a declared type (seen, by name), which it would
// hide inside the generic type's declaration.
func (k *checker) typeParams(seen map[string]model.Location, nameOf func(*model.Common) string) {
	for _, t := range declared(k.space) {
		c := t.Base()
		names := TypeParams(k.space, c)
		for i, p := range names {
			if slices.Contains(names[:i], p) {
				k.fail(c.Loc, "give the $dynamicAnchors names that differ in more than case and punctuation",
					"two type parameters of %s are both named %s", nameOf(c), p)
			}
			if prev, ok := seen[p]; ok {
				k.fail(c.Loc, "rename the type at "+prev.String(), "type parameter %s of %s has the name of a type", p, nameOf(c))
			}
		}
	}
}

// CheckGo refuses what would not compile in Go because naming left it
// ambiguous: a named type or enum constant without a valid exported Go name,
// two package-level identifiers (types, enum constants) that are the same,
// and two type parameters of a type, or one and a type, with one name. The
// fields of each struct are checked as it is spelled (GoStruct).
func CheckGo(space *model.Space) error {
	k := &checker{space: space}
	seen := map[string]model.Location{}
	declare := func(name string, loc model.Location) {
		if !IsGoName(name) {
			k.fail(loc, "give the type a name with x-go-name, or a names override",
				"Go name %q is not an exported Go identifier", name)
			return
		}
		if prev, ok := seen[name]; ok {
			k.fail(loc, "rename one of them with x-go-name, or a names override", "Go name %q is also used by %s", name, prev)
			return
		}
		seen[name] = loc
	}
	for _, t := range declared(space) {
		c := t.Base()
		switch t := t.(type) {
		case *model.Enum:
			declare(c.Name.Go, c.Loc)
			for _, m := range t.Members {
				declare(m, c.Loc)
			}
			continue
		case *model.Const:
			declare(t.Member, c.Loc)
		}
		declare(c.Name.Go, c.Loc)
	}
	k.typeParams(seen, func(c *model.Common) string { return c.Name.Go })
	return k.err
}

// GoStruct checks the field names of one Go struct as package golang
// declares it: each an exported Go identifier, none twice, none the name of a
// method of generated types. The backend asks it for each struct it spells,
// with the name of the type whose declaration holds the struct (Owner): which
// structs those are, stand-ins for aliases and anonymous objects spelled
// inline among them, only the backend knows; what they may be named is
// decided here.
type GoStruct struct {
	Owner string // the declared type, e.g. "Envelope"
	seen  map[string]bool
}

// Field checks the next field's name, with the location of its member for
// the error.
func (s *GoStruct) Field(name string, loc model.Location) error {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	dup := s.seen[name]
	s.seen[name] = true
	switch {
	case !IsGoName(name):
		return model.Errorf(loc, "package naming should have named it", fmt.Sprintf("field name %q is not an exported Go identifier", name))
	case dup:
		return model.Errorf(loc, "rename one of the members with x-go-name", fmt.Sprintf("two fields of %s are named %s", s.Owner, name))
	case slices.Contains(goMethods, name):
		return model.Errorf(loc, "rename the member with x-go-name",
			fmt.Sprintf("field %s of %s has the name of a method generated code declares", name, s.Owner))
	}
	return nil
}

// TSDeclared is the TypeScript names of the types a run declares, each with
// the location of its schema.
type TSDeclared map[string]model.Location

// CheckTS refuses what would not compile in TypeScript: a named type without
// a usable TypeScript name (an identifier that is not one of TypeScript's
// own types or the runtime's), two declarations with one name, and a type
// parameter named like a type, which would hide it inside the generic
// declaration. It returns the names declared, for Import.
func CheckTS(space *model.Space) (TSDeclared, error) {
	k := &checker{space: space}
	seen := TSDeclared{}
	for _, t := range declared(space) {
		c := t.Base()
		switch prev, dup := seen[c.Name.TS]; {
		case !IsTSIdentifierName(c.Name.TS) || reservedTSTypes[c.Name.TS]:
			k.fail(c.Loc, "give the type a name with x-go-name, or a names override", "TypeScript name %q is not a usable type name", c.Name.TS)
		case dup:
			k.fail(c.Loc, "rename one of them with x-go-name, or a names override", "TypeScript name %q is also used by %s", c.Name.TS, prev)
		}
		seen[c.Name.TS] = c.Loc
	}
	k.typeParams(seen, func(c *model.Common) string { return c.Name.TS })
	return seen, k.err
}

// ImportNames names the types that imported packages declare
// (model.Common.Imported) for the TypeScript code here, which imports them by
// name where Go qualifies them with their package: each by its own name,
// unless a type declared here, a type parameter of one (which would hide it
// in its declaration) or one imported before it (by module, then name) has
// that name. That one is imported under its name prefixed with the
// words of its module's specifier (its path segments, without an index file
// or a file extension), from the last, leaving out a last word the name
// starts with: Item of "@x/b" as BItem, then XBItem; Item of "../b/index.js"
// as BItem; Envelope of "@envgen/envelope" as EnvgenEnvelope. A number follows if those are taken
// too. The names returned are only those that differ from Name.TS.
func (d TSDeclared) ImportNames(space *model.Space) map[model.TypeID]string {
	var imported []*model.Common
	for _, t := range space.Types {
		if t != nil && t.Base().Imported() {
			imported = append(imported, t.Base())
		}
	}
	slices.SortFunc(imported, func(a, b *model.Common) int {
		return cmp.Or(cmp.Compare(a.External.TSModule, b.External.TSModule), cmp.Compare(a.Name.TS, b.Name.TS))
	})
	params := map[string]bool{} // a generic type's parameters hide an import of the name in its declaration
	for _, t := range declared(space) {
		for _, name := range TypeParams(space, t.Base()) {
			params[name] = true
		}
	}
	taken := func(name string) bool { _, ok := d[name]; return ok || params[name] }
	names := map[model.TypeID]string{}
	used := map[string]bool{}
	for _, c := range imported {
		name := c.Name.TS
		if taken(name) || used[name] {
			name = importAlias(c.Name.TS, c.External.TSModule, func(n string) bool { return taken(n) || used[n] })
			names[c.ID] = name
		}
		used[name] = true
	}
	return names
}

// importAlias is the first name for the type name of module that taken
// leaves free (see ImportNames).
func importAlias(name, module string, taken func(string) bool) string {
	var words []string
	for _, seg := range strings.Split(module, "/") {
		switch ext := path.Ext(seg); ext {
		case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
			seg = strings.TrimSuffix(seg, ext)
		}
		if w := Camel(seg); w != "" && seg != "index" {
			words = append(words, w)
		}
	}
	if len(words) > 0 && strings.HasPrefix(name, words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	for i := len(words) - 1; i >= 0; i-- {
		if alias := strings.Join(words[i:], "") + name; !taken(alias) {
			return alias
		}
	}
	for n := 2; ; n++ {
		if alias := name + strconv.Itoa(n); !taken(alias) {
			return alias
		}
	}
}
