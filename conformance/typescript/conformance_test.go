package tsconformance

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/envgen/envgen/internal/reference"
)

var update = flag.Bool("update", false, "rewrite baseline.json with the cases that do not pass")

// TestSuite runs the suite and fails on a case that is not in baseline.json
// and does not pass. It writes the outcome of every case to
// reports/draft2020-12.json and a table per file to reports/summary.txt.
func TestSuite(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	suite := reference.Require(t, reference.JSONSchemaTestSuite)
	tsc := filepath.Join(root, "generated", "ts", "node_modules", ".bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		t.Fatalf("no TypeScript compiler at %s: run `npm ci --prefix generated/ts` first", tsc)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("no node on PATH: %v", err)
	}
	cases, err := Run(Options{Suite: suite, TSC: tsc, Node: node, Work: t.TempDir(), Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	summary := Summary(cases)
	t.Log("\n" + summary)
	report, _ := json.MarshalIndent(cases, "", "  ")
	_ = os.MkdirAll("reports", 0o755)
	_ = os.WriteFile(filepath.Join("reports", "draft2020-12.json"), append(report, '\n'), 0o644)
	_ = os.WriteFile(filepath.Join("reports", "summary.txt"), []byte(summary), 0o644)

	if *update {
		data, err := json.MarshalIndent(NewBaseline(cases), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("baseline.json", append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	base, err := ReadBaseline("baseline.json")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, e := range base.Cases {
		known[e.key()] = true
	}
	var fixed []string
	for _, c := range cases {
		switch {
		case !c.Pass && !known[c.key()]:
			t.Errorf("regression: %s %q / %q: %s", c.key(), c.GroupDescription, c.Description, c.Reason)
		case c.Pass && known[c.key()]:
			fixed = append(fixed, c.key())
		}
	}
	if len(fixed) > 0 {
		t.Logf("%d cases in baseline.json pass now (rewrite it with go test ./conformance/typescript -update): %s",
			len(fixed), strings.Join(fixed, ", "))
	}
}

type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Baseline lists every case that does not pass, with why. It is checked in
// as baseline.json; a failure that is not in it is a regression.
type Baseline struct {
	Note  string  `json:"note"`
	Cases []Entry `json:"cases"`
}

// Entry is one case that does not pass.
type Entry struct {
	File             string `json:"file"`
	Group            int    `json:"group"`
	Test             int    `json:"test"`
	GroupDescription string `json:"groupDescription"`
	Description      string `json:"description"`
	Reason           string `json:"reason"`
}

func (e Entry) key() string { return fmt.Sprintf("%s/%d/%d", e.File, e.Group, e.Test) }

// NewBaseline is the baseline the cases would have.
func NewBaseline(cases []Case) Baseline {
	b := Baseline{Note: "Cases of JSON-Schema-Test-Suite (tests/draft2020-12, required files) that the generated " +
		"TypeScript does not pass, with why. Rewrite with `go test ./conformance/typescript -update` after reading the diff."}
	b.Cases = []Entry{}
	for _, c := range cases {
		if !c.Pass {
			b.Cases = append(b.Cases, Entry{c.File, c.Group, c.Test, c.GroupDescription, c.Description, c.Reason})
		}
	}
	return b
}

// ReadBaseline reads a baseline file.
func ReadBaseline(path string) (Baseline, error) {
	var b Baseline
	data, err := os.ReadFile(path)
	if err != nil {
		return b, err
	}
	err = json.Unmarshal(data, &b)
	return b, err
}

// Summary is a table of passed and failed cases per file, and the total.
func Summary(cases []Case) string {
	type count struct{ pass, fail int }
	byFile := map[string]*count{}
	total := count{}
	for _, c := range cases {
		n := byFile[c.File]
		if n == nil {
			n = &count{}
			byFile[c.File] = n
		}
		if c.Pass {
			n.pass++
			total.pass++
		} else {
			n.fail++
			total.fail++
		}
	}
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "file\tpassed\tfailed\t")
	for _, f := range files {
		fmt.Fprintf(w, "%s\t%d\t%d\t\n", f, byFile[f].pass, byFile[f].fail)
	}
	fmt.Fprintf(w, "total\t%d\t%d\t\n", total.pass, total.fail)
	w.Flush()
	fmt.Fprintf(&b, "%d of %d pass\n", total.pass, total.pass+total.fail)
	return b.String()
}
