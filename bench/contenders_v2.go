//go:build goexperiment.jsonv2

package bench

import jsonv2 "encoding/json/v2"

// JSONv2 says whether this build has encoding/json/v2 (GOEXPERIMENT=jsonv2):
// here encoding/json's v1 API runs on the v2 implementation.
const JSONv2 = true

// extraContenders are json/v2's own: its Unmarshal into the plain structs,
// and into envgen's type (which calls UnmarshalJSON, or UnmarshalJSONFrom
// where the type has it).
func extraContenders() []Contender {
	return []Contender{
		{"encoding/json/v2", Plain, "`json/v2.Unmarshal` into the plain structs: **no validation**",
			func(b []byte) error { var v PlainEnvelope; return jsonv2.Unmarshal(b, &v) }},
		{"envgen json/v2.Unmarshal", Validator, "`json/v2.Unmarshal` into the generated type",
			func(b []byte) error { var v Envelope; return jsonv2.Unmarshal(b, &v) }},
	}
}

// EnvgenUnmarshalFrom says whether envgen's type has json/v2's
// UnmarshalJSONFrom, which json/v2.Unmarshal then calls instead of
// UnmarshalJSON.
func EnvgenUnmarshalFrom() bool {
	_, ok := any(new(Envelope)).(jsonv2.UnmarshalerFrom)
	return ok
}
