// Command report runs every benchmark and conformance check of the bench
// module and rewrites BENCHMARKS.md at the repository root (`make bench`).
// Every comparison interleaves its contenders round by round and reports
// the median of the per-round ratios with their spread:
//
//   - cmd/rounds: Go decode and validate on three documents, built twice:
//     as is, and with GOEXPERIMENT=jsonv2;
//   - BenchmarkGenerate, one run per process: generation at N definitions,
//     envgen and go-jsonschema alternating;
//   - node node/bench.mjs: the TypeScript validators against ajv, and
//     bundle sizes;
//   - the JSON-Schema-Test-Suite matrix (package matrix).
//
// Run it from bench/: go run ./cmd/report
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/envgen/envgen/bench"
	"github.com/envgen/envgen/bench/matrix"
	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/internal/reference"
)

// Report is everything BENCHMARKS.md says.
type Report struct {
	Machine  Machine
	Settings Settings
	Decode   *bench.RoundsOutput // cmd/rounds as built by default
	DecodeV2 *bench.RoundsOutput // cmd/rounds built with GOEXPERIMENT=jsonv2
	Gen      *GenResult
	Node     *NodeResult
	Matrix   []matrix.Count
	Failed   []string // stages that did not complete, and why
	Skipped  []string // stages left out with -skip
	Took     time.Duration
	CPU      time.Duration     // user+system time of this process and every child it waited for
	Modules  map[string]string // the peers' versions, from bench/go.mod
}

// peers are the Go modules whose versions BENCHMARKS.md names.
var peers = []string{"github.com/goccy/go-json", "github.com/bytedance/sonic", "github.com/santhosh-tekuri/jsonschema/v6",
	"github.com/google/jsonschema-go", "github.com/kaptinlin/jsonschema", "github.com/atombender/go-jsonschema"}

// modules reads the peers' versions from go.mod in the current folder.
func modules() map[string]string {
	data, err := os.ReadFile("go.mod")
	if err != nil {
		return nil
	}
	m := map[string]string{}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && slices.Contains(peers, f[0]) {
			m[f[0]] = f[1]
		} else if len(f) >= 3 && f[0] == "require" && slices.Contains(peers, f[1]) {
			m[f[1]] = f[2]
		}
	}
	return m
}

// Settings are the flags of the run: how many rounds of what.
type Settings struct {
	Rounds, HugeRounds int           // Go decode rounds on the small and large documents, and on the huge one
	TargetMs           int           // Go decode: ms of work per contender per round
	GenRounds          int           // generation rounds at N ≤ 1000
	GenBudget          time.Duration // generation rounds at N > 1000 while they fit
	GenSkip            time.Duration // a generator over this CPU time at one N is skipped at larger N
	GenCap             time.Duration // a generation run is stopped after this much CPU time
	GenWallCap         time.Duration // or after this much wall time
	GenSizes           []int         // the Ns of the generation benchmark (those of BenchmarkGenerate)
	TSRounds, TSMs     int
}

// Machine says where the figures come from.
type Machine struct {
	NProc      int
	GOMAXPROCS int
	CPU        string
	Go         string
	Node       string
	Date       string
	Load       string // /proc/loadavg when the run started
}

// NodeResult is what node/bench.mjs prints.
type NodeResult struct {
	Node    string `json:"node"`
	Ajv     string `json:"ajv"`
	Esbuild string `json:"esbuild"`
	// Load is the 1-minute load average before the rounds and after them: the ratios move with it.
	Load    []float64 `json:"load"`
	Rounds  int       `json:"rounds"`
	RoundMs int       `json:"roundMs"`
	Results []struct {
		Doc           string    `json:"doc"`
		Bytes         int       `json:"bytes"`
		Name          string    `json:"name"`
		OpsPerSec     []float64 `json:"opsPerSec"`
		WallOpsPerSec []float64 `json:"wallOpsPerSec"`
	} `json:"results"`
	Sizes []struct {
		Name     string `json:"name"`
		Minified int    `json:"minified"`
		Gzip     int    `json:"gzip"`
	} `json:"sizes"`
}

// casesDir is where runMatrix writes the cases, "" for nowhere.
var casesDir string

func logf(format string, args ...any) { fmt.Fprintf(os.Stderr, "report: "+format+"\n", args...) }

func main() {
	out := flag.String("o", "../BENCHMARKS.md", "the `FILE` to write")
	var s Settings
	flag.IntVar(&s.Rounds, "rounds", 15, "Go decode: interleaved rounds on the small and large documents")
	flag.IntVar(&s.HugeRounds, "huge-rounds", 7, "Go decode: interleaved rounds on the 5 MB document")
	flag.IntVar(&s.TargetMs, "ms", 100, "Go decode: milliseconds of work per contender per round (at least one decode)")
	flag.IntVar(&s.GenRounds, "gen-rounds", 3, "generation: rounds at N ≤ 1000")
	flag.DurationVar(&s.GenBudget, "gen-budget", 3*time.Minute, "generation: rounds at N > 1000 run while they fit in this (at least one)")
	flag.DurationVar(&s.GenSkip, "gen-skip", 30*time.Second, "generation: a generator whose run takes more CPU time than this is not run at larger N")
	flag.DurationVar(&s.GenCap, "gen-cap", 3*time.Minute, "generation: a run is stopped after this much CPU time")
	flag.DurationVar(&s.GenWallCap, "gen-wall-cap", 20*time.Minute, "generation: a run is stopped after this much wall time")
	sizes := flag.String("gen-sizes", "250,1000,4000,8000", "generation: the `Ns`, comma-separated (each one of BenchmarkGenerate's)")
	flag.IntVar(&s.TSRounds, "ts-rounds", 25, "TypeScript: interleaved rounds")
	flag.IntVar(&s.TSMs, "ts-ms", 200, "TypeScript: milliseconds of CPU time per validator per round")
	raw := flag.String("json", "", "also write every measurement as JSON to `FILE`")
	from := flag.String("from", "", "measure nothing: write the markdown from a -json `FILE` of an earlier run")
	skip := flag.String("skip", "", "comma-separated stages to leave out: decode, jsonv2, generate, node, matrix")
	flag.StringVar(&casesDir, "cases", "", "write every case of the matrix, per generator, as JSON to the folder `DIR`")
	flag.Parse()
	for _, x := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil {
			fmt.Fprintln(os.Stderr, "report: -gen-sizes:", err)
			os.Exit(2)
		}
		s.GenSizes = append(s.GenSizes, n)
	}
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-interrupt
		killChildren()
		os.Exit(130)
	}()
	if *from != "" {
		if err := render(*from, *out); err != nil {
			fmt.Fprintln(os.Stderr, "report:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*out, *raw, s, *skip); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

// render writes the markdown of an earlier run's measurements.
func render(from, out string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return fmt.Errorf("%s: %v", from, err)
	}
	if r.Modules == nil {
		r.Modules = modules()
	}
	return os.WriteFile(out, []byte(r.Markdown()), 0o644)
}

func run(out, raw string, s Settings, skip string) error {
	start := time.Now()
	benchDir, err := filepath.Abs(".")
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(benchDir, "testdata", "bundle.json")); err != nil {
		return fmt.Errorf("run me from bench/: %v", err)
	}
	root := filepath.Dir(benchDir)
	work, err := os.MkdirTemp("", "envgen-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	r := &Report{Machine: machine(), Settings: s, Modules: modules()}
	skipped := map[string]bool{}
	for _, x := range strings.Split(skip, ",") {
		skipped[strings.TrimSpace(x)] = true
	}
	stage := func(name string, f func() error) {
		if skipped[name] {
			r.Skipped = append(r.Skipped, name)
			return
		}
		logf("%s (%v so far)", name, time.Since(start).Round(time.Second))
		if err := f(); err != nil {
			logf("%s failed: %v", name, err)
			r.Failed = append(r.Failed, fmt.Sprintf("%s: %s", name, firstLine(err.Error())))
		}
	}
	stage("decode", func() error {
		r.Decode, err = decodeRounds(benchDir, work, false, s)
		return err
	})
	stage("jsonv2", func() error {
		r.DecodeV2, err = decodeRounds(benchDir, work, true, s)
		return err
	})
	stage("generate", func() error {
		r.Gen, err = generation(benchDir, work, s)
		return err
	})
	stage("node", func() error {
		r.Node, err = nodeBench(benchDir, work, s)
		return err
	})
	stage("matrix", func() error {
		r.Matrix, err = runMatrix(root, benchDir, work)
		return err
	})
	r.Took = time.Since(start).Round(time.Second)
	var self, kids syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) == nil && syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids) == nil {
		r.CPU = time.Duration(self.Utime.Nano() + self.Stime.Nano() + kids.Utime.Nano() + kids.Stime.Nano()).Round(time.Second)
	}
	if raw != "" {
		data, err := json.Marshal(r)
		if err != nil {
			return err
		}
		if err := os.WriteFile(raw, data, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(out, []byte(r.Markdown()), 0o644); err != nil {
		return err
	}
	logf("wrote %s in %v", out, r.Took)
	if len(r.Failed) > 0 {
		return fmt.Errorf("%d stages did not complete: %s", len(r.Failed), strings.Join(r.Failed, "; "))
	}
	return nil
}

func machine() Machine {
	m := Machine{NProc: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0), CPU: "unknown",
		Date: time.Now().UTC().Format("2006-01-02 15:04 UTC")}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		m.Load = strings.Join(strings.Fields(string(data))[:3], " ")
	}
	m.Go = command("go", "version")
	m.Node = command("node", "--version")
	return m
}

func command(name string, args ...string) string {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		return "not found"
	}
	return strings.TrimSpace(string(out))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// decodeRounds builds cmd/rounds (with GOEXPERIMENT=jsonv2 when v2) and
// runs it on the three documents: the small and large ones with
// s.Rounds rounds, the huge one with s.HugeRounds.
func decodeRounds(benchDir, work string, v2 bool, s Settings) (*bench.RoundsOutput, error) {
	bin := filepath.Join(work, "rounds")
	env := os.Environ()
	if v2 {
		bin += "-jsonv2"
		env = append(env, "GOEXPERIMENT=jsonv2")
	}
	build := exec.Command("go", "build", "-o", bin, "./cmd/rounds")
	build.Dir, build.Env, build.Stderr = benchDir, env, os.Stderr
	logf("$ %sgo build -o %s ./cmd/rounds", map[bool]string{true: "GOEXPERIMENT=jsonv2 "}[v2], bin)
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("building cmd/rounds: %v", err)
	}
	var all *bench.RoundsOutput
	for _, part := range []struct {
		docs   string
		rounds int
	}{{"small,large", s.Rounds}, {"huge", s.HugeRounds}} {
		cmd := exec.Command(bin, "-rounds", fmt.Sprint(part.rounds), "-ms", fmt.Sprint(s.TargetMs), "-docs", part.docs)
		cmd.Dir, cmd.Stderr = benchDir, os.Stderr
		var buf strings.Builder
		cmd.Stdout = &buf
		logf("$ %s", strings.Join(cmd.Args, " "))
		if err := runGroup(cmd, 20*time.Minute); err != nil {
			return nil, fmt.Errorf("cmd/rounds -docs %s: %v", part.docs, err)
		}
		var o bench.RoundsOutput
		if err := json.Unmarshal([]byte(buf.String()), &o); err != nil {
			return nil, fmt.Errorf("reading cmd/rounds's output: %v", err)
		}
		if all == nil {
			all = &o
			continue
		}
		all.Docs = append(all.Docs, o.Docs...)
		all.Series = append(all.Series, o.Series...)
	}
	return all, nil
}

// nodeBench generates the TypeScript of testdata/tool.json with envgen,
// builds the canonical npm package (generated/ts, for the bundle a client
// makes) and runs node/bench.mjs over the two reference documents. The
// generated code imports the canonical package, @envgen/envelope, whose
// source is generated/ts/src (what `make generate` wrote).
func nodeBench(benchDir, work string, s Settings) (*NodeResult, error) {
	ts := filepath.Join(work, "ts")
	files, err := gen.Generate(gen.Options{
		Inputs: []string{filepath.Join(benchDir, "testdata", "tool.json"), filepath.Join(benchDir, "testdata", "results.json")},
		TSOut:  ts,
	})
	if err != nil {
		return nil, fmt.Errorf("generating the TypeScript: %v", err)
	}
	for _, f := range files {
		path := filepath.FromSlash(f.Path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(path, f.Content, 0o644); err != nil {
			return nil, err
		}
	}
	pkg := filepath.Join(filepath.Dir(benchDir), "generated", "ts")
	logf("$ npm run build --prefix %s", pkg)
	build := exec.Command("npm", "run", "build", "--prefix", pkg)
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("building @envgen/envelope (npm ci --prefix generated/ts first): %v", err)
	}
	args := []string{"node/bench.mjs", "--ts", ts, "--envelope", filepath.Join(pkg, "src", "index.ts"), "--package", pkg,
		"--schema", "testdata/bundle.json", "--work", filepath.Join(work, "node"),
		"--rounds", fmt.Sprint(s.TSRounds), "--ms", fmt.Sprint(s.TSMs),
		"small=" + filepath.Join("..", "internal", "contract", "testdata", "envelope.json"), "large=testdata/large.json"}
	logf("$ node %s", strings.Join(args, " "))
	cmd := exec.Command("node", args...)
	cmd.Dir = benchDir
	cmd.Stderr = os.Stderr
	var buf strings.Builder
	cmd.Stdout = &buf
	if err := runGroup(cmd, 15*time.Minute); err != nil {
		return nil, fmt.Errorf("node node/bench.mjs: %v", err)
	}
	var res NodeResult
	if err := json.Unmarshal([]byte(buf.String()), &res); err != nil {
		return nil, fmt.Errorf("reading node/bench.mjs's output: %v", err)
	}
	return &res, nil
}

// runMatrix runs the suite through each generator's output and ajv. A
// generator that cannot run at all is reported, and the others still run.
func runMatrix(root, benchDir, work string) ([]matrix.Count, error) {
	suite, err := reference.Path(reference.JSONSchemaTestSuite)
	if err != nil {
		return nil, err
	}
	var counts []matrix.Count
	var failed []string
	for _, g := range []struct {
		name string
		run  func() ([]matrix.Case, error)
	}{
		{"envgen Go", func() ([]matrix.Case, error) {
			return matrix.EnvgenGo(root, suite, filepath.Join(work, "jsts-go"), os.Stderr)
		}},
		{"envgen TypeScript", func() ([]matrix.Case, error) {
			return matrix.EnvgenTS(root, suite, filepath.Join(work, "jsts-ts"), os.Stderr)
		}},
		{"go-jsonschema", func() ([]matrix.Case, error) {
			return matrix.GoJSONSchema(benchDir, suite, filepath.Join(work, "jsts-gjs"), os.Stderr)
		}},
		{"ajv (Ajv2020, reference)", func() ([]matrix.Case, error) { return ajvSuite(benchDir, suite) }},
	} {
		logf("matrix: %s", g.name)
		cases, err := g.run()
		if err != nil {
			logf("matrix: %s failed: %v", g.name, err)
			failed = append(failed, fmt.Sprintf("%s: %s", g.name, firstLine(err.Error())))
			counts = append(counts, matrix.Count{Name: g.name})
			continue
		}
		counts = append(counts, matrix.Sum(g.name, cases))
		if casesDir != "" {
			data, _ := json.MarshalIndent(cases, "", "  ")
			name := strings.NewReplacer(" ", "-", "(", "", ")", "", ",", "").Replace(g.name)
			if err := os.WriteFile(filepath.Join(casesDir, name+".json"), data, 0o644); err != nil {
				return counts, err
			}
		}
	}
	if len(failed) > 0 {
		return counts, fmt.Errorf("%s", strings.Join(failed, "; "))
	}
	return counts, nil
}

func ajvSuite(benchDir, suite string) ([]matrix.Case, error) {
	cmd := exec.Command("node", "node/suite.mjs", suite)
	cmd.Dir = benchDir
	cmd.Stderr = os.Stderr
	data, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node node/suite.mjs: %v", err)
	}
	var cases []matrix.Case
	return cases, json.Unmarshal(data, &cases)
}
