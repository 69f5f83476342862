package cli

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// errNoCommand is envgen run without a command, after its help.
var errNoCommand = errors.New("no command")

func (a *App) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "envgen",
		Short: "Generate Go and TypeScript code from JSON Schema",
		Long: `envgen turns JSON Schema (draft 2020-12, JSON or YAML) into Go types with strict
decoding and Validate methods, and TypeScript types, type guards and validators.
The canonical envelope schemas are built in and can be referenced by their $id.`,
		Example: `  envgen generate schemas/ --go-out internal/envelope --go-package envelope --ts-out web/src/envelope
  envgen check schemas/ --go-out internal/envelope --go-package envelope --ts-out web/src/envelope`,
		SilenceUsage:      true,
		SilenceErrors:     true,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: true},
	}
	// No command is a mistake, as for go and git: envgen, envgen -- and
	// envgen -h=false print the help on stderr and exit with the usage code,
	// so that a script whose command word is empty fails instead of passing
	// having done nothing (envgen "" is an unknown command). envgen --help
	// and envgen help print it on stdout and exit 0.
	root.RunE = func(cmd *cobra.Command, _ []string) error {
		cmd.SetOut(a.Stderr)
		if err := cmd.Help(); err != nil {
			return failure{err}
		}
		return errNoCommand
	}
	// (root runs only to say that, so its help names no "envgen [flags]")
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if c == root {
			run := root.RunE
			root.RunE = nil
			defer func() { root.RunE = run }()
		}
		help(c, args)
	})
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help prints the help of any command.",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return usageError{fmt.Sprintf("no help topic %q: the topics are envgen's commands", strings.Join(args, " "))}
			}
			cmd.InitDefaultHelpFlag()
			return cmd.Help()
		},
	})
	root.SetOut(a.Stdout)
	root.SetErr(a.Stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err.Error()} })
	root.AddCommand(a.generateCommand(), a.checkCommand(), a.bundleCommand(), a.validateCommand(), a.diffCommand(), a.versionCommand())
	for _, c := range a.extra {
		if cmd := c(a); cmd != nil { // a Command may only configure the App (AddSchemas)
			root.AddCommand(cmd)
		}
	}
	return root
}

func (a *App) generateCommand() *cobra.Command {
	var s settings
	cmd := &cobra.Command{
		Use:   "generate [SCHEMA|DIR]...",
		Short: "Generate code from schemas",
		Long: `Generate reads the schemas (files, or folders searched for *.json, *.yaml and
*.yml) and writes Go code to --go-out and TypeScript to --ts-out. Files that
are already up to date are not touched; generated files that are no longer
produced are removed from the output folders. If anything fails, nothing is
written.

References never go to the network: --ref-map maps a URL prefix to a local
folder. --name overrides the Go name of the type at a schema location, as
shown in error messages.

A type from a schema that is not an input but lives under an imported $id
prefix is imported, not declared again: the canonical schemas (under
https://envgen.dev/schemas/v2/) come from the Go package
github.com/envgen/envgen/generated/go/envelope and the npm package
@envgen/envelope. --import maps another prefix to the packages generated
from it; --no-imports declares every type here.

Settings can come from a YAML or JSON file (--config); flags given on the
command line override it, and relative paths in it are relative to its folder:

  inputs: [schemas/]
  go: {out: internal/envelope, package: envelope}
  ts: {out: web/src/envelope}
  ref_map: {"https://example.com/schemas/": third_party/schemas}
  names: {"schemas/tool.json#/$defs/item": ToolItem}
  imports: {"https://example.com/lib/": {go: example.com/lib/schemas, ts: "@example/lib"}}`,
		Example: `  # Go and TypeScript from a folder of schemas
  envgen generate schemas/ --go-out internal/envelope --go-package envelope --ts-out web/src/envelope

  # a tool schema that references schemas published under a URL
  envgen generate tool.json --go-out internal/tool --go-package tool \
      --ref-map https://example.com/schemas/=./third_party/schemas

  # settings from a file
  envgen generate --config envgen.yaml

  # types from schemas under a prefix imported from packages generated elsewhere
  envgen generate tool.json --go-out internal/tool --go-package tool \
      --import https://example.com/lib/=example.com/lib/schemas,@example/lib`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runGenerate(cmd, args, &s)
		},
	}
	s.register(cmd)
	return cmd
}

func (a *App) checkCommand() *cobra.Command {
	var s settings
	cmd := &cobra.Command{
		Use:   "check [SCHEMA|DIR]...",
		Short: "Check that generated code is up to date",
		Long: `Check renders the code in memory, exactly as generate would, and compares it
with the files on disk. It writes nothing. If anything differs (a changed,
missing or stale generated file) it prints a unified diff to stdout and exits
1; it exits 0 when the code is current. It takes the same flags and config
file as generate; use it in CI.`,
		Example: `  envgen check schemas/ --go-out internal/envelope --go-package envelope --ts-out web/src/envelope
  envgen check --config envgen.yaml`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runCheck(cmd, args, &s)
		},
	}
	s.register(cmd)
	return cmd
}

func (a *App) versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the envgen version",
		Long:    "Version prints the version of this envgen binary, as recorded by the Go toolchain.",
		Example: "  envgen version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(a.Stdout, "envgen %s\n", version())
			return Fail(err)
		},
	}
}

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

// version is the main module's version, "dev" for a build from a work tree.
// It is never written into generated files.
func version() string {
	info, ok := readBuildInfo()
	if !ok || info.Main.Version == "" || info.Main.Version == "(devel)" {
		return "dev"
	}
	return info.Main.Version
}

// Fail wraps a command's error so that Run can tell it from cobra's: envgen
// prints it, each joined error on its own line, and exits 1.
func Fail(err error) error {
	var u usageError
	var d driftError
	if err == nil || errors.As(err, &u) || errors.As(err, &d) {
		return err
	}
	return failure{err}
}
