package bench

// DecodeEnvgen is envgen's contender in every decode comparison: the entry
// point the README recommends, bytes in, a decoded and validated value out.
//
// SWITCH HERE when envgenrt.Decode (issue 16) is merged: the body becomes
// `return envgenrt.Decode(data, v)` and EnvgenEntryPoint says so. Until then
// it calls the generated UnmarshalJSON directly, which is what
// envgenrt.Decode is to do without encoding/json's scans in front.
func DecodeEnvgen(data []byte, v *Envelope) error { return v.UnmarshalJSON(data) }

// EnvgenEntryPoint names what DecodeEnvgen calls, for BENCHMARKS.md.
const EnvgenEntryPoint = "the generated `UnmarshalJSON` called directly (`envgenrt.Decode` is not merged yet; bench/envgen_entry.go is where to switch)"
