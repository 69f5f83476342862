package golang

import (
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// TestTypeFormat checks that the message envgenrt.Is records for a set of
// types is the registry's (keywords.Type) for that set listed as the schema
// loader lists types, for every set, so that generated code can leave the
// message to the runtime.
func TestTypeFormat(t *testing.T) {
	order := []string{"null", "boolean", "number", "integer", "string", "array", "object"} // jsonschema.Types.ToStrings
	for bits := 1; bits < 1<<len(order); bits++ {
		var names []string
		for i, name := range order {
			if bits&(1<<i) != 0 {
				names = append(names, name)
			}
		}
		want, _ := messageFormat(keywords.Type(names))
		f := &vfn{c: &model.Checks{Types: names}}
		set := f.typeSet()
		if got := envgenrt.TypeFormat(set); got != want {
			t.Errorf("%v: envgenrt.TypeFormat = %q, want %q", names, got, want)
		}
	}
}
