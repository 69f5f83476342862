package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// LargeHits is how many results the large envelope carries (about 104 KB).
const LargeHits = 500

// HugeHits is how many results the huge envelope carries (about 5.2 MB).
// It is made at bench time by Huge, never committed.
const HugeHits = 25000

// Large is the large reference envelope, testdata/large.json (cmd/mklarge
// writes it): the shape of the small one
// (../internal/contract/testdata/envelope.json) with a page of 500 hits, each
// with a source file and a snippet of about a hundred characters.
func Large() []byte { return EnvelopeOf(LargeHits) }

// Huge is the same envelope with 25,000 hits, about 5 MB.
func Huge() []byte { return EnvelopeOf(HugeHits) }

// EnvelopeOf is the large envelope's shape with n hits; the same n always
// gives the same bytes.
func EnvelopeOf(n int) []byte {
	type hit struct {
		ChunkID    int     `json:"chunk_id"`
		Score      float64 `json:"score"`
		Rank       int     `json:"rank"`
		SourceFile string  `json:"source_file"`
		Snippet    string  `json:"snippet"`
	}
	hits := make([]hit, n)
	for i := range hits {
		hits[i] = hit{
			ChunkID:    100000 + i*37,
			Score:      math.Round(float64(n-i)/float64(n+1)*1e4) / 1e4,
			Rank:       i + 1,
			SourceFile: fmt.Sprintf("docs/part_%d/chapter_%02d/section_%03d.md", i%7, i%23, i),
			Snippet: fmt.Sprintf("Result %d: the cursor encodes the offset, page size and mode; "+
				"the server signs it with its key.", i),
		}
	}
	doc := map[string]any{
		"success": true,
		"status":  "ok",
		"data":    map[string]any{"hits": hits, "total": 4200},
		"warnings": []map[string]any{{"code": "STALE_INDEX", "severity": "warning",
			"message": "The index is 2 hours old."}},
		"meta": map[string]any{"request_id": "req-7f3a9c", "pagination": map[string]any{
			"has_more": true, "cursor": "eyJvZmZzZXQiOjUwMH0", "page_size": n}},
	}
	data, err := json.Marshal(doc)
	if err != nil {
		panic(err) // maps and structs of strings and numbers always marshal
	}
	return data
}

// Doc is one document of the decode comparisons.
type Doc struct {
	Name   string // small, large, huge
	Source string // where it comes from, for BENCHMARKS.md
	Data   []byte
}

// Docs reads the small and large references and makes the huge one. dir
// is the bench module's folder.
func Docs(dir string) ([]Doc, error) {
	var docs []Doc
	for _, d := range []struct{ name, path string }{
		{"small", "../internal/contract/testdata/envelope.json"},
		{"large", "testdata/large.json"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, d.path))
		if err != nil {
			return nil, err
		}
		docs = append(docs, Doc{d.name, d.path, bytes.TrimSpace(data)})
	}
	return append(docs, Doc{"huge", fmt.Sprintf("bench.Huge(): %d hits, made at bench time", HugeHits), Huge()}), nil
}
