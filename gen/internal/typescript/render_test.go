package typescript_test

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/typescript"
)

// usageFiles reads testdata/usage/<names>: hand-written TypeScript that uses
// the generated types, with // @ts-expect-error where they must refuse.
func usageFiles(t *testing.T, names ...string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join("testdata", "usage", n))
		if err != nil {
			t.Fatal(err)
		}
		out[n] = b
	}
	return out
}

func TestKitchen(t *testing.T) {
	files, err := typescript.Render(kitchenSpace(), typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "kitchen", files)
	typecheck(t, files, usageFiles(t, "kitchen.usage.ts"))
}

// TestReadonlyArrays renders the same space with readonly arrays and tuples.
// The kitchen usage still compiles (reading is the same), and writing is
// refused.
func TestReadonlyArrays(t *testing.T) {
	files, err := typescript.Render(kitchenSpace(), typescript.Options{ReadonlyArrays: true})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "kitchen-readonly", files)
	typecheck(t, files, usageFiles(t, "kitchen.usage.ts", "readonly.usage.ts"))
}

// TestDeterministic: the same space gives the same bytes, whatever the
// order of its roots, in one process any number of times.
func TestDeterministic(t *testing.T) {
	first, err := typescript.Render(kitchenSpace(), typescript.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		space := kitchenSpace()
		slices.Reverse(space.Roots)
		again, err := typescript.Render(space, typescript.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !maps.EqualFunc(first, again, bytes.Equal) {
			t.Fatalf("a second rendering differs: %v vs %v", sortedNames(first), sortedNames(again))
		}
	}
}

// TestErrors: what would not compile, or would overwrite another file, is
// refused with the schema location and a hint.
func TestErrors(t *testing.T) {
	tests := []struct {
		name  string
		space func() *model.Space
		want  string
	}{{
		name: "two files, one module",
		space: func() *model.Space {
			b := newSpace()
			b.root("a/thing.json", b.object("a/thing.json", "", "A", nil, true))
			b.root("b/thing.yaml", b.object("b/thing.yaml", "", "B", nil, true))
			return b.space
		},
		want: "b/thing.yaml#: schema files a/thing.json and b/thing.yaml would both be the TypeScript module thing.ts\n\trename one of the schema files",
	}, {
		name: "a file named index",
		space: func() *model.Space {
			b := newSpace()
			b.root("schemas/index.json", b.object("schemas/index.json", "", "Index", nil, true))
			return b.space
		},
		want: "schemas/index.json#: the TypeScript module index.ts is the package index; a schema file cannot take its name\n\trename the schema file",
	}, {
		name: "a file named like the runtime",
		space: func() *model.Space {
			b := newSpace()
			b.root("schemas/_envgen.json", b.object("schemas/_envgen.json", "", "Thing", nil, true))
			return b.space
		},
		want: "schemas/_envgen.json#: the TypeScript module _envgen.ts is the validators' runtime; a schema file cannot take its name\n\trename the schema file",
	}, {
		name: "a type named like a type of the runtime",
		space: func() *model.Space {
			b := newSpace()
			b.root("errors.json", b.object("errors.json", "", "ValidationError", nil, true))
			return b.space
		},
		want: "errors.json#: TypeScript name \"ValidationError\" is not a usable type name\n\tgive the type a name with x-go-name, or a names override",
	}, {
		name: "a type parameter named like a type",
		space: func() *model.Space {
			b := newSpace()
			p := b.add(&model.TypeParam{Anchor: "data", Default: b.anyOf()}, "box.json", "/$defs/data", "")
			box := b.object("box.json", "", "Box", nil, true, field("data", p, false))
			b.common(box).TypeParams = []model.TypeID{p.ID}
			b.root("box.json", box)
			b.object("box.json", "/$defs/t", "T", nil, true)
			return b.space
		},
		want: "box.json#: type parameter T of Box has the name of a type\n\trename the type at box.json#/$defs/t",
	}, {
		name: "an anonymous type that contains itself",
		space: func() *model.Space {
			b := newSpace()
			list := b.add(&model.Array{}, "tree.json", "/properties/children", "")
			b.space.Get(list.ID).(*model.Array).Items = list
			b.root("tree.json", b.object("tree.json", "", "Tree", nil, true, field("children", list, false)))
			return b.space
		},
		want: "tree.json#/properties/children: this array refers to itself but has no name\n\tmove the schema to $defs, so that the type has a name to refer to itself by",
	}, {
		name: "no name",
		space: func() *model.Space {
			b := newSpace()
			r := b.object("x.json", "", "", nil, true)
			b.common(r).Named = true
			b.root("x.json", r)
			return b.space
		},
		want: "x.json#: TypeScript name \"\" is not a usable type name\n\tgive the type a name with x-go-name, or a names override",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, err := typescript.Render(tt.space(), typescript.Options{})
			if err == nil {
				t.Fatalf("no error; rendered %v", sortedNames(files))
			}
			if !model.IsInputError(err) {
				t.Errorf("%v is not a *model.Error", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tt.want)
			}
		})
	}
}
