package bench

import (
	"fmt"
	"runtime"
	"syscall"
	"time"
)

// Entry is one thing to time in the rounds: a function that does one
// operation (one decode of one document, say) and fails if it went wrong.
type Entry struct {
	Name string
	Run  func() error
}

// Sample is one measurement: a batch of N operations, per operation.
type Sample struct {
	N      int     `json:"n"`
	Wall   float64 `json:"wall"`   // wall-clock ns
	CPU    float64 `json:"cpu"`    // user+system CPU ns of the whole process (GC workers included)
	Bytes  float64 `json:"bytes"`  // bytes allocated
	Allocs float64 `json:"allocs"` // heap allocations
}

// CPUNow is the process's user+system CPU time so far.
func CPUNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs e n times from a collected heap, as testing.B does. One
// call before the clock starts refills what the collection emptied (the
// sync.Pools of envgen's runtime and of the peers), as a long testing.B run
// would amortise it: a batch on the 5 MB document is a single decode.
func measure(e Entry, n int) (Sample, error) {
	runtime.GC()
	if err := e.Run(); err != nil {
		return Sample{}, fmt.Errorf("%s: %v", e.Name, err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	c0, w0 := CPUNow(), time.Now()
	for range n {
		if err := e.Run(); err != nil {
			return Sample{}, fmt.Errorf("%s: %v", e.Name, err)
		}
	}
	wall, cpu := time.Since(w0), CPUNow()-c0
	runtime.ReadMemStats(&m1)
	f := float64(n)
	return Sample{N: n, Wall: float64(wall.Nanoseconds()) / f, CPU: float64(cpu.Nanoseconds()) / f,
		Bytes: float64(m1.TotalAlloc-m0.TotalAlloc) / f, Allocs: float64(m1.Mallocs-m0.Mallocs) / f}, nil
}

// Rounds times the entries interleaved: each round runs every entry once,
// a batch of about target's worth of operations (at least one), starting
// at a different entry each round so that no entry always follows the
// same one. A warm-up first sizes each batch. It returns the samples,
// entry by entry, round by round: out[i][r] is entry i in round r.
func Rounds(entries []Entry, rounds int, target time.Duration) ([][]Sample, error) {
	batch := make([]int, len(entries))
	for i, e := range entries {
		if err := e.Run(); err != nil { // the first run may compile or fill caches (sonic does)
			return nil, fmt.Errorf("%s: %v", e.Name, err)
		}
		n := 1
		for {
			s, err := measure(e, n)
			if err != nil {
				return nil, err
			}
			took := s.Wall * float64(n)
			if took >= float64(target)/4 || n >= 1<<30 {
				batch[i] = max(1, int(float64(n)*float64(target)/took))
				break
			}
			n *= 8
		}
	}
	out := make([][]Sample, len(entries))
	for r := range rounds {
		for k := range entries {
			i := (r + k) % len(entries)
			s, err := measure(entries[i], batch[i])
			if err != nil {
				return nil, err
			}
			out[i] = append(out[i], s)
		}
	}
	return out, nil
}

// RoundsOutput is what cmd/rounds prints and cmd/report reads.
type RoundsOutput struct {
	Go     string `json:"go"`
	JSONv2 bool   `json:"jsonv2"`
	// EnvgenFrom: under jsonv2, envgen's type has UnmarshalJSONFrom.
	EnvgenFrom bool      `json:"envgenUnmarshalFrom"`
	GOMAXPROCS int       `json:"gomaxprocs"`
	Rounds     int       `json:"rounds"`
	TargetMs   int       `json:"targetMs"`
	Docs       []DocInfo `json:"docs"`
	Series     []Series  `json:"series"`
}

// DocInfo is one document of a RoundsOutput.
type DocInfo struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Bytes  int    `json:"bytes"`
}

// Series is one contender on one document, round by round.
type Series struct {
	Doc     string   `json:"doc"`
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	What    string   `json:"what"`
	Samples []Sample `json:"samples"`
}

// ValidateName is the series of envgen's Validate() on a value already decoded.
const ValidateName = "envgen Validate()"
