package serve_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/envgen/envgen/serve"
)

// TestTokensCalibrated compares serve.Tokens with the o200k counts of the
// example and seed envelopes, measured by a real tokenizer (js-tiktoken, in
// e2e/src/tokens.test.ts, which checks testdata/o200k.json): every document
// of 20 tokens or more within 10%, the whole corpus within 3%.
func TestTokensCalibrated(t *testing.T) {
	b, err := os.ReadFile("testdata/o200k.json")
	if err != nil {
		t.Fatal(err)
	}
	var counts map[string]int64
	if err := json.Unmarshal(b, &counts); err != nil {
		t.Fatal(err)
	}
	if len(counts) < 100 {
		t.Fatalf("only %d documents", len(counts))
	}
	var sumEst, sumReal, sumBytes int64
	for _, file := range slices.Sorted(func(yield func(string) bool) {
		for k := range counts {
			if !yield(k) {
				return
			}
		}
	}) {
		raw, err := os.ReadFile(filepath.Join("..", file))
		if err != nil {
			t.Fatal(err)
		}
		var c bytes.Buffer
		if err := json.Compact(&c, raw); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		real, est := counts[file], serve.Tokens(c.Bytes())
		sumEst, sumReal, sumBytes = sumEst+est, sumReal+real, sumBytes+int64(c.Len())
		if real >= 20 && abs(est-real)*10 > real {
			t.Errorf("%s: estimated %d tokens, o200k counts %d", file, est, real)
		}
	}
	if abs(sumEst-sumReal)*100 > 3*sumReal {
		t.Errorf("the corpus: estimated %d tokens, o200k counts %d", sumEst, sumReal)
	}
	t.Logf("%d documents: estimated %d tokens, o200k %d, ceil(bytes/4) %d", len(counts), sumEst, sumReal, (sumBytes+3)/4)
}

func abs(n int64) int64 { return max(n, -n) }
