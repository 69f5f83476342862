package cli

import "github.com/envgen/envgen/gen"

// generate renders files from options. Tests pass their own to runWith.
var generate = gen.Generate
