package envgenrt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
)

// TestParseWhiteSpaceErrors: white space is skipped only where a byte is
// not the one expected (a comma, a bracket, a name's quote), not before
// each: the errors, with their offsets, are those of the parser that
// skipped it everywhere (as it gave them at f92111d).
func TestParseWhiteSpaceErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[1 x", "invalid JSON at offset 3: unexpected character 'x'"},
		{"[1 ,]", "invalid JSON at offset 4: unexpected character ']'"},
		{"[1, ]", "invalid JSON at offset 4: unexpected character ']'"},
		{"[1,\n", "invalid JSON at offset 4: unexpected end of JSON input"},
		{"[1 ", "invalid JSON at offset 3: unexpected end of JSON input"},
		{"{\"a\":1, }", "invalid JSON at offset 8: unexpected '}' after ','"},
		{"{\"a\":1 ,}", "invalid JSON at offset 8: unexpected '}' after ','"},
		{"{ \"a\" : 1 , \"a\" : 2 }", "invalid JSON at offset 12: duplicate member name \"a\""},
		{"{\"a\":1 , \"a\":2}", "invalid JSON at offset 9: duplicate member name \"a\""},
		{"{\"a\": }", "invalid JSON at offset 6: unexpected character '}'"},
		{"{\"a\":  x}", "invalid JSON at offset 7: unexpected character 'x'"},
		{"{\"a\" \"b\"}", "invalid JSON at offset 5: want ':' after a member name"},
		{"[ 1 2 ]", "invalid JSON at offset 4: unexpected character '2'"},
		{"1 2", "invalid JSON at offset 2: unexpected character '2' after the top-level value"},
		{" 1 \t\r\n x", "invalid JSON at offset 7: unexpected character 'x' after the top-level value"},
		{"[ ] ]", "invalid JSON at offset 4: unexpected character ']' after the top-level value"},
		{"{ } }", "invalid JSON at offset 4: unexpected character '}' after the top-level value"},
		{"{\"a\":1 }x", "invalid JSON at offset 8: unexpected character 'x' after the top-level value"},
		{"[1,\t,2]", "invalid JSON at offset 4: unexpected character ','"},
		{"{\"a\":[1 , 2 ] , \"b\" : { } , }", "invalid JSON at offset 28: unexpected '}' after ','"},
		{"[\x01]", "invalid JSON at offset 1: unexpected character '\\x01'"},
		{"[1\x01]", "invalid JSON at offset 2: unexpected character '\\x01'"},
		{"{\"a\":1\x01}", "invalid JSON at offset 6: unexpected character '\\x01'"},
		{"{\"a\":\x01}", "invalid JSON at offset 5: unexpected character '\\x01'"},
		{"{\x01\"a\":1}", "invalid JSON at offset 1: want a member name in double quotes"},
		{"[1,\x01]", "invalid JSON at offset 3: unexpected character '\\x01'"},
		{"{\"a\":1,\x01\"b\":2}", "invalid JSON at offset 7: want a member name in double quotes"},
		{"[1 ,\x01 2]", "invalid JSON at offset 4: unexpected character '\\x01'"},
		{"  ", "invalid JSON at offset 2: unexpected end of JSON input"},
		{"[\n", "invalid JSON at offset 2: unexpected end of JSON input"},
		{"{\"a\"\n:", "invalid JSON at offset 6: unexpected end of JSON input"},
	} {
		var tr Tree
		if got := fmt.Sprint(tr.Parse([]byte(c.in))); got != c.want {
			t.Errorf("Parse(%q) = %s; want %s", c.in, got, c.want)
		}
	}
}

// TestParseWhiteSpace: a text with white space between all its tokens
// parses to the tree of the text without: the same nodes, names, strings
// and numbers.
func TestParseWhiteSpace(t *testing.T) {
	compact := `{"a":[1,2.5,{"b":"x","c":[]},{},[[]],true,false,null],"d":{"e":-1,"f":"\u00e9"},"g":""}`
	for _, ws := range []string{" ", "\n", "\t\r\n ", "  \n    "} {
		var b bytes.Buffer // ws before and after each of {}[],: outside strings, and around the text
		b.WriteString(ws)
		inString := false
		for i := 0; i < len(compact); i++ {
			c := compact[i]
			switch {
			case inString && c == '\\':
				b.WriteByte(c)
				i++
				c = compact[i]
			case c == '"':
				inString = !inString
			case !inString && bytes.IndexByte([]byte("{}[],:"), c) >= 0:
				b.WriteString(ws + string(c) + ws)
				continue
			}
			b.WriteByte(c)
		}
		b.WriteString(ws)
		spaced := b.String()
		if !json.Valid([]byte(spaced)) {
			t.Fatalf("%q is not JSON", spaced)
		}
		var want, got Tree
		if err := want.Parse([]byte(compact)); err != nil {
			t.Fatal(err)
		}
		if err := got.Parse([]byte(spaced)); err != nil {
			t.Fatalf("Parse(%q): %v", spaced, err)
		}
		if got.Len() != want.Len() {
			t.Fatalf("Parse(%q): %d nodes, want %d", spaced, got.Len(), want.Len())
		}
		for n := int32(0); n < int32(want.Len()); n++ {
			g, w := got.nodes[n], want.nodes[n]
			if g.kind != w.kind || g.count != w.count || g.next != w.next || g.flags&^(flagStrBuf|flagKeyBuf) != w.flags&^(flagStrBuf|flagKeyBuf) ||
				string(got.Key(n)) != string(want.Key(n)) || string(got.Str(n)) != string(want.Str(n)) ||
				(w.kind == KindNumber && string(got.Text(n)) != string(want.Text(n))) {
				t.Errorf("Parse(%q): node %d differs from the compact text's", spaced, n)
			}
		}
	}
}
