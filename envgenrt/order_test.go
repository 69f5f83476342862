package envgenrt

import (
	"fmt"
	"strings"
	"testing"
)

func parsed(t *testing.T, src string) *Tree {
	t.Helper()
	var tr Tree
	if err := tr.Parse([]byte(src)); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return &tr
}

// TestMembersOrder: the order of JavaScript's Object.keys on JSON.parse's
// result, e.g. Object.keys(JSON.parse('{"b":0,"10":0,"2":0,"a":0,"01":0}'))
// is ["2", "10", "b", "a", "01"].
func TestMembersOrder(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{}`, ""},
		{`{"b":0,"a":0}`, "b:0 a:1"},
		{`{"b":0,"10":0,"2":0,"a":0,"01":0}`, "2:2 10:1 b:0 a:3 01:4"},
		{`{"4294967295":0,"4294967294":0,"-1":0,"0":0}`, "0:3 4294967294:1 4294967295:0 -1:2"},
	} {
		tr := parsed(t, c.src)
		var got []string
		for m := tr.Members(0); m.Next(); {
			got = append(got, fmt.Sprintf("%s:%d", tr.Key(m.Node()), m.Index()))
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("%s: %s, want %s", c.src, s, c.want)
		}
	}
}

// TestQuoted: member names in messages as JSON.stringify writes them.
func TestQuoted(t *testing.T) {
	for in, want := range map[string]string{
		"a":              `"a"`,
		"a\"b\\c":        `"a\"b\\c"`,
		"\b\f\n\r\t\x01": `"\b\f\n\r\t\u0001"`,
		"\x1f\x7f<>&é":   "\"\\u001f\x7f<>&é\"",
		"\u2028\u2029":   "\"\u2028\u2029\"",
		"\xff":           "\"\ufffd\"",
	} {
		if got := Quoted(in).String(); got != want {
			t.Errorf("Quoted(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestDuplicate: the first item that equals an earlier one, and the first
// it equals, as rt.duplicates finds them; for short arrays and long ones.
func TestDuplicate(t *testing.T) {
	long := make([]string, 40)
	for i := range long {
		long[i] = fmt.Sprint(i)
	}
	long[30], long[25], long[35] = "7", "3", "3" // 25 is the first repeat (of 3), before 30 (of 7)
	for _, c := range []struct {
		src  string
		i, j int
		dup  bool
	}{
		{`[1, 2, 3]`, 0, 0, false},
		{`[1, 2, 2, 1]`, 1, 2, true},
		{`[{"a":1,"b":2}, 0, {"b":2,"a":1.0}]`, 0, 2, true},
		{"[" + strings.Join(long, ",") + "]", 3, 25, true},
	} {
		i, j, dup := parsed(t, c.src).Duplicate(0)
		if i != c.i || j != c.j || dup != c.dup {
			t.Errorf("%.40s: %d, %d, %v; want %d, %d, %v", c.src, i, j, dup, c.i, c.j, c.dup)
		}
	}
}
