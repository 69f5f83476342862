package golang_test

import (
	"path/filepath"
	"testing"

	"github.com/envgen/envgen/gen/internal/gentest"
	"github.com/envgen/envgen/gen/internal/golang"
)

// TestRenderBodyMatchesJennifer renders the Go of every golden case, the
// canonical schemas, the dialects and a synthetic schema of every kind of
// definition the benchmark uses, with every file written both by
// renderBody and by jennifer's File.Render; a difference, or a file
// renderBody cannot write, fails the generation. What it compares is the
// jennifer trees (constants, check functions, validators), the import
// blocks and where each declaration goes: the declarations and methods
// written as Go text (gotext.go) are one jen.Op token that both print as it
// is, so their text is held by the goldens, not by this test.
func TestRenderBodyMatchesJennifer(t *testing.T) {
	stats := golang.CheckRenderBody()
	if _, ok := stats(); !ok {
		t.Fatal("renderBody's mirrors do not match jennifer's types: every file goes through File.Render")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	// 120 definitions: files of several chunks
	gentest.GenerateAllGo(t, root, "renderBody", gentest.Synthetic(t, 120))
	if n, _ := stats(); n < 100 {
		t.Errorf("only %d files compared", n)
	}
}
