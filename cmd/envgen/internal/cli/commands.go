package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/gen/output"
)

// runGenerate renders the code and writes it, all or nothing.
func (a *App) runGenerate(cmd *cobra.Command, args []string, s *settings) error {
	opts, files, err := a.render(cmd, args, s)
	if err != nil {
		return err
	}
	res, err := output.Apply(files, output.Run{Owned: owned(opts), Inputs: opts.Inputs})
	if err != nil {
		return Fail(err)
	}
	if s.verbose {
		report(a.Stdout, res)
	}
	return nil
}

// runCheck renders the code and compares it with disk; drift is an error.
func (a *App) runCheck(cmd *cobra.Command, args []string, s *settings) error {
	opts, files, err := a.render(cmd, args, s)
	if err != nil {
		return err
	}
	changes, err := output.Compare(files, output.Run{Owned: owned(opts), Inputs: opts.Inputs})
	if err != nil {
		return Fail(err)
	}
	if len(changes) == 0 {
		if s.verbose {
			fmt.Fprintf(a.Stdout, "%s up to date\n", plural(len(files), "file"))
		}
		return nil
	}
	diff, err := output.Unified(changes)
	if err != nil {
		return Fail(err)
	}
	if _, err := io.WriteString(a.Stdout, diff); err != nil {
		return Fail(err)
	}
	return driftError{n: len(changes)}
}

func (a *App) render(cmd *cobra.Command, args []string, s *settings) (gen.Options, gen.Files, error) {
	opts, err := s.options(cmd, args)
	if err != nil {
		return opts, nil, Fail(err)
	}
	files, err := a.generate(opts)
	if err != nil {
		return opts, nil, Fail(err)
	}
	return opts, files, nil
}

// owned are the output folders: generated files in them that are no longer
// produced are stale.
func owned(opts gen.Options) []string {
	var dirs []string
	for _, d := range []string{opts.GoOut, opts.TSOut} {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

func report(w io.Writer, res output.Result) {
	for _, p := range res.Written {
		fmt.Fprintf(w, "wrote %s\n", p)
	}
	for _, p := range res.Removed {
		fmt.Fprintf(w, "removed %s\n", p)
	}
	summary := fmt.Sprintf("wrote %s (%d unchanged", plural(len(res.Written), "file"), len(res.Unchanged))
	if len(res.Removed) > 0 {
		summary += fmt.Sprintf(", %d removed", len(res.Removed))
	}
	fmt.Fprintln(w, summary+")")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
