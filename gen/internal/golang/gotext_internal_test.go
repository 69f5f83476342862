package golang

import "testing"

// TestGoTextOneDeclarationAtATime: start while a declaration is being
// written would drop its text, and panics instead; after finish, the next
// declaration starts empty.
func TestGoTextOneDeclarationAtATime(t *testing.T) {
	var w goText
	w.start()
	w.line("type A int")
	func() {
		defer func() {
			if recover() == nil {
				t.Error("start before finish did not panic")
			}
		}()
		w.start()
	}()
	if got := string(w.buf); got != "type A int\n" {
		t.Errorf("the declaration being written became %q", got)
	}
	w.finish()
	w.start()
	w.add("type B int")
	if got := string(w.buf); got != "type B int" {
		t.Errorf("the next declaration starts with %q", got)
	}
}
