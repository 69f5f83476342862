package validate

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLoaderLongestPrefix: of two --ref-map prefixes that both match a URL,
// the longer decides, every time (the map's order once did).
func TestLoaderLongestPrefix(t *testing.T) {
	outer, inner := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(outer, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for dir, title := range map[string]string{filepath.Join(outer, "sub"): "outer", inner: "inner"} {
		if err := os.WriteFile(filepath.Join(dir, "s.json"), []byte(`{"title": "`+title+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l := loader{refMap: map[string]string{"https://x.test/": outer, "https://x.test/sub/": inner}}
	for range 30 {
		doc, err := l.Load("https://x.test/sub/s.json")
		if err != nil {
			t.Fatal(err)
		}
		if got := doc.(map[string]any)["title"]; got != "inner" {
			t.Fatalf("loaded the %v document, want the inner one (the longer prefix)", got)
		}
	}
}
