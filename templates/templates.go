// Package templates holds the text/template files of envgen's TypeScript
// backend (package gen/typescript), embedded so that the binary needs no files
// beside it.
//
// The templates only lay out what Go code has computed: names, type
// expressions, doc lines and the order of declarations are decided in
// gen/typescript, never here. Each file is one small template, named by its
// file name (e.g. "interface.ts.tmpl").
package templates

import "embed"

// FS holds ts/*.tmpl.
//
//go:embed ts/*.tmpl
var FS embed.FS
