package validate

import (
	"testing"

	"github.com/envgen/envgen/gen/internal/keywords"
)

// TestFormatChecks: a runtime check for every format generated code asserts.
func TestFormatChecks(t *testing.T) {
	for _, name := range keywords.Formats() {
		stem, _ := keywords.FormatFunc(name)
		if checks[stem] == nil {
			t.Errorf("format %s: no envgenrt.Is%s in checks", name, stem)
		}
	}
}
