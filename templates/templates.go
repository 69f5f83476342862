// Package templates holds the text/template files of envgen's TypeScript
// backend (package gen/internal/typescript), embedded so that the binary needs no files
// beside it.
//
// runtime/envgen.ts is no template: it is the validators' runtime, copied
// as it is.
//
// The templates only lay out what Go code has computed: names, type
// expressions, doc lines and the order of declarations are decided in
// gen/internal/typescript, never here. Each file is one small template, named by its
// file name (e.g. "interface.ts.tmpl").
package templates

import "embed"

// FS holds ts/*.tmpl.
//
//go:embed ts/*.tmpl
var FS embed.FS

// Runtime is the module the generated validators import (as rt): written by
// hand in TypeScript, and copied as it is beside them as _envgen.ts, unless
// they import it from a package that exports it (@envgen/envelope/runtime).
//
//go:embed runtime/envgen.ts
var Runtime []byte
