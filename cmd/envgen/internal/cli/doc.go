// Package cli is envgen's command line without the commands that link
// generated code: generate, check, bundle and version, the exit codes and
// the error printing. cmd/envgen adds convert, which needs the dialects and
// so the generated Go packages, through [Run]'s extra commands;
// cmd/envgen/internal/bootstrap adds nothing, so that it builds even when
// generated/ is stale or deleted, and `make generate` can repair it.
package cli
