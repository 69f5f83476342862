package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/internal/contract/results"
)

// TestDecode: envgenrt.Decode, the recommended entry point, decodes what
// json.Unmarshal decodes, refuses what it refuses with the same validation
// errors, leaves the value alone when it refuses, and reports text that is
// not JSON as a *envgenrt.SyntaxError.
func TestDecode(t *testing.T) {
	data := reference(t)
	var got, want Envelope
	if err := envgenrt.Decode(data, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if !bytes.Equal(a, b) {
		t.Errorf("Decode gives\n%s\njson.Unmarshal\n%s", a, b)
	}
	broken := bytes.Replace(data, []byte(`"rank":3`), []byte(`"rank":0`), 1)
	kept := got
	errDecode := envgenrt.Decode(broken, &got)
	errUnmarshal := json.Unmarshal(broken, &want)
	var v1, v2 *envgenrt.ValidationError
	if !errors.As(errDecode, &v1) || !errors.As(errUnmarshal, &v2) || v1.Error() != v2.Error() {
		t.Errorf("Decode: %v; json.Unmarshal: %v", errDecode, errUnmarshal)
	}
	if a, _ := json.Marshal(got); !bytes.Equal(a, b) || got.Data != kept.Data {
		t.Error("Decode changed the value it refused")
	}
	var se *envgenrt.SyntaxError
	if err := envgenrt.Decode(data[:len(data)-1], &got); !errors.As(err, &se) {
		t.Errorf("truncated text: %v", err)
	}
}

// TestLinearAtSize: on a 5 MB envelope, Validate allocates nothing and a
// decode allocates less than twice the input (a State from the pool holds
// the parse; the decoded value gets its strings and optional scalars in
// blocks).
func TestLinearAtSize(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes a 5 MB document")
	}
	data := hugeEnvelope(t, 25000)
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // the pool lives through the measurement
	// One P: sync.Pool keeps a State in the private slot of the P that put it,
	// which no other P can take, so a test goroutine moved to the other P
	// between two decodes built a new State (once 3.03x the input, in a plain
	// clone's make test beside other work). The figure is the steady state.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var env Envelope
	if err := envgenrt.Decode(data, &env); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(3, func() {
		if err := env.Validate(); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Validate of a %d-byte value allocates %v times per call", len(data), n)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const runs = 3
	for range runs {
		var env Envelope
		if err := envgenrt.Decode(data, &env); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := float64(after.TotalAlloc-before.TotalAlloc) / runs; per > 2*float64(len(data)) {
		t.Errorf("a decode of %d bytes allocates %.0f bytes (%.2f×)", len(data), per, per/float64(len(data)))
	}
}

// TestDecodedStringsStay: the strings and optional scalars of a decoded value
// share blocks with one another, never with a later decode: decoding other
// documents through the same pooled States leaves them as they were.
func TestDecodedStringsStay(t *testing.T) {
	data := reference(t)
	var first Envelope
	if err := envgenrt.Decode(data, &first); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(first)
	other := bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("docs/ch"), []byte("xxxx/yy")), []byte("About"), []byte("Below"))
	for range 100 {
		var env Envelope
		if err := envgenrt.Decode(other, &env); err != nil {
			t.Fatal(err)
		}
		*env.Data.Hits[0].Snippet = "changed through a pointer"
		*env.Data.Hits[0].SourceFile = "changed/too"
	}
	if got, _ := json.Marshal(first); !bytes.Equal(got, want) {
		t.Errorf("after other decodes:\n%s\nwant\n%s", got, want)
	}
}

// TestDecodeOverwrites: decoding into a value that holds something leaves
// nothing of it behind, at the top and in what the decode creates (new
// slice items and pointer targets skip zeroing them: envgenrt.State.Fresh),
// and a fresh item is not taken for the value DecodeNode is called on next.
func TestDecodeOverwrites(t *testing.T) {
	old := "old"
	var h results.Hit
	h.SourceFile, h.Snippet, h.Rank = &old, &old, 9
	if err := envgenrt.Decode([]byte(`{"chunk_id":1,"score":0.5,"rank":2}`), &h); err != nil {
		t.Fatal(err)
	}
	if h.SourceFile != nil || h.Snippet != nil || h.Rank != 2 || h.ChunkID != 1 || h.Score != 0.5 {
		t.Errorf("a hit decoded over another: %+v", h)
	}
	full, short := reference(t), []byte(`{"success":true,"data":{"hits":[{"chunk_id":7,"score":0.1,"rank":3}]}}`)
	var env, want Envelope
	if err := envgenrt.Decode(full, &env); err != nil {
		t.Fatal(err)
	}
	if err := envgenrt.Decode(short, &env); err != nil {
		t.Fatal(err)
	}
	if err := envgenrt.Decode(short, &want); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(env)
	if w, _ := json.Marshal(want); !bytes.Equal(got, w) {
		t.Errorf("decoded over the reference:\n%s\nwant\n%s", got, w)
	}
	// The hit decoded first, directly by DecodeNode, is not fresh though a
	// decode made fresh ones before.
	s := envgenrt.NewState()
	defer s.Release()
	if err := s.Parse([]byte(`[{"chunk_id":1,"score":0.5,"rank":2}]`)); err != nil {
		t.Fatal(err)
	}
	var hits []results.Hit
	if err := envgenrt.DecodeSlice(s, 0, &hits); err != nil {
		t.Fatal(err)
	}
	h.SourceFile = &old
	if err := h.DecodeNode(s, 1); err != nil || h.SourceFile != nil {
		t.Errorf("DecodeNode after DecodeSlice kept %v (%v)", h.SourceFile, err)
	}
}
