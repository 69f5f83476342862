package gen

import (
	"errors"
	"fmt"
	"path"

	"github.com/envgen/envgen/gen/internal/golang"
	"github.com/envgen/envgen/gen/internal/load"
	"github.com/envgen/envgen/gen/internal/lower"
	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
	"github.com/envgen/envgen/gen/internal/typescript"
	"github.com/envgen/envgen/schemas"
)

// Generate runs the pipeline and returns the files it would write, sorted by
// path. Input problems are *model.Error values naming the file and JSON
// Pointer; on any error no file is returned.
func Generate(opts Options) (Files, error) {
	space, err := buildSpace(opts)
	if err != nil {
		return nil, err
	}
	var files Files
	if opts.GoOut != "" {
		if opts.GoPackage == "" {
			return nil, errors.New("a Go package name is needed with a Go output folder")
		}
		out, err := golang.Render(space, golang.Options{Package: opts.GoPackage, AssertFormat: opts.AssertFormat})
		if err != nil {
			return nil, err
		}
		for name, content := range out {
			files = append(files, File{Path: path.Join(opts.GoOut, name), Content: content})
		}
	}
	if opts.TSOut != "" {
		out, err := typescript.Render(space, typescript.Options{ReadonlyArrays: opts.TSReadonlyArrays, AssertFormat: opts.AssertFormat})
		if err != nil {
			return nil, err
		}
		for name, content := range out {
			files = append(files, File{Path: path.Join(opts.TSOut, name), Content: content})
		}
	}
	return files.sorted(), nil
}

// buildSpace loads the inputs and returns their named, language-neutral type
// space: everything Generate does short of rendering.
func buildSpace(opts Options) (*model.Space, error) {
	lo := load.Options{Inputs: opts.Inputs, RefMap: opts.RefMap}
	if !opts.NoCanonical {
		lo.Embedded, lo.EmbeddedName = schemas.FS, "envgen:schemas"
	}
	set, err := load.Load(lo)
	if err != nil {
		return nil, err
	}
	space, err := lower.Build(set, opts.imports()...)
	if err != nil {
		return nil, err
	}
	if err := naming.Assign(space, opts.Names); err != nil {
		return nil, err
	}
	if len(space.Roots) == 0 {
		return nil, fmt.Errorf("no schemas to generate from")
	}
	return space, nil
}

// RootType is the Go type generated for one root schema.
type RootType struct {
	File string // the input file whose root schema it is, as named in Options.Inputs
	// Go is the type in the generated package, with its default type
	// arguments, as Go source: "Envelope", "Tree[json.RawMessage]".
	Go string
}

// GoRootTypes returns the Go type of each root schema of the inputs, in the
// order of the model's roots: what a program decodes a whole document into.
func GoRootTypes(opts Options) ([]RootType, error) {
	space, err := buildSpace(opts)
	if err != nil {
		return nil, err
	}
	var out []RootType
	for _, root := range space.Roots {
		id := root.Type
		if root.Default != 0 {
			id = root.Default // TreeDefault, not Tree[json.RawMessage]
		}
		code, err := golang.TypeCode(space, model.Ref{ID: id})
		if err != nil {
			return nil, err
		}
		out = append(out, RootType{File: root.File, Go: fmt.Sprintf("%#v", code)})
	}
	return out, nil
}

// ReadSchema reads and decodes one schema file, JSON or YAML, as Generate
// reads its inputs: the JSON data model, numbers as json.Number. Its error
// is an *Error naming the file.
func ReadSchema(path string) (any, error) { return load.ReadFile(path) }
