package envgenrt

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
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
	if err := again.Parse([]byte(`["overwrite?",7,""]`)); err != nil {
		t.Fatal(err)
	}
	var o, empty *string
	var oi *int64
	if again.ReadStringPtr(1, &o) != nil || again.ReadInt64Ptr(2, &oi) != nil || again.ReadStringPtr(3, &empty) != nil {
		t.Fatal("a later decode fails")
	}
	if *o != "overwrite?" || empty == nil || *empty != "" {
		t.Fatalf("an optional string read %q and %v, want \"overwrite?\" and a pointer to \"\"", *o, empty)
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

// TestTypedReaders: the typed forms read what ReadSlice and ReadNullable
// read with the matching Read method, and fail alike.
func TestTypedReaders(t *testing.T) {
	s := NewState()
	defer s.Release()
	if err := s.Parse([]byte(`[["a","b"],[1,-2],[0.5,3],[true,false],"s",7,2.5,false,null,[1],"x"]`)); err != nil {
		t.Fatal(err)
	}
	var n [11]int32
	for c, i := s.First(0), 0; c < s.End(0); c, i = s.Next(c), i+1 {
		n[i] = c
	}
	var ss, ss2 []string
	var is, is2 []int64
	var fs, fs2 []float64
	var bs, bs2 []bool
	// a and b are pointers to what the readers among check's arguments store:
	// check reads them after those calls, where a value argument (ss, not
	// &ss) would be read before or after them, an order Go leaves unspecified.
	check := func(name string, a, b any, ea, eb error) {
		t.Helper()
		if !reflect.DeepEqual(a, b) || (ea == nil) != (eb == nil) || (ea != nil && ea.Error() != eb.Error()) {
			t.Errorf("%s: %v (%v), want %v (%v)", name, a, ea, b, eb)
		}
	}
	check("strings", &ss, &ss2, s.ReadStrings(n[0], &ss), ReadSlice(s, n[0], &ss2, (*State).ReadString))
	check("ints", &is, &is2, s.ReadInt64s(n[1], &is), ReadSlice(s, n[1], &is2, (*State).ReadInt64))
	check("floats", &fs, &fs2, s.ReadFloat64s(n[2], &fs), ReadSlice(s, n[2], &fs2, (*State).ReadFloat64))
	check("bools", &bs, &bs2, s.ReadBools(n[3], &bs), ReadSlice(s, n[3], &bs2, (*State).ReadBool))
	if len(ss) != 2 || len(is) != 2 || len(fs) != 2 || len(bs) != 2 {
		t.Errorf("read %v %v %v %v", ss, is, fs, bs)
	}
	var bad, bad2 []string
	check("not strings", &bad, &bad2, s.ReadStrings(n[9], &bad), ReadSlice(s, n[9], &bad2, (*State).ReadString))
	for _, c := range []int32{n[4], n[8], n[5]} {
		var a, b Nullable[string]
		check("nullable string", &a, &b, s.ReadNullableString(c, &a), ReadNullable(s, c, &b, (*State).ReadString))
	}
	for _, c := range []int32{n[5], n[8], n[10]} {
		var a, b Nullable[int64]
		check("nullable int", &a, &b, s.ReadNullableInt64(c, &a), ReadNullable(s, c, &b, (*State).ReadInt64))
	}
	for _, c := range []int32{n[6], n[8], n[10]} {
		var a, b Nullable[float64]
		check("nullable float", &a, &b, s.ReadNullableFloat64(c, &a), ReadNullable(s, c, &b, (*State).ReadFloat64))
	}
	for _, c := range []int32{n[7], n[8], n[10]} {
		var a, b Nullable[bool]
		check("nullable bool", &a, &b, s.ReadNullableBool(c, &a), ReadNullable(s, c, &b, (*State).ReadBool))
	}
}

// heapText is a string type whose DecodeNode, unlike a generated one's,
// gives a string that does not lie in the decode's blocks.
type heapText string

func (x *heapText) DecodeNode(s *State, n int32) error {
	*x = heapText(strings.Clone(string(s.Str(n))) + "!")
	return nil
}

// readStringCells decodes n optional strings and n of type heapText, in
// cells, from a State it then releases.
func readStringCells(t *testing.T, n int) ([]*string, []*heapText) {
	t.Helper()
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		fmt.Fprintf(&b, `"optional %d","typed %d",`, i, i)
	}
	b.WriteString(`""]`)
	s := NewState()
	if err := s.Parse([]byte(b.String())); err != nil {
		t.Fatal(err)
	}
	opt, typed := make([]*string, n), make([]*heapText, n)
	c := s.First(0)
	for i := range n {
		if s.ReadStringPtr(c, &opt[i]) != nil || DecodeStringPtr(s, s.Next(c), &typed[i]) != nil {
			t.Fatal("a string does not read")
		}
		c = s.Next(s.Next(c))
	}
	s.Release()
	return opt, typed
}

// churn collects garbage and fills the freed memory with Z bytes.
func churn() {
	var junk [][]byte
	for range 4 {
		runtime.GC()
		for range 4000 {
			junk = append(junk, bytes.Repeat([]byte{'Z'}, 40))
		}
	}
	runtime.KeepAlive(junk)
}

// TestStringCellsSurviveGC: the cells of optional strings keep their text
// alive, whether it lies in the decode's blocks or elsewhere (heapText):
// after the State is released, collections and reuse of the freed memory,
// every value is still what was decoded. (Put heapText's string into a
// block free of pointers and its text is freed and overwritten here.)
func TestStringCellsSurviveGC(t *testing.T) {
	const n = 2000
	opt, typed := readStringCells(t, n)
	churn()
	for i := range n {
		if want := fmt.Sprint("optional ", i); *opt[i] != want {
			t.Fatalf("optional string %d is %q, want %q", i, *opt[i], want)
		}
		if want := fmt.Sprint("typed ", i, "!"); string(*typed[i]) != want {
			t.Fatalf("typed string %d is %q, want %q", i, *typed[i], want)
		}
	}
}

// TestStringCellsAreWritable: a user may write any string through the
// pointer of a decoded optional string (*v.Name = fmt.Sprint(…), or
// json.Unmarshal into a struct that shares the pointer), and it stays: the
// cell is memory the collector sees. A cell in a block free of pointers
// (tried once for speed) lost 1,990 of these 2,000 to the collector.
func TestStringCellsAreWritable(t *testing.T) {
	const n = 2000
	opt, typed := readStringCells(t, n)
	for i := range n {
		*opt[i] = fmt.Sprintf("written by the user, %d", i)
		*typed[i] = heapText(fmt.Sprintf("typed, written by the user, %d", i))
	}
	churn()
	for i := range n {
		if want := fmt.Sprint("written by the user, ", i); *opt[i] != want {
			t.Fatalf("optional string %d is %q, want %q", i, *opt[i], want)
		}
		if want := fmt.Sprint("typed, written by the user, ", i); string(*typed[i]) != want {
			t.Fatalf("typed string %d is %q, want %q", i, *typed[i], want)
		}
	}
}
