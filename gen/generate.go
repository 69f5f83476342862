package gen

import (
	"errors"
	"fmt"
	"path"

	"github.com/envgen/envgen/gen/build"
	"github.com/envgen/envgen/gen/golang"
	"github.com/envgen/envgen/gen/load"
	"github.com/envgen/envgen/gen/model"
	"github.com/envgen/envgen/gen/naming"
	"github.com/envgen/envgen/gen/typescript"
	"github.com/envgen/envgen/schemas"
)

// Generate runs the pipeline and returns the files it would write, sorted by
// path. Input problems are *model.Error values naming the file and JSON
// Pointer; on any error no file is returned.
func Generate(opts Options) (Files, error) {
	space, err := Model(opts)
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

// Model loads the inputs and returns their named, language-neutral type
// space: everything Generate does short of rendering.
func Model(opts Options) (*model.Space, error) {
	lo := load.Options{Inputs: opts.Inputs, RefMap: opts.RefMap}
	if !opts.NoCanonical {
		lo.Embedded, lo.EmbeddedName = schemas.FS, "envgen:schemas"
	}
	set, err := load.Load(lo)
	if err != nil {
		return nil, err
	}
	space, err := build.Build(set, opts.imports()...)
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
