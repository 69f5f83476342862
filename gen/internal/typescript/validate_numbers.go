package typescript

import (
	"math/big"
	"strconv"

	"github.com/envgen/envgen/gen/internal/keywords"
	"github.com/envgen/envgen/gen/internal/model"
)

// minimum, maximum, exclusiveMinimum, exclusiveMaximum and multipleOf.

func (f *vfn) minimum() []string {
	return f.bound(f.c.Minimum, "<", "minimum", keywords.Minimum)
}

func (f *vfn) maximum() []string {
	return f.bound(f.c.Maximum, ">", "maximum", keywords.Maximum)
}

func (f *vfn) exclusiveMinimum() []string {
	return f.bound(f.c.ExclusiveMinimum, "<=", "exclusiveMinimum", keywords.ExclusiveMinimum)
}

func (f *vfn) exclusiveMaximum() []string {
	return f.bound(f.c.ExclusiveMaximum, ">=", "exclusiveMaximum", keywords.ExclusiveMaximum)
}

// bound: if (v < 0) { ok = false; if (rt.fail(…, "minimum", "must be at least 0")) return false; }
func (f *vfn) bound(n *model.Number, op, keyword string, say func(string) keywords.Message) []string {
	if n == nil {
		return nil
	}
	return []string{failIf(f.v+" "+op+" "+numberLiteral(n), f.p, f.sp(keyword), keyword, message(say(n.Text)))}
}

// multipleOf: v % 5 !== 0 for an integer that a double holds exactly, else
// !rt.multipleOf(v, 1n, -2) for 0.01 = 1 × 10^-2, exact on v's decimal
// spelling.
func (f *vfn) multipleOf() []string {
	n := f.c.MultipleOf
	if n == nil || n.Rat.Sign() <= 0 {
		return nil
	}
	var cond string
	if n.Rat.IsInt() && n.Rat.Num().IsInt64() && abs64(n.Rat.Num().Int64()) <= 1<<53 {
		cond = f.v + " % " + n.Rat.Num().String() + " !== 0"
	} else {
		digits, exp := scaled(n.Rat)
		cond = "!rt.multipleOf(" + f.v + ", " + digits + "n, " + strconv.Itoa(exp) + ")"
	}
	return []string{failIf(cond, f.p, f.sp("multipleOf"), "multipleOf", message(keywords.MultipleOf(n.Text)))}
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// scaled writes a positive decimal r as digits × 10^exp, digits an integer
// without trailing zeros: 0.01 → 1, -2; 1e20 → 1, 20.
func scaled(r *big.Rat) (string, int) {
	x := new(big.Rat).Set(r)
	exp := 0
	ten := big.NewRat(10, 1)
	for !x.IsInt() && exp > -1000 {
		x.Mul(x, ten)
		exp--
	}
	num := new(big.Int).Set(x.Num())
	if !x.IsInt() { // not a decimal, which a JSON number always is
		num.Quo(num, x.Denom())
	}
	zero, tenInt := big.NewInt(0), big.NewInt(10)
	for num.Sign() != 0 {
		q, m := new(big.Int).QuoRem(num, tenInt, new(big.Int))
		if m.Cmp(zero) != 0 {
			break
		}
		num, exp = q, exp+1
	}
	return num.String(), exp
}

// numberLiteral spells a schema number as a JavaScript number: its text when
// that is a decimal, else the nearest double.
func numberLiteral(n *model.Number) string {
	if _, err := strconv.ParseFloat(n.Text, 64); err == nil {
		return n.Text
	}
	x, _ := n.Rat.Float64()
	return strconv.FormatFloat(x, 'g', -1, 64)
}
