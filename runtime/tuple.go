package runtime

import (
	"encoding/json"
	"fmt"
)

// TupleItems splits the JSON array data into its items, checking that there
// are at least min and, unless max is negative, at most max of them.
func TupleItems(data []byte, min, max int) ([]json.RawMessage, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil || items == nil {
		return nil, fmt.Errorf("want a JSON array, got %s", abbrev(data))
	}
	switch {
	case len(items) < min:
		return nil, fmt.Errorf("want at least %d items, got %d", min, len(items))
	case max >= 0 && len(items) > max:
		return nil, fmt.Errorf("want at most %d items, got %d", max, len(items))
	}
	return items, nil
}

// DecodeItems decodes each of items into a T and stores them in *dst, which
// stays nil when there are none.
func DecodeItems[T any](items []json.RawMessage, dst *[]T) error {
	var out []T
	for i, item := range items {
		var v T
		if err := json.Unmarshal(item, &v); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
		out = append(out, v)
	}
	*dst = out
	return nil
}

// TupleGap is the error of a tuple's MarshalJSON when item index (or, when
// index is the tuple's length, a rest item) is set but an optional item before
// it is absent: a JSON array cannot skip a position.
func TupleGap(index int) error {
	return fmt.Errorf("tuple item %d is set but an item before it is absent", index)
}
