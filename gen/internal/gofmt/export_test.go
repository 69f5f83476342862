package gofmt

// Check turns on the comparison with go/format.Source and returns the
// number of function declarations printed directly and through go/format,
// and of other declarations printed directly, since it was turned on.
func Check() func() (fast, slow, genFast int) {
	check = true
	return func() (int, int, int) { return stats.fast, stats.slow, stats.genFast }
}

// SlowFuncs are the signature lines of the functions printed through
// go/format since the comparison was turned on (Check).
func SlowFuncs() []string { return stats.slowFuncs }

// LinesPrinted is the number of functions, and of other declarations,
// Formatters printed from their lines since the comparison was turned on
// (Check).
func LinesPrinted() (funcs, others int) { return stats.lines, stats.genLines }
