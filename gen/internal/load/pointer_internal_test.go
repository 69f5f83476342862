package load

import (
	"net/url"
	"strings"
	"testing"
)

// TestEncodePointerShortcut holds encodePointer's shortcut to the escaping it
// skips: every byte it passes, url.PathEscape keeps.
func TestEncodePointerShortcut(t *testing.T) {
	passed := 0
	for c := range 256 {
		ptr := "/$defs/a" + string([]byte{byte(c)}) + "b/properties/x"
		if !pathSafe(ptr) {
			continue
		}
		passed++
		toks := strings.Split(ptr, "/")
		for i, tok := range toks {
			toks[i] = url.PathEscape(tok)
		}
		if want := strings.Join(toks, "/"); encodePointer(ptr) != want {
			t.Errorf("encodePointer(%q) = %q, url.PathEscape gives %q", ptr, encodePointer(ptr), want)
		}
	}
	if passed != 26+26+10+6 {
		t.Errorf("the shortcut took %d bytes, want the letters, digits and -._~$/", passed)
	}
	if got := encodePointer("/$defs/a b/x%y"); got != "/$defs/a%20b/x%25y" {
		t.Errorf("encodePointer escapes %q", got)
	}
}
