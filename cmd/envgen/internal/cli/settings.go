package cli

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/config"
)

// settings are the flags that generate and check share.
type settings struct {
	config       string
	goOut        string
	goPackage    string
	tsOut        string
	tsReadonly   bool
	refMap       []string
	names        []string
	imports      []string
	noImports    bool
	noCanonical  bool
	assertFormat bool
	verbose      bool
}

func (s *settings) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVar(&s.goOut, "go-out", "", "the folder `DIR` of the Go package")
	f.StringVar(&s.goPackage, "go-package", "", "the Go package `NAME` (required with --go-out)")
	f.StringVar(&s.tsOut, "ts-out", "", "the folder `DIR` of the TypeScript files")
	f.BoolVar(&s.tsReadonly, "ts-readonly-arrays", false, "make every TypeScript array type readonly")
	f.StringArrayVar(&s.refMap, "ref-map", nil, "for each `PREFIX=DIR`, read references under the URL PREFIX from the folder DIR (repeatable)")
	f.StringArrayVar(&s.names, "name", nil, "for each `LOCATION=GoName`, name the type at LOCATION (file#/pointer) GoName (repeatable)")
	f.StringArrayVar(&s.imports, "import", nil, "for each `PREFIX=GOPATH,TSMODULE`, import the types of the schemas under the $id PREFIX from the Go package GOPATH and the TypeScript module TSMODULE instead of declaring them (either may be empty; repeatable)")
	f.BoolVar(&s.noImports, "no-imports", false, "declare every type here, also those an import (the built-in one of the canonical schemas too) would import")
	f.StringVar(&s.config, "config", "", "read settings from a YAML or JSON `FILE`; flags override it")
	f.BoolVar(&s.noCanonical, "no-canonical", false, "leave out the built-in canonical schemas")
	f.BoolVar(&s.assertFormat, "assert-format", false, "make the validators check format (date-time, email, uuid …) instead of treating it as an annotation")
	f.BoolVarP(&s.verbose, "verbose", "v", false, "say what was written or checked")
}

// options merges the config file (if any) and the flags given explicitly,
// and checks that the result is complete.
func (s *settings) options(cmd *cobra.Command, args []string) (gen.Options, error) {
	var opts gen.Options
	if s.config != "" {
		var err error
		if opts, err = config.Load(s.config); err != nil {
			return gen.Options{}, err
		}
	}
	changed := cmd.Flags().Changed
	if len(args) > 0 {
		opts.Inputs = args
	}
	if changed("go-out") {
		opts.GoOut = s.goOut
	}
	if changed("go-package") {
		opts.GoPackage = s.goPackage
	}
	if changed("ts-out") {
		opts.TSOut = s.tsOut
	}
	if changed("ts-readonly-arrays") {
		opts.TSReadonlyArrays = s.tsReadonly
	}
	if changed("no-imports") {
		opts.NoImports = s.noImports
	}
	if changed("no-canonical") {
		opts.NoCanonical = s.noCanonical
	}
	if changed("assert-format") {
		opts.AssertFormat = s.assertFormat
	}
	var err error
	if opts.RefMap, err = mergePairs(opts.RefMap, "--ref-map", s.refMap, parseRefMap); err != nil {
		return gen.Options{}, err
	}
	if opts.Names, err = mergePairs(opts.Names, "--name", s.names, parseName); err != nil {
		return gen.Options{}, err
	}
	if opts.Imports, err = mergeImports(opts.Imports, s.imports); err != nil {
		return gen.Options{}, err
	}
	return opts, validate(opts)
}

func validate(opts gen.Options) error {
	switch {
	case len(opts.Inputs) == 0:
		return Usagef("no schemas given: name schema files or folders, or list them under inputs in --config")
	case opts.GoOut == "" && opts.TSOut == "":
		return Usagef("nothing to generate: set --go-out (with --go-package) and/or --ts-out")
	case opts.GoOut != "" && opts.GoPackage == "":
		return Usagef("--go-package is required with --go-out")
	case opts.GoOut == "" && opts.GoPackage != "":
		return Usagef("--go-package %s needs --go-out", opts.GoPackage)
	case opts.GoPackage != "" && !token.IsIdentifier(opts.GoPackage):
		return Usagef("--go-package %q is not a valid Go package name", opts.GoPackage)
	}
	return nil
}

// mergePairs parses KEY=VALUE flags over base; a flag replaces the config
// file's entry for the same key.
func mergePairs(base map[string]string, flag string, vals []string, parse func(string) (string, string, error)) (map[string]string, error) {
	if len(vals) == 0 {
		return base, nil
	}
	out := make(map[string]string, len(base)+len(vals))
	for k, v := range base {
		out[k] = v
	}
	fromFlags := map[string]bool{}
	for _, val := range vals {
		k, v, err := parse(val)
		if err != nil {
			return nil, Usagef("%s %q: %v", flag, val, err)
		}
		if fromFlags[k] {
			return nil, Usagef("%s: %s is given twice", flag, k)
		}
		fromFlags[k] = true
		out[k] = v
	}
	return out, nil
}

// parseRefMap splits PREFIX=DIR at the first "=".
func parseRefMap(s string) (string, string, error) {
	prefix, dir, ok := strings.Cut(s, "=")
	if !ok || prefix == "" || dir == "" {
		return "", "", fmt.Errorf("want PREFIX=DIR, e.g. https://example.com/schemas/=./schemas")
	}
	return prefix, dir, config.CheckURLPrefix(prefix)
}

// parseName splits LOCATION=GoName at the last "=".
func parseName(s string) (string, string, error) {
	i := strings.LastIndex(s, "=")
	if i <= 0 || i == len(s)-1 {
		return "", "", fmt.Errorf("want LOCATION=GoName, e.g. schemas/tool.json#/$defs/item=ToolItem")
	}
	loc, name := s[:i], s[i+1:]
	if err := config.CheckLocation(loc); err != nil {
		return "", "", err
	}
	return loc, name, config.CheckGoName(name)
}

// mergeImports parses --import flags over the config file's imports; a flag
// replaces the entry for the same prefix. The result is sorted by prefix.
func mergeImports(base []gen.Import, vals []string) ([]gen.Import, error) {
	if len(vals) == 0 {
		return base, nil
	}
	byPrefix := map[string]gen.Import{}
	for _, imp := range base {
		byPrefix[imp.Prefix] = imp
	}
	fromFlags := map[string]bool{}
	for _, val := range vals {
		imp, err := parseImport(val)
		if err != nil {
			return nil, Usagef("--import %q: %v", val, err)
		}
		if fromFlags[imp.Prefix] {
			return nil, Usagef("--import: %s is given twice", imp.Prefix)
		}
		fromFlags[imp.Prefix] = true
		byPrefix[imp.Prefix] = imp
	}
	out := make([]gen.Import, 0, len(byPrefix))
	for _, imp := range byPrefix {
		out = append(out, imp)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Prefix < out[j].Prefix })
	return out, nil
}

// parseImport splits PREFIX=GOPATH,TSMODULE at the first "=" and the first
// "," after it.
func parseImport(s string) (gen.Import, error) {
	prefix, pkgs, ok := strings.Cut(s, "=")
	if !ok || prefix == "" {
		return gen.Import{}, fmt.Errorf("want PREFIX=GOPATH,TSMODULE, e.g. https://example.com/schemas/=example.com/lib/schemas,@example/schemas")
	}
	goPath, tsModule, _ := strings.Cut(pkgs, ",")
	imp := gen.Import{Prefix: prefix, GoPath: goPath, TSModule: tsModule}
	if err := config.CheckURLPrefix(prefix); err != nil {
		return gen.Import{}, err
	}
	return imp, config.CheckImport(imp)
}
