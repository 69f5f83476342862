// Command report runs every benchmark and conformance check of the bench
// module and rewrites BENCHMARKS.md at the repository root (`make bench`):
//
//   - go test -bench Decode|Validate -count N: decode and validate, in Go;
//   - go test -bench Generate: generation at 250 and 1000 definitions with
//     -count N, and at 4000 one run at a time under a time limit;
//   - node node/bench.mjs: the TypeScript validators against ajv, and sizes;
//   - the JSON-Schema-Test-Suite matrix (package matrix).
//
// Every figure is a median over the runs, set beside its peer's from the
// same run. Run it from bench/: go run ./cmd/report
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
	"strings"
	"syscall"
	"time"

	"github.com/envgen/envgen/bench/matrix"
	"github.com/envgen/envgen/gen"
	"github.com/envgen/envgen/internal/reference"
)

// Report is everything BENCHMARKS.md says.
type Report struct {
	Machine  Machine
	Count    int
	Decode   Bench           // BenchmarkDecode and BenchmarkValidate
	Generate Bench           // BenchmarkGenerate
	Capped   map[string]bool // generators stopped by Limit at the largest size
	Limit    time.Duration
	Largest  int
	Small    []int
	Node     *NodeResult
	Matrix   []matrix.Count
	Failed   []string // stages that did not complete, and why
	Skipped  []string // stages left out with -skip
	Took     time.Duration
}

// Machine says where the figures come from.
type Machine struct {
	NProc      int
	GOMAXPROCS int
	CPU        string
	Go         string
	Node       string
	Date       string
}

// NodeResult is what node/bench.mjs prints.
type NodeResult struct {
	Node    string `json:"node"`
	Ajv     string `json:"ajv"`
	Esbuild string `json:"esbuild"`
	Rounds  int    `json:"rounds"`
	RoundMs int    `json:"roundMs"`
	Results []struct {
		Doc       string    `json:"doc"`
		Bytes     int       `json:"bytes"`
		Name      string    `json:"name"`
		OpsPerSec []float64 `json:"opsPerSec"`
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
	count := flag.Int("count", 5, "runs per benchmark (go test -count, node rounds)")
	limit := flag.Duration("limit", 3*time.Minute, "time limit of one generation run at the largest size")
	budget := flag.Duration("budget", 5*time.Minute, "time for the rounds at the largest size; at least one round runs")
	skip := flag.String("skip", "", "comma-separated stages to leave out: decode, generate, node, matrix")
	flag.StringVar(&casesDir, "cases", "", "write every case of the matrix, per generator, as JSON to the folder `DIR`")
	flag.Parse()
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-interrupt
		killChildren()
		os.Exit(130)
	}()
	if err := run(*out, *count, *limit, *budget, *skip); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func run(out string, count int, limit, budget time.Duration, skip string) error {
	start := time.Now()
	bench, err := filepath.Abs(".")
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(bench, "testdata", "bundle.json")); err != nil {
		return fmt.Errorf("run me from bench/: %v", err)
	}
	root := filepath.Dir(bench)
	work, err := os.MkdirTemp("", "envgen-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	r := &Report{Machine: machine(), Count: count, Decode: Bench{}, Generate: Bench{}, Limit: limit,
		Largest: 4000, Small: []int{250, 1000}}
	skipped := map[string]bool{}
	for _, s := range strings.Split(skip, ",") {
		skipped[strings.TrimSpace(s)] = true
	}
	stage := func(name string, f func() error) {
		if skipped[name] {
			r.Skipped = append(r.Skipped, name)
			return
		}
		logf("%s", name)
		if err := f(); err != nil {
			logf("%s failed: %v", name, err)
			r.Failed = append(r.Failed, fmt.Sprintf("%s: %s", name, firstLine(err.Error())))
		}
	}
	cnt := fmt.Sprint(count)
	stage("decode", func() error {
		return goTest(bench, r.Decode, 20*time.Minute, "^Benchmark(Decode|Validate)$", "-count", cnt, "-timeout", "20m")
	})
	stage("generate", func() error {
		r.Capped, err = generation(bench, r.Generate, count, r.Largest, limit, budget, r.Small)
		return err
	})
	stage("node", func() error {
		r.Node, err = nodeBench(bench, work, count)
		return err
	})
	stage("matrix", func() error {
		r.Matrix, err = runMatrix(root, bench, work)
		return err
	})
	r.Took = time.Since(start).Round(time.Second)
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
		Date: time.Now().UTC().Format("2006-01-02")}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
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

// nodeBench generates the TypeScript of testdata/tool.json with envgen and
// runs node/bench.mjs over the two reference documents. The generated code
// imports the canonical package, @envgen/envelope, whose source is
// generated/ts/src (what `make generate` wrote).
func nodeBench(bench, work string, count int) (*NodeResult, error) {
	ts := filepath.Join(work, "ts")
	files, err := gen.Generate(gen.Options{
		Inputs: []string{filepath.Join(bench, "testdata", "tool.json"), filepath.Join(bench, "testdata", "results.json")},
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
	envelope := filepath.Join(filepath.Dir(bench), "generated", "ts", "src", "index.ts")
	args := []string{"node/bench.mjs", "--ts", ts, "--envelope", envelope, "--schema", "testdata/bundle.json", "--work", filepath.Join(work, "node"),
		"--rounds", fmt.Sprint(max(count, 7)),
		"small=" + filepath.Join("..", "internal", "contract", "testdata", "envelope.json"), "large=testdata/large.json"}
	logf("$ node %s", strings.Join(args, " "))
	cmd := exec.Command("node", args...)
	cmd.Dir = bench
	cmd.Stderr = os.Stderr
	data, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node node/bench.mjs: %v", err)
	}
	var res NodeResult
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, fmt.Errorf("reading node/bench.mjs's output: %v", err)
	}
	return &res, nil
}

// runMatrix runs the suite through each generator's output and ajv. A
// generator that cannot run at all is reported, and the others still run.
func runMatrix(root, bench, work string) ([]matrix.Count, error) {
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
			return matrix.GoJSONSchema(bench, suite, filepath.Join(work, "jsts-gjs"), os.Stderr)
		}},
		{"ajv (Ajv2020, reference)", func() ([]matrix.Case, error) { return ajvSuite(bench, suite) }},
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

func ajvSuite(bench, suite string) ([]matrix.Case, error) {
	cmd := exec.Command("node", "node/suite.mjs", suite)
	cmd.Dir = bench
	cmd.Stderr = os.Stderr
	data, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node node/suite.mjs: %v", err)
	}
	var cases []matrix.Case
	return cases, json.Unmarshal(data, &cases)
}
