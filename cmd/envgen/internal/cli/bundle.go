package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/bundle"
	"github.com/envgen/envgen/gen/output"
)

func (a *App) bundleCommand() *cobra.Command {
	var (
		out, id     string
		refMap      []string
		noCanonical bool
		full        bool
	)
	cmd := &cobra.Command{
		Use:   "bundle TOOL_SCHEMA",
		Short: "Bundle a tool's output schema into one self-contained schema",
		Long: `Bundle turns a tool's output schema (one that $refs the canonical envelope and
defines its own $dynamicAnchor "data") into one self-contained draft 2020-12
schema, fit to be the tool's MCP outputSchema: root "type": "object", an
absolute $id, and every referenced schema copied into the root's $defs, with
local references only. The envelope's $dynamicRef to the payload becomes a
plain $ref to the tool's payload schema, so the bundle means the same with no
dynamic scope.

The $defs keys are the file name without extension ("envelope"), and for an
entry of a file's $defs that name, "_" and the entry's key ("meta_pagination");
the tool schema's own $defs keep their keys. The output is indented JSON, the
same bytes for the same inputs.

By default the bundle is compact, for an MCP client that reads it on every
tools/list: annotations are trimmed except on the tool's own payload schemas,
the envelope's meta and provenance are summarised as open objects (the server
validates them), and unreferenced definitions are left out. --full writes
every schema in full, with its descriptions, for documentation.

The bundle's $id is the tool schema's own $id, which must be absolute; pass
--id when it has none. References never use the network: the canonical
schemas resolve by their $id, and --ref-map maps other URL prefixes to local
folders. The bundle goes to stdout, or with -o to FILE, written atomically.`,
		Example: `  envgen bundle schemas/examples/search-output.json -o search-output.bundle.json

  # a tool schema without an $id, referencing schemas published under a URL
  envgen bundle tool.json --id https://example.com/schemas/tool.json \
      --ref-map https://example.com/schemas/=./third_party/schemas`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return Usagef("want one tool schema file, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			refs, err := mergePairs(nil, "--ref-map", refMap, parseRefMap)
			if err != nil {
				return err
			}
			if id != "" {
				if err := bundle.CheckID(id); err != nil {
					return Usagef("--id %v", err)
				}
			}
			b, err := bundle.Bundle(bundle.Options{Input: args[0], ID: id, RefMap: refs, NoCanonical: noCanonical, Compact: !full})
			if err != nil {
				return Fail(err)
			}
			if out == "" {
				_, err = a.Stdout.Write(b)
				return Fail(err)
			}
			return Fail(output.Write(gen.Files{{Path: filepath.ToSlash(out), Content: b}}))
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVarP(&out, "output", "o", "", "write the bundle to `FILE` instead of stdout")
	f.StringVar(&id, "id", "", "the bundle's $id, an absolute `URL` (default: the tool schema's $id)")
	f.StringArrayVar(&refMap, "ref-map", nil, "for each `PREFIX=DIR`, read references under the URL PREFIX from the folder DIR (repeatable)")
	f.BoolVar(&noCanonical, "no-canonical", false, "leave out the built-in canonical schemas")
	f.BoolVar(&full, "full", false, "write every schema in full, annotations included, for documentation (default: compact, for MCP)")
	return cmd
}
