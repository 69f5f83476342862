package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Discriminator returns the value of member in the JSON object data as
// canonical JSON text (see CanonicalJSON), e.g. `"circle"`, so that a
// generated union can switch on it. It fails when data is not an object or has
// no such member.
func Discriminator(data []byte, member string) (string, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return "", fmt.Errorf("want an object with member %q, got %s", member, abbrev(data))
	}
	raw, ok := obj[member]
	if !ok {
		return "", fmt.Errorf("member %q is missing", member)
	}
	return CanonicalJSON(raw)
}

// DecodeStrict decodes the JSON value data into v, refusing object members
// that v's struct types do not declare (where those types decode with
// encoding/json itself), anything after the value, and null unless v decodes
// it itself (v is a json.Unmarshaler, such as *Null or *Nullable): plain
// encoding/json would take null as "no change" for any type. Untagged unions
// use it to find the branches a value fits.
func DecodeStrict(data []byte, v any) error {
	if _, ok := v.(json.Unmarshaler); !ok && isNull(data) {
		return errors.New("null is not a value of this type")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// UnionSetError is the error of a union's MarshalJSON when n of its branches
// are set, not exactly one.
func UnionSetError(union string, n int) error {
	if n == 0 {
		return fmt.Errorf("%s: no branch is set, want exactly one", union)
	}
	return fmt.Errorf("%s: %d branches are set, want exactly one", union, n)
}

// UnionMatchError is the error of a union's UnmarshalJSON when the value fits
// n of its branches: none, or (for oneOf) more than one.
func UnionMatchError(union string, n int) error {
	if n == 0 {
		return fmt.Errorf("%s: the value fits none of the branches", union)
	}
	return fmt.Errorf("%s: the value fits %d branches, want exactly one", union, n)
}

// UnknownTag is the error of a tagged union's UnmarshalJSON when the
// discriminator member holds a value that selects no branch.
func UnknownTag(union, member, tag string) error {
	return fmt.Errorf("%s: member %q is %s, which selects no branch", union, member, tag)
}
