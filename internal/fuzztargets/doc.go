// Package fuzztargets holds a test and nothing else: `make fuzz` runs every
// native Go fuzz target of the module, so a target added to a package is
// never left out of the fuzzing runs.
package fuzztargets
