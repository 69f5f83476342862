package envgenrt

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestCompareNumber(t *testing.T) {
	for _, c := range []struct {
		x, y string
		want int
	}{
		{"1", "1", 0}, {"1.0", "1", 0}, {"1e0", "1", 0}, {"10e-1", "1", 0}, {"0.1e1", "1", 0},
		{"-0", "0", 0}, {"0.0", "-0.0e5", 0}, {"1.5", "1", 1}, {"-1.5", "-1", -1}, {"0.001", "1e-3", 0},
		{"123456789012345678901234567890", "123456789012345678901234567891", -1},
		{"1e999999999", "1e999999998", 1}, {"-1e999999999", "1", -1}, {"1e-999999999", "0", 1},
		{"99", "100", -1}, {"0.5", "0.49999999999999999999", 1}, {"-5", "3", -1}, {"3", "-5", 1},
		{"1e99999999999999999999999", "1e99999999999999999999998", 0}, // saturated exponents
	} {
		if got := CompareNumber([]byte(c.x), c.y); got != c.want {
			t.Errorf("CompareNumber(%s, %s) = %d, want %d", c.x, c.y, got, c.want)
		}
	}
}

func TestIsInteger(t *testing.T) {
	for in, want := range map[string]bool{
		"1": true, "1.0": true, "1e2": true, "1.5e1": true, "1.5": false, "1e-2": false, "0.0": true,
		"-0": true, "1.23e2": true, "1.234e2": false, "1e999999999": true, "1e-999999999": false,
	} {
		if got := IsInteger([]byte(in)); got != want {
			t.Errorf("IsInteger(%s) = %v", in, got)
		}
	}
}

func TestMultipleOf(t *testing.T) {
	for _, c := range []struct {
		x, m string
		want bool
	}{
		{"10", "2", true}, {"7", "2", false}, {"0.3", "0.1", true}, {"0.30000000000000004", "0.1", false},
		{"19.99", "0.01", true}, {"19.999", "0.01", false}, {"4.5", "1.5", true}, {"35", "1.5", false},
		{"0.0075", "0.0001", true}, {"0.00751", "0.0001", false}, {"1e308", "0.123456789", false},
		{"12391239123", "0.123456789", false}, {"1e999999999", "2", true}, {"1e-999999999", "2", false},
		{"0", "0.7", true}, {"-6", "3", true}, {"1.0", "1", true}, {"2e3", "8", true}, {"5e2", "3", false},
	} {
		start := time.Now()
		if got := MultipleOf([]byte(c.x), c.m); got != c.want {
			t.Errorf("MultipleOf(%s, %s) = %v", c.x, c.m, got)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("MultipleOf(%s, %s) took %v", c.x, c.m, d)
		}
	}
}

func TestParseInt64(t *testing.T) {
	for in, want := range map[string]int64{
		"0": 0, "-1": -1, "1.0": 1, "1e2": 100, "9223372036854775807": math.MaxInt64,
		"-9223372036854775808": math.MinInt64, "1.5e1": 15, "-12.000": -12,
	} {
		if got, ok := ParseInt64([]byte(in)); !ok || got != want {
			t.Errorf("ParseInt64(%s) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"9223372036854775808", "1.5", "1e20", "-9223372036854775809", "1e999999999"} {
		if _, ok := ParseInt64([]byte(in)); ok {
			t.Errorf("ParseInt64(%s) succeeded", in)
		}
	}
}

func TestNumbersAllocateNothing(t *testing.T) {
	x := []byte("12.5")
	n := testing.AllocsPerRun(100, func() {
		_ = CompareNumber(x, "3")
		_ = CompareNumber(x, "12.50")
		_ = IsInteger(x)
		_, _ = ParseFloat64(x)
		_ = MultipleOf([]byte("40"), "2")
	})
	if n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// TestCompareFastPath: the fast path for numbers without exponents agrees
// with the general one.
func TestCompareFastPath(t *testing.T) {
	texts := []string{"0", "-0", "0.0", "1", "-1", "1.5", "1.50", "01.5", "0.97", "10", "9.99", "-9.99", "100.001",
		"0.001", "-0.001", "123456789012345678901234567890.5", "2", "1.0000000000000000000001"}
	for _, a := range texts {
		for _, b := range texts {
			x, y := parseDecimal([]byte(a)), parseDecimal([]byte(b))
			want := cmpDecimal(&x, &y)
			if got, ok := cmpSimple([]byte(a), []byte(b)); !ok || got != want {
				t.Errorf("cmpSimple(%s, %s) = %d, %v; want %d", a, b, got, ok, want)
			}
		}
	}
}

// TestCompareFastPaths: the shortcuts (the limit 0, integers the parser has
// read, lengths in bytes) agree with the exact comparison of decimals and the
// count of code points.
func TestCompareFastPaths(t *testing.T) {
	numbers := []string{"0", "-0", "0.0", "-0.000", "0e5", "-0E-3", "1", "-1", "0.001", "-0.001", "1e-400", "-1e-400",
		"123456789012345678", "-123456789012345678", "1234567890123456789", "-9223372036854775808", "9223372036854775807",
		"99999999999999999999", "2.5", "-2.5", "1e2", "100", "1.0"}
	limits := []string{"0", "1", "-1", "2.5", "100", "1e2", "-123456789012345678", "9223372036854775807", "0.001"}
	for _, x := range numbers {
		var tr Tree
		if err := tr.Parse([]byte(x)); err != nil {
			t.Fatal(err)
		}
		for _, y := range limits {
			a, b := parseDecimal([]byte(x)), parseDecimal([]byte(y))
			want := cmpDecimal(&a, &b)
			if got := CompareNumber([]byte(x), y); got != want {
				t.Errorf("CompareNumber(%s, %s) = %d, want %d", x, y, got, want)
			}
			if got := tr.Compare(0, y); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", x, y, got, want)
			}
			if v, err := strconv.ParseInt(y, 10, 64); err == nil {
				if got := tr.CompareInt(0, v, y); got != want {
					t.Errorf("CompareInt(%s, %d) = %d, want %d", x, v, got, want)
				}
			}
		}
		// Is and IsInt (their shortcut for integers the parser has read)
		// agree with IsType.
		for _, set := range []Type{TypeInteger, TypeNumber, TypeString, TypeInteger | TypeString} {
			st := &State{Tree: tr}
			if got, want := st.Is(0, set, "p"), tr.IsType(0, set); got != want || (st.ErrorCount() == 0) != want {
				t.Errorf("Is(%s, %v) = %v with %d errors", x, set, got, st.ErrorCount())
			}
		}
		st := &State{Tree: tr}
		if got, want := st.IsInt(0, "p"), tr.IsType(0, TypeInteger); got != want || (st.ErrorCount() == 0) != want {
			t.Errorf("IsInt(%s) = %v with %d errors", x, got, st.ErrorCount())
		}
	}
	for _, s := range []string{"", "a", "ab", "é", "éé", "日本語", "😀😀", "abcd", "\u00e9abc"} {
		var tr Tree
		if err := tr.Parse([]byte(strconv.Quote(s))); err != nil {
			t.Fatal(err)
		}
		for m := range 10 {
			if got, want := tr.Shorter(0, m), tr.Length(0) < m; got != want {
				t.Errorf("Shorter(%q, %d) = %v", s, m, got)
			}
			if got, want := tr.Longer(0, m), tr.Length(0) > m; got != want {
				t.Errorf("Longer(%q, %d) = %v", s, m, got)
			}
			st := &State{Tree: tr}
			if got, want := st.MinLength(0, m, "p"), tr.Length(0) >= m; got != want || (st.ErrorCount() == 0) != want {
				t.Errorf("MinLength(%q, %d) = %v with %d errors", s, m, got, st.ErrorCount())
			}
			st = &State{Tree: tr}
			if got, want := st.MaxLength(0, m, "p"), tr.Length(0) <= m; got != want || (st.ErrorCount() == 0) != want {
				t.Errorf("MaxLength(%q, %d) = %v with %d errors", s, m, got, st.ErrorCount())
			}
		}
	}
}

// decimalTexts are numbers the parser reads as flagDec, and some next to
// them that it does not (too many digits, exponents).
var decimalTexts = []string{"0.0", "-0.0", "0.97", "-0.97", "1.0", "-1.000", "1.5", "12.50", "0.000001",
	"123456789.123456789", "12345678.123456789", "1234567890123456.78", "9007199254740993.0", "9007199254740992.5",
	"0.1", "0.2", "0.3", "3.141592653589793", "2.718281828459045", "1.7976931348623157", "0.30000000000000004",
	"99999999999999999.9", "999999999999999999.9", "-999999999999999.999", "1.0e3", "0.5E-2", "100.0", "-100.00"}

// TestDecimalFastPaths: what the parser keeps of a decimal (flagDec) gives
// the values, comparisons and integer tests the general paths give.
func TestDecimalFastPaths(t *testing.T) {
	texts := append([]string(nil), decimalTexts...)
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		ip := strconv.FormatUint(r.Uint64N(1_000_000_000), 10)
		fp := strconv.FormatUint(r.Uint64N(1_000_000_000_000), 10)
		sign := ""
		if r.IntN(2) == 0 {
			sign = "-"
		}
		texts = append(texts, sign+ip[:1+r.IntN(len(ip))]+"."+fp[:1+r.IntN(len(fp))])
	}
	limits := []string{"0", "1", "-1", "100", "-100", "999999999999999999", "-999999999999999999", "1000000000", "2.5", "7"}
	for _, x := range texts {
		checkDecimal(t, x, limits)
	}
}

func checkDecimal(t *testing.T, x string, limits []string) {
	t.Helper()
	var s State
	if err := s.Parse([]byte(x)); err != nil {
		t.Fatalf("%s: %v", x, err)
	}
	for _, y := range limits {
		a, b := parseDecimal([]byte(x)), parseDecimal([]byte(y))
		if got, want := s.Compare(0, y), cmpDecimal(&a, &b); got != want {
			t.Errorf("Compare(%s, %s) = %d, want %d", x, y, got, want)
		}
	}
	if got, want := s.IsType(0, TypeInteger), IsInteger([]byte(x)); got != want {
		t.Errorf("IsType(%s, integer) = %v, want %v", x, got, want)
	}
	want, err := strconv.ParseFloat(x, 64)
	got, err2 := s.DecodeFloat64(0)
	if (err == nil) != (err2 == nil) || (err == nil && math.Float64bits(got) != math.Float64bits(want)) {
		t.Errorf("DecodeFloat64(%s) = %v, %v; strconv says %v, %v", x, got, err2, want, err)
	}
}

// FuzzDecimal: the fast paths agree with the general ones on any number.
func FuzzDecimal(f *testing.F) {
	for _, x := range decimalTexts {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x string) {
		if !json.Valid([]byte(x)) || len(x) == 0 || (x[0] != '-' && (x[0] < '0' || x[0] > '9')) {
			return
		}
		x = strings.TrimRight(x, " \t\r\n")
		checkDecimal(t, x, []string{"0", "1", "-1", "42", "999999999999999999", "-5"})
	})
}
