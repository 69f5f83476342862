// The parser's readers of JSON numbers and strings.

package envgenrt

import (
	"encoding/binary"
	"math"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// number reads a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// and, when it is an integer of at most 18 digits, its value; when it is a
// decimal without exponent of at most 18 digits, its digits as an integer
// and the number of them after the point (frac > 0).
func (p *parser) number() (v int64, isInt bool, frac int32, err error) {
	src := p.src
	i := p.i
	neg := src[i] == '-'
	if neg {
		i++
	}
	start := i
	switch {
	case i < len(src) && src[i] == '0':
		i++
	default:
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			v = v*10 + int64(src[i]-'0') // (wraps past 18 digits; then unused)
			i++
		}
		if i == start {
			p.i = i
			return 0, false, 0, p.fail("want a digit in a number")
		}
	}
	isInt = i-start <= 18
	if i < len(src) && src[i] == '.' {
		i++
		fs := i
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			v = v*10 + int64(src[i]-'0') // (as above)
			i++
		}
		if i == fs {
			p.i = i
			return 0, false, 0, p.fail("want a digit after the decimal point")
		}
		if isInt && i-start-1 <= 18 {
			frac = int32(i - fs)
		}
		isInt = false
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		isInt, frac = false, 0
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		es := i
		for i < len(src) && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		if i == es {
			p.i = i
			return 0, false, 0, p.fail("want a digit in the exponent")
		}
	}
	p.i = i
	if neg {
		v = -v
	}
	return v, isInt, frac, nil
}

// decAt reads the number at i, which starts with a digit, when it is an
// integer or a decimal of at most 18 digits in all, without exponent:
// number's common cases, what a node of flagInt (frac 0) or flagDec holds,
// read in one pass. ok is false for any other number, and for text that is
// not one (number reads it again and says what is wrong). At a '-' it reads
// nothing and ok is false.
func decAt(src []byte, i int) (v int64, frac int32, end int, ok bool) {
	// (the indices are compared as uints: then src[end] needs no check
	// that end is not negative)
	end = i
	for uint(end) < uint(len(src)) && src[end]-'0' <= 9 {
		v = v*10 + int64(src[end]-'0')
		end++
	}
	n := end - i
	if n == 0 || n > 18 || (n > 1 && src[i] == '0') {
		return 0, 0, 0, false
	}
	if uint(end) < uint(len(src)) && src[end] == '.' {
		end++
		fs := end
		for uint(end) < uint(len(src)) && src[end]-'0' <= 9 {
			v = v*10 + int64(src[end]-'0') // (wraps past 18 digits; then unused)
			end++
		}
		if frac = int32(end - fs); frac == 0 || n+int(frac) > 18 {
			return 0, 0, 0, false
		}
	}
	if uint(end) < uint(len(src)) && src[end]|0x20 == 'e' { // (only 'e' and 'E' are 'e' with that bit set)
		return 0, 0, 0, false
	}
	return v, frac, end, true
}

// str reads a string at p.i (its opening quote) and returns the span of its
// decoded content: in src when it needed no decoding, else in t.buf.
func (p *parser) str() (s0, s1 int32, inBuf bool, err error) {
	src := p.src
	start := p.i + 1
	i := start
	for i <= len(src)-8 { // (not i+8 <= len(src): on 32-bit, i+8 overflows near 2 GiB)
		w := binary.LittleEndian.Uint64(src[i:])
		m := special(w)
		if m == 0 {
			i += 8 // eight plain ASCII bytes at once
			continue
		}
		z := bits.TrailingZeros64(m) // the high bit of the first special byte
		i += z >> 3
		if byte(w>>(z&^7)) == '"' { // (taken from w: reading src[i] again waits on the load just made)
			p.i = i + 1
			return int32(start), int32(i), false, nil
		}
		break
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '"':
			p.i = i + 1
			return int32(start), int32(i), false, nil
		case c == '\\':
			return p.slowStr(start, i)
		case c < 0x20:
			p.i = i
			return 0, 0, false, p.fail("control character in a string")
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size == 1 {
				return p.slowStr(start, i)
			}
			i += size
		}
	}
	p.i = i
	return 0, 0, false, p.fail("unexpected end of JSON input in a string")
}

// specialAt returns the index of the first byte at or after i that str must
// look at (a quote, a backslash, a control character or a byte past ASCII),
// when it lies in one of the whole 8-byte words of src from i on; else -1.
// When it is a quote, the string is plain and ends there: str's fast path,
// small enough to be inlined where the parser reads most strings. (The
// parser reads that byte with byteAt: the index is in src.)
func specialAt(src []byte, i int) int {
	for ; i <= len(src)-8; i += 8 { // (i+8 would overflow on 32-bit near 2 GiB, and word reads unchecked)
		if m := special(word(src, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	return -1
}

// word is the eight bytes of src from i, little-endian, for a caller that
// knows that 0 <= i <= len(src)-8: read without the two bounds checks
// of src[i:i+8], which were a sixth of the cost of specialAt's loop.
func word(src []byte, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), i))[:])
}

// byteAt is src[i] for a caller that knows that 0 <= i < len(src), without
// the bounds check.
func byteAt(src []byte, i int) byte {
	return *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), i))
}

// maxDecoded is the most bytes the strings decoded into a Tree's buf may
// take: offsets into it are int32 (a variable, for tests). Invalid UTF-8
// decodes to three bytes a byte, so a text under maxDecoded can reach it.
var maxDecoded = math.MaxInt32

// slowStr decodes a string with escapes or invalid UTF-8 into t.buf; src[start:i]
// needs no decoding.
func (p *parser) slowStr(start, i int) (s0, s1 int32, inBuf bool, err error) {
	t, src := p.t, p.src
	b0 := len(t.buf)
	b := append(t.buf, src[start:i]...)
	defer func() { t.buf = b }()
	for i < len(src) {
		c := src[i]
		switch {
		case c == '"':
			p.i = i + 1
			if len(b) > maxDecoded {
				return 0, 0, false, p.fail("the decoded strings are larger than 2 GB")
			}
			return int32(b0), int32(len(b)), true, nil
		case c == '\\':
			if i+1 >= len(src) {
				p.i = len(src)
				return 0, 0, false, p.fail("unexpected end of JSON input in a string")
			}
			switch e := src[i+1]; e {
			case '"', '\\', '/':
				b = append(b, e)
				i += 2
			case 'b':
				b, i = append(b, '\b'), i+2
			case 'f':
				b, i = append(b, '\f'), i+2
			case 'n':
				b, i = append(b, '\n'), i+2
			case 'r':
				b, i = append(b, '\r'), i+2
			case 't':
				b, i = append(b, '\t'), i+2
			case 'u':
				r, ok := hex4(src[i+2:])
				if !ok {
					p.i = i
					return 0, 0, false, p.fail("invalid \\u escape in a string")
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if i+1 < len(src) && src[i] == '\\' && src[i+1] == 'u' {
						if r2, ok := hex4(src[i+2:]); ok {
							if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
								b = utf8.AppendRune(b, dec)
								i += 6
								continue
							}
						}
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
			default:
				p.i = i
				return 0, 0, false, p.fail("invalid escape in a string")
			}
		case c < 0x20:
			p.i = i
			return 0, 0, false, p.fail("control character in a string")
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size == 1 {
				b = utf8.AppendRune(b, utf8.RuneError)
			} else {
				b = append(b, src[i:i+size]...)
			}
			i += size
		}
	}
	p.i = i
	return 0, 0, false, p.fail("unexpected end of JSON input in a string")
}

// special returns a mask with the high bit set of the first of the eight
// bytes of w (in little-endian order) that is a quote, a backslash, a
// control character or not ASCII, and none below it; 0 when none is. (Bits
// above the first may be set too: a borrow runs on upwards.)
func special(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q, b := w^('"'*ones), w^('\\'*ones) // zero bytes where w has a quote, a backslash
	// x - ones has the high bit set in the lowest zero byte of x, and in a
	// byte of x past 0x80: q or b is past 0x80 for every byte of w past ASCII
	// (q is 0x80 for 0xa2 only, b for 0xdc only); w - 0x20*ones marks a
	// control character. Only bytes of ASCII below the first special one
	// are never marked: no borrow runs into them.
	return ((w - 0x20*ones) | (q - ones) | (b - ones)) & highs
}

func hex4(s []byte) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
