package model

import "testing"

func TestImportPackage(t *testing.T) {
	for _, tt := range []struct {
		imp  Import
		want string
	}{
		{Import{GoPath: "github.com/envgen/envgen/generated/go/envelope"}, "envelope"},
		{Import{GoPath: "example.com/lib/v2"}, "lib"},
		{Import{GoPath: "example.com/go-lib"}, "lib"},
		{Import{GoPath: "example.com/my-lib.v1"}, "my_lib_v1"},
		{Import{GoPath: "example.com/x", GoPackage: "y"}, "y"},
		{Import{GoPath: "example.com/1x"}, "imported"},
	} {
		if got := tt.imp.Package(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.imp.GoPath, got, tt.want)
		}
	}
}
