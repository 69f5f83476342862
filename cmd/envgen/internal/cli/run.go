package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/envgen/envgen/gen"
)

// Exit codes.
const (
	exitOK       = 0
	exitFailed   = 1 // invalid input, failed generation, or drift found by check
	exitUsage    = 2 // bad command line
	exitInternal = 3 // a bug: envgen panicked
)

// App is one invocation: where output goes and how code is generated.
type App struct {
	Stdout, Stderr io.Writer
	args           []string // the command line, without the program name
	generate       func(gen.Options) (gen.Files, error)
	extra          []Command
	schemaFS       fs.FS             // built-in schemas beyond the canonical ones (AddSchemas)
	schemaNames    map[string]string // their names for validate --schema, by $id
}

// Command is a subcommand beyond those every envgen has; Run adds it to the
// root command. It reports errors through [Usagef] and [Fail].
type Command func(*App) *cobra.Command

// Run executes the command line args with generate, check, bundle and
// version, and the extra commands, and returns the exit code.
func Run(args []string, stdout, stderr io.Writer, extra ...Command) int {
	return runWith(generate, args, stdout, stderr, extra...)
}

// runWith is Run with a given generator.
func runWith(generate func(gen.Options) (gen.Files, error), args []string, stdout, stderr io.Writer, extra ...Command) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "envgen: internal error: %v\n(this is a bug in envgen; please report it with the stack below)\n%s", r, debug.Stack())
			code = exitInternal
		}
	}()
	if args == nil {
		args = []string{} // cobra reads os.Args when given nil
	}
	a := &App{Stdout: outWriter{stdout}, Stderr: stderr, args: args, generate: generate, extra: extra}
	root := a.rootCommand()
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errNoCommand) { // its help is on stderr
		return exitUsage
	}

	var (
		usage usageError
		drift driftError
		fail  failure
	)
	switch {
	case errors.As(err, &drift):
		fmt.Fprintf(stderr, "envgen check: %s; run `%s` to update\n", drift.summary(), a.regenerateCommand())
		return exitFailed
	case errors.As(err, &fail) && !errors.As(err, &usage):
		printError(stderr, fail.err)
		return exitFailed
	default:
		// Our own usage errors, and every error cobra reports itself (unknown
		// command or flag, bad flag value, wrong number of arguments).
		fmt.Fprintf(stderr, "envgen: %s\nRun '%s --help' for usage.\n", oneLine(err.Error()), cmd.CommandPath())
		return exitUsage
	}
}

// outWriter says a failed write to stdout in envgen's words, "cannot write
// to stdout: no space left on device", not Go's "write /dev/stdout: …".
type outWriter struct{ w io.Writer }

func (o outWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		err = fmt.Errorf("cannot write to stdout: %s", gen.IOReason(err))
	}
	return n, err
}

// printError prints err as "envgen: message", each of joined errors on its
// own. Input errors already say where (file#/pointer) and what to do.
func printError(w io.Writer, err error) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			printError(w, e)
		}
		return
	}
	fmt.Fprintf(w, "envgen: %s\n", strings.TrimRight(err.Error(), "\n"))
}

// oneLine folds cobra's "Did you mean this?" suggestions into the message.
func oneLine(msg string) string {
	const didYouMean = "\n\nDid you mean this?\n"
	if i := strings.Index(msg, didYouMean); i >= 0 {
		return msg[:i] + " (did you mean " + strings.Join(strings.Fields(msg[i+len(didYouMean):]), " or ") + "?)"
	}
	return strings.TrimSpace(msg)
}

// usageError is a problem with the command line: exit 2 and point at --help.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// Usagef is a command line error: envgen exits 2 and points at --help.
func Usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// failure is any other error of a command: exit 1.
type failure struct{ err error }

func (e failure) Error() string { return e.err.Error() }
func (e failure) Unwrap() error { return e.err }

// driftError is check's finding that files on disk differ from the schemas.
type driftError struct{ n int }

func (e driftError) Error() string { return e.summary() }

func (e driftError) summary() string {
	if e.n == 1 {
		return "1 file differs"
	}
	return fmt.Sprintf("%d files differ", e.n)
}

// regenerateCommand is the command line that fixes what check found: the
// same one, with generate in place of check.
func (a *App) regenerateCommand() string {
	words := []string{"envgen"}
	replaced := false
	for _, arg := range a.args {
		if !replaced && arg == "check" {
			arg, replaced = "generate", true
		}
		words = append(words, shellQuote(arg))
	}
	return strings.Join(words, " ")
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:@,+%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
