package golang

import (
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestIsTrue: the literal true is recognised however jennifer wraps it, and
// nothing else is (failIf drops the condition only for true).
func TestIsTrue(t *testing.T) {
	for _, c := range []struct {
		code jen.Code
		want bool
	}{
		{jen.True(), true},
		{jen.Add(jen.True()), true},
		{jen.Add(jen.Add(jen.True())), true},
		{jen.False(), false},
		{jen.Id("ok"), false},
		{jen.True().Op("&&").Id("ok"), false},
		{jen.Op("!").True(), false},
		{jen.Null(), false},
	} {
		if got := isTrue(c.code); got != c.want {
			t.Errorf("isTrue(%#v) = %v, want %v", c.code, got, c.want)
		}
	}
}
