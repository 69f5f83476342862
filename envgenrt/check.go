package envgenrt

import (
	"slices"
	"unicode/utf8"
)

// Helpers that generated validators call.

// Type is a set of JSON types, for the type keyword.
type Type uint8

// The JSON types of the type keyword.
const (
	TypeNull Type = 1 << iota
	TypeBoolean
	TypeInteger
	TypeNumber
	TypeString
	TypeArray
	TypeObject
)

// kindTypes is the type of each kind, integers aside.
var kindTypes = [...]Type{KindNull: TypeNull, KindFalse: TypeBoolean, KindTrue: TypeBoolean, KindNumber: TypeNumber,
	KindString: TypeString, KindArray: TypeArray, KindObject: TypeObject}

// IsType reports whether node n is of one of the types in set.
func (t *Tree) IsType(n int32, set Type) bool {
	d := &t.nodes[n]
	if kindTypes[d.kind&7]&set != 0 {
		return true
	}
	return set&TypeInteger != 0 && d.kind == KindNumber && t.isInteger(n)
}

// isInteger reports whether the number n has an integer value.
func (t *Tree) isInteger(n int32) bool {
	d := &t.nodes[n]
	switch {
	case d.flags&flagInt != 0:
		return true
	case d.flags&flagDec != 0:
		return d.intValue()%pow10i[d.count] == 0
	}
	return IsInteger(t.Text(n))
}

// CheckType is the type keyword: it reports whether node n is of one of the
// types in set, and records the error (schemaPath, keyword "type", the
// message format with TypeOf(n) for its %s) when it is not. (Small enough to
// be inlined: the common case costs no call.)
func (s *State) CheckType(n int32, set Type, schemaPath, format string) bool {
	return kindTypes[s.nodes[n].kind&7]&set != 0 || s.checkType(n, set, schemaPath, format)
}

func (s *State) checkType(n int32, set Type, schemaPath, format string) bool {
	if s.IsType(n, set) {
		return true
	}
	s.Failf(n, schemaPath, "type", format, s.TypeOf(n))
	return false
}

// Is is CheckType with the message the type keyword gives for set, "must be
// null or string, not %s", naming the types in the order of TypeNames: what
// generated code calls, so that every type check does not spell its message.
func (s *State) Is(n int32, set Type, schemaPath string) bool {
	// Inlined: a kind of the set costs no call.
	return kindTypes[s.nodes[n].kind&7]&set != 0 || s.isSlow(n, set, schemaPath)
}

// IsInt is Is(n, TypeInteger, schemaPath), inlined for a number the parser
// has read as an integer (most integers).
func (s *State) IsInt(n int32, schemaPath string) bool {
	return s.nodes[n].flags&flagInt != 0 || s.isSlow(n, TypeInteger, schemaPath)
}

// IsObject, IsArray, IsString, IsNumber and IsBoolean are Is for a type
// keyword of that one type: what generated code calls, the same test
// inlined (each spells Is's body: one that calls Is is past the inlining
// budget; TestIsOne holds them to Is).
func (s *State) IsObject(n int32, schemaPath string) bool {
	return kindTypes[s.nodes[n].kind&7]&TypeObject != 0 || s.isSlow(n, TypeObject, schemaPath)
}

func (s *State) IsArray(n int32, schemaPath string) bool {
	return kindTypes[s.nodes[n].kind&7]&TypeArray != 0 || s.isSlow(n, TypeArray, schemaPath)
}

func (s *State) IsString(n int32, schemaPath string) bool {
	return kindTypes[s.nodes[n].kind&7]&TypeString != 0 || s.isSlow(n, TypeString, schemaPath)
}

func (s *State) IsNumber(n int32, schemaPath string) bool {
	return kindTypes[s.nodes[n].kind&7]&TypeNumber != 0 || s.isSlow(n, TypeNumber, schemaPath)
}

func (s *State) IsBoolean(n int32, schemaPath string) bool {
	return kindTypes[s.nodes[n].kind&7]&TypeBoolean != 0 || s.isSlow(n, TypeBoolean, schemaPath)
}

func (s *State) isSlow(n int32, set Type, schemaPath string) bool {
	if s.nodes[n].flags&flagInt != 0 && set&TypeInteger != 0 || s.IsType(n, set) {
		return true
	}
	s.Failf(n, schemaPath, "type", typeFormats[set&typeAll], s.TypeOf(n))
	return false
}

// TypeFormat is the message format Is records for set.
func TypeFormat(set Type) string { return typeFormats[set&typeAll] }

// TypeNames is the order in which the type keyword's message names the types
// of a set (that of the schema compiler the generator reads schemas with).
var TypeNames = [...]struct {
	Type Type
	Name string
}{
	{TypeNull, "null"}, {TypeBoolean, "boolean"}, {TypeNumber, "number"}, {TypeInteger, "integer"},
	{TypeString, "string"}, {TypeArray, "array"}, {TypeObject, "object"},
}

// typeAll is the set of every type.
const typeAll = TypeNull | TypeBoolean | TypeInteger | TypeNumber | TypeString | TypeArray | TypeObject

// typeFormats is TypeFormat of every set, made once so that a failed check
// allocates nothing where its error is not recorded.
var typeFormats = func() (out [typeAll + 1]string) {
	for set := range out {
		format := "must be "
		sep := ""
		for _, t := range TypeNames {
			if Type(set)&t.Type != 0 {
				format += sep + t.Name
				sep = " or "
			}
		}
		out[set] = format + ", not %s"
	}
	return out
}()

// TypeOf names the JSON type of node n for messages: "integer" for a number
// with an integer value.
func (t *Tree) TypeOf(n int32) string {
	if t.Kind(n) == KindNumber && IsInteger(t.Text(n)) {
		return "integer"
	}
	return t.Kind(n).String()
}

// Length is the length of the string n in code points.
func (t *Tree) Length(n int32) int { return utf8.RuneCount(t.Str(n)) }

// Shorter reports whether the string n has fewer than m code points
// (minLength), counting them only when its length in bytes leaves a doubt.
func (t *Tree) Shorter(n int32, m int) bool {
	b := t.Str(n)
	switch {
	case len(b) < m:
		return true
	case len(b) >= utf8.UTFMax*m:
		return false
	}
	return utf8.RuneCount(b) < m
}

// Longer reports whether the string n has more than m code points
// (maxLength), counting them only when its length in bytes leaves a doubt.
func (t *Tree) Longer(n int32, m int) bool {
	b := t.Str(n)
	return len(b) > m && utf8.RuneCount(b) > m
}

// Compare compares the number n with limit, the text of a JSON number, as
// CompareNumber does: -1, 0 or +1.
func (t *Tree) Compare(n int32, limit string) int {
	if x, ok := t.plainInt(n); ok {
		if y, ok := plainInt(bytesOf(limit)); ok {
			return cmpInt64(x, y)
		}
	} else if m, k, ok := t.decValue(n); ok {
		if y, ok := plainInt(bytesOf(limit)); ok {
			return cmpScaled(m, k, y)
		}
	}
	return CompareNumber(t.Text(n), limit)
}

// CompareInt is Compare where limit is written as the integer y (at most 18
// digits): the limit is not read again on every call.
func (t *Tree) CompareInt(n int32, y int64, limit string) int {
	d := &t.nodes[n]
	switch {
	case d.flags&flagInt != 0:
		return cmpInt64(d.intValue(), y)
	case d.flags&flagDec != 0:
		return cmpScaled(d.intValue(), d.count, y)
	}
	return CompareNumber(t.Text(n), limit)
}

// pow10i holds the powers of ten an int64 can hold.
var pow10i = [...]int64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// cmpScaled compares m × 10^-k, a number of flagDec (|m| < 10^18, 0 < k ≤ 18),
// with the integer y, exactly: -1, 0 or +1.
func cmpScaled(m int64, k int32, y int64) int {
	if bound := pow10i[18-k]; y >= bound || y <= -bound {
		// |y × 10^k| ≥ 10^18 > |m|: y's sign decides.
		if y > 0 {
			return -1
		}
		return 1
	}
	return cmpInt64(m, y*pow10i[k])
}

func cmpInt64(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// StringIn reports whether node n is a string equal to one of values.
func (t *Tree) StringIn(n int32, values ...string) bool {
	if t.Kind(n) != KindString {
		return false
	}
	s := t.Str(n)
	for _, v := range values {
		if string(s) == v {
			return true
		}
	}
	return false
}

// ErrorCount is the number of errors recorded so far. A validator that
// records none passed.
func (s *State) ErrorCount() int { return len(s.errs) }

// Always is the validator of a schema that accepts everything.
func Always(*State, int32) bool { return true }

// Never is the validator of the schema false where it stands in a branch
// (whose errors are not reported).
func Never(*State, int32) bool { return false }

// AnyOf reports whether n is valid against one of checks, trying them in
// order without reporting errors.
func (s *State) AnyOf(n int32, checks ...CheckFunc) bool {
	for _, c := range checks {
		if s.Quiet(c, n) {
			return true
		}
	}
	return false
}

// CountOf counts the checks n is valid against, without reporting errors;
// with eval, the annotations of those that pass count for unevaluated*.
// Without eval, where no error is recorded (Stop), it stops at 2, all that
// oneOf needs to know; else it counts them all, for oneOf's message ("not 3"),
// as the TypeScript validators do.
func (s *State) CountOf(eval bool, n int32, checks ...CheckFunc) int {
	k := 0
	for _, c := range checks {
		if eval {
			if s.Branch(c, n) {
				k++
			}
			continue
		}
		if s.Quiet(c, n) {
			if k++; k == 2 && s.Stop() {
				break
			}
		}
	}
	return k
}

// Branch is Quiet for a function that records annotations: those of c count
// for unevaluated* only when n is valid against c.
func (s *State) Branch(c CheckFunc, n int32) bool {
	e := s.BeginEval(n)
	ok := s.Quiet(c, n)
	s.EndEval(e, ok)
	return ok
}

// Track runs c on n in place (allOf, $ref, dependentSchemas, then, else),
// recording errors, for a function that records annotations: those of c
// count for unevaluated* only when n is valid against c, as in the
// TypeScript runtime's track.
func (s *State) Track(c CheckFunc, n int32) bool {
	e := s.BeginEval(n)
	ok := c(s, n)
	s.EndEval(e, ok)
	return ok
}

// TrackDynamic is Track for a $dynamicRef (see Dynamic).
func (s *State) TrackDynamic(n int32, anchor string, def CheckFunc) bool {
	e := s.BeginEval(n)
	ok := s.Dynamic(n, anchor, def)
	s.EndEval(e, ok)
	return ok
}

// Probe is Quiet whose annotations never count (for not).
func (s *State) Probe(c CheckFunc, n int32) bool {
	e := s.BeginEval(n)
	ok := s.Quiet(c, n)
	s.EndEval(e, false)
	return ok
}

// CheckMembers validates the members of an object that its properties
// name: checks[i] runs on the member at[i], where it is present (at[i] is not
// 0) and checks[i] is not nil. It reports false as soon as one fails where
// the validator should stop (Stop), else true: the caller's error count says
// whether all passed.
func (s *State) CheckMembers(at []int32, checks ...CheckFunc) bool {
	for i, c := range checks {
		if at[i] != 0 && c != nil && !c(s, at[i]) && s.Stop() {
			return false
		}
	}
	return true
}

// Unexpected records an error at object n for each member that is not one of
// at (its properties), in the order of Members (that of JavaScript's
// Object.keys): additionalProperties false. format is the message, with the
// member's name (Quoted) for its %s. It reports whether the validator should
// stop (see Fail).
func (s *State) Unexpected(n int32, at []int32, schemaPath, format string) bool {
	for m := s.Members(n); m.Next(); {
		c := m.Node()
		if slices.Contains(at, c) {
			continue
		}
		if s.Failf(n, schemaPath, "additionalProperties", format, Quoted(s.Key(c))) {
			return true
		}
	}
	return false
}
