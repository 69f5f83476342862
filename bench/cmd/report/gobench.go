package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Runs holds the measurements of one benchmark, one map per run: unit
// ("ns/op", "B/op", "allocs/op", "MB/s") to value.
type Runs []map[string]float64

// Median is the median of a unit over the runs, and false when there is none.
func (r Runs) Median(unit string) (float64, bool) {
	var xs []float64
	for _, m := range r {
		if v, ok := m[unit]; ok {
			xs = append(xs, v)
		}
	}
	if len(xs) == 0 {
		return 0, false
	}
	return median(xs), true
}

// Bench maps a benchmark name (without the -GOMAXPROCS suffix) to its runs.
type Bench map[string]Runs

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+(.*)$`)

// parseBench reads the standard output of go test -bench.
func parseBench(out string, into Bench) {
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		fields := strings.Fields(m[2])
		run := map[string]float64{}
		for i := 0; i+1 < len(fields); i += 2 {
			if v, err := strconv.ParseFloat(fields[i], 64); err == nil {
				run[fields[i+1]] = v
			}
		}
		into[m[1]] = append(into[m[1]], run)
	}
}

// errTimeout is a run stopped at its time limit.
var errTimeout = errors.New("timed out")

// children are the process groups running now, for interrupt.
var (
	childMu  sync.Mutex
	children = map[int]bool{}
)

// runGroup runs cmd in a new process group, killed whole after timeout.
func runGroup(cmd *exec.Cmd, timeout time.Duration) error { return runGroupCPU(cmd, timeout, 0) }

// runGroupCPU is runGroup that also kills the group once cmd's process has
// used more than cpuLimit of CPU time (0: no such limit); on a shared
// machine a run's CPU time says more about the run than the wall clock.
func runGroupCPU(cmd *exec.Cmd, timeout, cpuLimit time.Duration) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	pgid := cmd.Process.Pid
	childMu.Lock()
	children[pgid] = true
	childMu.Unlock()
	var timedOut atomic.Bool
	timer := time.AfterFunc(timeout, func() {
		timedOut.Store(true)
		syscall.Kill(-pgid, syscall.SIGKILL)
	})
	done := make(chan struct{})
	if cpuLimit > 0 {
		go func() {
			tick := time.NewTicker(500 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					if c, ok := procCPU(pgid); ok && c > cpuLimit {
						timedOut.Store(true)
						syscall.Kill(-pgid, syscall.SIGKILL)
						return
					}
				}
			}
		}()
	}
	err := cmd.Wait()
	close(done)
	timer.Stop()
	childMu.Lock()
	delete(children, pgid)
	childMu.Unlock()
	if timedOut.Load() {
		return errTimeout
	}
	return err
}

// procCPU is the user+system time of a running process so far, from
// /proc/PID/stat (fields 14 and 15, in clock ticks of 1/100 s on Linux).
func procCPU(pid int) (time.Duration, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(data)[i+1:]) // f[0] is field 3
	if len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(u+st) * 10 * time.Millisecond, true
}

// killChildren ends every process group runGroup started; on interrupt.
func killChildren() {
	childMu.Lock()
	defer childMu.Unlock()
	for pgid := range children {
		syscall.Kill(-pgid, syscall.SIGKILL)
	}
}

type teeWriter struct{ b *strings.Builder }

func (t *teeWriter) Write(p []byte) (int, error) {
	os.Stderr.Write(p)
	return t.b.Write(p)
}

// GenRun is one generation run: one generator, one N, one process.
type GenRun struct {
	Gen     string
	N       int
	Round   int
	Wall    float64 // ns
	CPU     float64 // ns of user+system time of the process during the run
	Alloc   float64 // bytes allocated
	GoBytes float64 // bytes of Go written
	Killed  bool    // stopped at the cap
	// Base marks envgen's run at N=1000 at the start of a round of the larger
	// Ns: the base of that round's growth ratios, measured minutes apart from
	// the rounds at N ≤ 1000 and so kept out of their figures.
	Base bool
}

// GenResult is the generation benchmark.
type GenResult struct {
	Sizes      []int
	Generators []string
	Runs       []GenRun
	SkipFrom   map[string]int // a generator not run past this N, because a run there took over Settings.GenSkip
	BigRounds  int            // rounds run at N > 1000
}

// generation builds the bench test binary once and runs BenchmarkGenerate
// from it one run per process (-benchtime 1x), envgen and go-jsonschema
// alternating at each N, round by round: s.GenRounds rounds at N ≤ 1000,
// then rounds at the larger N while they fit in s.GenBudget (at least
// minBigRounds). A generator whose run at some N takes more than s.GenSkip of
// CPU time, or is stopped at s.GenCap, is not run at larger N, nor again at
// that N. Each round of the larger Ns starts with a run of envgen at N=1000,
// so that its growth is a ratio within one round, as every other figure is.
func generation(benchDir, work string, s Settings) (*GenResult, error) {
	bin := filepath.Join(work, "bench.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Dir, build.Stderr = benchDir, os.Stderr
	logf("$ go test -c -o %s .", bin)
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("building the bench test binary: %v", err)
	}
	res := &GenResult{Sizes: s.GenSizes, Generators: []string{"envgen", "go-jsonschema"}, SkipFrom: map[string]int{}}
	one := func(g string, n, round int, base bool) error {
		if from, ok := res.SkipFrom[g]; ok && (n > from || n == from && !base) {
			return nil
		}
		pattern := fmt.Sprintf("^BenchmarkGenerate$/^%s$/^defs=%d$", g, n)
		cmd := exec.Command(bin, "-test.run", "^$", "-test.bench", pattern, "-test.benchmem", "-test.benchtime", "1x")
		cmd.Dir = benchDir
		var buf strings.Builder
		cmd.Stdout, cmd.Stderr = &teeWriter{&buf}, os.Stderr
		logf("generate: round %d, %s, N=%d", round+1, g, n)
		err := runGroupCPU(cmd, s.GenWallCap, s.GenCap)
		if errors.Is(err, errTimeout) {
			res.Runs = append(res.Runs, GenRun{Gen: g, N: n, Round: round, Killed: true, Base: base})
			if !base {
				res.SkipFrom[g] = n
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s at N=%d: %v", g, n, err)
		}
		b := Bench{}
		parseBench(buf.String(), b)
		runs := b[fmt.Sprintf("BenchmarkGenerate/%s/defs=%d", g, n)]
		if len(runs) != 1 {
			return fmt.Errorf("%s at N=%d: no benchmark line in its output", g, n)
		}
		m := runs[0]
		run := GenRun{Gen: g, N: n, Round: round, Wall: m["ns/op"], CPU: m["cpu-ns/op"], Alloc: m["B/op"], GoBytes: m["Go-bytes"], Base: base}
		res.Runs = append(res.Runs, run)
		if !base && run.CPU > float64(s.GenSkip.Nanoseconds()) {
			res.SkipFrom[g] = n
		}
		return nil
	}
	// roundOf runs a round of sizes; a round of the larger Ns (big) starts
	// with envgen's base run at N=1000.
	roundOf := func(sizes []int, round int, big bool) error {
		if big {
			if err := one("envgen", 1000, round, true); err != nil {
				return err
			}
		}
		for _, n := range sizes {
			gens := res.Generators
			if round%2 == 1 {
				gens = []string{gens[1], gens[0]}
			}
			for _, g := range gens {
				if err := one(g, n, round, false); err != nil {
					return err
				}
			}
		}
		return nil
	}
	var small, big []int
	for _, n := range s.GenSizes {
		if n <= 1000 {
			small = append(small, n)
		} else {
			big = append(big, n)
		}
	}
	for round := range s.GenRounds {
		if err := roundOf(small, round, false); err != nil {
			return res, err
		}
	}
	start := time.Now()
	for round := 0; len(big) > 0; round++ {
		roundStart := time.Now()
		if err := roundOf(big, round, true); err != nil {
			return res, err
		}
		res.BigRounds++
		if res.BigRounds >= minBigRounds && time.Since(start)+time.Since(roundStart) > s.GenBudget {
			break
		}
	}
	return res, nil
}

// minBigRounds is how many rounds of the larger Ns run even past the budget:
// enough for a median of envgen's growth (a generator past s.GenSkip runs
// there once, so the later rounds are envgen's alone and short).
const minBigRounds = 3

// growth is, round by round, a generator's CPU time at N ÷ its base run at
// N=1000 of the same round (envgen's only: see GenRun.Base).
func (g *GenResult) growth(gen string, n int) []float64 {
	return ratios(roundCPU(g.runs(gen, n)), roundCPU(g.bases(gen)))
}

func (g *GenResult) bases(gen string) []GenRun {
	var out []GenRun
	for _, r := range g.Runs {
		if r.Gen == gen && r.Base && !r.Killed {
			out = append(out, r)
		}
	}
	return out
}

// runs are the measured runs of a generator at N, in round order (not the
// base runs of the larger Ns' rounds).
func (g *GenResult) runs(gen string, n int) []GenRun {
	var out []GenRun
	for _, r := range g.Runs {
		if r.Gen == gen && r.N == n && !r.Killed && !r.Base {
			out = append(out, r)
		}
	}
	return out
}

func (g *GenResult) killed(gen string, n int) bool {
	for _, r := range g.Runs {
		if r.Gen == gen && r.N == n && r.Killed && !r.Base {
			return true
		}
	}
	return false
}
