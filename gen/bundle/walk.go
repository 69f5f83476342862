package bundle

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/gen/internal/model"
)

// A unit is what becomes one entry of the bundle's $defs: a document's root,
// or one entry of its top-level $defs (or definitions). A reference to any
// other location becomes a pointer into the unit that holds it. The tool
// schema's root is the bundle's root, and its own $defs keep their keys.
func (b *bundler) unitOf(t loc) loc {
	toks := strings.SplitN(strings.TrimPrefix(t.ptr, "/"), "/", 3)
	if t.ptr != "" && len(toks) >= 2 && (toks[0] == "$defs" || toks[0] == "definitions") {
		return loc{t.doc, "/" + toks[0] + "/" + toks[1]}
	}
	return loc{t.doc, ""}
}

// key names a unit in the bundle's $defs: the document's file name without
// its extension ("envelope"), plus "_" and the $defs key for an entry
// ("meta_pagination"). Entries of the tool schema's own $defs keep their key.
func (b *bundler) key(unit loc) string {
	var defKey string
	if unit.ptr != "" {
		defKey = unescape(unit.ptr[strings.LastIndex(unit.ptr, "/")+1:])
	}
	if unit.doc == b.root.doc {
		return defKey
	}
	base := "schema"
	if u, err := url.Parse(unit.doc); err == nil {
		if name := path.Base(u.Path); name != "." && name != "/" {
			base = strings.TrimSuffix(name, path.Ext(name))
		}
	}
	base = unsafeKey.ReplaceAllString(base, "_")
	if defKey == "" {
		return base
	}
	return base + "_" + defKey
}

var unsafeKey = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// addUnit gives a unit its key, the first time it is reached.
func (b *bundler) addUnit(unit loc) error {
	if _, ok := b.units[unit]; ok {
		return nil
	}
	k := b.key(unit)
	if prev, taken := b.keys[k]; taken {
		return &model.Error{Loc: b.set.Locate(unit.String()),
			Message: fmt.Sprintf("bundle: the $defs key %q is wanted by this schema and by %s", k, b.set.Locate(prev.String())),
			Hint:    "rename one of the two $defs entries (or files) so that their bundle keys differ"}
	}
	b.units[unit] = k
	b.keys[k] = unit
	return nil
}

// visit is one unit to walk under one dynamic scope.
type visit struct {
	unit  loc
	scope []loc // schema resources entered, outermost first, without repeats
}

// walk finds every unit the root reaches through $ref and $dynamicRef, and
// records the target of each reference. A $dynamicRef resolves through the
// dynamic scope, so a unit is walked once for each scope it is reached under;
// a $dynamicRef that would resolve to two schemas cannot become one $ref.
func (b *bundler) walk() error {
	queue := []visit{{b.root, []loc{b.root}}}
	seen := map[string]bool{}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		memo := v.unit.String() + " " + b.scopeKey(v.scope)
		if seen[memo] {
			continue
		}
		seen[memo] = true
		if err := b.addUnit(v.unit); err != nil {
			return err
		}
		next, err := b.walkUnit(v)
		if err != nil {
			return err
		}
		queue = append(queue, next...)
	}
	return nil
}

// scopeKey tells apart the scopes under which a $dynamicRef can resolve
// differently: only resources that define dynamic anchors matter.
func (b *bundler) scopeKey(scope []loc) string {
	var parts []string
	for _, r := range scope {
		if len(b.dynAnchors[r]) > 0 {
			parts = append(parts, r.String())
		}
	}
	return strings.Join(parts, " ")
}

func enter(scope []loc, res loc) []loc {
	for _, r := range scope {
		if r == res {
			return scope
		}
	}
	return append(scope[:len(scope):len(scope)], res)
}

// walkUnit walks the schemas of one unit, but not the top-level $defs of a
// document (those are units of their own), records the target of each of its
// references, and returns the units they lead to.
func (b *bundler) walkUnit(v visit) ([]visit, error) {
	var next []visit
	var walk func(l loc, scope []loc) error
	walk = func(l loc, scope []loc) error {
		obj, ok := b.raw(l).(map[string]any)
		if !ok {
			return nil
		}
		scope = enter(scope, b.schemas[l].resource)
		follow := func(t loc) error {
			u := b.unitOf(t)
			if err := b.addUnit(u); err != nil {
				return err
			}
			next = append(next, visit{u, enter(scope, b.schemas[t].resource)})
			return nil
		}
		if ref, ok := obj["$ref"].(string); ok {
			t, err := b.resolve(l, "$ref", ref)
			if err != nil {
				return err
			}
			b.refs[l] = t
			if err := follow(t); err != nil {
				return err
			}
		}
		if ref, ok := obj["$dynamicRef"].(string); ok {
			t, err := b.dynamicTarget(l, ref, scope)
			if err != nil {
				return err
			}
			if prev, ok := b.dyn[l]; ok && prev != t {
				return &model.Error{Loc: b.set.Locate(l.child("$dynamicRef").String()),
					Message: fmt.Sprintf("$dynamicRef %q resolves to %s on one path and to %s on another, so no single $ref can replace it",
						ref, b.set.Locate(prev.String()), b.set.Locate(t.String())),
					Hint: "define the $dynamicAnchor once, in the tool schema, so that it wins on every path"}
			}
			b.dyn[l] = t
			if err := follow(t); err != nil {
				return err
			}
		}
		for _, k := range sortedKeys(obj) {
			if l.ptr == "" && (k == "$defs" || k == "definitions") {
				continue
			}
			switch kind(k) {
			case 1:
				if err := walk(l.child(k), scope); err != nil {
					return err
				}
			case 2:
				arr, _ := obj[k].([]any)
				for i := range arr {
					if err := walk(l.child(k, strconv.Itoa(i)), scope); err != nil {
						return err
					}
				}
			case 3:
				m, _ := obj[k].(map[string]any)
				for _, name := range sortedKeys(m) {
					if err := walk(l.child(k, name), scope); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	return next, walk(v.unit, v.scope)
}

// raw returns the decoded JSON at a location, nil when there is none.
func (b *bundler) raw(l loc) any {
	root := b.set.Raw(l.doc + "#")
	if root == nil {
		return nil
	}
	var v any = root
	if l.ptr == "" {
		return v
	}
	for _, tok := range strings.Split(l.ptr[1:], "/") {
		switch p := v.(type) {
		case map[string]any:
			v = p[unescape(tok)]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(p) {
				return nil
			}
			v = p[i]
		default:
			return nil
		}
	}
	return v
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
