package typescript

import (
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// Types that an imported package declares (model.Common.Imported) are
// imported from its module and declared nowhere here:
//
//	import { type Envelope, isEnvelope, validateEnvelope } from "@envgen/envelope";
//	export type SearchOutput = Envelope<SearchResult>;
//
// Their validators are the package's validateX and isX. A check function of
// this package that calls one goes through an adapter, which reports the
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
	if err := r.local.Import(c); err != nil {
		if r.err == nil {
			r.err = err
		}
		return "", false
	}
	return c.External.TSModule, true
}

// useImported records that the module imports the names of an imported
// type: the type itself, or values (validateX, isX).
func (w *moduleWriter) useImported(t model.Type, values ...string) {
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
	if len(values) == 0 {
		add(w.extTypes, t.Base().Name.TS)
	}
	for _, v := range values {
		add(w.extValues, v)
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
	validate, is := "validate"+c.Name.TS, "is"+c.Name.TS
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
