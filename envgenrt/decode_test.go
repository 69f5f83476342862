package envgenrt

import (
	"fmt"
	"testing"
)

// TestStartObject: a node that is no object is an error that leaves the
// value and the state's Fresh as they were; an object zeroes the value
// unless it is fresh, and forgets Fresh either way.
func TestStartObject(t *testing.T) {
	type pair struct{ A, B int }
	s := NewState()
	defer s.Release()
	if err := s.Parse([]byte(`[{}]`)); err != nil {
		t.Fatal(err)
	}
	v := pair{1, 2}
	wantErr := s.WrongKind(0, "an object").Error()
	s.fresh = true
	if err := StartObject(s, 0, &v); err == nil || err.Error() != wantErr || v != (pair{1, 2}) || !s.fresh {
		t.Errorf("on an array: %v, %v, fresh %v", err, v, s.fresh)
	}
	if err := StartObject(s, 1, &v); err != nil || v != (pair{1, 2}) || s.fresh {
		t.Errorf("fresh: %v, %v, fresh %v", err, v, s.fresh)
	}
	if err := StartObject(s, 1, &v); err != nil || v != (pair{}) {
		t.Errorf("not fresh: %v, %v", err, v)
	}
}

// TestBeginObject: BeginObject is StartObject (the same error, value and
// Fresh afterwards) with Bounds of the node.
func TestBeginObject(t *testing.T) {
	type pair struct{ A, B int }
	for _, fresh := range []bool{false, true} {
		for _, n := range []int32{0, 1, 2, 3} {
			var errs [2]string
			var vals [2]pair
			var fr [2]bool
			for i := range 2 {
				s := NewState()
				if err := s.Parse([]byte(`[{"a":1},{},2]`)); err != nil {
					t.Fatal(err)
				}
				v := pair{1, 2}
				s.fresh = fresh
				var err error
				if i == 0 {
					var first, end int32
					first, end, err = BeginObject(s, n, &v)
					if f, e := s.Bounds(n); first != f || end != e {
						t.Errorf("node %d: bounds %d, %d; want %d, %d", n, first, end, f, e)
					}
				} else {
					err = StartObject(s, n, &v)
				}
				errs[i], vals[i], fr[i] = fmt.Sprint(err), v, s.fresh
				s.Release()
			}
			if errs[0] != errs[1] || vals[0] != vals[1] || fr[0] != fr[1] {
				t.Errorf("node %d, fresh %v: BeginObject gave %s, %v, %v; StartObject %s, %v, %v",
					n, fresh, errs[0], vals[0], fr[0], errs[1], vals[1], fr[1])
			}
		}
	}
}
