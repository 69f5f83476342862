package envgenrt

import (
	"math"
	"math/big"
	"strconv"
	"unsafe"
)

// Numbers are compared as the decimals they are written as, exactly: 1.0
// equals 1, 0.1 + 0.2 is not 0.3, and 1e999999999 costs no more than 1e9.

// decimal is a JSON number as 0.D × 10^mag, D its significant digits (no
// leading or trailing zeros, in two runs a and b that read as one: a number's
// text keeps its digits on both sides of the point), "" for zero.
type decimal struct {
	neg  bool
	a, b []byte
	mag  int64
}

// expLimit saturates exponents, so that arithmetic on them cannot overflow.
const expLimit = 1 << 50

func (d *decimal) len() int { return len(d.a) + len(d.b) }

func (d *decimal) digit(i int) byte {
	if i < len(d.a) {
		return d.a[i]
	}
	return d.b[i-len(d.a)]
}

func (d *decimal) zero() bool { return d.len() == 0 }

// parseDecimal reads the text of a JSON number (already checked by the
// parser or the generator).
func parseDecimal(text []byte) decimal {
	var d decimal
	i := 0
	if i < len(text) && text[i] == '-' {
		d.neg = true
		i++
	}
	start := i
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	intd := text[start:i]
	var frac []byte
	if i < len(text) && text[i] == '.' {
		i++
		fs := i
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		frac = text[fs:i]
	}
	var exp int64
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		eneg := false
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			eneg = text[i] == '-'
			i++
		}
		for ; i < len(text); i++ {
			if exp < expLimit {
				exp = exp*10 + int64(text[i]-'0')
			}
		}
		if eneg {
			exp = -exp
		}
	}
	for len(intd) > 0 && intd[0] == '0' {
		intd = intd[1:]
	}
	if len(intd) > 0 {
		d.a, d.b, d.mag = intd, frac, int64(len(intd))+exp
	} else {
		z := 0
		for z < len(frac) && frac[z] == '0' {
			z++
		}
		d.a, d.mag = frac[z:], exp-int64(z)
	}
	for len(d.b) > 0 && d.b[len(d.b)-1] == '0' {
		d.b = d.b[:len(d.b)-1]
	}
	if len(d.b) == 0 {
		for len(d.a) > 0 && d.a[len(d.a)-1] == '0' {
			d.a = d.a[:len(d.a)-1]
		}
	}
	if d.zero() {
		d.neg, d.mag = false, 0
	}
	return d
}

// cmpDecimal compares x and y: -1, 0 or +1.
func cmpDecimal(x, y *decimal) int {
	switch {
	case x.zero() && y.zero():
		return 0
	case x.neg != y.neg || x.zero() || y.zero():
		sx, sy := sign(x), sign(y)
		if sx < sy {
			return -1
		}
		return 1
	}
	c := cmpMagnitude(x, y)
	if x.neg {
		return -c
	}
	return c
}

func sign(d *decimal) int {
	switch {
	case d.zero():
		return 0
	case d.neg:
		return -1
	}
	return 1
}

func cmpMagnitude(x, y *decimal) int {
	if x.mag != y.mag {
		if x.mag < y.mag {
			return -1
		}
		return 1
	}
	n := min(x.len(), y.len())
	for i := range n {
		if a, b := x.digit(i), y.digit(i); a != b {
			if a < b {
				return -1
			}
			return 1
		}
	}
	switch {
	case x.len() < y.len():
		return -1
	case x.len() > y.len():
		return 1
	}
	return 0
}

// plainInt reads a number written as -?[0-9]{1,18}, the common case.
func plainInt(text []byte) (int64, bool) {
	if len(text) == 0 || len(text) > 19 {
		return 0, false
	}
	i, neg := 0, false
	if text[0] == '-' {
		i, neg = 1, true
	}
	if i == len(text) || len(text)-i > 18 {
		return 0, false
	}
	var v int64
	for ; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// CompareNumber compares the number text (from a Tree) with limit (a
// number's text from the schema): -1, 0 or +1.
func CompareNumber(text []byte, limit string) int {
	if limit == "0" && len(text) > 0 { // the commonest limit: the sign tells
		if text[0] != '-' {
			if isZeroNumber(text) {
				return 0
			}
			return 1
		}
		if isZeroNumber(text[1:]) {
			return 0
		}
		return -1
	}
	if x, ok := plainInt(text); ok {
		if y, ok := plainInt(bytesOf(limit)); ok {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	}
	if c, ok := cmpSimple(text, bytesOf(limit)); ok {
		return c
	}
	x, y := parseDecimal(text), parseDecimal(bytesOf(limit))
	return cmpDecimal(&x, &y)
}

// simple splits a number written without an exponent into its sign, its
// integer digits without leading zeros and its fraction digits without
// trailing zeros.
func simple(text []byte) (neg bool, ip, fp []byte, ok bool) {
	i := 0
	if len(text) > 0 && text[0] == '-' {
		neg, i = true, 1
	}
	start := i
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	ip = text[start:i]
	if i < len(text) {
		if text[i] != '.' {
			return false, nil, nil, false
		}
		i++
		fs := i
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		if i < len(text) {
			return false, nil, nil, false
		}
		fp = text[fs:i]
	}
	for len(ip) > 0 && ip[0] == '0' {
		ip = ip[1:]
	}
	for len(fp) > 0 && fp[len(fp)-1] == '0' {
		fp = fp[:len(fp)-1]
	}
	if len(ip) == 0 && len(fp) == 0 {
		neg = false // -0 is 0
	}
	return neg, ip, fp, true
}

// cmpSimple compares two numbers written without exponents, the common case.
func cmpSimple(x, y []byte) (int, bool) {
	xn, xi, xf, ok1 := simple(x)
	yn, yi, yf, ok2 := simple(y)
	if !ok1 || !ok2 {
		return 0, false
	}
	xz, yz := len(xi) == 0 && len(xf) == 0, len(yi) == 0 && len(yf) == 0
	switch {
	case xz && yz:
		return 0, true
	case xn != yn || xz || yz:
		sx, sy := simpleSign(xn, xz), simpleSign(yn, yz)
		if sx < sy {
			return -1, true
		}
		return 1, true
	}
	c := 0
	switch {
	case len(xi) != len(yi):
		c = cmpInt(len(xi), len(yi))
	case string(xi) != string(yi):
		c = cmpBytes(xi, yi)
	default:
		c = cmpBytes(xf, yf) // trailing zeros are gone: a longer fraction is larger
	}
	if xn {
		c = -c
	}
	return c, true
}

func simpleSign(neg, zero bool) int {
	switch {
	case zero:
		return 0
	case neg:
		return -1
	}
	return 1
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpBytes(a, b []byte) int {
	switch {
	case string(a) < string(b):
		return -1
	case string(a) > string(b):
		return 1
	}
	return 0
}

// EqualNumbers reports whether two number texts denote the same value.
func EqualNumbers(x, y []byte) bool {
	if string(x) == string(y) {
		return true
	}
	a, b := parseDecimal(x), parseDecimal(y)
	return cmpDecimal(&a, &b) == 0
}

// IsInteger reports whether the number text has an integer value: 1, 1.0
// and 1e2 do, 1.5 does not.
func IsInteger(text []byte) bool {
	for _, c := range text {
		if c == '.' || c == 'e' || c == 'E' {
			d := parseDecimal(text)
			return d.mag >= int64(d.len())
		}
	}
	return true
}

// MultipleOf reports whether the number text is an integer multiple of m, a
// positive number's text from the schema, exactly: 0.3 is a multiple of 0.1.
func MultipleOf(text []byte, m string) bool {
	if x, ok := plainInt(text); ok {
		if y, ok := plainInt(bytesOf(m)); ok && y > 0 {
			return x%y == 0
		}
	}
	x, y := parseDecimal(text), parseDecimal(bytesOf(m))
	if x.zero() {
		return true
	}
	if y.zero() {
		return false
	}
	// x = X·10^ex and y = Y·10^ey with X, Y the digit strings as integers.
	ex := x.mag - int64(x.len())
	ey := y.mag - int64(y.len())
	X, Y := digitsInt(&x), digitsInt(&y)
	k := ex - ey
	if k >= 0 {
		// Y | X·10^k: only the factors 2 and 5 of Y need the power of ten,
		// so k beyond their count changes nothing.
		twos, fives := factorCount(Y, 2), factorCount(Y, 5)
		k = min(k, int64(max(twos, fives)))
		X.Mul(X, pow10(k))
	} else {
		// Y·10^-k | X: impossible when Y·10^-k has more digits than X.
		if -k > int64(x.len())+1 {
			return false
		}
		Y.Mul(Y, pow10(-k))
	}
	return new(big.Int).Rem(X, Y).Sign() == 0
}

func digitsInt(d *decimal) *big.Int {
	buf := make([]byte, 0, d.len())
	buf = append(append(buf, d.a...), d.b...)
	v, _ := new(big.Int).SetString(string(buf), 10)
	return v
}

func factorCount(v *big.Int, p int64) int {
	n := 0
	q, r := new(big.Int), new(big.Int)
	bp := big.NewInt(p)
	x := new(big.Int).Set(v)
	for x.Sign() != 0 {
		q.QuoRem(x, bp, r)
		if r.Sign() != 0 {
			break
		}
		x.Set(q)
		n++
	}
	return n
}

func pow10(k int64) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(k), nil)
}

// ParseInt64 reads the number text as an int64: 1.0 and 1e2 are integers too.
func ParseInt64(text []byte) (int64, bool) {
	if v, ok := plainInt(text); ok {
		return v, true
	}
	d := parseDecimal(text)
	if d.zero() {
		return 0, true
	}
	if d.mag < int64(d.len()) || d.mag > 19 {
		return 0, false
	}
	var u uint64
	for i := range int(d.mag) {
		var c byte = '0'
		if i < d.len() {
			c = d.digit(i)
		}
		if u > (math.MaxUint64-9)/10 {
			return 0, false
		}
		u = u*10 + uint64(c-'0')
	}
	switch {
	case !d.neg && u <= math.MaxInt64:
		return int64(u), true
	case d.neg && u <= 1<<63:
		return -int64(u), true
	}
	return 0, false
}

// ParseFloat64 reads the number text as the nearest float64; it fails when
// the number is beyond float64's range.
func ParseFloat64(text []byte) (float64, bool) {
	if v, ok := plainInt(text); ok && v != 0 && v > -1<<53 && v < 1<<53 {
		return float64(v), true // (0 may be -0: strconv tells)
	}
	f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(text), len(text)), 64)
	return f, err == nil
}

// bytesOf views s as bytes, without copying; they must not be changed.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// isZeroNumber reports whether the text of a JSON number without its sign is
// zero: its digits are all 0 (0, 0.00, 0e5).
func isZeroNumber(text []byte) bool {
	for _, c := range text {
		switch {
		case c == 'e' || c == 'E':
			return true
		case c >= '1' && c <= '9':
			return false
		}
	}
	return true
}
