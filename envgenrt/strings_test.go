package envgenrt

import (
	"fmt"
	"strings"
	"testing"
)

// TestCellsAndText: optional scalars and strings decoded from one document
// share blocks, several of them past cellBlock and textBlock, and each keeps
// its own value: writing through one pointer changes no other, and a later
// decode through the same pooled State changes none.
func TestCellsAndText(t *testing.T) {
	const n = 3*cellBlock + 5
	long := strings.Repeat("x", textBlock+3)
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		fmt.Fprintf(&b, `%d,%d.5,"s%d",%v,"%s",`, i, i, i, i%2 == 0, long[:i%7])
	}
	b.WriteString(`"` + long + `",null]`)
	s := NewState()
	if err := s.Parse([]byte(b.String())); err != nil {
		t.Fatal(err)
	}
	ints, flts, strs, blns, plain := make([]*int64, n), make([]*float64, n), make([]*string, n), make([]*bool, n), make([]string, n)
	c := s.First(0)
	for i := range n {
		if s.ReadInt64Ptr(c, &ints[i]) != nil || s.ReadFloat64Ptr(s.Next(c), &flts[i]) != nil {
			t.Fatal("a number does not read")
		}
		c = s.Next(s.Next(c))
		if s.ReadStringPtr(c, &strs[i]) != nil || s.ReadBoolPtr(s.Next(c), &blns[i]) != nil || s.ReadString(s.Next(s.Next(c)), &plain[i]) != nil {
			t.Fatal("a string or boolean does not read")
		}
		c = s.Next(s.Next(s.Next(c)))
	}
	var last, null *string
	if s.ReadStringPtr(c, &last) != nil || s.ReadStringPtr(s.Next(c), &null) != nil || null != nil {
		t.Fatalf("the long string or null: %v %v", last, null)
	}
	s.Release()
	again := NewState()
	if err := again.Parse([]byte(`["overwrite?",7]`)); err != nil {
		t.Fatal(err)
	}
	var o *string
	var oi *int64
	if again.ReadStringPtr(1, &o) != nil || again.ReadInt64Ptr(2, &oi) != nil {
		t.Fatal("a later decode fails")
	}
	again.Release()
	for i := range n {
		*ints[i] += 1000 * n // (a cell shared with another would show below)
		*flts[i] += 1000 * n
		*blns[i] = !*blns[i]
	}
	for i := range n {
		if *ints[i] != int64(i+1000*n) || *flts[i] != float64(i)+0.5+1000*n || *strs[i] != fmt.Sprint("s", i) ||
			*blns[i] != (i%2 != 0) || plain[i] != long[:i%7] {
			t.Fatalf("item %d: %d %v %q %v %q", i, *ints[i], *flts[i], *strs[i], *blns[i], plain[i])
		}
	}
	if *last != long {
		t.Errorf("the long string has %d bytes, want %d", len(*last), len(long))
	}
}
