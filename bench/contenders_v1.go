//go:build !goexperiment.jsonv2

package bench

// JSONv2 says whether this build has encoding/json/v2 (GOEXPERIMENT=jsonv2).
const JSONv2 = false

func extraContenders() []Contender { return nil }

// EnvgenUnmarshalFrom is false without json/v2: there is no UnmarshalJSONFrom to call.
func EnvgenUnmarshalFrom() bool { return false }
