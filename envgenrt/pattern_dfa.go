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

// maxDFAStates bounds the states of one pattern's table (256 bytes each).
const maxDFAStates = 64

// dfa is a pattern ^body$ as a table: state 0 is dead (every byte leaves it
// there), 1 the start; byte c takes state s to next[s<<8|c]. Bytes that are
// not ASCII lead to the dead state: the pattern reads ASCII only.
type dfa struct {
	next   []uint8
	accept []bool
	stay   []*[256]bool // by state: the bytes that leave it where it is
}

// match reports whether the whole of b matches. A run of bytes that leave
// the state where it is (the [a-z]+ of ^[a-z]+$) is skipped by a lookup a
// byte that does not wait for the previous byte's, eight bytes a step.
func (d *dfa) match(b []byte) bool {
	st := 1
	for i := 0; i < len(b); {
		st = int(d.next[st<<8|int(b[i])])
		i++
		stay := d.stay[st]
		for ; i <= len(b)-8; i += 8 {
			if w := b[i : i+8]; !stay[w[0]] || !stay[w[1]] || !stay[w[2]] || !stay[w[3]] ||
				!stay[w[4]] || !stay[w[5]] || !stay[w[6]] || !stay[w[7]] {
				break
			}
		}
		for i < len(b) && stay[b[i]] {
			i++
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
	var class [128]uint8
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
		class[b] = c
	}

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
	width := len(reps)
	next := make([]uint8, width) // by class; the dead state first
	d := &dfa{accept: []bool{false}}
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
		next = append(next, make([]uint8, width)...)
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
			next[(s+1)*width+c] = id
		}
	}
	d.next = make([]uint8, len(d.accept)<<8)
	d.stay = make([]*[256]bool, len(d.accept))
	for s := range d.accept {
		d.stay[s] = new([256]bool)
		for b := range 128 {
			to := next[s*width+int(class[b])]
			d.next[s<<8|b] = to
			d.stay[s][b] = s > 0 && int(to) == s
		}
	}
	return d
}
