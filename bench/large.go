package bench

import (
	"encoding/json"
	"fmt"
	"math"
)

// LargeHits is how many results the large envelope carries.
const LargeHits = 500

// Large is the large reference envelope: the shape of the small one
// (../internal/contract/testdata/envelope.json) with a page of 500 hits, each
// with a source file and a snippet of about a hundred characters, so about
// 100 KB. It is testdata/large.json (cmd/mklarge writes it).
func Large() []byte {
	type hit struct {
		ChunkID    int     `json:"chunk_id"`
		Score      float64 `json:"score"`
		Rank       int     `json:"rank"`
		SourceFile string  `json:"source_file"`
		Snippet    string  `json:"snippet"`
	}
	hits := make([]hit, LargeHits)
	for i := range hits {
		hits[i] = hit{
			ChunkID:    100000 + i*37,
			Score:      math.Round(float64(LargeHits-i)/float64(LargeHits+1)*1e4) / 1e4,
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
			"has_more": true, "cursor": "eyJvZmZzZXQiOjUwMH0", "page_size": LargeHits}},
	}
	data, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return data
}
