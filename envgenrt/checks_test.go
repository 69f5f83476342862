package envgenrt

import (
	"fmt"
	"testing"
)

// spelledItems is what the generator wrote for {"type": "array", "items": …}
// before Items and ItemsOf: the reference they must agree with.
func spelledItems(s *State, n int32, item CheckFunc, schemaPath string) bool {
	errs := s.ErrorCount()
	if !s.Is(n, TypeArray, schemaPath) {
		return false
	}
	for c := s.First(n); c < s.End(n); c = s.Next(c) {
		if !item(s, c) && s.Stop() {
			return false
		}
	}
	return s.ErrorCount() == errs
}

// TestItems: Items and ItemsOf report and record what the function they
// replace did, errors and their order included, reporting errors and
// inside a branch that reports none (Quiet), and past MaxErrors.
func TestItems(t *testing.T) {
	isString := func(s *State, n int32) bool { return s.Is(n, TypeString, "i#/items/type") }
	long := "["
	for i := range MaxErrors + 3 {
		if i > 0 {
			long += ","
		}
		long += "1"
	}
	long += "]"
	checks := map[string]CheckFunc{
		"Items":   func(s *State, n int32) bool { return s.Items(n, isString, "i#/type") },
		"ItemsOf": func(s *State, n int32) bool { return s.ItemsOf(n, TypeString, "i#/type", "i#/items/type") },
	}
	want := func(s *State, n int32) bool { return spelledItems(s, n, isString, "i#/type") }
	for _, doc := range []string{`[]`, `["a","b"]`, `[1,"a",{}]`, `{}`, `"a"`, `[null]`, long, `[[1],"x",2]`} {
		for name, check := range checks {
			for _, quiet := range []bool{false, true} {
				run := func(c CheckFunc) (bool, string) {
					s := NewState()
					defer s.Release()
					if err := s.Parse([]byte(doc)); err != nil {
						t.Fatal(err)
					}
					var ok bool
					if quiet {
						ok = s.Quiet(c, 0)
					} else {
						ok = c(s, 0)
					}
					return ok, fmt.Sprint(s.errs)
				}
				gotOK, got := run(check)
				wantOK, wantErrs := run(want)
				if gotOK != wantOK || got != wantErrs {
					t.Errorf("%s on %s (quiet %v): %v %s, want %v %s", name, doc, quiet, gotOK, got, wantOK, wantErrs)
				}
			}
		}
	}
}
