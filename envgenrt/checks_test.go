package envgenrt

import (
	"errors"
	"fmt"
	"math"
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
		"IntegerRange": {
			func(s *State, n int32) bool { return s.IntegerRange(n, -1, "-1", 2, "2", at) },
			rangeFunc(TypeInteger, -1, 2, at)},
		"NumberRange": {
			func(s *State, n int32) bool { return s.NumberRange(n, 0, "0", 2, "2", at) },
			rangeFunc(TypeNumber, 0, 2, at)},
		"NumberRange empty": { // minimum past maximum: a number fails both
			func(s *State, n int32) bool { return s.NumberRange(n, 3, "3", 1, "1", at) },
			rangeFunc(TypeNumber, 3, 1, at)},
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

// rangeFunc is what the generator writes for {"type": …, "minimum": lo,
// "maximum": hi} at at without IntegerRange and NumberRange: the
// reference they are held to.
func rangeFunc(set Type, lo, hi int64, at string) CheckFunc {
	return func(s *State, n int32) bool {
		errs := s.ErrorCount()
		if !s.Is(n, set, at+"/type") {
			return false
		}
		if s.Stops(s.MinimumInt(n, lo, fmt.Sprint(lo), at+"/minimum")) {
			return false
		}
		if s.Stops(s.MaximumInt(n, hi, fmt.Sprint(hi), at+"/maximum")) {
			return false
		}
		return s.ErrorCount() == errs
	}
}

// TestIntLimits: the Int forms of the number checks (an integer limit read
// once; a number the parser read as an integer compared without a call)
// agree with the forms that read the limit's text, on numbers of every form
// and limits on each side of them.
func TestIntLimits(t *testing.T) {
	type pair struct {
		fast func(s *State, n int32, y int64, limit string) bool
		text func(s *State, n int32, limit string) bool
	}
	pairs := map[string]pair{
		"Minimum": {func(s *State, n int32, y int64, l string) bool { return s.MinimumInt(n, y, l, "m") },
			func(s *State, n int32, l string) bool { return s.Minimum(n, l, "m") }},
		"Maximum": {func(s *State, n int32, y int64, l string) bool { return s.MaximumInt(n, y, l, "m") },
			func(s *State, n int32, l string) bool { return s.Maximum(n, l, "m") }},
		"ExclusiveMinimum": {func(s *State, n int32, y int64, l string) bool { return s.ExclusiveMinimumInt(n, y, l, "m") },
			func(s *State, n int32, l string) bool { return s.ExclusiveMinimum(n, l, "m") }},
		"ExclusiveMaximum": {func(s *State, n int32, y int64, l string) bool { return s.ExclusiveMaximumInt(n, y, l, "m") },
			func(s *State, n int32, l string) bool { return s.ExclusiveMaximum(n, l, "m") }},
		"IntegerMinimum": {func(s *State, n int32, y int64, l string) bool { return s.IntegerMinimum(n, y, l, "m") },
			func(s *State, n int32, l string) bool { return s.IsInt(n, "m/type") && s.Minimum(n, l, "m/minimum") }},
		"NumberRange min": {func(s *State, n int32, y int64, l string) bool {
			return s.NumberRange(n, y, l, 7, "7", "m") // (empty past 7: 999999999999999999 × 10^k does not fit)
		},
			func(s *State, n int32, l string) bool {
				return s.Is(n, TypeNumber, "m/type") && s.Minimum(n, l, "m/minimum") && s.Maximum(n, "7", "m/maximum")
			}},
		"NumberRange max": {func(s *State, n int32, y int64, l string) bool {
			return s.NumberRange(n, -7, "-7", y, l, "m")
		},
			func(s *State, n int32, l string) bool {
				return s.Is(n, TypeNumber, "m/type") && s.Minimum(n, "-7", "m/minimum") && s.Maximum(n, l, "m/maximum")
			}},
		"NumberRange point": {func(s *State, n int32, y int64, l string) bool { return s.NumberRange(n, y, l, y, l, "m") },
			func(s *State, n int32, l string) bool {
				return s.Is(n, TypeNumber, "m/type") && s.Minimum(n, l, "m/minimum") && s.Maximum(n, l, "m/maximum")
			}},
		"IntegerRange point": {func(s *State, n int32, y int64, l string) bool { return s.IntegerRange(n, y, l, y, l, "m") },
			func(s *State, n int32, l string) bool {
				return s.IsInt(n, "m/type") && s.Minimum(n, l, "m/minimum") && s.Maximum(n, l, "m/maximum")
			}},
		"NumberMaximum": {func(s *State, n int32, y int64, l string) bool { return s.NumberMaximum(n, y, l, "m") },
			func(s *State, n int32, l string) bool {
				return s.Is(n, TypeNumber, "m/type") && s.Maximum(n, l, "m/maximum")
			}},
	}
	numbers := []string{`0`, `-0`, `1`, `-1`, `2`, `7`, `-7`, `1.0`, `0.5`, `-0.5`, `6.999`, `7.0`, `7.001`, `1e0`, `7e0`,
		`70e-1`, `-7.5`, `999999999999999999`, `-999999999999999999`, `1000000000000000000`, `12345678901234567890123`,
		`-1e30`, `1e-30`, `9.2233720368547758e18`}
	for _, limit := range []int64{-7, -1, 0, 1, 7, 999999999999999999} {
		text := fmt.Sprint(limit)
		for _, num := range numbers {
			for name, p := range pairs {
				var got, want bool
				for i, f := range []func(s *State) bool{
					func(s *State) bool { return p.fast(s, 0, limit, text) },
					func(s *State) bool { return p.text(s, 0, text) },
				} {
					s := NewState()
					if err := s.Parse([]byte(num)); err != nil {
						t.Fatal(err)
					}
					if i == 0 {
						got = f(s)
					} else {
						want = f(s)
					}
					s.Release()
				}
				if got != want {
					t.Errorf("%s(%s, %s) = %v, want %v", name, num, text, got, want)
				}
			}
		}
	}
}

// TestMinLengthHugeLimit: a minLength past what 4*m can hold (a valid
// schema may say 2^61) still fails a short string, in both the plain and
// the typed check, as Tree.Shorter says.
func TestMinLengthHugeLimit(t *testing.T) {
	for _, m := range []int{3, math.MaxInt/4 + 1, math.MaxInt / 3, math.MaxInt} {
		for _, doc := range []string{`"ab"`, `"abc"`, `"日本語"`} {
			s := NewState()
			if err := s.Parse([]byte(doc)); err != nil {
				t.Fatal(err)
			}
			want := !s.Shorter(0, m)
			if got := s.MinLength(0, m, "a#/minLength"); got != want {
				t.Errorf("MinLength(%s, %d) = %v, want %v", doc, m, got, want)
			}
			if got := s.StringMinLength(0, m, "a#"); got != want {
				t.Errorf("StringMinLength(%s, %d) = %v, want %v", doc, m, got, want)
			}
			s.Release()
		}
	}
}

// TestIsOne: IsObject, IsArray, IsString, IsNumber and IsBoolean answer and
// record what Is does for their one type, on a value of each kind (an
// integer, 1.0 and a fraction among them).
func TestIsOne(t *testing.T) {
	ones := map[Type]func(s *State, n int32, schemaPath string) bool{
		TypeObject: (*State).IsObject, TypeArray: (*State).IsArray, TypeString: (*State).IsString,
		TypeNumber: (*State).IsNumber, TypeBoolean: (*State).IsBoolean,
	}
	for _, doc := range []string{`{}`, `[]`, `"a"`, `1`, `1.0`, `1.5`, `true`, `null`} {
		for set, one := range ones {
			run := func(check func(s *State) bool) (bool, string) {
				s := NewState()
				defer s.Release()
				if err := s.Parse([]byte(doc)); err != nil {
					t.Fatal(err)
				}
				ok := check(s)
				return ok, fmt.Sprint(s.errs)
			}
			gotOK, gotErrs := run(func(s *State) bool { return one(s, 0, "x#/type") })
			wantOK, wantErrs := run(func(s *State) bool { return s.Is(0, set, "x#/type") })
			if gotOK != wantOK || gotErrs != wantErrs {
				t.Errorf("%s on %s: %v %s, Is: %v %s", TypeFormat(set), doc, gotOK, gotErrs, wantOK, wantErrs)
			}
		}
	}
}

// TestRequired: Required records and reports what the Missing of each
// absent member, one after the other, did: the errors in the order of the
// names, the first failure ending it inside a branch that reports none
// (Quiet) and past MaxErrors.
func TestRequired(t *testing.T) {
	names := []string{"b", "a", "c", "d"}
	spelled := func(s *State, n int32) bool {
		for _, name := range names {
			if !s.Has(n, name) && s.Missing(n, "r#/required", name) {
				return false
			}
		}
		return true
	}
	required := func(s *State, n int32) bool { return !s.Required(n, "r#/required", names...) }
	for _, doc := range []string{`{}`, `{"a":1}`, `{"b":1,"d":2}`, `{"a":1,"b":2,"c":3,"d":4}`, `{"x":1,"c":2}`} {
		for _, quiet := range []bool{false, true} {
			for _, errsBefore := range []int{0, MaxErrors - 1} {
				run := func(c CheckFunc) (bool, string) {
					s := NewState()
					defer s.Release()
					if err := s.Parse([]byte(doc)); err != nil {
						t.Fatal(err)
					}
					for range errsBefore {
						s.Fail(0, "before", "x", "x")
					}
					if quiet {
						return s.Quiet(c, 0), fmt.Sprint(s.errs)
					}
					return c(s, 0), fmt.Sprint(s.errs)
				}
				gotOK, got := run(required)
				wantOK, want := run(spelled)
				if gotOK != wantOK || got != want {
					t.Errorf("%s (quiet %v, %d errors before): %v %s, want %v %s", doc, quiet, errsBefore, gotOK, got, wantOK, want)
				}
			}
		}
	}
}

// TestNoMember: the error a DecodeNode returns for a member its struct has
// no field for names that member's place and says "unexpected member".
func TestNoMember(t *testing.T) {
	s := NewState()
	if err := s.Parse([]byte(`{"a": 1, "b~/": {"c": 2}}`)); err != nil {
		t.Fatal(err)
	}
	c := s.Next(s.First(0)) // "b~/"
	c = s.First(c)          // "c"
	err := s.NoMember(c)
	var de *DecodeError
	if !errors.As(err, &de) || de.InstancePath != "/b~0~1/c" || de.Msg != "unexpected member" {
		t.Fatalf("NoMember = %#v, want a *DecodeError at /b~0~1/c, \"unexpected member\"", err)
	}
}

// TestStops: Stops(ok) is !ok && Stop(): false for a check that passed,
// for one that failed while errors are still collected, true for one that
// failed inside a branch that records none (Quiet) or past MaxErrors.
func TestStops(t *testing.T) {
	s := NewState()
	if err := s.Parse([]byte(`1`)); err != nil {
		t.Fatal(err)
	}
	if s.Stops(true) || s.Stops(false) {
		t.Errorf("Stops(true), Stops(false) = %v, %v while errors are collected, want false, false", s.Stops(true), s.Stops(false))
	}
	var quiet [2]bool
	s.Quiet(func(s *State, n int32) bool { quiet = [2]bool{s.Stops(true), s.Stops(false)}; return true }, 0)
	if quiet != [2]bool{false, true} {
		t.Errorf("in Quiet: Stops(true), Stops(false) = %v, want false, true", quiet)
	}
	for range MaxErrors + 1 {
		s.Fail(0, "#", "type", "x")
	}
	if s.Stops(true) || !s.Stops(false) {
		t.Errorf("past MaxErrors: Stops(true), Stops(false) = %v, %v, want false, true", s.Stops(true), s.Stops(false))
	}
}
