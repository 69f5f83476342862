package validate

import (
	"os"
	"path/filepath"
	"strings"
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

// TestLoaderWording: a document the loader reads by --ref-map that is not
// there, or not JSON, is named by its file in envgen's words, not in the os
// package's ("open …: no such file or directory") or encoding/json's.
func TestLoaderWording(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte("{\"a\": 1,\n \xff}"), 0o644); err != nil {
		t.Fatal(err)
	}
	l := loader{refMap: map[string]string{"https://x.test/": dir}}
	for u, want := range map[string]string{
		"https://x.test/missing.json": filepath.ToSlash(filepath.Join(dir, "missing.json")) + "#: cannot read: no such file or folder",
		"https://x.test/bad.json":     filepath.ToSlash(filepath.Join(dir, "bad.json")) + "#: invalid JSON at line 2, column 2: invalid UTF-8 (byte 0xff)",
	} {
		_, err := l.Load(u)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %s…", u, err, want)
		}
	}
}
