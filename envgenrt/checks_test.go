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

// TestTyped: each typed check (StringMinLength …, ArrayOf) reports and
// records what the two calls it stands for do, reporting errors, inside a
// branch that reports none (Quiet), and past MaxErrors (the value is an
// array of them all, each checked by the typed check), on values of every
// kind and numbers of every form.
func TestTyped(t *testing.T) {
	const at = "a#/properties/x"
	pairs := map[string][2]CheckFunc{
		"StringMinLength": {
			func(s *State, n int32) bool { return s.StringMinLength(n, 3, at) },
			func(s *State, n int32) bool {
				return s.Is(n, TypeString, at+"/type") && s.MinLength(n, 3, at+"/minLength")
			}},
		"StringMaxLength": {
			func(s *State, n int32) bool { return s.StringMaxLength(n, 2, at) },
			func(s *State, n int32) bool {
				return s.Is(n, TypeString, at+"/type") && s.MaxLength(n, 2, at+"/maxLength")
			}},
		"IntegerMinimum": {
			func(s *State, n int32) bool { return s.IntegerMinimum(n, 2, "2", at) },
			func(s *State, n int32) bool { return s.IsInt(n, at+"/type") && s.MinimumInt(n, 2, "2", at+"/minimum") }},
		"IntegerMaximum": {
			func(s *State, n int32) bool { return s.IntegerMaximum(n, -1, "-1", at) },
			func(s *State, n int32) bool {
				return s.IsInt(n, at+"/type") && s.MaximumInt(n, -1, "-1", at+"/maximum")
			}},
		"NumberMinimum": {
			func(s *State, n int32) bool { return s.NumberMinimum(n, 2, "2", at) },
			func(s *State, n int32) bool {
				return s.Is(n, TypeNumber, at+"/type") && s.MinimumInt(n, 2, "2", at+"/minimum")
			}},
		"NumberMaximum": {
			func(s *State, n int32) bool { return s.NumberMaximum(n, 0, "0", at) },
			func(s *State, n int32) bool {
				return s.Is(n, TypeNumber, at+"/type") && s.MaximumInt(n, 0, "0", at+"/maximum")
			}},
		"ArrayOf": {
			func(s *State, n int32) bool { return s.ArrayOf(n, TypeString|TypeNull, at) },
			func(s *State, n int32) bool {
				return s.ItemsOf(n, TypeString|TypeNull, at+"/type", at+"/items/type")
			}},
		"ArrayOf integer": {
			func(s *State, n int32) bool { return s.ArrayOf(n, TypeInteger, at) },
			func(s *State, n int32) bool { return s.ItemsOf(n, TypeInteger, at+"/type", at+"/items/type") }},
	}
	values := []string{`null`, `true`, `false`, `""`, `"ab"`, `"abc"`, `"ééé"`, `"abcd"`, `"日本"`, `0`, `-1`, `1`, `2`,
		`3`, `2.0`, `2.5`, `1.9`, `-1.0`, `-0.5`, `1e0`, `2e0`, `3e2`, `-1e-9`, `123456789012345678901234567890`,
		`-1234567890123456789012`, `0.000000000000000000001`, `[]`, `{}`, `["a",null,1]`, `[1,2.0,2.5,"x"]`, `[[]]`}
	all := "["
	for i := range MaxErrors + 3 {
		if i > 0 {
			all += ","
		}
		all += values[i%len(values)]
	}
	docs := append(values, all+"]")
	for name, pair := range pairs {
		for _, doc := range docs {
			for _, quiet := range []bool{false, true} {
				run := func(c CheckFunc) (bool, string) {
					s := NewState()
					defer s.Release()
					if err := s.Parse([]byte(doc)); err != nil {
						t.Fatal(err)
					}
					if item := c; doc[0] == '[' && name[:5] != "Array" { // each item: the errors past MaxErrors
						c = func(s *State, n int32) bool { return s.Items(n, item, "a#/type") }
					}
					var ok bool
					if quiet {
						ok = s.Quiet(c, 0)
					} else {
						ok = c(s, 0)
					}
					return ok, fmt.Sprint(s.errs)
				}
				gotOK, got := run(pair[0])
				wantOK, want := run(pair[1])
				if gotOK != wantOK || got != want {
					t.Errorf("%s on %s (quiet %v): %v %s, want %v %s", name, doc, quiet, gotOK, got, wantOK, want)
				}
			}
		}
	}
}
