package golang

import (
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
)

// TestGoImports: imported packages that want one name get aliases from
// their import paths, as one would write them, never a number while the
// path still has words to give; a local of generated code is not shadowed;
// and the names do not depend on the order the types come in.
func TestGoImports(t *testing.T) {
	imps := []*model.Import{
		{GoPath: "example.com/a/envelope", GoPackage: "envelope"},
		{GoPath: "example.com/b/envelope", GoPackage: "envelope"},
		{GoPath: "example.com/go-lib/v2"},                // package lib, guessed
		{GoPath: "example.com/lib/v3", GoPackage: "lib"}, // lib again
		{GoPath: "golden.test/import_shadow_lib_b", GoPackage: "lib"},
		{GoPath: "k8s.io/api/core/v1", GoPackage: "v1"},
		{GoPath: "k8s.io/api/apps/v1", GoPackage: "v1"},
		{GoPath: "example.com/schemas", GoPackage: "json"}, // the name of encoding/json
		{GoPath: "example.com/s", GoPackage: "s"},          // a local: spkg
		{GoPath: "a/json-x", GoPackage: "json"},            // json again, three paths of the same words
		{GoPath: "a/json_x", GoPackage: "json"},
		{GoPath: "a.json/x", GoPackage: "json"},
		{GoPath: "m/any", GoPackage: "any"},    // a predeclared name: any(x) and [T any] would mean the package
		{GoPath: "m/copy", GoPackage: "copy"},  // (jennifer renamed it copy1 behind the doc comments' back)
		{GoPath: "7z/json", GoPackage: "json"}, // every name from the words starts with a digit: generate hung
		{GoPath: "1z/zlib", GoPackage: "zlib"},
		{GoPath: "7z/zlib", GoPackage: "zlib"},
		{GoPath: "x/s", GoPackage: "s"}, // spkg is example.com/s's, and s2, s3 … read as locals s
		{GoPath: "x-/s", GoPackage: "s"},
	}
	want := map[string]goImport{
		"example.com/a/envelope":          {name: "envelope"},
		"example.com/b/envelope":          {name: "benvelope", alias: true},
		"example.com/go-lib/v2":           {name: "lib", alias: true},
		"example.com/lib/v3":              {name: "libv3", alias: true},
		"golden.test/import_shadow_lib_b": {name: "libb", alias: true},
		"k8s.io/api/apps/v1":              {name: "v1pkg", alias: true}, // v1 reads as a local (v, v1): importAlias
		"k8s.io/api/core/v1":              {name: "corev1", alias: true},
		"example.com/schemas":             {name: "schemas", alias: true},
		"example.com/s":                   {name: "spkg", alias: true},
		"a.json/x":                        {name: "jsonx", alias: true},
		"a/json-x":                        {name: "ajsonx", alias: true},
		"a/json_x":                        {name: "ajsonx2", alias: true}, // the words run out: numbered
		"m/any":                           {name: "many", alias: true},
		"m/copy":                          {name: "mcopy", alias: true},
		"7z/json":                         {name: "pkg7zjson", alias: true},
		"1z/zlib":                         {name: "zlib"},
		"7z/zlib":                         {name: "pkg7zzlib", alias: true},
		"x/s":                             {name: "xs2", alias: true},
		"x-/s":                            {name: "xs", alias: true},
	}
	for _, reverse := range []bool{false, true} {
		space := &model.Space{Types: []model.Type{nil}}
		for i := range imps {
			imp := imps[i]
			if reverse {
				imp = imps[len(imps)-1-i]
			}
			space.Types = append(space.Types, &model.Scalar{Common: model.Common{External: imp}})
		}
		got := goImports(space)
		if len(got) != len(want) {
			t.Fatalf("%d imports, want %d: %v", len(got), len(want), got)
		}
		seen := map[string]bool{}
		for _, gi := range got {
			w := want[gi.path]
			if gi.name != w.name || gi.alias != w.alias {
				t.Errorf("reverse %v: %s imported as %q (alias %v), want %q (alias %v)", reverse, gi.path, gi.name, gi.alias, w.name, w.alias)
			}
			if seen[gi.name] {
				t.Errorf("two packages named %s", gi.name)
			}
			seen[gi.name] = true
		}
	}
}
