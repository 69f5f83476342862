//go:build goexperiment.jsonv2

package contract

import (
	"bytes"
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"errors"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/generated/go/envelope"
)

// TestJSONv2 decodes through json/v2 and through encoding/json built on it:
// both call the generated UnmarshalJSONFrom, which validates as Decode does.
func TestJSONv2(t *testing.T) {
	data := reference(t)
	broken := bytes.Replace(data, []byte(`"rank":3`), []byte(`"rank":0`), 1)
	for name, unmarshal := range map[string]func([]byte, any) error{
		"json/v2":       func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) },
		"encoding/json": json.Unmarshal,
	} {
		var env, want Envelope
		if err := unmarshal(data, &env); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := envgenrt.Decode(data, &want); err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(env)
		wantText, _ := json.Marshal(want)
		if !bytes.Equal(got, wantText) {
			t.Errorf("%s decodes\n%s\nwant\n%s", name, got, wantText)
		}
		var bad Envelope
		err := unmarshal(broken, &bad)
		var ve *envgenrt.ValidationError
		if !errors.As(err, &ve) || len(ve.Errors) != 1 || ve.Errors[0].InstancePath != "/data/hits/2/rank" {
			t.Errorf("%s on an invalid envelope: %v", name, err)
		}
		// A value inside a plain struct is decoded by its UnmarshalJSONFrom too.
		var outer struct{ Env Envelope }
		if err := unmarshal([]byte(`{"Env":`+string(broken)+`}`), &outer); !errors.As(err, &ve) {
			t.Errorf("%s: nested invalid envelope: %v", name, err)
		}
		// An enum has no UnmarshalJSONFrom: json/v2 calls its UnmarshalJSON,
		// which validates it too.
		var status struct{ S envelope.EnvelopeStatus }
		if err := unmarshal([]byte(`{"S":"partial"}`), &status); err != nil || status.S != envelope.EnvelopeStatusPartial {
			t.Errorf("%s: enum: %v, %q", name, err, status.S)
		}
		if err := unmarshal([]byte(`{"S":"nope"}`), &status); !errors.As(err, &ve) || ve.Errors[0].Keyword != "enum" {
			t.Errorf("%s: enum outside its values: %v", name, err)
		}
	}
}
