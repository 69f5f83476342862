package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"github.com/envgen/envgen/gen"

	"github.com/envgen/envgen/gen/output"
)

// result is one run of the CLI.
type result struct {
	code           int
	stdout, stderr string
}

func runFake(t *testing.T, generate func(gen.Options) (gen.Files, error), args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runWith(generate, args, &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

// fakeGenerate stands in for gen.Generate: one Go file (and one TS file) whose
// content follows the input files, so editing an input changes the output.
func fakeGenerate(opts gen.Options) (gen.Files, error) {
	var body strings.Builder
	for _, in := range opts.Inputs {
		b, err := os.ReadFile(in)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&body, "// %s: %s\n", path.Base(in), strings.TrimSpace(string(b)))
	}
	var files gen.Files
	if opts.GoOut != "" {
		files = append(files, gen.File{
			Path:    path.Join(opts.GoOut, "types.go"),
			Content: []byte(output.Header + "\n\npackage " + opts.GoPackage + "\n\n" + body.String()),
		})
	}
	if opts.TSOut != "" {
		files = append(files, gen.File{
			Path:    path.Join(opts.TSOut, "types.ts"),
			Content: []byte(output.Header + "\n\n" + body.String()),
		})
	}
	return files, nil
}

// captured returns a generator that records its options and generates nothing.
func captured(opts *gen.Options) func(gen.Options) (gen.Files, error) {
	return func(o gen.Options) (gen.Files, error) { *opts = o; return nil, nil }
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in the first line of stderr
		cmd  string
	}{
		{"unknown flag", []string{"generate", "s.json", "--go-out", "o", "--go-package", "p", "--bogus"}, "unknown flag: --bogus", "envgen generate"},
		{"unknown command", []string{"genrate"}, `unknown command "genrate" for "envgen" (did you mean generate?)`, "envgen"},
		{"ref-map without =", []string{"check", "s.json", "--ts-out", "o", "--ref-map", "https://x/"}, `--ref-map "https://x/": want PREFIX=DIR`, "envgen check"},
		{"ref-map not a URL", []string{"generate", "s.json", "--ts-out", "o", "--ref-map", "./dir=https://x/"}, "./dir is not an absolute URL prefix", "envgen generate"},
		{"missing package", []string{"generate", "s.json", "--go-out", "o"}, "--go-package is required with --go-out", "envgen generate"},
		{"package without out", []string{"generate", "s.json", "--ts-out", "o", "--go-package", "p"}, "--go-package p needs --go-out", "envgen generate"},
		{"bad package", []string{"generate", "s.json", "--go-out", "o", "--go-package", "my-pkg"}, `"my-pkg" is not a valid Go package name`, "envgen generate"},
		{"no inputs", []string{"generate", "--go-out", "o", "--go-package", "p"}, "no schemas given", "envgen generate"},
		{"no outputs", []string{"check", "s.json"}, "nothing to generate", "envgen check"},
		{"bad name", []string{"generate", "s.json", "--ts-out", "o", "--name", "s.json#/$defs/a=not-go"}, `"not-go" is not a valid Go identifier`, "envgen generate"},
		{"name without location", []string{"generate", "s.json", "--ts-out", "o", "--name", "Foo"}, "want LOCATION=GoName", "envgen generate"},
		{"twice", []string{"generate", "s.json", "--ts-out", "o", "--ref-map", "https://x/=a", "--ref-map", "https://x/=b"}, "https://x/ is given twice", "envgen generate"},
		{"version args", []string{"version", "extra"}, `unknown command "extra"`, "envgen version"},
		{"import without =", []string{"generate", "s.json", "--ts-out", "o", "--import", "@x/y"}, `--import "@x/y": want PREFIX=GOPATH,TSMODULE`, "envgen generate"},
		{"import without package", []string{"generate", "s.json", "--ts-out", "o", "--import", "https://x/="}, "an import needs a Go import path, a TypeScript module, or both", "envgen generate"},
		{"import twice", []string{"generate", "s.json", "--ts-out", "o", "--import", "https://x/=a/b", "--import", "https://x/=,c"}, "--import: https://x/ is given twice", "envgen generate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			called := false
			r := runFake(t, func(gen.Options) (gen.Files, error) { called = true; return nil, nil }, tt.args...)
			if r.code != exitUsage {
				t.Errorf("exit code = %d, want %d (stderr %q)", r.code, exitUsage, r.stderr)
			}
			lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
			if len(lines) != 2 || !strings.HasPrefix(lines[0], "envgen: ") || !strings.Contains(lines[0], tt.want) {
				t.Errorf("stderr = %q, want one line with %q and a pointer to --help", r.stderr, tt.want)
			} else if want := "Run '" + tt.cmd + " --help' for usage."; lines[1] != want {
				t.Errorf("second line = %q, want %q", lines[1], want)
			}
			if r.stdout != "" || called {
				t.Errorf("stdout = %q, generator called = %v", r.stdout, called)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	for _, tt := range []struct{ build, want string }{{"(devel)", "dev"}, {"", "dev"}, {"v1.2.3", "v1.2.3"}} {
		readBuildInfo = func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{Main: debug.Module{Path: "github.com/envgen/envgen", Version: tt.build}}, true
		}
		r := runFake(t, fakeGenerate, "version")
		if r.code != 0 || r.stdout != "envgen "+tt.want+"\n" || r.stderr != "" {
			t.Errorf("build version %q: got %+v, want %q", tt.build, r, "envgen "+tt.want)
		}
	}
	readBuildInfo = debug.ReadBuildInfo
	if r := runFake(t, fakeGenerate, "version"); r.code != 0 || !strings.HasPrefix(r.stdout, "envgen ") {
		t.Errorf("version = %+v", r)
	}
}

func TestHelp(t *testing.T) {
	tests := map[string][]string{
		"":         {"Usage:", "envgen generate schemas/ --go-out internal/envelope --go-package envelope --ts-out web/src/envelope"},
		"generate": {"Examples:", "envgen generate schemas/ --go-out internal/envelope --go-package envelope --ts-out web/src/envelope", "--ref-map https://example.com/schemas/=./third_party/schemas", "envgen generate --config envgen.yaml", "--go-package NAME"},
		"check":    {"Examples:", "envgen check schemas/ --go-out internal/envelope", "exits\n1", "--config FILE"},
		"version":  {"Examples:", "envgen version"},
	}
	for cmd, wants := range tests {
		args := []string{"--help"}
		if cmd != "" {
			args = []string{cmd, "--help"}
		}
		r := runFake(t, fakeGenerate, args...)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%v: %+v", args, r)
		}
		for _, want := range wants {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("envgen %s --help lacks %q:\n%s", cmd, want, r.stdout)
			}
		}
	}
}

func TestInputErrorExit1(t *testing.T) {
	inputErr := gen.Errorf(gen.Location{File: "s.json", Pointer: "/properties/a"}, "remove it or use $ref", `unsupported keyword "$recursiveRef"`)
	r := runFake(t, func(gen.Options) (gen.Files, error) {
		return nil, fmt.Errorf("loading: %w", inputErr)
	}, "generate", "s.json", "--ts-out", "o")
	want := "envgen: loading: s.json#/properties/a: unsupported keyword \"$recursiveRef\"\n\tremove it or use $ref\n"
	if r.code != exitFailed || r.stderr != want || r.stdout != "" {
		t.Errorf("got %+v, want exit 1 and stderr %q", r, want)
	}

	joined := errors.Join(inputErr, gen.Errorf(gen.Location{File: "t.json"}, "", "bad"))
	r = runFake(t, func(gen.Options) (gen.Files, error) { return nil, joined }, "check", "s.json", "--ts-out", "o")
	if r.code != exitFailed || strings.Count(r.stderr, "envgen: ") != 2 || !strings.Contains(r.stderr, "envgen: t.json#: bad\n") {
		t.Errorf("joined errors: %+v", r)
	}
}

func TestPanicIsInternalError(t *testing.T) {
	r := runFake(t, func(gen.Options) (gen.Files, error) { panic("boom") }, "generate", "s.json", "--ts-out", "o")
	if r.code != exitInternal || !strings.HasPrefix(r.stderr, "envgen: internal error: boom\n") {
		t.Errorf("got code %d, stderr %q", r.code, r.stderr)
	}
}

// TestNoArgsPrintsHelp: bare envgen is a usage error (exit 2), its help on
// stderr, as go and git do; asked for, the help is on stdout with exit 0.
func TestNoArgsPrintsHelp(t *testing.T) {
	r := runFake(t, fakeGenerate)
	if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "Available Commands:") {
		t.Errorf("envgen: got %+v, want exit 2 and the help on stderr", r)
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		h := runFake(t, fakeGenerate, args...)
		if h.code != exitOK || h.stderr != "" || h.stdout != r.stderr {
			t.Errorf("envgen %v: got %+v, want exit 0 and the same help on stdout", args, h)
		}
	}
	// No command in other spellings (an empty command word, only --, help
	// turned off) is the same mistake; so is help on a topic there is not.
	for _, args := range [][]string{{""}, {"--"}, {"-h=false"}} {
		if h := runFake(t, fakeGenerate, args...); h.code != exitUsage || h.stdout != "" || h.stderr != r.stderr {
			t.Errorf("envgen %q: got %+v, want exit 2 and the help on stderr", args, h)
		}
	}
	if h := runFake(t, fakeGenerate, "help", "nope"); h.code != exitUsage || !strings.Contains(h.stderr, `no help topic "nope"`) {
		t.Errorf("envgen help nope: got %+v, want exit 2 and no help topic", h)
	}
	if h := runFake(t, fakeGenerate, "help", "generate"); h.code != exitOK || !strings.Contains(h.stdout, "Usage:\n  envgen generate") {
		t.Errorf("envgen help generate: got %+v, want its help, exit 0", h)
	}
}

// TestStdoutWriteError: output that cannot be written is said in envgen's
// words, once, not as "write /dev/stdout: no space left on device".
func TestStdoutWriteError(t *testing.T) {
	var stderr bytes.Buffer
	full := writerFunc(func([]byte) (int, error) {
		return 0, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
	})
	code := runWith(fakeGenerate, []string{"version"}, full, &stderr)
	if want := "envgen: cannot write to stdout: no space left on device\n"; code != exitFailed || stderr.String() != want {
		t.Errorf("exit %d, stderr %q, want 1 and %q", code, stderr.String(), want)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
