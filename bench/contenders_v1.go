//go:build !goexperiment.jsonv2

package bench

// JSONv2 says whether this build has encoding/json/v2 (GOEXPERIMENT=jsonv2).
const JSONv2 = false

func extraContenders() []Contender { return nil }
