package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
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

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
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

// goTest runs go test -run '^$' -bench PATTERN with the arguments in the
// bench module, echoes its output to stderr and parses it into into. go
// test's -timeout does not cover benchmarks, so the run, in a process group
// of its own, is killed whole when it takes longer than timeout.
func goTest(dir string, into Bench, timeout time.Duration, pattern string, args ...string) error {
	argv := append([]string{"test", "-run", "^$", "-bench", pattern, "-benchmem"}, args...)
	argv = append(argv, ".")
	logf("$ go %s   (stopped after %v)", strings.Join(quoteAll(argv), " "), timeout)
	cmd := exec.Command("go", argv...)
	cmd.Dir = dir
	var buf strings.Builder
	cmd.Stdout = &teeWriter{&buf}
	cmd.Stderr = os.Stderr
	err := runGroup(cmd, timeout)
	parseBench(buf.String(), into)
	if errors.Is(err, errTimeout) {
		return err
	}
	if err != nil {
		return fmt.Errorf("go test -bench %s: %v", pattern, err)
	}
	return nil
}

// children are the process groups running now, for interrupt.
var (
	childMu  sync.Mutex
	children = map[int]bool{}
)

// runGroup runs cmd in a new process group, killed whole after timeout.
func runGroup(cmd *exec.Cmd, timeout time.Duration) error {
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
	err := cmd.Wait()
	timer.Stop()
	childMu.Lock()
	delete(children, pgid)
	childMu.Unlock()
	if timedOut.Load() {
		return errTimeout
	}
	return err
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

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, "^$|()*") {
			a = "'" + a + "'"
		}
		out[i] = a
	}
	return out
}

// generation runs BenchmarkGenerate: the sizes up to 1000 with -count, all
// in one go test; the largest size one run at a time, each generator under
// cap, in rounds while the rounds fit in budget. It returns the generators
// (by name) whose largest run was stopped by the cap.
func generation(dir string, into Bench, count int, largest int, limit, budget time.Duration, small []int) (capped map[string]bool, err error) {
	var sizes []string
	for _, n := range small {
		sizes = append(sizes, strconv.Itoa(n))
	}
	pattern := fmt.Sprintf("^BenchmarkGenerate$/./^defs=(%s)$", strings.Join(sizes, "|"))
	if err := goTest(dir, into, 30*time.Minute, pattern, "-count", strconv.Itoa(count), "-timeout", "30m"); err != nil {
		return nil, err
	}
	capped = map[string]bool{}
	start := time.Now()
	for round := 0; round < count; round++ {
		roundStart := time.Now()
		ran := false
		for _, g := range []string{"envgen", "go-jsonschema"} {
			if capped[g] {
				continue
			}
			ran = true
			p := fmt.Sprintf("^BenchmarkGenerate$/^%s$/^defs=%d$", g, largest)
			switch err := goTest(dir, into, limit, p, "-benchtime", "1x", "-count", "1", "-timeout", "30m"); {
			case errors.Is(err, errTimeout):
				capped[g] = true
			case err != nil:
				return nil, err
			}
		}
		took := time.Since(roundStart)
		if !ran || time.Since(start)+took > budget {
			break
		}
	}
	return capped, nil
}
