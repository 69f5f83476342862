package contract

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/envgen/envgen/envgenrt"
)

// The decode contract of issue 3 on the canonical envelope, case by case.
func TestDecodeContract(t *testing.T) {
	for _, c := range []struct {
		name, in string
		ok       bool
		keywords string // the errors' "instancePath keyword", in order
	}{
		{"minimal", `{"success":true,"data":{"hits":[]}}`, true, ""},
		{"member names match exactly", `{"Success":true,"data":{"hits":[]}}`, false,
			` additionalProperties;  required`},
		{"absent is not null", `{"success":true,"data":{"hits":[]},"meta":null}`, false, `/meta type`},
		{"1.0 is an integer", `{"success":true,"data":{"hits":[{"chunk_id":1.0,"score":0.5,"rank":2e0}]}}`, true, ""},
		{"1.5 is not", `{"success":true,"data":{"hits":[{"chunk_id":1.5,"score":0.5,"rank":1}]}}`, false,
			`/data/hits/0/chunk_id type`},
		{"unknown member of a closed payload", `{"success":true,"data":{"hits":[],"nmae":1}}`, false,
			`/data additionalProperties`},
		{"then: data is required on success", `{"success":true}`, false, ` required`},
		{"else: error is required on failure", `{"success":false}`, false, ` required`},
	} {
		var env Envelope
		err := json.Unmarshal([]byte(c.in), &env)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.ok {
			continue
		}
		var verr *envgenrt.ValidationError
		if !errors.As(err, &verr) {
			t.Errorf("%s: %v is not a *envgenrt.ValidationError", c.name, err)
			continue
		}
		var got []string
		for _, e := range verr.Errors {
			got = append(got, e.InstancePath+" "+e.Keyword)
		}
		if strings.Join(got, "; ") != c.keywords {
			t.Errorf("%s: errors %q, want %q", c.name, strings.Join(got, "; "), c.keywords)
		}
	}
}

func TestDuplicateMember(t *testing.T) {
	var env Envelope
	err := json.Unmarshal([]byte(`{"success":true,"success":false,"data":{"hits":[]}}`), &env)
	var se *envgenrt.SyntaxError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, `duplicate member name "success"`) {
		t.Errorf("got %v", err)
	}
}

func TestErrorMessagesNameTheMember(t *testing.T) {
	var env Envelope
	err := json.Unmarshal([]byte(`{"success":true,"data":{"hits":[]},"nmae":1}`), &env)
	var verr *envgenrt.ValidationError
	if !errors.As(err, &verr) || len(verr.Errors) != 1 {
		t.Fatalf("got %v", err)
	}
	e := verr.Errors[0]
	if e.Message != `unexpected property "nmae"` || e.SchemaPath != "envelope.json#/additionalProperties" || e.InstancePath != "" {
		t.Errorf("got %+v", e)
	}
	if env.Data != nil {
		t.Error("a failed decode changed the value")
	}
}

// TestValidateChecksWhatMarshalWrites: Validate judges json.Marshal(x).
func TestValidateChecksWhatMarshalWrites(t *testing.T) {
	var env Envelope
	if err := json.Unmarshal(reference(t), &env); err != nil {
		t.Fatal(err)
	}
	env.Data.Hits[3].Rank = 0 // minimum 1
	err := env.Validate()
	var verr *envgenrt.ValidationError
	if !errors.As(err, &verr) || verr.Errors[0].InstancePath != "/data/hits/3/rank" || verr.Errors[0].Keyword != "minimum" {
		t.Errorf("got %v", err)
	}
	env.Data.Hits[3].Rank = 4
	env.Success = false // then error is required, and data may stay
	if err := env.Validate(); err == nil || !strings.Contains(err.Error(), `missing required property "error"`) {
		t.Errorf("got %v", err)
	}
}
