package envgenrt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func parse(t *testing.T, in string) *Tree {
	t.Helper()
	var tr Tree
	if err := tr.Parse([]byte(in)); err != nil {
		t.Fatalf("Parse(%q): %v", in, err)
	}
	return &tr
}

// badSpan says which span of which node of t breaks what Tree.Key, Str,
// Raw and Text rely on, reading them without bounds checks (span): each
// lies in the src or buf it refers to, begins inside it (a pointer past the
// end would point into another object) and does not end before it begins.
func badSpan(t *Tree) string {
	in := func(b []byte, i, j int32) bool {
		return 0 <= i && i <= j && int(j) <= len(b) && (i < int32(len(b)) || i == 0 && j == 0)
	}
	for n := range t.nodes {
		d := &t.nodes[n]
		if !in(t.src, d.start, d.end) || d.start == d.end && d.flags&flagName == 0 {
			return fmt.Sprintf("node %d: text [%d:%d] of %d bytes", n, d.start, d.end, len(t.src))
		}
		if d.kind == KindString {
			b := t.src
			if d.flags&flagStrBuf != 0 {
				b = t.buf
			}
			if !in(b, d.s0, d.s1) {
				return fmt.Sprintf("node %d: string [%d:%d] of %d bytes (in buf: %v)", n, d.s0, d.s1, len(b), d.flags&flagStrBuf != 0)
			}
		} else if d.flags&(flagInt|flagDec) == 0 && d.s0|d.s1 != 0 { // Str reads them
			return fmt.Sprintf("node %d: a %v with s0, s1 = %d, %d", n, d.kind, d.s0, d.s1)
		}
		b := t.src
		if d.flags&flagKeyBuf != 0 {
			b = t.buf
		}
		if !in(b, d.k0, d.k1) || d.flags&flagMember == 0 && d.k0|d.k1 != 0 {
			return fmt.Sprintf("node %d: name [%d:%d] of %d bytes (in buf: %v)", n, d.k0, d.k1, len(b), d.flags&flagKeyBuf != 0)
		}
	}
	return ""
}

// TestParseSpans: the spans of the nodes of every text the tests here parse
// hold what span relies on (FuzzParse checks the same on any text).
func TestParseSpans(t *testing.T) {
	for _, in := range []string{
		` {"a": [1, "x\n", {"b": null}], "c": true, "d\u0041": -1.5e3} `,
		`""`, `[""]`, `{"":""}`, `{"\u0041":"\u0042", "b": "\ud83d", "c": "a\"b"}`, "[\"\xff\", \"é\"]",
		`{"a":{"b":{"c":[[],{},"",0,-0.5,1e9]}}}`, `  7  `, `"long string of more than eight bytes, with \\ in it"`,
	} {
		var tr Tree
		if err := tr.Parse([]byte(in)); err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if msg := badSpan(&tr); msg != "" {
			t.Errorf("Parse(%q): %s", in, msg)
		}
		// A name node's spans are its member's name.
		if tr.Kind(0) == KindObject && tr.Count(0) > 0 {
			nn := tr.NameNode(1)
			if msg := badSpan(&tr); msg != "" || string(tr.Str(nn)) != string(tr.Key(1)) {
				t.Errorf("Parse(%q), name node: %s %q", in, msg, tr.Str(nn))
			}
			tr.DropNameNode(nn)
		}
	}
}

// TestStrOfNumber: Str of a number is nil, where its node holds the value
// (flagInt, flagDec) in what is a string's span: read as one, it would reach
// outside the text.
func TestStrOfNumber(t *testing.T) {
	src := []byte(`{"a":"SECRET","b":[-5, 429496729600, 3000000000, 12.5, 1e400]}`)
	var tr Tree
	if err := tr.Parse(src[bytes.IndexByte(src, '[') : bytes.IndexByte(src, ']')+1]); err != nil {
		t.Fatal(err)
	}
	for c := tr.First(0); c < tr.End(0); c = tr.Next(c) {
		if got := tr.Str(c); got != nil {
			t.Errorf("Str of %s = %q, want nil", tr.Raw(c), got)
		}
	}
}

// TestDecodedLimit: the strings decoded into buf may take maxDecoded bytes
// (int32 offsets), and a text whose strings decode to more is refused.
func TestDecodedLimit(t *testing.T) {
	defer func(m int) { maxDecoded = m }(maxDecoded)
	maxDecoded = 12
	var tr Tree
	if err := tr.Parse([]byte(`["\u0041bcdef", "\u0041bcdef"]`)); err != nil { // 12 bytes decoded
		t.Errorf("12 bytes decoded: %v", err)
	}
	err := tr.Parse([]byte("[\"\\u0041bcdef\", \"\xffbcdef\"]")) // 6 + 8: the invalid byte decodes to three
	if err == nil || !strings.Contains(err.Error(), "the decoded strings are larger than 2 GB") {
		t.Errorf("14 bytes decoded: %v", err)
	}
}

func TestParseShape(t *testing.T) {
	tr := parse(t, ` {"a": [1, "x\n", {"b": null}], "c": true, "d\u0041": -1.5e3} `)
	if tr.Kind(0) != KindObject || tr.Count(0) != 3 {
		t.Fatalf("root: %v %d", tr.Kind(0), tr.Count(0))
	}
	var keys []string
	for c := tr.First(0); c < tr.End(0); c = tr.Next(c) {
		keys = append(keys, string(tr.Key(c)))
	}
	if strings.Join(keys, ",") != "a,c,dA" {
		t.Errorf("keys %v", keys)
	}
	a := tr.Lookup(0, "a")
	if tr.Count(a) != 3 || string(tr.Raw(a)) != `[1, "x\n", {"b": null}]` {
		t.Errorf("a: %d %s", tr.Count(a), tr.Raw(a))
	}
	x := tr.Item(a, 1)
	if string(tr.Str(x)) != "x\n" {
		t.Errorf("x: %q", tr.Str(x))
	}
	b := tr.Lookup(tr.Item(a, 2), "b")
	if tr.Kind(b) != KindNull || tr.Pointer(b) != "/a/2/b" {
		t.Errorf("b: %v %s", tr.Kind(b), tr.Pointer(b))
	}
	if d := tr.Lookup(0, "dA"); string(tr.Text(d)) != "-1.5e3" {
		t.Errorf("d: %s", tr.Text(d))
	}
}

func TestParseStrings(t *testing.T) {
	for in, want := range map[string]string{
		`"plain"`:              "plain",
		`"\u00e9\/\"\\"`:       "é/\"\\",
		`"\ud83d\ude00"`:       "😀",
		`"\ud83d"`:             "\ufffd",
		`"\ud83dx"`:            "\ufffdx",
		`"\ude00\ud83d\ude00"`: "\ufffd😀",
		"\"a\xffb\"":           "a\ufffdb",
		"\"\xe2\x82\"":         "\ufffd\ufffd",
	} {
		tr := parse(t, in)
		var std string
		if err := json.Unmarshal([]byte(in), &std); err != nil {
			t.Fatal(err)
		}
		if got := string(tr.Str(0)); got != want || got != std {
			t.Errorf("%q: got %q, want %q (encoding/json: %q)", in, got, want, std)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{
		``, ` `, `{`, `[`, `[1,]`, `{"a":1,}`, `{"a"}`, `{"a":1 "b":2}`, `01`, `1.`, `1e`, `-`, `.5`, `+1`,
		`tru`, `truex`, `nul`, `"abc`, "\"a\x01\"", `"\x"`, `"\u12"`, `[1] 2`, `{"a":1}}`, `]`, `NaN`,
		`{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `[}`, `{]`, `{1:2}`,
	} {
		var tr Tree
		err := tr.Parse([]byte(in))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want a *SyntaxError", in, err)
		}
		if json.Valid([]byte(in)) && !strings.Contains(in, `:2}`) { // duplicates are valid JSON text
			t.Errorf("%q: encoding/json accepts it", in)
		}
	}
}

// TestParseDecodedNames: a member name that needed decoding (invalid UTF-8
// becomes U+FFFD, three bytes for one) is read from the decoded text, whose
// offsets run past the end of the input; FuzzParse found a panic there.
func TestParseDecodedNames(t *testing.T) {
	var tr Tree
	if err := tr.Parse([]byte("{\"\xa2\xa20\x83\xa2\xa20\"")); err == nil {
		t.Error("an unterminated object: got no error")
	}
	in := "{\"\xa2\xa2\xa2\xa2\":1,\"\xa2\xa2\xa2\xa2\":2}"
	if err := tr.Parse([]byte(in)); err == nil || !strings.Contains(err.Error(), "duplicate member name") {
		t.Errorf("%q: got %v, want a duplicate member name", in, err)
	}
	if err := tr.Parse([]byte("{\"\xa2\xa2\xa2\xa2\":1,\"\xa2\xa2\xa2\":2}")); err != nil {
		t.Errorf("two decoded names: %v", err)
	}
}

// TestNameBitAt: the parser's fast path (nameBitAt, on the text) and key
// (nameBit, on the decoded name) give a name the same bit, so that a name
// written plainly once and with an escape once is found twice; and so they
// do, in an object.
func TestNameBitAt(t *testing.T) {
	for _, name := range []string{"", "a", "ab", "id", "chunk_id", "a long member name, with spaces"} {
		src := []byte(`x"` + name + `"`)
		if got, want := nameBitAt(src, 1, len(src)-1), nameBit([]byte(name)); got != want {
			t.Errorf("%q: nameBitAt %#x, nameBit %#x", name, got, want)
		}
		escaped := `"\u00` + strconv.FormatInt('"', 16) + `"` // (a name of one quote, for the empty one)
		if name != "" {
			escaped = `"\u00` + strconv.FormatInt(int64(name[0]), 16) + name[1:] + `"`
		}
		for _, in := range []string{`{"` + name + `":1,` + escaped + `:2}`, `{` + escaped + `:1,"` + name + `":2}`} {
			var tr Tree
			err := tr.Parse([]byte(in))
			if dup := err != nil && strings.Contains(err.Error(), "duplicate member name"); dup != (name != "") {
				t.Errorf("%s: %v", in, err)
			}
		}
	}
}

func TestParseDuplicatesInLargeObject(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("{")
	for i := range 100 {
		b.WriteString(`"k` + strings.Repeat("x", i) + `":1,`)
	}
	b.WriteString(`"kxx":2}`)
	var tr Tree
	if err := tr.Parse(b.Bytes()); err == nil || !strings.Contains(err.Error(), `duplicate member name "kxx"`) {
		t.Errorf("got %v", err)
	}
}

// TestParseDeep: nesting far beyond MaxDepth is an error, not a stack overflow.
func TestParseDeep(t *testing.T) {
	for _, open := range []string{"[", `{"a":`} {
		in := strings.Repeat(open, 100000)
		var tr Tree
		err := tr.Parse([]byte(in))
		if err == nil || !strings.Contains(err.Error(), "nesting deeper than 10000") {
			t.Errorf("%s×100000: got %v", open, err)
		}
	}
	in := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	var tr Tree
	if err := tr.Parse([]byte(in)); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
}

func TestParseHugeString(t *testing.T) {
	big := make([]byte, 0, 50<<20+2)
	big = append(big, '"')
	big = append(big, bytes.Repeat([]byte("abcdefgh"), 50<<20/8)...)
	big = append(big, '"')
	var tr Tree
	if err := tr.Parse(big); err != nil {
		t.Fatal(err)
	}
	if len(tr.Str(0)) != 50<<20 {
		t.Errorf("length %d", len(tr.Str(0)))
	}
	big[len(big)-1] = 'x' // unterminated
	if err := tr.Parse(big); err == nil {
		t.Error("an unterminated 50 MB string parsed")
	}
}

func TestNameNode(t *testing.T) {
	tr := parse(t, `{"a\/b": 1}`)
	c := tr.First(0)
	n := tr.NameNode(c)
	if tr.Kind(n) != KindString || string(tr.Str(n)) != "a/b" || tr.Pointer(n) != "/a~1b" {
		t.Errorf("name node: %v %q %s", tr.Kind(n), tr.Str(n), tr.Pointer(n))
	}
	tr.DropNameNode(n)
	if tr.Len() != 2 {
		t.Errorf("%d nodes", tr.Len())
	}
}

// TestParseStringsAtEveryOffset: a quote, a backslash, a control character
// or a non-ASCII byte is found wherever it stands in a long string.
func TestParseStringsAtEveryOffset(t *testing.T) {
	for _, special := range []string{`\"`, `\\`, `\n`, "é", "\xff", "\x01"} {
		for pos := 0; pos < 20; pos++ {
			in := `"` + strings.Repeat("a", pos) + special + strings.Repeat("b", 19-pos) + `"`
			var tr Tree
			err := tr.Parse([]byte(in))
			var std string
			stdErr := json.Unmarshal([]byte(in), &std)
			if (err == nil) != (stdErr == nil) || (err == nil && string(tr.Str(0)) != std) {
				t.Errorf("%q: got %q, %v; encoding/json %q, %v", in, tr.Str(0), err, std, stdErr)
			}
		}
	}
}

// TestSpecial: special marks the first byte of a word that str must look
// at, whatever bytes come after it (a borrow that runs upwards from one
// byte may mark later ones). Every byte value at every place among plain
// ones, and every word made of bytes at the edges of what is special.
func TestSpecial(t *testing.T) {
	first := func(w uint64) int {
		for i := range 8 {
			if c := byte(w >> (8 * i)); c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
				return i
			}
		}
		return 8
	}
	check := func(w uint64) {
		got := 8
		if m := special(w); m != 0 {
			got = bits.TrailingZeros64(m) >> 3
		}
		if want := first(w); got != want {
			t.Fatalf("special(%#016x) marks byte %d first, want %d", w, got, want)
		}
	}
	for at := range 8 {
		for c := range 256 {
			check(0x6161616161616161&^(0xff<<(8*at)) | uint64(c)<<(8*at))
		}
	}
	edges := []uint64{0x00, 0x20, '"', '\\', 0x80, 0xa2, 'a'}
	var all func(w uint64, at int)
	all = func(w uint64, at int) {
		if at == 8 {
			check(w)
			return
		}
		for _, c := range edges {
			all(w|c<<(8*at), at+1)
		}
	}
	all(0, 0)
}

// TestParseStringEnds: a string's closing quote is found wherever it stands
// in the eight bytes read at once, with special bytes after it in them.
func TestParseStringEnds(t *testing.T) {
	for _, after := range []string{`"é\"x"`, `"\\"`, `"\u0041"`, `"\n\t"`, `""`, `"ü"`} {
		for n := 0; n < 18; n++ {
			in := `["` + strings.Repeat("a", n) + `",` + after + `,"` + strings.Repeat("é", n) + `"]`
			var tr Tree
			err := tr.Parse([]byte(in))
			var std []string
			if stdErr := json.Unmarshal([]byte(in), &std); err != nil || stdErr != nil {
				t.Fatalf("%q: %v; encoding/json: %v", in, err, stdErr)
			}
			for i, c := 0, tr.First(0); c < tr.End(0); i, c = i+1, tr.Next(c) {
				if string(tr.Str(c)) != std[i] {
					t.Errorf("%q: item %d is %q, encoding/json says %q", in, i, tr.Str(c), std[i])
				}
			}
		}
	}
}

// TestParseDuplicatesEverywhere: a name given twice is found wherever the
// second one stands, in objects of every size around the point where the
// parser switches from comparing names to a set, and names of a nested
// object do not count for the one around it.
func TestParseDuplicatesEverywhere(t *testing.T) {
	for _, n := range []int{1, 2, 5, 31, 32, 33, 40, 70} {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("%c%d", 'a'+i%26, i)
		}
		obj := func(extra string) []byte {
			var b bytes.Buffer
			b.WriteString(`{"in":{"a0":1,"b1":2},`)
			for _, name := range names {
				fmt.Fprintf(&b, "%q:[1],", name)
			}
			fmt.Fprintf(&b, "%q:0}", extra)
			return b.Bytes()
		}
		var tr Tree
		if err := tr.Parse(obj("zz")); err != nil {
			t.Errorf("%d names: %v", n, err)
		}
		for j := range n {
			if err := tr.Parse(obj(names[j])); err == nil || !strings.Contains(err.Error(), "duplicate member name") {
				t.Errorf("%d names, the %dth again: got %v", n, j, err)
			}
		}
	}
}

// TestParentAndPointer: with no parent kept in the nodes, Parent and Pointer
// find the way down from the top, for every node.
func TestParentAndPointer(t *testing.T) {
	var tr Tree
	if err := tr.Parse([]byte(`{"a":[1,{"b":[]},[[2]]],"c/d":{"e~":null},"f":3}`)); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // the raw text of each node: its pointer, its parent's raw text
		`1`: "/a/0", `{"b":[]}`: "/a/1", `[]`: "/a/1/b", `[[2]]`: "/a/2", `[2]`: "/a/2/0", `2`: "/a/2/0/0",
		`{"e~":null}`: "/c~1d", `null`: "/c~1d/e~0", `3`: "/f",
	}
	for n := int32(1); n < int32(tr.Len()); n++ {
		raw := string(tr.Raw(n))
		if p, ok := want[raw]; ok && tr.Pointer(n) != p {
			t.Errorf("Pointer(%s) = %q, want %q", raw, tr.Pointer(n), p)
		}
		parent := tr.Parent(n)
		if parent < 0 || parent >= n || n >= tr.End(parent) {
			t.Errorf("Parent(%s) = %d", raw, parent)
		}
		for c := tr.First(parent); c < tr.End(parent) && c != n; c = tr.Next(c) {
			if c > n {
				t.Errorf("%s is no child of %s", raw, tr.Raw(parent))
			}
		}
	}
	if tr.Parent(0) != -1 || tr.Pointer(0) != "" {
		t.Errorf("top: %d %q", tr.Parent(0), tr.Pointer(0))
	}
	name := tr.NameNode(tr.Lookup(0, "c/d"))
	if tr.Pointer(name) != "/c~1d" || tr.Parent(name) != 0 {
		t.Errorf("name node: %q %d", tr.Pointer(name), tr.Parent(name))
	}
}

// TestParseIntegers: the integers the parser reads itself (flagInt: up to
// 18 digits, no fraction or exponent, whatever follows them) have the value
// strconv gives, and the other numbers are left to the general paths.
func TestParseIntegers(t *testing.T) {
	items := []string{"0", "7", "-7", "10", "-0", "123456789012345678", "-123456789012345678",
		"1234567890123456789", "999999999999999999", "10E2", "10e2", "10.0", "0.5", "0e1", "1 ", "2\n"}
	members := make([]string, len(items))
	for i, item := range items {
		members[i] = fmt.Sprintf(`"m%d":%s`, i, item)
	}
	for _, text := range []string{"[" + strings.Join(items, ",") + "]", "{" + strings.Join(members, ",") + "}"} {
		var s State
		if err := s.Parse([]byte(text)); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		i := 0
		for c := s.First(0); c < s.End(0); c = s.Next(c) {
			item := strings.TrimSpace(items[i])
			want, err := strconv.ParseInt(item, 10, 64)
			v, ok := s.plainInt(c)
			if plain := err == nil && len(strings.TrimPrefix(item, "-")) <= 18; ok != plain || (ok && v != want) {
				t.Errorf("%s: plainInt = %d, %v; want %d, %v", item, v, ok, want, plain)
			}
			f, _ := strconv.ParseFloat(item, 64)
			got, err := s.DecodeInt64(c)
			if integral := f == math.Trunc(f); (err == nil) != integral || (integral && float64(got) != f) {
				t.Errorf("%s: DecodeInt64 = %d, %v", item, got, err)
			}
			i++
		}
		if i != len(items) {
			t.Errorf("%s: %d items, want %d", text, i, len(items))
		}
	}
	for _, bad := range []string{"01", "[01]", "00", "-", "[1,02]", "1.", "1e", "[1.e5]", "[1a]"} {
		var s State
		if err := s.Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%s) accepted it", bad)
		}
	}
}

// TestDecAt: decAt, the parser's one pass over an integer or a decimal,
// reads what number reads (value, digits after the point, end) wherever it
// reads a number at all, and it reads every number without sign or exponent
// of at most 18 digits.
func TestDecAt(t *testing.T) {
	texts := []string{"0", "7", "10", "0.5", "0.97", "10.0", "1.25,", "3.5]", "0.000000000000000001",
		"12345678901234567.8", "1234567890123456789", "123456789012345678.9", "1.2345678901234567890",
		"999999999999999999", "99999999999999999.9", "1e5", "1.5e5", "2E1", "0.5E-1", "01", "00.5", "1.", "1.e5",
		"1.x", "5.5.5", "-1", "-0.5", "7 ", "7}", "0.50000"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		ip := strconv.FormatUint(r.Uint64N(1e12), 10)
		fp := strconv.FormatUint(r.Uint64N(1e12), 10)
		texts = append(texts, ip[:1+r.IntN(len(ip))]+"."+fp[:1+r.IntN(len(fp))], ip)
	}
	for _, x := range texts {
		src := []byte(x)
		v, frac, end, ok := decAt(src, 0)
		p := parser{src: src}
		wv, isInt, wfrac, err := p.number()
		if ok && (err != nil || !(isInt || wfrac > 0) || v != wv || frac != wfrac || end != p.i) {
			t.Errorf("decAt(%s) = %d, %d, %d; number says %d, %v, %d, end %d, %v", x, v, frac, end, wv, isInt, wfrac, p.i, err)
		}
		digits := len(strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, x))
		if plain := json.Valid(src) && x[0] != '-' && !strings.ContainsAny(x, "eE") && digits <= 18; plain && !ok {
			t.Errorf("decAt(%s) did not read it", x)
		}
	}
}

// TestBounds: Bounds is First and End of every node, containers empty or
// not and scalars, so that a loop over it visits what First/End/Next do.
func TestBounds(t *testing.T) {
	tr := parse(t, `{"a":[],"b":[1,{"c":{}},[2]],"d":"x","e":{"f":null}}`)
	for n := int32(0); n < int32(tr.Len()); n++ {
		if first, end := tr.Bounds(n); first != tr.First(n) || end != tr.End(n) {
			t.Errorf("Bounds(%d) = %d, %d; want %d, %d", n, first, end, tr.First(n), tr.End(n))
		}
	}
}

// TestMember: Member is Key and Next of every member, names in the text and
// decoded ones (an escape, invalid UTF-8) alike, so that a generated loop
// over it reads the names and visits the members that Key and Next do.
func TestMember(t *testing.T) {
	tr := parse(t, "{\"a\":{\"b\\u0063\":[1],\"\":2},\"d\\n\":\"x\",\"\xa2e\":{\"f\":null}}")
	var got []string
	for n := int32(0); n < int32(tr.Len()); n++ {
		if tr.Kind(n) != KindObject {
			continue
		}
		for c, end := tr.Bounds(n); c < end; {
			key, next := tr.Member(c)
			if string(key) != string(tr.Key(c)) || next != tr.Next(c) {
				t.Errorf("Member(%d) = %q, %d; want %q, %d", c, key, next, tr.Key(c), tr.Next(c))
			}
			got = append(got, string(key))
			c = next
		}
	}
	if want := []string{"a", "d\n", "\ufffde", "bc", "", "f"}; !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}
