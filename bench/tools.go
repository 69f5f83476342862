//go:build tools

package bench

// The generators go:generate runs, pinned by go.mod; and mapstructure, which
// the Go that go-jsonschema generates imports for additionalProperties (the
// matrix builds that code with this module's go.mod and go.sum).
import (
	_ "github.com/atombender/go-jsonschema"
	_ "github.com/envgen/envgen/cmd/envgen"
	_ "github.com/go-viper/mapstructure/v2"
)
