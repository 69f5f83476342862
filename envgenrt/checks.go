package envgenrt

import (
	"strconv"
	"unicode/utf8"
)

// Keyword checks for generated validators: each tests one keyword on node n
// and reports whether n passed; when it did not, it records the error at
// schemaPath with the keyword's message, spelled here only then (as the
// registry in gen/internal/keywords spells it; the generator's tests hold
// them equal), so that the generated call carries neither keyword nor
// message. Generated code calls them as
//
//	s.Is(n, envgenrt.TypeString, "a.json#/type") && s.MinLength(n, 1, "a.json#/minLength")
//
// for a schema with one such keyword besides type, and else as
//
//	if !s.MinLength(n, 1, "a.json#/minLength") && s.Stop() {
//		return false
//	}
//
// A failed check reports false whether or not the error is recorded (inside
// anyOf and the like it is not): s.Stop says whether to go on.

// MinLength is minLength on the string n: at least m code points (as
// !Shorter; atLeastRunes is inlined, so that a check is one call).
func (s *State) MinLength(n int32, m int, schemaPath string) bool {
	if atLeastRunes(s.Str(n), m) {
		return true
	}
	return s.failCount(n, schemaPath, "minLength", "must be at least ", m, "character", " long")
}

// MaxLength is maxLength on the string n: at most m code points (as
// !Longer).
func (s *State) MaxLength(n int32, m int, schemaPath string) bool {
	if atMostRunes(s.Str(n), m) {
		return true
	}
	return s.failCount(n, schemaPath, "maxLength", "must be at most ", m, "character", " long")
}

// MinItems is minItems on the array n.
func (s *State) MinItems(n int32, m int, schemaPath string) bool {
	return s.Count(n) >= m || s.failCount(n, schemaPath, "minItems", "must have at least ", m, "item", "")
}

// MaxItems is maxItems on the array n.
func (s *State) MaxItems(n int32, m int, schemaPath string) bool {
	return s.Count(n) <= m || s.failCount(n, schemaPath, "maxItems", "must have at most ", m, "item", "")
}

// MinProperties is minProperties on the object n.
func (s *State) MinProperties(n int32, m int, schemaPath string) bool {
	return s.Count(n) >= m || s.failCount(n, schemaPath, "minProperties", "must have at least ", m, "property", "")
}

// MaxProperties is maxProperties on the object n.
func (s *State) MaxProperties(n int32, m int, schemaPath string) bool {
	return s.Count(n) <= m || s.failCount(n, schemaPath, "maxProperties", "must have at most ", m, "property", "")
}

// Minimum is minimum on the number n; limit is the schema's number as
// written, e.g. "0.5".
func (s *State) Minimum(n int32, limit, schemaPath string) bool {
	return s.Compare(n, limit) >= 0 || s.failLimit(n, schemaPath, "minimum", "must be at least ", limit)
}

// Maximum is maximum on the number n.
func (s *State) Maximum(n int32, limit, schemaPath string) bool {
	return s.Compare(n, limit) <= 0 || s.failLimit(n, schemaPath, "maximum", "must be at most ", limit)
}

// ExclusiveMinimum is exclusiveMinimum on the number n.
func (s *State) ExclusiveMinimum(n int32, limit, schemaPath string) bool {
	return s.Compare(n, limit) > 0 || s.failLimit(n, schemaPath, "exclusiveMinimum", "must be greater than ", limit)
}

// ExclusiveMaximum is exclusiveMaximum on the number n.
func (s *State) ExclusiveMaximum(n int32, limit, schemaPath string) bool {
	return s.Compare(n, limit) < 0 || s.failLimit(n, schemaPath, "exclusiveMaximum", "must be less than ", limit)
}

// MinimumInt is Minimum where the limit is an integer of at most 18 digits,
// y, written limit (for the message): the generator passes both, so that
// the limit is not parsed on every call.
func (s *State) MinimumInt(n int32, y int64, limit, schemaPath string) bool {
	return s.CompareInt(n, y, limit) >= 0 || s.failLimit(n, schemaPath, "minimum", "must be at least ", limit)
}

// MaximumInt is Maximum with an integer limit, as MinimumInt.
func (s *State) MaximumInt(n int32, y int64, limit, schemaPath string) bool {
	return s.CompareInt(n, y, limit) <= 0 || s.failLimit(n, schemaPath, "maximum", "must be at most ", limit)
}

// ExclusiveMinimumInt is ExclusiveMinimum with an integer limit, as MinimumInt.
func (s *State) ExclusiveMinimumInt(n int32, y int64, limit, schemaPath string) bool {
	return s.CompareInt(n, y, limit) > 0 || s.failLimit(n, schemaPath, "exclusiveMinimum", "must be greater than ", limit)
}

// ExclusiveMaximumInt is ExclusiveMaximum with an integer limit, as MinimumInt.
func (s *State) ExclusiveMaximumInt(n int32, y int64, limit, schemaPath string) bool {
	return s.CompareInt(n, y, limit) < 0 || s.failLimit(n, schemaPath, "exclusiveMaximum", "must be less than ", limit)
}

// Items is an array whose items check validates: the type keyword array
// at schemaPath, then check on each item, as the function of the schema
// {"type": "array", "items": …} would spell it, so that such a schema needs
// none:
//
//	s.Items(c, checkHit, "a.json#/properties/hits/type")
//
// It reports whether n and all its items passed; after a failed item it
// goes on unless the validator should stop (Stop).
func (s *State) Items(n int32, check CheckFunc, schemaPath string) bool {
	if !s.Is(n, TypeArray, schemaPath) {
		return false
	}
	errs := len(s.errs)
	for c, end := s.Bounds(n); c < end; c = s.nodes[c].next {
		if !check(s, c) && s.Stop() {
			return false
		}
	}
	return len(s.errs) == errs
}

// ItemsOf is Items for items whose schema is the type keyword alone, set, at
// itemsPath: {"type": "array", "items": {"type": "string"}}.
func (s *State) ItemsOf(n int32, set Type, schemaPath, itemsPath string) bool {
	if !s.Is(n, TypeArray, schemaPath) {
		return false
	}
	errs := len(s.errs)
	for c, end := s.Bounds(n); c < end; c = s.nodes[c].next {
		if !s.Is(c, set, itemsPath) && s.Stop() {
			return false
		}
	}
	return len(s.errs) == errs
}

// Missing records that the object n lacks the required member name, as Fail
// does: it reports whether the validator should stop.
func (s *State) Missing(n int32, schemaPath, name string) bool {
	if s.quiet > 0 || s.cut {
		return true
	}
	return s.Fail(n, schemaPath, "required", "missing required property "+Quoted(name).String())
}

// Required is required on the object n, for members named names of which
// generated code has found one absent: an error for each absent one, in the
// order of names, as Missing records it. It reports whether the validator
// should stop. (One call for the members of required, behind a test of
// each, is shorter than a Missing for each, and as fast where none is
// missing.)
func (s *State) Required(n int32, schemaPath string, names ...string) bool {
	for _, name := range names {
		if !s.Has(n, name) && s.Missing(n, schemaPath, name) {
			return true
		}
	}
	return false
}

// NoAdditional is additionalProperties false on the object n whose
// properties are at: an error for each other member, in the order of
// Members, as Unexpected records them with the message
// `unexpected property "name"`. It reports whether the validator should stop.
func (s *State) NoAdditional(n int32, at []int32, schemaPath string) bool {
	return s.Unexpected(n, at, schemaPath, "unexpected property %s")
}

// Enum is an enum of strings on node n: it is one of values. The message
// lists the first ten values as JSON strings.
func (s *State) Enum(n int32, schemaPath string, values ...string) bool {
	if s.StringIn(n, values...) {
		return true
	}
	if s.quiet == 0 && !s.cut {
		s.Fail(n, schemaPath, "enum", EnumMessage(values))
	}
	return false
}

// EnumMessage is the message of an enum of the strings values: must be one
// of "a", "b" (ten at most, then …).
func EnumMessage(values []string) string {
	if len(values) == 0 {
		return "no value is allowed: the enum is empty"
	}
	msg := "must be one of "
	for i, v := range values {
		if i == 10 {
			msg += ", …"
			break
		}
		if i > 0 {
			msg += ", "
		}
		msg += Quoted(v).String()
	}
	return msg
}

// failCount records "<prefix><m> <noun>[s]<suffix>" (a count in the
// registry's words: "1 item", "2 items", "3 properties") and reports false.
func (s *State) failCount(n int32, schemaPath, keyword, prefix string, m int, noun, suffix string) bool {
	if s.quiet == 0 && !s.cut {
		s.Fail(n, schemaPath, keyword, prefix+CountText(m, noun)+suffix)
	}
	return false
}

// failLimit records "<prefix><limit>" and reports false.
func (s *State) failLimit(n int32, schemaPath, keyword, prefix, limit string) bool {
	if s.quiet == 0 && !s.cut {
		s.Fail(n, schemaPath, keyword, prefix+limit)
	}
	return false
}

// CountText is n of noun in words: "1 character", "2 characters",
// "3 properties".
func CountText(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case noun[len(noun)-1] == 'y':
		return strconv.Itoa(n) + " " + noun[:len(noun)-1] + "ies"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Typed checks: the schema {"type": T, K: v} of one type and one keyword
// at the schema location at, in one call, as leaves of generated validators
// spell them:
//
//	s.StringMinLength(n, 1, "a.json#/properties/id")
//
// is s.Is(n, envgenrt.TypeString, "a.json#/properties/id/type") &&
// s.MinLength(n, 1, "a.json#/properties/id/minLength"), with the same
// errors, whose schema paths are made only when an error is recorded.

// atLeastRunes reports whether b has at least m code points, counting them
// only when its length in bytes leaves a doubt (and comparing the length
// first, so that 4*m cannot overflow).
func atLeastRunes(b []byte, m int) bool {
	return len(b) >= m && (len(b) >= utf8.UTFMax*m || utf8.RuneCount(b) >= m)
}

// atMostRunes reports whether b has at most m code points.
func atMostRunes(b []byte, m int) bool { return len(b) <= m || utf8.RuneCount(b) <= m }

// StringMinLength is {"type": "string", "minLength": m} at at.
func (s *State) StringMinLength(n int32, m int, at string) bool {
	if s.nodes[n].kind != KindString {
		return s.isAt(n, TypeString, at, "/type")
	}
	if atLeastRunes(s.Str(n), m) {
		return true
	}
	if !s.Stop() {
		s.failCount(n, at+"/minLength", "minLength", "must be at least ", m, "character", " long")
	}
	return false
}

// StringMaxLength is {"type": "string", "maxLength": m} at at.
func (s *State) StringMaxLength(n int32, m int, at string) bool {
	if s.nodes[n].kind != KindString {
		return s.isAt(n, TypeString, at, "/type")
	}
	if atMostRunes(s.Str(n), m) {
		return true
	}
	if !s.Stop() {
		s.failCount(n, at+"/maxLength", "maxLength", "must be at most ", m, "character", " long")
	}
	return false
}

// IntegerMinimum is {"type": "integer", "minimum": limit} at at, for a
// limit of at most 18 digits whose value is y (as MinimumInt).
func (s *State) IntegerMinimum(n int32, y int64, limit, at string) bool {
	if d := &s.nodes[n]; d.flags&flagInt != 0 && d.intValue() >= y { // most integers: no call
		return true
	}
	if s.nodes[n].flags&flagInt == 0 && !s.isAt(n, TypeInteger, at, "/type") {
		return false
	}
	return s.CompareInt(n, y, limit) >= 0 || s.failLimitAt(n, at, "/minimum", "minimum", "must be at least ", limit)
}

// IntegerMaximum is {"type": "integer", "maximum": limit} at at, as
// IntegerMinimum.
func (s *State) IntegerMaximum(n int32, y int64, limit, at string) bool {
	if d := &s.nodes[n]; d.flags&flagInt != 0 && d.intValue() <= y {
		return true
	}
	if s.nodes[n].flags&flagInt == 0 && !s.isAt(n, TypeInteger, at, "/type") {
		return false
	}
	return s.CompareInt(n, y, limit) <= 0 || s.failLimitAt(n, at, "/maximum", "maximum", "must be at most ", limit)
}

// NumberMinimum is {"type": "number", "minimum": limit} at at, as
// IntegerMinimum.
func (s *State) NumberMinimum(n int32, y int64, limit, at string) bool {
	if d := &s.nodes[n]; d.flags&flagInt != 0 && d.intValue() >= y {
		return true
	}
	if s.nodes[n].kind != KindNumber {
		return s.isAt(n, TypeNumber, at, "/type")
	}
	return s.CompareInt(n, y, limit) >= 0 || s.failLimitAt(n, at, "/minimum", "minimum", "must be at least ", limit)
}

// NumberMaximum is {"type": "number", "maximum": limit} at at, as
// IntegerMinimum.
func (s *State) NumberMaximum(n int32, y int64, limit, at string) bool {
	if d := &s.nodes[n]; d.flags&flagInt != 0 && d.intValue() <= y {
		return true
	}
	if s.nodes[n].kind != KindNumber {
		return s.isAt(n, TypeNumber, at, "/type")
	}
	return s.CompareInt(n, y, limit) <= 0 || s.failLimitAt(n, at, "/maximum", "maximum", "must be at most ", limit)
}

// IntegerRange is {"type": "integer", "minimum": lo, "maximum": hi} at at,
// for limits of at most 18 digits whose values are lo and hi (as
// MinimumInt), with the errors of the function of that schema: the type, or
// the minimum and then the maximum.
func (s *State) IntegerRange(n int32, lo int64, loText string, hi int64, hiText, at string) bool {
	if d := &s.nodes[n]; d.flags&flagInt != 0 && d.intValue() >= lo && d.intValue() <= hi { // most integers: no call
		return true
	}
	if s.nodes[n].flags&flagInt == 0 && !s.isAt(n, TypeInteger, at, "/type") {
		return false
	}
	return s.rangeSlow(n, lo, loText, hi, hiText, at)
}

// NumberRange is {"type": "number", "minimum": lo, "maximum": hi} at at, as
// IntegerRange. A number the parser read as an integer or a decimal of at
// most 18 digits is compared without a call.
func (s *State) NumberRange(n int32, lo int64, loText string, hi int64, hiText, at string) bool {
	if d := &s.nodes[n]; d.flags&(flagInt|flagDec) != 0 {
		m, k := d.intValue(), d.count // (a number's count is 0 unless it has flagDec)
		if uint32(k) < uint32(len(pow10i)) {
			if bound := pow10i[18-k]; lo > -bound && lo < bound && hi > -bound && hi < bound {
				// |lo|, |hi| < 10^(18-k): scaled by 10^k they do not overflow
				if p := pow10i[k]; m >= lo*p && m <= hi*p {
					return true
				}
			}
		}
	}
	if s.nodes[n].kind != KindNumber {
		return s.isAt(n, TypeNumber, at, "/type")
	}
	return s.rangeSlow(n, lo, loText, hi, hiText, at)
}

// rangeSlow is IntegerRange and NumberRange past their fast path, for a
// number of the type: the minimum, and unless that failed and the validator
// stops, the maximum.
func (s *State) rangeSlow(n int32, lo int64, loText string, hi int64, hiText, at string) bool {
	ok := s.CompareInt(n, lo, loText) >= 0 || s.failLimitAt(n, at, "/minimum", "minimum", "must be at least ", loText)
	if !ok && s.Stop() {
		return false
	}
	return (s.CompareInt(n, hi, hiText) <= 0 || s.failLimitAt(n, at, "/maximum", "maximum", "must be at most ", hiText)) && ok
}

// ArrayOf is {"type": "array", "items": {"type": set}} at at: ItemsOf(n,
// set, at+"/type", at+"/items/type").
func (s *State) ArrayOf(n int32, set Type, at string) bool {
	if s.nodes[n].kind != KindArray {
		return s.isAt(n, TypeArray, at, "/type")
	}
	errs := len(s.errs)
	for c, end := s.Bounds(n); c < end; c = s.nodes[c].next {
		if kindTypes[s.nodes[c].kind&7]&set == 0 && !s.isAt(c, set, at, "/items/type") && s.Stop() {
			return false
		}
	}
	return len(s.errs) == errs
}

// isAt is Is(n, set, at+suffix) past its inlined test, the path made only
// for an error that is recorded.
func (s *State) isAt(n int32, set Type, at, suffix string) bool {
	if s.nodes[n].flags&flagInt != 0 && set&TypeInteger != 0 || s.IsType(n, set) {
		return true
	}
	if !s.Stop() {
		s.Failf(n, at+suffix, "type", typeFormats[set&typeAll], s.TypeOf(n))
	}
	return false
}

// failLimitAt is failLimit at the path at+suffix, made only for an error
// that is recorded.
func (s *State) failLimitAt(n int32, at, suffix, keyword, prefix, limit string) bool {
	if !s.Stop() {
		s.Fail(n, at+suffix, keyword, prefix+limit)
	}
	return false
}

// NoMember is the error of a generated DecodeNode for member c of an object
// whose struct has no field for it and no Extra map: "unexpected member".
// The validator refuses such a member first where the schema forbids it;
// this is the net when the two disagree.
func (s *State) NoMember(c int32) error {
	return s.DecodeError(c, "unexpected member")
}

// Stops reports whether a check that reported ok leaves the validator to
// stop: ok is false and Stop. Generated check functions write
// `if s.Stops(checkX(s, c)) { return false }` for `!checkX(s, c) && s.Stop()`.
func (s *State) Stops(ok bool) bool { return !ok && s.Stop() }
