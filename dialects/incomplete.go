package dialects

import (
	"errors"
	"slices"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// An incomplete document lacks members its dialect's schema requires, and
// breaks it in no other way: BMCIS's own error examples leave out _metadata's
// version, timestamp and request_id and the whole execution_context. A
// dialect with an incomplete converter (dialect.incomplete) converts such a
// document to canonical from what it has, and reports each missing member as
// a Loss with Missing set; Validate still calls the document invalid. From
// canonical the conversion goes on to the target as usual, which refuses it
// (a *MissingError) where it needs what is missing, as bmcis itself does.

// missingMembers returns the members that instance lacks, as JSON Pointers
// into it, sorted, when every violation of the schema at loc is a missing
// required member; ok is false otherwise.
func missingMembers(loc string, instance any) (missing []string, ok bool) {
	s, err := schemaAt(loc)
	if err != nil {
		return nil, false
	}
	var ve *jsonschema.ValidationError
	if err := s.Validate(instance); !errors.As(err, &ve) {
		return nil, false
	}
	ok = true
	var walk func(*jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		r, isRequired := e.ErrorKind.(*kind.Required)
		if !isRequired {
			ok = false
			return
		}
		for _, name := range r.Missing {
			missing = append(missing, pointer(append(slices.Clone(e.InstanceLocation), name)))
		}
	}
	walk(ve)
	slices.Sort(missing)
	return slices.Compact(missing), ok && len(missing) > 0
}

// convertIncomplete converts doc, which is not valid in df, to canonical when
// df converts incomplete documents and all doc lacks is required members. It
// returns the canonical envelope and the missing members, or invalid itself.
func convertIncomplete(df *dialect, doc []byte, invalid error) (*canon, []string, error) {
	var inv *InvalidError
	if df.incomplete == nil || !errors.As(invalid, &inv) {
		return nil, nil, invalid
	}
	v, err := parse(doc)
	if err != nil {
		return nil, nil, invalid
	}
	missing, ok := missingMembers(df.schema, v)
	if !ok {
		return nil, nil, invalid
	}
	c, err := df.incomplete(doc, missing)
	if err != nil {
		return nil, nil, invalid
	}
	if c, err = fitCanon(c); err != nil {
		return nil, nil, invalid
	}
	return c, missing, nil
}
