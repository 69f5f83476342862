package typescript

import (
	"sort"
	"strconv"
	"strings"
)

// A pattern that is one anchored run of an ASCII character class, ^[…]+$ or
// ^[…]*$, is checked by a module function, a loop over the string's UTF-16
// units (fn), instead of its RegExp: a validation of the bench's document
// (10 of its 13 RegExp tests are ^[a-z0-9_/.-]+$) takes 7% fewer
// instructions.
//
// The loop's verdict is the RegExp's for every string. The RegExp has the u
// flag and no other: ^ and $ match only at the string's ends (no m flag, so
// not before a final "\n"), the class is case sensitive (no i flag), and it
// reads code points, so a pair of surrogates or a lone one is one character
// outside an ASCII class; the loop refuses every unit ≥ 0x80, which both are
// made of. + wants one character at least, * none.

// charRun is such a pattern's class as sorted, merged ranges of character
// codes, with whether the empty string matches.
type charRun struct {
	ranges [][2]byte
	empty  bool
}

// parseCharRun reads pattern as ^[class]+$ or ^[class]*$ whose class holds
// only printable ASCII literals and ranges of them; ok is false for anything
// else. It follows ECMA-262's ClassContents with the u flag: a - between
// two atoms makes a range, a - first, last or right after a range is itself.
// It takes no negation, no [ (literal with u but easy to misread), and of
// the escapes only \ before a syntax character, / or - (the character
// itself), \d and \w outside ranges; anything else is left to the RegExp.
func parseCharRun(pattern string) (charRun, bool) {
	var r charRun
	if !strings.HasPrefix(pattern, "^[") || len(pattern) < 6 {
		return r, false
	}
	switch {
	case strings.HasSuffix(pattern, "]+$"):
	case strings.HasSuffix(pattern, "]*$"):
		r.empty = true
	default:
		return r, false
	}
	class := pattern[2 : len(pattern)-3]
	if class == "" || class[0] == '^' {
		return r, false
	}
	// atom reads one class atom at i: its code, or -1 for \d or \w (whose
	// ranges it adds), and where the next begins; ok false if refused.
	atom := func(i int) (code int, next int, ok bool) {
		c := class[i]
		switch {
		case c == '\\':
			if i+1 == len(class) {
				return 0, 0, false
			}
			e := class[i+1]
			switch {
			case e == 'd':
				r.ranges = append(r.ranges, [2]byte{'0', '9'})
				return -1, i + 2, true
			case e == 'w':
				r.ranges = append(r.ranges, [2]byte{'0', '9'}, [2]byte{'A', 'Z'}, [2]byte{'_', '_'}, [2]byte{'a', 'z'})
				return -1, i + 2, true
			case strings.IndexByte(`^$\.*+?()[]{}|/-`, e) >= 0:
				return int(e), i + 2, true
			}
			return 0, 0, false
		case c == '[' || c == ']' || c < 0x20 || c > 0x7e:
			return 0, 0, false
		}
		return int(c), i + 1, true
	}
	for i := 0; i < len(class); {
		lo, next, ok := atom(i)
		if !ok {
			return r, false
		}
		i = next
		if i+1 < len(class) && class[i] == '-' { // a range, lo-hi
			hi, next, ok := atom(i + 1)
			if !ok || lo < 0 || hi < 0 || lo > hi { // \d-z or z-a: a SyntaxError with u
				return r, false
			}
			r.ranges = append(r.ranges, [2]byte{byte(lo), byte(hi)})
			i = next
			continue
		}
		if lo >= 0 {
			r.ranges = append(r.ranges, [2]byte{byte(lo), byte(lo)})
		}
	}
	r.ranges = mergeRanges(r.ranges)
	return r, true
}

// mergeRanges sorts ranges and joins those that overlap or touch.
func mergeRanges(rs [][2]byte) [][2]byte {
	sort.Slice(rs, func(i, j int) bool { return rs[i][0] < rs[j][0] })
	var out [][2]byte
	for _, x := range rs {
		if n := len(out); n > 0 && int(x[0]) <= int(out[n-1][1])+1 {
			out[n-1][1] = max(out[n-1][1], x[1])
			continue
		}
		out = append(out, x)
	}
	return out
}

// fn is the module function that tests a string for the pattern, one line:
// a loop over its UTF-16 units that compares each with the ranges, widest
// first (a unit of the commonest range meets it sooner); the ranges are
// constants, which is what makes the loop quick: one runtime function taking
// the ranges as a string, or as bit masks, took more instructions than the
// RegExp (callgrind, the bench's hit list: 15,785 and 11,011 against 10,394;
// these loops 9,636).
func (r charRun) fn() string {
	rs := append([][2]byte(nil), r.ranges...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i][1]-rs[i][0] > rs[j][1]-rs[j][0] })
	var in []string
	for _, x := range rs {
		if x[0] == x[1] {
			in = append(in, "u === "+strconv.Itoa(int(x[0])))
			continue
		}
		in = append(in, "u >= "+strconv.Itoa(int(x[0]))+" && u <= "+strconv.Itoa(int(x[1])))
	}
	end := "s.length > 0" // +: one character at least
	if r.empty {
		end = "true"
	}
	return "(s: string): boolean => { for (let i = 0; i < s.length; i++) { const u = s.charCodeAt(i); if (!(" +
		strings.Join(in, " || ") + ")) return false; } return " + end + "; }"
}

// matchName names the function of the RegExp constant name: patternX is
// tested by matchX.
func matchName(name string) string {
	return "match" + strings.TrimPrefix(name, "pattern")
}
