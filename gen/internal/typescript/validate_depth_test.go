package typescript

import "testing"

// TestDescent holds how a check is called for a member or item: at depth p + 1, with the step that its caller
// adds to the errors' paths when it fails; the value itself keeps p and adds nothing.
func TestDescent(t *testing.T) {
	for _, c := range []struct{ at, depth, key, sub string }{
		{memberPath("meta"), "p + 1", `"meta"`, `if (checkMeta(v["meta"], p + 1, c) === false) { ok = false; if (rt.up(c, p, "meta")) return false; }`},
		{memberPath("a/b"), "p + 1", `"a/b"`, `if (checkMeta(v["a/b"], p + 1, c) === false) { ok = false; if (rt.up(c, p, "a/b")) return false; }`},
		{itemPath, "p + 1", "i", `if (checkMeta(v[i], p + 1, c) === false) { ok = false; if (rt.up(c, p, i)) return false; }`},
		{keyPath, "p + 1", "k", `if (checkMeta(v[k], p + 1, c) === false) { ok = false; if (rt.up(c, p, k)) return false; }`},
		{"p", "p", "", `if (checkMeta(v, p, c) === false) { ok = false; if (c.stop) return false; }`},
	} {
		depth, key := descent(c.at)
		if depth != c.depth || key != c.key {
			t.Errorf("descent(%s) = %q, %q; want %q, %q", c.at, depth, key, c.depth, c.key)
		}
		x := map[string]string{memberPath("meta"): `v["meta"]`, memberPath("a/b"): `v["a/b"]`, itemPath: "v[i]", keyPath: "v[k]", "p": "v"}[c.at]
		if got := sub("checkMeta("+x+", "+depth+", c)", c.at); len(got) != 1 || got[0] != c.sub {
			t.Errorf("sub at %s = %q; want %q", c.at, got, c.sub)
		}
	}
	// A function that calls a check one level down gets the segment hook; one whose only rt.at names a member
	// for a failure does not.
	calls := []string{`if (checkMeta(v["meta"], p + 1, c) === false) { ok = false; if (rt.up(c, p, "meta")) return false; }`}
	fails := []string{`if (x < 0) { ok = false; if (rt.failLimit(c, rt.at(c, p, "n"), "a.json#/properties/*", "minimum", 0)) return false; }`}
	quiet := []string{`if (rt.quiet(c, checkItem, v[i], p + 1)) matches++;`}
	direct := []string{"if (" + quietCall("checkItem", "v[i]", "p + 1") + ") matches++;"}
	for _, c := range []struct {
		body  []string
		hooks bool
	}{{calls, true}, {quiet, true}, {direct, true}, {fails, false}} {
		if got := descends.MatchString(c.body[0]); got != c.hooks {
			t.Errorf("descends(%s) = %v; want %v", c.body[0], got, c.hooks)
		}
	}
}
