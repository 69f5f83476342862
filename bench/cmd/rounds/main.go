// Command rounds times the decode contenders of package bench on the three
// documents in interleaved rounds (bench.Rounds) and prints the samples as
// JSON for cmd/report. Build it twice: as is, and with GOEXPERIMENT=jsonv2,
// where encoding/json runs on json/v2 and json/v2's own contenders join.
//
//	go run ./cmd/rounds -rounds 15 -ms 100 > decode.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/envgen/envgen/bench"
)

func main() {
	rounds := flag.Int("rounds", 15, "interleaved `rounds` per document")
	ms := flag.Int("ms", 100, "milliseconds of work per contender per round (at least one operation)")
	only := flag.String("docs", "small,large,huge", "comma-separated documents to run")
	flag.Parse()
	if err := run(*rounds, time.Duration(*ms)*time.Millisecond, *only); err != nil {
		fmt.Fprintln(os.Stderr, "rounds:", err)
		os.Exit(1)
	}
}

func run(rounds int, target time.Duration, only string) error {
	docs, err := bench.Docs(".")
	if err != nil {
		return err
	}
	cs, err := bench.Contenders(".")
	if err != nil {
		return err
	}
	out := bench.RoundsOutput{Go: runtime.Version(), JSONv2: bench.JSONv2, EnvgenFrom: bench.EnvgenUnmarshalFrom(), GOMAXPROCS: runtime.GOMAXPROCS(0), Rounds: rounds, TargetMs: int(target / time.Millisecond)}
	want := map[string]bool{}
	for _, d := range strings.Split(only, ",") {
		want[d] = true
	}
	for _, d := range docs {
		if !want[d.Name] {
			continue
		}
		out.Docs = append(out.Docs, bench.DocInfo{Name: d.Name, Source: d.Source, Bytes: len(d.Data)})
		var entries []bench.Entry
		for _, c := range cs {
			entries = append(entries, bench.Entry{Name: c.Name, Run: func() error { return c.Decode(d.Data) }})
		}
		var v bench.Envelope
		if err := bench.DecodeEnvgen(d.Data, &v); err != nil {
			return fmt.Errorf("%s: %v", d.Name, err)
		}
		entries = append(entries, bench.Entry{Name: bench.ValidateName, Run: v.Validate})
		start := time.Now()
		fmt.Fprintf(os.Stderr, "rounds: %s (%d bytes), %d contenders, %d rounds\n", d.Name, len(d.Data), len(entries), rounds)
		samples, err := bench.Rounds(entries, rounds, target)
		if err != nil {
			return fmt.Errorf("%s: %v", d.Name, err)
		}
		fmt.Fprintf(os.Stderr, "rounds: %s took %v\n", d.Name, time.Since(start).Round(time.Millisecond))
		for i, c := range cs {
			out.Series = append(out.Series, bench.Series{Doc: d.Name, Name: c.Name, Kind: c.Kind, What: c.What, Samples: samples[i]})
		}
		out.Series = append(out.Series, bench.Series{Doc: d.Name, Name: bench.ValidateName, Kind: "validate",
			What: "envgen's `Validate()` on the value already decoded (no decoding)", Samples: samples[len(cs)]})
	}
	enc := json.NewEncoder(os.Stdout)
	return enc.Encode(out)
}
