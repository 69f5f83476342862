package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen"
	docvalidate "github.com/envgen/envgen/gen/validate"
	"github.com/envgen/envgen/schemas"
)

// validateStdin is what validate reads for "-"; tests replace it.
var validateStdin io.Reader = os.Stdin

// maxLine is the longest NDJSON line validate reads: lines are held one at
// a time, so memory stays bounded however long the file is.
const maxLine = 64 << 20

// canonicalNames are the built-in schemas addressable by name.
var canonicalNames = []string{"envelope", "error", "meta", "provenance", "request", "warning"}

// AddSchemas makes more built-in schemas addressable by validate: fsys holds
// them flat (resolved by $id), names maps a short name to a $id. The envgen
// binary adds the dialects this way; the bootstrap has none.
func (a *App) AddSchemas(fsys fs.FS, names map[string]string) {
	a.schemaFS = fsys
	a.schemaNames = names
}

// violation is one line of validate's report.
type violation struct {
	File string `json:"file"`
	Line int    `json:"line,omitempty"` // 1-based: the NDJSON line, or the line of a syntax error
	envgenrt.Error
}

func (a *App) validateCommand() *cobra.Command {
	var (
		schemaArgs, refMap []string
		assertFormat       bool
		ndjson             bool
		output             string
	)
	cmd := &cobra.Command{
		Use:   "validate --schema SCHEMA [--schema SCHEMA]... DOC|-...",
		Short: "Check documents against schemas, with the generated code's verdict",
		Long: `Validate checks each document against every --schema and reports what the Go
code envgen generates from those schemas would: the same verdict (a member
name given twice is refused, 1.0 is an integer, format is an annotation unless
--assert-format) and the same errors, {instancePath, schemaPath, keyword,
message}.

A --schema is a file, the $id of a built-in schema, or a name: ` + "envelope, error,\nmeta, provenance, request, warning" + ` (the canonical schemas), or a dialect's
name in the envgen binary (foundry, scalpel, …). generated/go/envelope is
generated with --assert-format.

Documents are files or - for stdin: JSON, YAML (.yaml, .yml), or NDJSON
(.ndjson, .jsonl: one document a line, each its own verdict, read one line at
a time); YAML is read as generate reads a YAML schema. Each violation is a line
FILE[:LINE]#/pointer: message (keyword, schemaPath) on stdout (LINE: of
NDJSON); a document that does not read says where instead: FILE#: invalid
JSON at line L, column C: … (a YAML syntax error may give the line only:
invalid YAML at line L: …). --output json gives one JSON array of them.
Exit 0 when every document is valid, 1 when any is not, 2 for usage.`,
		Example: `  envgen validate --schema envelope response.json
  envgen validate --schema envelope --assert-format responses.ndjson
  curl -s $TOOL | envgen validate --schema schemas/tool.json -
  tail -f calls.log | envgen validate --schema envelope --ndjson -
  envgen validate --schema foundry --output json reply.yaml`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return Usagef("no document given (a file, or - for stdin)")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			if len(schemaArgs) == 0 {
				return Usagef("no --schema given")
			}
			if output != "text" && output != "json" {
				return Usagef("--output is text or json, not %q", output)
			}
			opts := docvalidate.Options{AssertFormat: assertFormat, Embedded: a.schemaFS, RefMap: map[string]string{}}
			for _, s := range refMap {
				p, d, err := parseRefMap(s)
				if err != nil {
					return Usagef("--ref-map %s: %v", s, err)
				}
				opts.RefMap[p] = d
			}
			for _, s := range schemaArgs {
				ref := a.schemaRef(s)
				if err := a.bareName(ref); err != nil {
					return Fail(err)
				}
				opts.Schemas = append(opts.Schemas, ref)
			}
			v, err := docvalidate.New(opts)
			if err != nil {
				return Fail(err)
			}
			return a.runValidate(v, args, output, ndjson)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&schemaArgs, "schema", nil, "a `SCHEMA` the documents must be valid against: a file, a built-in name or an $id (repeatable)")
	f.StringArrayVar(&refMap, "ref-map", nil, "for each `PREFIX=DIR`, read references under the URL PREFIX from the folder DIR (repeatable)")
	f.BoolVar(&assertFormat, "assert-format", false, "check format (date-time, email, uuid …) as generated code with --assert-format does")
	f.StringVar(&output, "output", "text", "the report's `FORMAT`: text (a line per violation) or json")
	f.BoolVar(&ndjson, "ndjson", false, "read every document as NDJSON, one document a line (for stdin)")
	return cmd
}

// bareName refuses a --schema that is neither a built-in name, a $id nor a
// file, and looks like a name (no folder, no extension: envelop), listing
// the names; a missing file is left to the loader, which names it.
func (a *App) bareName(ref string) error {
	if strings.Contains(ref, "://") || strings.ContainsAny(ref, `/\`) || filepath.Ext(ref) != "" {
		return nil
	}
	if _, err := os.Stat(ref); err == nil {
		return nil
	}
	names := slices.Concat(canonicalNames, slices.Sorted(maps.Keys(a.schemaNames)))
	return fmt.Errorf("--schema %s: no such file, and no built-in schema has that name; the names are %s", ref, strings.Join(names, ", "))
}

// schemaRef turns a built-in name into its $id.
func (a *App) schemaRef(s string) string {
	if slices.Contains(canonicalNames, s) {
		return schemas.BaseURI + s + ".json"
	}
	if id, ok := a.schemaNames[s]; ok {
		return id
	}
	return s
}

func (a *App) runValidate(v *docvalidate.Validator, docs []string, output string, ndjson bool) error {
	var all []violation
	invalid := 0
	report := func(file string, line int, errs []envgenrt.Error) {
		if len(errs) > 0 {
			invalid++
		}
		for _, e := range errs {
			x := violation{File: file, Line: line, Error: e}
			if output == "json" {
				all = append(all, x)
				continue
			}
			where := file
			if line > 0 && e.Keyword != "syntax" { // a syntax error's message says its line and column
				where += fmt.Sprintf(":%d", line)
			}
			if e.SchemaPath == "" { // a syntax error, or the cut of a long list
				fmt.Fprintf(a.Stdout, "%s#%s: %s (%s)\n", where, e.InstancePath, e.Message, e.Keyword)
			} else {
				fmt.Fprintf(a.Stdout, "%s#%s: %s (%s, %s)\n", where, e.InstancePath, e.Message, e.Keyword, e.SchemaPath)
			}
		}
	}
	progress := terminal(a.Stderr)
	for _, name := range docs {
		if err := validateDoc(v, name, ndjson, report, progress); err != nil {
			return Fail(err)
		}
	}
	if output == "json" {
		if all == nil {
			all = []violation{}
		}
		enc := json.NewEncoder(a.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(all); err != nil {
			return Fail(err)
		}
	}
	if invalid > 0 {
		return failure{fmt.Errorf("%d invalid %s", invalid, pluralWord(invalid, "document"))}
	}
	return nil
}

func pluralWord(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// validateDoc validates one argument: a JSON or YAML document, or NDJSON a
// line at a time. A document that is not JSON is a violation (keyword
// "syntax"), not a failure of the command.
func validateDoc(v *docvalidate.Validator, name string, ndjson bool, report func(string, int, []envgenrt.Error), progress io.Writer) error {
	var r io.Reader
	display := name
	if name == "-" {
		r, display = validateStdin, "(stdin)"
	} else {
		f, err := openDoc(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	// syntax reports a document that does not read: its message says the
	// line and column, as the loader's do; the violation's line is that
	// line.
	syntax := func(se *docvalidate.SyntaxError) {
		report(display, se.Line, []envgenrt.Error{{Keyword: "syntax", Message: se.Msg}})
	}
	check := func(line int, doc []byte) {
		errs, err := v.Validate(doc)
		if err == nil {
			report(display, line, errs)
			return
		}
		se, ok := envgenrt.AsSyntaxError(err)
		if !ok {
			se = &envgenrt.SyntaxError{Msg: err.Error()}
		}
		syntax(docvalidate.Syntax(doc, se, max(line, 1)))
	}
	ext := strings.ToLower(filepath.Ext(name))
	if ndjson {
		ext = ".ndjson"
	}
	switch ext {
	case ".ndjson", ".jsonl":
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), maxLine)
		for line := 1; sc.Scan(); line++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			check(line, sc.Bytes())
			if progress != nil && line%10000 == 0 {
				fmt.Fprintf(progress, "\r%s: %d lines", display, line)
			}
		}
		if progress != nil {
			fmt.Fprint(progress, "\r\033[K")
		}
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return fmt.Errorf("%s: a line is longer than %d MB", display, maxLine>>20)
			}
			return gen.CannotRead(display, err)
		}
		return nil
	case ".yaml", ".yml":
		data, err := io.ReadAll(r)
		if err != nil {
			return gen.CannotRead(display, err)
		}
		doc, err := docvalidate.YAMLDocument(data)
		if err != nil {
			var se *docvalidate.SyntaxError
			if !errors.As(err, &se) {
				se = &docvalidate.SyntaxError{Msg: err.Error()}
			}
			syntax(se)
			return nil
		}
		check(0, doc)
		return nil
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return gen.CannotRead(display, err)
	}
	check(0, data)
	return nil
}

// openDoc opens a document named on the command line, with an error that
// names it as generate names a schema it cannot read.
func openDoc(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, gen.CannotRead(name, err)
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s#: cannot read: a folder, not a document; name the documents in it", name)
	}
	return f, nil
}

// terminal is w when it is a terminal, for a progress line; else nil.
func terminal(w io.Writer) io.Writer {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return w
}
