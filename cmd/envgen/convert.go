package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/cmd/envgen/internal/cli"
	"github.com/envgen/envgen/dialects"
	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/output"
)

// convertStdin is what convert reads for "-"; tests replace it.
var convertStdin io.Reader = os.Stdin

func convertCommand(a *cli.App) *cobra.Command {
	var (
		from, to, profile, out string
		showLosses, lossless   bool
	)
	names := strings.Join(dialects.Names(), ", ")
	cmd := &cobra.Command{
		Use:   "convert --from DIALECT --to DIALECT [FILE|-]",
		Short: "Convert a tool response between the canonical envelope and other conventions",
		Long: `Convert reads one tool response (a file, or stdin for - or no argument),
validates it against the schema of the --from dialect, and writes it in the
--to dialect: indented JSON on stdout, or with -o in FILE, written atomically.
The dialects are ` + names + `; every conversion goes
through the canonical envelope. The schemas are built in.

An invalid document is reported as one line per violation, FILE#/pointer
and the validator's message, and exits 1; so does a document the target
cannot hold (BMCIS and Code Graph require members the canonical envelope may
lack). Whatever the target cannot carry is left out: --losses lists it on
stderr, member by member with the reason, and --lossless refuses to convert
when anything would be lost. The table is in docs/dialects.md.

--profile chooses what a Code Scalpel response sends: minimal, standard,
verbose or debug (nulls included, as SCALPEL_MCP_INFO=DEBUG does). Without
it every member that has a value is written, and no null.`,
		Example: `  envgen convert --from foundry --to canonical response.json
  curl -s $TOOL | envgen convert --from bmcis --to canonical --losses
  envgen convert --from canonical --to scalpel --profile debug envelope.json -o scalpel.json
  envgen convert --from mcp-envelope --to codegraph --lossless old.json`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cli.Usagef("want one document (a file, or - for stdin), got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			for i, name := range []string{from, to} {
				flag := []string{"--from", "--to"}[i]
				if name == "" {
					return cli.Usagef("%s is required: one of %s", flag, names)
				}
				if !slices.Contains(dialects.Names(), name) {
					return cli.Usagef("%s %q: want one of %s", flag, name, names)
				}
			}
			if profiles := dialects.Profiles(to); profile != "" && !slices.Contains(profiles, profile) {
				if len(profiles) == 0 {
					return cli.Usagef("--profile: %s has no profiles", to)
				}
				return cli.Usagef("--profile %q: %s has %s", profile, to, strings.Join(profiles, ", "))
			}
			file := "-"
			if len(args) == 1 {
				file = args[0]
			}
			return runConvert(a, file, from, to, out, dialects.Options{Profile: profile, Losses: showLosses || lossless}, lossless)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.StringVar(&from, "from", "", "the dialect of the input: `DIALECT` is one of "+names)
	f.StringVar(&to, "to", "", "the dialect to write, one of the same `DIALECT`s")
	f.StringVar(&profile, "profile", "", "the output `PROFILE` of a scalpel response: minimal, standard, verbose or debug")
	f.StringVarP(&out, "output", "o", "", "write the result to `FILE` instead of stdout")
	f.BoolVar(&showLosses, "losses", false, "list on stderr what the target cannot carry")
	f.BoolVar(&lossless, "lossless", false, "fail, writing nothing, when the target cannot carry everything")
	return cmd
}

func runConvert(a *cli.App, file, from, to, out string, opts dialects.Options, lossless bool) error {
	name, doc, err := readDocument(file)
	if err != nil {
		return cli.Fail(err)
	}
	res, err := dialects.ConvertWith(from, to, doc, opts)
	if err != nil {
		return cli.Fail(convertError(name, err))
	}
	if lossless {
		var errs []error
		for _, l := range res.Losses {
			if !l.Kept { // kept in meta.source: the result holds it
				errs = append(errs, lossError(name, from, l))
			}
		}
		if len(errs) > 0 {
			return cli.Fail(errors.Join(errs...))
		}
	}
	for _, l := range res.Losses {
		fmt.Fprintf(a.Stderr, "envgen: note: %v\n", lossError(name, from, l))
	}
	var b bytes.Buffer
	if err := json.Indent(&b, res.Output, "", "  "); err != nil {
		return cli.Fail(err)
	}
	b.WriteByte('\n')
	if out == "" {
		_, err = a.Stdout.Write(b.Bytes())
		return cli.Fail(err)
	}
	return cli.Fail(output.Write(gen.Files{{Path: filepath.ToSlash(out), Content: b.Bytes()}}))
}

// readDocument reads file, or stdin for "-", and the name errors give it.
func readDocument(file string) (string, []byte, error) {
	if file == "-" {
		b, err := io.ReadAll(convertStdin)
		if err != nil {
			return "stdin", nil, fmt.Errorf("stdin: cannot read: %w", err)
		}
		return "stdin", b, nil
	}
	if info, err := os.Stat(file); err == nil && info.IsDir() {
		return file, nil, fmt.Errorf("%s#: cannot read: a folder, not a document", file)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return file, nil, gen.CannotRead(file, err)
	}
	return file, b, nil
}

// convertError spells a conversion's error as one line per problem, each
// naming the document and, where there is one, the JSON Pointer.
func convertError(name string, err error) error {
	var (
		syntax  *dialects.SyntaxError
		invalid *dialects.InvalidError
		missing *dialects.MissingError
		unfit   *dialects.UnfitError
		errs    []error
	)
	switch {
	case errors.As(err, &syntax):
		// Valid JSON, only deeper than encoding/json reads: said as the
		// schema loader says it, not as "invalid character '[' exceeded
		// max depth".
		if strings.HasSuffix(syntax.Err.Error(), "exceeded max depth") {
			return fmt.Errorf("%s#: %s", name, gen.TooDeep(syntax.Line, syntax.Column))
		}
		return fmt.Errorf("%s#: %v", name, syntax)
	case errors.As(err, &invalid):
		for _, v := range invalid.Violations {
			errs = append(errs, fmt.Errorf("%s#%s: not valid %s: %s\n\tschema: %s", name, v.InstancePath, invalid.Dialect, v.Message, v.SchemaPath))
		}
	case errors.As(err, &missing):
		for _, p := range missing.Pointers {
			errs = append(errs, fmt.Errorf("%s: cannot convert to %s, which needs what the canonical envelope has at %s, and this document does not give it", name, missing.Dialect, p))
		}
	case errors.As(err, &unfit):
		for _, v := range unfit.Violations {
			errs = append(errs, fmt.Errorf("%s: cannot convert to %s: #%s: %s", name, unfit.Dialect, v.InstancePath, v.Message))
		}
	default:
		return fmt.Errorf("%s: %w", name, err)
	}
	return errors.Join(errs...)
}

// lossError names a loss in the input document, or, for the second step of
// a conversion between two other dialects, in the canonical envelope between.
func lossError(name, from string, l dialects.Loss) error {
	where := name + "#" + l.Pointer
	if l.From != from {
		where = "its canonical envelope, #" + l.Pointer + ","
	}
	if l.Missing {
		return fmt.Errorf("%s is missing, so not in %s: %s", where, l.To, l.Reason)
	}
	if l.Kept {
		return fmt.Errorf("%s is kept in meta.source of the %s envelope, for the way back to %s only: %s", where, l.To, l.From, l.Reason)
	}
	return fmt.Errorf("%s is not carried to %s: %s", where, l.To, l.Reason)
}
