package main

import (
	"fmt"
	"sort"
)

// Spread is the median of some per-round figures and how they spread.
type Spread struct {
	N                int
	Median, Min, Max float64
	Q1, Q3           float64 // the quartiles (interpolated)
}

func spread(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return Spread{N: len(s), Median: quantile(s, 0.5), Min: s[0], Max: s[len(s)-1], Q1: quantile(s, 0.25), Q3: quantile(s, 0.75)}
}

// quantile of sorted s, interpolating between neighbours.
func quantile(s []float64, q float64) float64 {
	if len(s) == 1 {
		return s[0]
	}
	pos := q * float64(len(s)-1)
	i := int(pos)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}

func median(xs []float64) float64 { return spread(xs).Median }

// ratios are a[r] ÷ b[r], round by round, over the rounds both have.
func ratios(a, b []float64) []float64 {
	var out []float64
	for i := range min(len(a), len(b)) {
		if b[i] > 0 && a[i] > 0 {
			out = append(out, a[i]/b[i])
		}
	}
	return out
}

// ratioCell is "**1.23×**" and rangeCell "1.10–1.40 (IQR 1.15–1.30)".
func (s Spread) ratioCell() string {
	if s.N == 0 {
		return "n/a"
	}
	return ratio(s.Median)
}

func (s Spread) rangeCell() string {
	if s.N == 0 {
		return ""
	}
	if s.N < 4 {
		return fmt.Sprintf("%.2f–%.2f", s.Min, s.Max)
	}
	return fmt.Sprintf("%.2f–%.2f (IQR %.2f–%.2f)", s.Min, s.Max, s.Q1, s.Q3)
}

// minMax is "1.23× (1.10–1.40)".
func (s Spread) minMax() string {
	if s.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%s (%.2f–%.2f)", ratio(s.Median), s.Min, s.Max)
}
