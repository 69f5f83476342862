package typescript

import (
	"strings"

	"github.com/envgen/envgen/gen/internal/checkplan"
	"github.com/envgen/envgen/gen/internal/model"
)

// Types that an imported package declares (model.Common.Imported) are
// imported from its module and declared nowhere here:
//
//	import { type Envelope, isEnvelope, validateEnvelope } from "@envgen/envelope";
//	export type SearchOutput = Envelope<SearchResult>;
//
// A type with checks of its own (not an alias, not a type parameter) is
// checked by the package's check function, which the package index exports
// as checkX for the packages that import it: the adapter calls it with this
// validation's context, so that its errors, depth and dynamic scope are this
// validation's, at no more cost than a call:
//
//	import { type Envelope, checkEnvelope as checkEnvelope$ } from "@envgen/envelope";
//	function checkEnvelope(v: unknown, p: number, c: rt.Context): boolean {
//	  return checkEnvelope$(v, p, c);
//	}
//
// The validators of the other types are the package's validateX and isX. A
// check function of this package that calls one goes through an adapter,
// which reports the
// errors of validateX at its own path (isX when no errors are wanted), and
// gives a generic type, for each type parameter, the validator of what the
// dynamic scope binds its $dynamicAnchor to, if anything:
//
//	function checkEnvelope(v: unknown, p: number, c: rt.Context): boolean {
//	  return rt.imported(v, p, c, validateEnvelope, isEnvelope, ["data"]);
//	}
//
// The adapters, and the functions of anonymous schemas in imported documents
// that this package validates itself, live beside the named type of this
// package that first reaches them.

// imported reports whether t is declared by an imported package.
func imported(t model.Type) bool { return t != nil && t.Base().Imported() }

// module is the module specifier of the package that declares the imported
// type t, e.g. "@envgen/envelope".
func (r *renderer) module(t model.Type) (string, bool) {
	c := t.Base()
	if c.External.TSModule == "" {
		r.fail(c.Loc, "give the import of "+c.External.Prefix+" a TypeScript module, or generate no TypeScript",
			"%s is declared by the package imported for %s, which has no TypeScript module", c.Name.TS, c.External.Prefix)
		return "", false
	}
	return c.External.TSModule, true
}

// useImported records that the module imports the names of an imported
// type: the type itself, or its functions with the prefixes given ("check",
// "validate", "is"), under the names they have here (renderer.name, and
// importedCheck): "type Item as BItem", "validateItem as validateBItem".
func (w *moduleWriter) useImported(t model.Type, prefixes ...string) {
	spec, ok := w.r.module(t)
	if !ok {
		return
	}
	if rt := t.Base().External.TSRuntime; rt != "" {
		w.r.runtimes[rt] = true
	}
	add := func(m map[string]map[string]bool, name string) {
		if m[spec] == nil {
			m[spec] = map[string]bool{}
		}
		m[spec][name] = true
	}
	c := t.Base()
	as := func(name, local string) string {
		if local != name {
			return name + " as " + local
		}
		return name
	}
	if len(prefixes) == 0 {
		add(w.extTypes, as(c.Name.TS, w.r.name(c)))
	}
	for _, p := range prefixes {
		local := p + w.r.name(c)
		if p == "check" {
			local = importedCheck(w.r, t)
		}
		add(w.extValues, as(p+c.Name.TS, local))
	}
}

// adapter is the check function of an imported type (see above).
func (w *moduleWriter) adapter(vp *vplan, t model.Type) funcView {
	c := t.Base()
	if loc, ok := vp.EvalBy[c.ID]; ok {
		w.r.fail(loc, "declare the type here instead (--no-imports), or drop unevaluatedProperties and unevaluatedItems",
			"unevaluatedProperties and unevaluatedItems cannot see what the validator of %s, from the package imported for %s, evaluates",
			c.Name.TS, c.External.Prefix)
	}
	if directlyChecked(t) {
		return funcView{
			Doc:       newDoc("", [][]string{{"Checks a value with check" + c.Name.TS + " of " + c.External.TSModule + "."}}, nil),
			Signature: vp.fn[c.ID] + checkSignature,
			Body:      []string{"return " + importedCheck(w.r, t) + "(v, p, c);"},
			imported:  t,
		}
	}
	validate, is := "validate"+w.r.name(c), "is"+w.r.name(c)
	args := []string{"v", "p", "c", validate, is}
	if len(c.TypeParams) > 0 {
		anchors := make([]string, len(c.TypeParams))
		for i, id := range c.TypeParams {
			anchors[i] = stringLiteral(vp.space.Get(id).(*model.TypeParam).Anchor)
		}
		args = append(args, "["+strings.Join(anchors, ", ")+"]")
	}
	doc := "Checks a value with " + validate + " and " + is + " of " + c.External.TSModule + "."
	return funcView{
		Doc:       newDoc("", [][]string{{doc}}, nil),
		Signature: vp.fn[c.ID] + checkSignature,
		Body:      []string{"return rt.imported(" + strings.Join(args, ", ") + ");"},
		imported:  t,
	}
}

// directlyChecked reports whether the package that declares the named type
// t exports its check function as checkX (see above, and checkExports): t
// has checks of its own. The package and its importers decide it from the
// same schema.
func directlyChecked(t model.Type) bool {
	switch t.(type) {
	case *model.Alias, *model.TypeParam:
		return false
	}
	return !t.Base().Checks.False && !checkplan.Trivial(t)
}

// importedCheck is the local name of the imported checkX of t.
func importedCheck(r *renderer, t model.Type) string { return "check" + r.name(t.Base()) + "$" }

// checkExports are the check functions the package index exports, as
// "checkX" or "checkX2 as checkX", by the module that declares them.
func (r *renderer) checkExports(modules []module) map[string][]string {
	out := map[string][]string{}
	for _, m := range modules {
		for _, t := range m.types {
			id := t.Base().ID
			fn, mod := r.vp.fn[id], r.vp.module[id]
			if !directlyChecked(t) || imported(t) || fn == "" || !r.live[symbol{mod, fn}] {
				continue
			}
			r.exported = setOf(r.exported, symbol{mod, fn})
			name := "check" + t.Base().Name.TS
			if fn != name {
				name = fn + " as " + name
			}
			out[mod] = append(out[mod], name)
		}
	}
	return out
}
