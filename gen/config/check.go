package config

import (
	"fmt"
	"go/token"
	"net/url"
	"strings"

	"github.com/envgen/envgen/gen"
)

// The checks below are shared by the config file and the CLI's flags, so that
// a setting is refused with the same words wherever it is given.

// checkImport refuses an import with no package, or with a Go import path
// or package name that cannot be one.
// CheckImport checks that an import names a Go package, a TypeScript module, or both, well formed.
func CheckImport(imp gen.Import) error {
	switch {
	case imp.GoPath == "" && imp.TSModule == "":
		return fmt.Errorf("an import needs a Go import path, a TypeScript module, or both")
	case imp.GoPath != "" && !isImportPath(imp.GoPath):
		return fmt.Errorf("%q is not a Go import path such as example.com/lib/schemas", imp.GoPath)
	case imp.GoPackage != "" && !token.IsIdentifier(imp.GoPackage):
		return fmt.Errorf("%q is not a valid Go package name", imp.GoPackage)
	case strings.ContainsAny(imp.TSModule, "\"\n"):
		return fmt.Errorf("%q is not a TypeScript module specifier such as @example/schemas", imp.TSModule)
	}
	return nil
}

// isImportPath reports whether p has the shape of a Go import path:
// slash-separated elements, none empty or starting with a dot, no spaces or
// quotes.
func isImportPath(p string) bool {
	for _, elem := range strings.Split(p, "/") {
		if elem == "" || strings.HasPrefix(elem, ".") || strings.ContainsAny(elem, " \t\\\"'`") {
			return false
		}
	}
	return true
}

// CheckURLPrefix checks a --ref-map or import prefix.
func CheckURLPrefix(prefix string) error {
	if u, err := url.Parse(prefix); err != nil || !u.IsAbs() {
		return fmt.Errorf("%s is not an absolute URL prefix such as https://example.com/schemas/", prefix)
	}
	return nil
}

// CheckLocation checks the shape of a --name location, file#pointer.
func CheckLocation(loc string) error {
	if !strings.Contains(loc, "#") {
		return fmt.Errorf("%s is not a schema location such as schemas/tool.json#/$defs/item", loc)
	}
	return nil
}

// CheckGoName checks a type name given with --name.
func CheckGoName(name string) error {
	if !token.IsIdentifier(name) {
		return fmt.Errorf("%q is not a valid Go identifier", name)
	}
	return nil
}
