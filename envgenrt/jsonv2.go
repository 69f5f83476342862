//go:build goexperiment.jsonv2

package envgenrt

import "encoding/json/jsontext"

// UnmarshalFrom is a generated UnmarshalJSONFrom, the method json/v2 (and
// encoding/json built with GOEXPERIMENT=jsonv2) calls in preference to
// UnmarshalJSON: it reads the next value from dec and decodes it with Decode.
func UnmarshalFrom(dec *jsontext.Decoder, v Decodable) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	return Decode(val, v)
}
