package contract

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/envgen/envgen/envgenrt"
)

// The documents of the speed comparison: the reference envelope (1.2 KB), the
// large one of bench/ (104 KB, 500 hits) and a huge one of the same shape
// (about 5 MB, 25,000 hits) made here.
func speedDocs(tb testing.TB) []struct {
	name string
	data []byte
} {
	tb.Helper()
	large, err := os.ReadFile("../../bench/testdata/large.json")
	if err != nil {
		tb.Fatal(err)
	}
	return []struct {
		name string
		data []byte
	}{{"1.2KB", reference(tb)}, {"104KB", large}, {"5MB", hugeEnvelope(tb, 25000)}}
}

// hugeEnvelope is an envelope like bench/testdata/large.json with hits hits.
func hugeEnvelope(tb testing.TB, hits int) []byte {
	tb.Helper()
	var b strings.Builder
	b.WriteString(`{"data":{"hits":[`)
	for i := range hits {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"chunk_id":%d,"score":%v,"rank":%d,"source_file":"docs/part_%d/chapter_%02d/section_%03d.md",`+
			`"snippet":"Result %d: the cursor encodes the offset, page size and mode; the server signs it with its key."}`,
			100000+i*37, math.Round(float64(hits-i)/float64(hits+1)*1e4)/1e4, i+1, i%7, i%23, i, i)
	}
	fmt.Fprintf(&b, `],"total":4200},"meta":{"pagination":{"cursor":"eyJvZmZzZXQiOjUwMH0","has_more":true,"page_size":%d},`+
		`"request_id":"req-7f3a9c"},"status":"ok","success":true,"warnings":[{"code":"STALE_INDEX","message":"The index is 2 hours old.","severity":"warning"}]}`, hits)
	data := []byte(b.String())
	var env Envelope
	if err := env.UnmarshalJSON(data); err != nil {
		tb.Fatal(err)
	}
	return data
}

func BenchmarkSpeedDirect(b *testing.B) {
	for _, doc := range speedDocs(b) {
		b.Run(doc.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.data)))
			b.ReportAllocs()
			for b.Loop() {
				var env Envelope
				if err := envgenrt.Decode(doc.data, &env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
