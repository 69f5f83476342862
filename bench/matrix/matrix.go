// Package matrix runs the required tests of JSON-Schema-Test-Suite (draft
// 2020-12) through the output of each generator, and ajv as the reference
// interpreter, and counts what each gets right: a valid instance accepted,
// an invalid one refused. Tests of a group whose code could not be
// generated, compiled or loaded are counted apart, by reason.
package matrix

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Case is the outcome of one test for one generator.
type Case struct {
	File  string `json:"file"`
	Group int    `json:"group"`
	Test  int    `json:"test"`
	Valid bool   `json:"valid"` // what the suite says
	Pass  bool   `json:"pass"`  // the verdict was right
	// Missing says why the group has no code to run ("" when it has):
	// one of the Missing* kinds.
	Missing string `json:"missing,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// Why a group has no code to run.
const (
	MissingGenerate = "generator failed"
	MissingRoot     = "no root type"
	MissingCompile  = "does not compile"
	MissingCrash    = "crashed"
	MissingAjv      = "ajv.compile failed" // what the interpreter has in place of generation
)

// Count sums the cases of one generator.
type Count struct {
	Name         string         `json:"name"`
	Tests        int            `json:"tests"`
	Right        int            `json:"right"`
	FalseAccept  int            `json:"falseAccept"` // invalid instance taken
	FalseRefuse  int            `json:"falseRefuse"` // valid instance refused
	Missing      int            `json:"missing"`     // tests of groups without code
	MissingBy    map[string]int `json:"missingBy"`   // the same, by kind
	Groups       int            `json:"groups"`
	GroupsMissed int            `json:"groupsMissed"`
	ByFile       map[string]int `json:"byFile"` // right answers per file
}

// Sum counts cases.
func Sum(name string, cases []Case) Count {
	c := Count{Name: name, MissingBy: map[string]int{}, ByFile: map[string]int{}}
	groups, all := map[string]bool{}, map[string]bool{}
	for _, k := range cases {
		c.Tests++
		all[fmt.Sprintf("%s/%d", k.File, k.Group)] = true
		c.ByFile[k.File] += 0
		switch {
		case k.Missing != "":
			c.Missing++
			c.MissingBy[k.Missing]++
			groups[fmt.Sprintf("%s/%d", k.File, k.Group)] = true
		case k.Pass:
			c.Right++
			c.ByFile[k.File]++
		case k.Valid:
			c.FalseRefuse++
		default:
			c.FalseAccept++
		}
	}
	c.Groups, c.GroupsMissed = len(all), len(groups)
	return c
}

// Group is one test group of the suite.
type Group struct {
	File        string
	Index       int
	Description string
	Schema      json.RawMessage
	Tests       []Test
}

// Test is one test of a group.
type Test struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

// Key names a group: "type.json/3".
func (g *Group) Key() string { return fmt.Sprintf("%s/%d", g.File, g.Index) }

// Package is a Go package name for the group: "additionalproperties_3".
func (g *Group) Package() string {
	base := strings.ToLower(strings.TrimSuffix(g.File, ".json"))
	return fmt.Sprintf("%s_%d", nonAlnum.ReplaceAllString(base, ""), g.Index)
}

var nonAlnum = regexp.MustCompile(`[^a-z0-9]+`)

// ReadSuite reads the required draft 2020-12 files of the suite.
func ReadSuite(suite string) ([]*Group, error) {
	files, err := filepath.Glob(filepath.Join(suite, "tests", "draft2020-12", "*.json"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no draft2020-12 tests under %s", suite)
	}
	sort.Strings(files)
	var out []*Group
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var raw []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
			Tests       []Test          `json:"tests"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		for i, r := range raw {
			out = append(out, &Group{File: filepath.Base(path), Index: i, Description: r.Description, Schema: r.Schema, Tests: r.Tests})
		}
	}
	return out, nil
}

// missingCases are the cases of a group without code.
func missingCases(g *Group, kind, reason string) []Case {
	out := make([]Case, len(g.Tests))
	for i, t := range g.Tests {
		out[i] = Case{File: g.File, Group: g.Index, Test: i, Valid: t.Valid, Missing: kind, Reason: reason}
	}
	return out
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
