package gen

// BuildSpace is buildSpace, for BenchmarkFrontEnd: the stages before the
// backends.
var BuildSpace = buildSpace
