package dialects

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/envgen/envgen/gen"
)

// TestGeneratedIsCurrent fails when generated/go/dialects or
// generated/ts-dialects is not what `make generate` writes from the dialect
// schemas, as `envgen check` would.
func TestGeneratedIsCurrent(t *testing.T) {
	for folder := range folders {
		goOut := filepath.Join("..", "generated", "go", "dialects", folder)
		tsOut := filepath.Join("..", "generated", "ts-dialects", folder)
		files, err := gen.Generate(gen.Options{Inputs: []string{folder}, GoOut: goOut, GoPackage: folder, TSOut: tsOut, AssertFormat: true}) // as make generate
		if err != nil {
			t.Fatalf("%s: %v", folder, err)
		}
		want := map[string]bool{}
		for _, f := range files {
			want[filepath.FromSlash(f.Path)] = true
			got, err := os.ReadFile(filepath.FromSlash(f.Path))
			if err != nil || !bytes.Equal(got, f.Content) {
				t.Errorf("%s is not what dialects/%s produces: run `make generate`", f.Path, folder)
			}
		}
		onDisk, _ := filepath.Glob(filepath.Join(goOut, "*.go"))
		ts, _ := filepath.Glob(filepath.Join(tsOut, "*.ts"))
		for _, p := range append(onDisk, ts...) {
			if !want[p] {
				t.Errorf("%s is no longer produced by dialects/%s: run `make generate`", p, folder)
			}
		}
	}
}
