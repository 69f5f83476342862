package bench

import "github.com/envgen/envgen/envgenrt"

// DecodeEnvgen is envgen's contender in every decode comparison: the entry
// point the README recommends, bytes in, a decoded and validated value out.
func DecodeEnvgen(data []byte, v *Envelope) error { return envgenrt.Decode(data, v) }

// EnvgenEntryPoint names what DecodeEnvgen calls, for BENCHMARKS.md.
const EnvgenEntryPoint = "`envgenrt.Decode(data, &v)`, the entry point the README recommends"
