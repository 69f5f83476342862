package envgenrt

import "fmt"

// TupleGap is the error of a tuple's MarshalJSON when item index (or, when
// index is the tuple's length, a rest item) is set but an optional item before
// it is absent: a JSON array cannot skip a position.
func TupleGap(index int) error {
	return fmt.Errorf("tuple item %d is set but an item before it is absent", index)
}
