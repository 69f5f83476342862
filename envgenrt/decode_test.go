package envgenrt

import "testing"

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
