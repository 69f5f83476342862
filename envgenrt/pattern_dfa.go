package envgenrt

import (
	"regexp/syntax"
	"slices"
)

// The patterns schemas use most are anchored and ASCII: ^[a-z0-9_/.-]+$,
// ^[A-Z][A-Z0-9]*([_.][A-Z0-9]+)*$, ^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$.
// MustPattern compiles such a pattern to a table (a DFA over the bytes of
// the input) when it has few enough states, so that a match reads each byte
// once, without package regexp's machinery. Anything else (unanchored,
// non-ASCII, case-folded, empty-width assertions inside, too many states)
// runs on package regexp.

// maxDFAStates bounds the states of one pattern's table (a byte each).
const maxDFAStates = 255

// dfa is a pattern ^body$ as a table: state 0 is dead, 1 the start; a byte
// of class c takes state s to next[s*width+c].
type dfa struct {
	class  [128]uint8 // the class of each ASCII byte: bytes of one class go to the same states
	width  int        // the number of classes
	next   []uint8
	accept []bool
}

// match reports whether the whole of b matches. A byte that is not ASCII
// never does: the pattern reads ASCII only.
func (d *dfa) match(b []byte) bool {
	st := 1
	for _, c := range b {
		if c >= 128 {
			return false
		}
		if st = int(d.next[st*d.width+int(d.class[c])]); st == 0 {
			return false
		}
	}
	return d.accept[st]
}

// compileDFA builds the table of the RE2 pattern re, or returns nil when it
// is not an anchored ASCII pattern of at most maxDFAStates states.
func compileDFA(re string) *dfa {
	r, err := syntax.Parse(re, syntax.Perl) // (as regexp.Compile parses)
	if err != nil {
		return nil
	}
	r = r.Simplify()
	if r.Op != syntax.OpConcat || len(r.Sub) < 2 || r.Sub[0].Op != syntax.OpBeginText ||
		r.Sub[len(r.Sub)-1].Op != syntax.OpEndText {
		return nil
	}
	body := &syntax.Regexp{Op: syntax.OpEmptyMatch}
	if subs := r.Sub[1 : len(r.Sub)-1]; len(subs) > 0 {
		body = &syntax.Regexp{Op: syntax.OpConcat, Sub: subs}
	}
	prog, err := syntax.Compile(body)
	if err != nil {
		return nil
	}
	var runes []int // the instructions that read a character
	for pc := range prog.Inst {
		in := &prog.Inst[pc]
		switch in.Op {
		case syntax.InstRune, syntax.InstRune1:
			if in.Op == syntax.InstRune && syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
				return nil // (k folds to the Kelvin sign)
			}
			for _, c := range in.Rune {
				if c >= 128 {
					return nil
				}
			}
			runes = append(runes, pc)
		case syntax.InstRuneAny, syntax.InstRuneAnyNotNL, syntax.InstEmptyWidth:
			return nil
		}
	}

	// Classes: bytes that the same instructions read.
	d := &dfa{}
	classes := map[string]uint8{}
	var reps []rune // a byte of each class
	sig := make([]byte, len(runes))
	for b := range rune(128) {
		for i, pc := range runes {
			sig[i] = 0
			if prog.Inst[pc].MatchRune(b) {
				sig[i] = 1
			}
		}
		c, ok := classes[string(sig)]
		if !ok {
			c = uint8(len(reps))
			classes[string(sig)] = c
			reps = append(reps, b)
		}
		d.class[b] = c
	}
	d.width = len(reps)

	// States: sets of the instructions (that read a character, or match)
	// the threads are at.
	seen := make([]bool, len(prog.Inst))
	closure := func(kernel []uint32) []uint32 {
		clear(seen)
		var set []uint32
		for stack := kernel; len(stack) > 0; {
			pc := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[pc] {
				continue
			}
			seen[pc] = true
			switch in := &prog.Inst[pc]; in.Op {
			case syntax.InstAlt, syntax.InstAltMatch:
				stack = append(stack, in.Out, in.Arg)
			case syntax.InstCapture, syntax.InstNop:
				stack = append(stack, in.Out)
			case syntax.InstRune, syntax.InstRune1, syntax.InstMatch:
				set = append(set, pc)
			}
		}
		slices.Sort(set)
		return set
	}
	ids := map[string]uint8{}
	var sets [][]uint32
	d.next = make([]uint8, d.width) // the dead state
	d.accept = []bool{false}
	add := func(set []uint32) (uint8, bool) {
		if len(set) == 0 {
			return 0, true
		}
		key := string(slices.Collect(func(yield func(byte) bool) {
			for _, pc := range set {
				for k := 0; k < 32; k += 8 {
					if !yield(byte(pc >> k)) {
						return
					}
				}
			}
		}))
		if id, ok := ids[key]; ok {
			return id, true
		}
		if len(sets) == maxDFAStates {
			return 0, false
		}
		sets = append(sets, set)
		id := uint8(len(sets))
		ids[key] = id
		d.next = append(d.next, make([]uint8, d.width)...)
		d.accept = append(d.accept, slices.ContainsFunc(set, func(pc uint32) bool { return prog.Inst[pc].Op == syntax.InstMatch }))
		return id, true
	}
	add(closure([]uint32{uint32(prog.Start)}))
	if len(sets) == 0 {
		return nil // (a pattern that matches nothing; package regexp says so)
	}
	for s := 0; s < len(sets); s++ {
		for c, b := range reps {
			var kernel []uint32
			for _, pc := range sets[s] {
				if in := &prog.Inst[pc]; in.Op != syntax.InstMatch && in.MatchRune(b) {
					kernel = append(kernel, in.Out)
				}
			}
			id, ok := add(closure(kernel))
			if !ok {
				return nil
			}
			d.next[(s+1)*d.width+c] = id
		}
	}
	return d
}
