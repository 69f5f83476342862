package main

import (
	"fmt"
	"go/token"
	"net/url"
	"strings"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/gen"
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
	noCanonical  bool
	assertFormat bool
	verbose      bool
}

func (s *settings) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVar(&s.goOut, "go-out", "", "write the Go package to the folder `DIR`")
	f.StringVar(&s.goPackage, "go-package", "", "the Go package `NAME` (required with --go-out)")
	f.StringVar(&s.tsOut, "ts-out", "", "write the TypeScript files to the folder `DIR`")
	f.BoolVar(&s.tsReadonly, "ts-readonly-arrays", false, "make every TypeScript array type readonly")
	f.StringArrayVar(&s.refMap, "ref-map", nil, "for each `PREFIX=DIR`, read references under the URL PREFIX from the folder DIR (repeatable)")
	f.StringArrayVar(&s.names, "name", nil, "for each `LOCATION=GoName`, name the type at LOCATION (file#/pointer) GoName (repeatable)")
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
		if opts, err = loadConfig(s.config); err != nil {
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
	return opts, validate(opts)
}

func validate(opts gen.Options) error {
	switch {
	case len(opts.Inputs) == 0:
		return usagef("no schemas given: name schema files or folders, or list them under inputs in --config")
	case opts.GoOut == "" && opts.TSOut == "":
		return usagef("nothing to generate: set --go-out (with --go-package) and/or --ts-out")
	case opts.GoOut != "" && opts.GoPackage == "":
		return usagef("--go-package is required with --go-out")
	case opts.GoOut == "" && opts.GoPackage != "":
		return usagef("--go-package %s needs --go-out", opts.GoPackage)
	case opts.GoPackage != "" && !token.IsIdentifier(opts.GoPackage):
		return usagef("--go-package %q is not a valid Go package name", opts.GoPackage)
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
			return nil, usagef("%s %q: %v", flag, val, err)
		}
		if fromFlags[k] {
			return nil, usagef("%s: %s is given twice", flag, k)
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
	return prefix, dir, checkURLPrefix(prefix)
}

// parseName splits LOCATION=GoName at the last "=".
func parseName(s string) (string, string, error) {
	i := strings.LastIndex(s, "=")
	if i <= 0 || i == len(s)-1 {
		return "", "", fmt.Errorf("want LOCATION=GoName, e.g. schemas/tool.json#/$defs/item=ToolItem")
	}
	loc, name := s[:i], s[i+1:]
	if err := checkLocation(loc); err != nil {
		return "", "", err
	}
	return loc, name, checkGoName(name)
}

func checkURLPrefix(prefix string) error {
	if u, err := url.Parse(prefix); err != nil || !u.IsAbs() {
		return fmt.Errorf("%s is not an absolute URL prefix such as https://example.com/schemas/", prefix)
	}
	return nil
}

func checkLocation(loc string) error {
	if !strings.Contains(loc, "#") {
		return fmt.Errorf("%s is not a schema location such as schemas/tool.json#/$defs/item", loc)
	}
	return nil
}

func checkGoName(name string) error {
	if !token.IsIdentifier(name) {
		return fmt.Errorf("%q is not a valid Go identifier", name)
	}
	return nil
}
