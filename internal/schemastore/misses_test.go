package schemastore

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/internal/reference"
)

// A miss is an instance that the generated Go judges otherwise than its
// SchemaStore label, with why (misses.json). TestCorpus fails on a miss of
// its run that is not listed, and on a listed one that passes; TestMisses
// checks every listed reason with santhosh-tekuri/jsonschema.
type miss struct {
	Schema   string `json:"schema"`   // the case's folder
	Instance string `json:"instance"` // valid/… or invalid/…
	Label    string `json:"label"`    // SchemaStore's: "valid" or "invalid"
	Envgen   string `json:"envgen"`   // the generated Go's verdict, the other one
	Class    string `json:"class"`    // one of the classes below
	Reason   string `json:"reason"`   // one line: what in the schema decides, and why
}

// The classes of a miss.
const (
	// classLabel: the label contradicts the schema's draft; the interpreter,
	// format asserted or not, agrees with envgen.
	classLabel = "label"
	// classFormat: format is an annotation; the label holds only with format
	// asserted, which envgen does not do unless asked.
	classFormat = "format"
	// classEnvgen: an envgen bug; the interpreter agrees with the label.
	classEnvgen = "envgen"
)

func (m miss) key() string { return m.Schema + "/" + m.Instance }

// loadMisses reads misses.json, keyed by case folder and instance.
func loadMisses(t *testing.T) (map[string]miss, []miss) {
	t.Helper()
	data, err := os.ReadFile("misses.json")
	if err != nil {
		t.Fatal(err)
	}
	var list []miss
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatalf("misses.json: %v", err)
	}
	by := map[string]miss{}
	for _, m := range list {
		if _, dup := by[m.key()]; dup {
			t.Errorf("misses.json lists %s twice", m.key())
		}
		by[m.key()] = m
	}
	return by, list
}

// checkMisses compares a run's instances (keyed as miss.key, true when the
// verdict of lang, Go or TypeScript, is the label) with misses.json: every
// failure must be listed, and every listed instance of the run must still
// fail. The list is Go's; the TypeScript validators judge as Go does.
func checkMisses(t *testing.T, lang string, ran map[string]bool) {
	t.Helper()
	listed, _ := loadMisses(t)
	problems, n := missProblems(lang, listed, ran)
	for _, p := range problems {
		t.Error(p)
	}
	t.Logf("%d instances of this run are misses that misses.json lists (%d listed in all)", n, len(listed))
}

// missProblems is what checkMisses reports, and the number of listed misses
// the run has.
func missProblems(lang string, listed map[string]miss, ran map[string]bool) ([]string, int) {
	keys := make([]string, 0, len(ran))
	for k := range ran {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var problems []string
	n := 0
	for _, k := range keys {
		m, ok := listed[k]
		switch {
		case !ran[k] && !ok:
			problems = append(problems, fmt.Sprintf("%s gets %s wrong, and misses.json does not say why: check it with the interpreter (TestMisses) and list it", lang, k))
		case ran[k] && ok:
			problems = append(problems, fmt.Sprintf("%s gets %s right now: take it out of misses.json (it said %s: %s)", lang, k, m.Class, m.Reason))
		case ok:
			n++
		}
	}
	return problems, n
}

func TestMissProblems(t *testing.T) {
	listed := map[string]miss{
		"a/valid/x.json":   {Schema: "a", Instance: "valid/x.json", Class: classLabel, Reason: "r"},
		"a/invalid/y.json": {Schema: "a", Instance: "invalid/y.json", Class: classFormat, Reason: "r"},
		"b/valid/z.json":   {Schema: "b", Instance: "valid/z.json", Class: classLabel, Reason: "r"}, // not in the run
	}
	ran := map[string]bool{"a/valid/x.json": false, "a/invalid/y.json": true, "a/valid/w.json": false, "a/valid/v.json": true}
	problems, n := missProblems("TypeScript", listed, ran)
	want := []string{
		"TypeScript gets a/invalid/y.json right now: take it out of misses.json (it said format: r)",
		"TypeScript gets a/valid/w.json wrong, and misses.json does not say why: check it with the interpreter (TestMisses) and list it",
	}
	if !slices.Equal(problems, want) || n != 1 {
		t.Errorf("missProblems = %q, %d; want %q, 1", problems, n, want)
	}
	if got := instanceKey(filepath.Join("ref", "schemastore", "a", "valid", "x.json")); got != "a/valid/x.json" {
		t.Errorf("instanceKey = %q, want a/valid/x.json", got)
	}
}

// instanceKey is the miss.key of an instance file of the corpus.
func instanceKey(file string) string {
	dir, base := filepath.Split(file)
	label := filepath.Base(dir)
	return filepath.Base(filepath.Dir(filepath.Clean(dir))) + "/" + label + "/" + base
}

// TestMisses checks misses.json against the corpus and the interpreter:
// each entry names an instance of the corpus, with its label, and the
// interpreter's verdicts (format as an annotation, and format asserted)
// bear out the class: classLabel, both are envgen's; classFormat, the
// first is envgen's and the second the label; classEnvgen, the first is
// the label. It compiles only the schemas listed, so it takes seconds.
func TestMisses(t *testing.T) {
	dir := reference.Require(t, reference.SchemaStore)
	_, list := loadMisses(t)
	if !slices.IsSortedFunc(list, func(a, b miss) int { return strings.Compare(a.key(), b.key()) }) {
		t.Errorf("misses.json is not sorted by schema and instance")
	}
	schemas := filepath.Join(dir, "_schemas")
	type compiled struct {
		schema string
		assert bool
	}
	cache := map[compiled]*jsonschema.Schema{}
	counts := map[string]int{}
	for _, m := range list {
		file := filepath.Join(dir, m.Schema, filepath.FromSlash(m.Instance))
		label, _, _ := strings.Cut(m.Instance, "/")
		switch {
		case label != m.Label || (label != "valid" && label != "invalid"):
			t.Errorf("%s: label %q, but the instance is under %s/", m.key(), m.Label, label)
			continue
		case m.Envgen == m.Label || (m.Envgen != "valid" && m.Envgen != "invalid"):
			t.Errorf("%s: envgen %q is not a miss of label %q", m.key(), m.Envgen, m.Label)
			continue
		case m.Reason == "" || strings.Contains(m.Reason, "\n"):
			t.Errorf("%s: the reason must be one line", m.key())
		}
		if _, err := os.Stat(file); err != nil {
			t.Errorf("%s: %v", m.key(), err)
			continue
		}
		var verdicts [2]string // format as an annotation, format asserted
		var why [2]string
		for i, assert := range []bool{false, true} {
			sch := cache[compiled{m.Schema, assert}]
			if sch == nil {
				var err error
				sch, err = interpreter{schemas: schemas, assertFormat: assert}.compile(filepath.Join(dir, m.Schema, "root.json"))
				if err != nil {
					t.Fatalf("%s: the interpreter does not compile the schema: %v", m.Schema, err)
				}
				cache[compiled{m.Schema, assert}] = sch
			}
			ok, msg, err := valid(sch, file)
			if err != nil {
				t.Fatal(err)
			}
			verdicts[i], why[i] = verdict(ok), msg
		}
		var want [2]string
		switch m.Class {
		case classLabel:
			want = [2]string{m.Envgen, m.Envgen}
		case classFormat:
			want = [2]string{m.Envgen, m.Label}
		case classEnvgen:
			want[0], want[1] = m.Label, verdicts[1]
		default:
			t.Errorf("%s: class %q is none of %s, %s, %s", m.key(), m.Class, classLabel, classFormat, classEnvgen)
			continue
		}
		counts[m.Class]++
		if verdicts != want {
			t.Errorf("%s (class %s): the interpreter says %s with format as an annotation, %s with format asserted; the class wants %s, %s\n%s\n%s",
				m.key(), m.Class, verdicts[0], verdicts[1], want[0], want[1], why[0], why[1])
		}
	}
	t.Logf("misses.json: %d misses; %s", len(list), fmt.Sprint(counts))
}

func verdict(ok bool) string {
	if ok {
		return "valid"
	}
	return "invalid"
}
