// Package harness runs JSON-Schema-Test-Suite cases through Go code that
// envgen generated. The conformance runner (package conformance) generates a
// package per test group and a main program that calls Main with them; Main
// prints a Report as JSON.
//
// For every test it checks the decode contract (json.Unmarshal returns nil
// if and only if the instance is valid); for every valid instance the round
// trip (json.Marshal of the decoded value is the instance, member order
// aside) and that Validate accepts the decoded value; and, as a property
// test, that after random changes to a decoded value Validate agrees with
// santhosh-tekuri/jsonschema on json.Marshal of it.
package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/envgenrt"
)

// Group is the generated root type of one test group.
type Group struct {
	New func() any // a pointer to a new zero value
}

// Validator is what every generated type has.
type Validator interface {
	Validate() error
}

// Report is what Main prints.
type Report struct {
	Cases     []Case     `json:"cases"`
	RoundTrip []Case     `json:"roundTrip"`
	Property  []Mismatch `json:"propertyMismatches"`
	Mutations int        `json:"mutations"` // how many changed values were compared
}

// Case is the outcome of one test: Pass, or the Reason it failed.
type Case struct {
	File   string `json:"file"`  // e.g. "type.json"
	Group  int    `json:"group"` // index in the file
	Test   int    `json:"test"`  // index in the group
	Pass   bool   `json:"pass"`
	Reason string `json:"reason,omitempty"`
	// Errors are the errors an invalid instance gets, in order: the
	// TypeScript runner records its own, and the two are compared
	// (conformance/parity_test.go).
	Errors []envgenrt.Error `json:"errors,omitempty"`
}

// Mismatch is a changed value on which Validate and santhosh-tekuri disagree.
type Mismatch struct {
	File     string          `json:"file"`
	Group    int             `json:"group"`
	Test     int             `json:"test"`
	Instance json.RawMessage `json:"instance"` // json.Marshal of the changed value
	Validate string          `json:"validate"` // Validate's verdict, "" for nil
	Santhosh string          `json:"santhosh"` // santhosh-tekuri's, "" for valid
}

// suiteFile is one file of the suite.
type suiteFile []struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// Key names a group in the map given to Main: "type.json/3".
func Key(file string, group int) string { return fmt.Sprintf("%s/%d", file, group) }

// Main runs the groups over the suite at -suite and prints the report.
func Main(groups map[string]Group) {
	suite := flag.String("suite", "", "the JSON-Schema-Test-Suite folder")
	mutations := flag.Int("mutations", 8, "changed values per valid instance for the property test")
	flag.Parse()
	r, err := Run(*suite, groups, *mutations)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(r); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

// Run runs the groups over the draft 2020-12 files of the suite.
func Run(suite string, groups map[string]Group, mutations int) (*Report, error) {
	files, err := filepath.Glob(filepath.Join(suite, "tests", "draft2020-12", "*.json"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no draft2020-12 tests under %s", suite)
	}
	sort.Strings(files)
	r := &Report{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var sf suiteFile
		if err := json.Unmarshal(data, &sf); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		name := filepath.Base(path)
		for gi, g := range sf {
			grp, ok := groups[Key(name, gi)]
			if !ok {
				continue // the runner reports groups without code
			}
			var sch *jsonschema.Schema
			if mutations > 0 {
				sch, err = compile(suite, name, gi, g.Schema)
				if err != nil {
					return nil, fmt.Errorf("%s/%d: santhosh-tekuri: %v", name, gi, err)
				}
			}
			for ti, tc := range g.Tests {
				c := Case{File: name, Group: gi, Test: ti}
				v, derr := decode(grp, tc.Data)
				switch {
				case derr == nil && tc.Valid, derr != nil && !tc.Valid:
					c.Pass = true
				case derr == nil:
					c.Reason = "invalid instance decoded"
				default:
					c.Reason = "valid instance refused: " + oneLine(derr.Error())
				}
				if verr := (*envgenrt.ValidationError)(nil); errors.As(derr, &verr) {
					c.Errors = verr.Errors
				}
				r.Cases = append(r.Cases, c)
				if derr != nil || !tc.Valid {
					continue
				}
				r.RoundTrip = append(r.RoundTrip, roundTrip(c, v, tc.Data))
				if sch != nil {
					rng := rand.New(rand.NewPCG(uint64(gi), uint64(ti)))
					for range mutations {
						if m := mutate(grp, tc.Data, sch, rng); m != nil {
							m.File, m.Group, m.Test = name, gi, ti
							r.Property = append(r.Property, *m)
						}
						r.Mutations++
					}
				}
			}
		}
	}
	return r, nil
}

// decode is the decode contract: a new value, json.Unmarshal, no panic.
func decode(g Group, data []byte) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	v = g.New()
	return v, json.Unmarshal(data, v)
}

// roundTrip checks json.Marshal of the decoded value, and Validate.
func roundTrip(c Case, v any, data []byte) Case {
	c.Pass = false
	out, err := json.Marshal(v)
	if err != nil {
		c.Reason = "json.Marshal: " + oneLine(err.Error())
		return c
	}
	want, _ := envgenrt.CanonicalJSON(data)
	got, err := envgenrt.CanonicalJSON(out)
	if err != nil || got != want {
		c.Reason = fmt.Sprintf("json.Marshal wrote %s for %s", abbrev(out), abbrev(data))
		return c
	}
	if err := v.(Validator).Validate(); err != nil {
		c.Reason = "Validate refused the decoded value: " + oneLine(err.Error())
		return c
	}
	c.Pass = true
	return c
}

// compile compiles a group's schema with santhosh-tekuri, remotes read from
// the suite.
func compile(suite, file string, group int, schema json.RawMessage) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(remotes{dir: filepath.Join(suite, "remotes")})
	url := fmt.Sprintf("http://conformance.envgen.test/%s/%d.json", strings.TrimSuffix(file, ".json"), group)
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

type remotes struct{ dir string }

func (r remotes) Load(url string) (any, error) {
	const prefix = "http://localhost:1234/"
	if !strings.HasPrefix(url, prefix) {
		return nil, fmt.Errorf("no such remote: %s", url)
	}
	f, err := os.Open(filepath.Join(r.dir, filepath.FromSlash(strings.TrimPrefix(url, prefix))))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return jsonschema.UnmarshalJSON(f)
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

func abbrev(b []byte) string {
	if len(b) > 120 {
		return string(b[:120]) + "…"
	}
	return string(b)
}
