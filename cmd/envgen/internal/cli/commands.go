package cli

import (
	"fmt"
	"io"
	"path"
	"strings"

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
	noteOrphans(a.Stderr, res.Orphaned)
	return nil
}

// noteOrphans says which generated files no run will update or remove, a
// line for each run that wrote them: most often the files of a schema that
// was renamed, which now declare the same types as the new name's files.
func noteOrphans(w io.Writer, orphans []output.Orphan) {
	var order []string
	byRun := map[string][]string{}
	for _, o := range orphans {
		key := path.Dir(o.Path) + "\x00" + o.Inputs
		if _, ok := byRun[key]; !ok {
			order = append(order, key)
		}
		byRun[key] = append(byRun[key], o.Path)
	}
	for _, key := range order {
		_, inputs, _ := strings.Cut(key, "\x00")
		fmt.Fprintf(w, "envgen: note: %s: written by the run from %s, which no longer exists, so no run updates or removes them; "+
			"delete them if this run replaces that one (a renamed schema)\n", strings.Join(byRun[key], ", "), inputs)
	}
}

// runCheck renders the code and compares it with disk; drift is an error.
func (a *App) runCheck(cmd *cobra.Command, args []string, s *settings) error {
	opts, files, err := a.render(cmd, args, s)
	if err != nil {
		return err
	}
	run := output.Run{Owned: owned(opts), Inputs: opts.Inputs}
	changes, err := output.Compare(files, run)
	if err != nil {
		return Fail(err)
	}
	// Files of a run whose inputs are gone are no drift (generate leaves
	// them too), but they break the package: they declare the renamed
	// schema's types again.
	orphans := output.Orphans(files, run)
	noteOrphans(a.Stderr, orphans)
	if len(changes) == 0 && len(orphans) > 0 {
		return Fail(fmt.Errorf("%s left by a run whose inputs no longer exist (see the note): delete them", plural(len(orphans), "generated file")))
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
