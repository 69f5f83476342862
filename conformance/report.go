package conformance

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"text/tabwriter"
)

// Baseline lists every case that does not pass, with why. It is checked in
// as baseline-go.json; a failure that is not in it is a regression.
type Baseline struct {
	Note      string  `json:"note"`
	Cases     []Entry `json:"cases"`     // the decode contract
	RoundTrip []Entry `json:"roundTrip"` // valid instances that do not round-trip or Validate
	Property  []Entry `json:"property"`  // instances whose changed values Validate and santhosh-tekuri judge apart
}

// Entry is one case that does not pass.
type Entry struct {
	File             string `json:"file"`
	Group            int    `json:"group"`
	Test             int    `json:"test"`
	GroupDescription string `json:"groupDescription,omitempty"`
	Description      string `json:"description,omitempty"`
	Reason           string `json:"reason"`
}

func (e Entry) key() string { return fmt.Sprintf("%s/%d/%d", e.File, e.Group, e.Test) }

// Failures is the baseline the result would have.
func (r *Result) Failures() Baseline {
	b := Baseline{Note: "Cases of JSON-Schema-Test-Suite (tests/draft2020-12, required files) that the generated Go " +
		"does not pass, with why. Regenerate with `make conformance-baseline` after reading the diff.",
		Cases: []Entry{}, RoundTrip: []Entry{}, Property: []Entry{}}
	desc := map[string]Case{}
	for _, c := range r.Cases {
		e := Entry{File: c.File, Group: c.Group, Test: c.Test}
		desc[e.key()] = c
		if !c.Pass {
			e.GroupDescription, e.Description, e.Reason = c.GroupDescription, c.Description, c.Reason
			b.Cases = append(b.Cases, e)
		}
	}
	for _, c := range r.RoundTrip {
		if !c.Pass {
			e := Entry{File: c.File, Group: c.Group, Test: c.Test, Reason: c.Reason}
			e.GroupDescription, e.Description = desc[e.key()].GroupDescription, desc[e.key()].Description
			b.RoundTrip = append(b.RoundTrip, e)
		}
	}
	seen := map[string]bool{}
	for _, m := range r.Property {
		e := Entry{File: m.File, Group: m.Group, Test: m.Test}
		if seen[e.key()] {
			continue
		}
		seen[e.key()] = true
		e.GroupDescription, e.Description = desc[e.key()].GroupDescription, desc[e.key()].Description
		e.Reason = fmt.Sprintf("changed value %s: Validate says %q, santhosh-tekuri says %q", m.Instance, orValid(m.Validate), orValid(m.Santhosh))
		b.Property = append(b.Property, e)
	}
	return b
}

func orValid(s string) string {
	if s == "" {
		return "valid"
	}
	return s
}

// Regressions lists the failures of cur that base does not have.
func Regressions(base, cur Baseline) []string {
	return missing(cur, base)
}

// Fixed lists the failures of base that cur no longer has.
func Fixed(base, cur Baseline) []string {
	return missing(base, cur)
}

// missing lists the entries of a that b lacks.
func missing(a, b Baseline) []string {
	var out []string
	for _, part := range []struct {
		name string
		a, b []Entry
	}{{"decode", a.Cases, b.Cases}, {"round trip", a.RoundTrip, b.RoundTrip}, {"property", a.Property, b.Property}} {
		have := map[string]bool{}
		for _, e := range part.b {
			have[e.key()] = true
		}
		for _, e := range part.a {
			if !have[e.key()] {
				out = append(out, fmt.Sprintf("%s %s (%s / %s): %s", part.name, e.key(), e.GroupDescription, e.Description, e.Reason))
			}
		}
	}
	return out
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

// WriteJSON writes v indented to path.
func WriteJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return write(path, append(data, '\n'))
}

// Totals counts passed and failed decode cases.
func (r *Result) Totals() (passed, failed int) {
	for _, c := range r.Cases {
		if c.Pass {
			passed++
		} else {
			failed++
		}
	}
	return passed, failed
}

// PrintTable prints, per file, the decode contract's passed and failed
// cases, the round trips, and the property test's mismatches.
func (r *Result) PrintTable(w io.Writer) {
	type row struct{ passed, failed, rtPassed, rtFailed, mismatches int }
	rows := map[string]*row{}
	get := func(f string) *row {
		if rows[f] == nil {
			rows[f] = &row{}
		}
		return rows[f]
	}
	for _, c := range r.Cases {
		if c.Pass {
			get(c.File).passed++
		} else {
			get(c.File).failed++
		}
	}
	for _, c := range r.RoundTrip {
		if c.Pass {
			get(c.File).rtPassed++
		} else {
			get(c.File).rtFailed++
		}
	}
	for _, m := range r.Property {
		get(m.File).mismatches++
	}
	files := make([]string, 0, len(rows))
	for f := range rows {
		files = append(files, f)
	}
	sort.Strings(files)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\tpassed\tfailed\tround trip ok\tround trip failed\tproperty mismatches\t")
	var total row
	for _, f := range files {
		x := rows[f]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t\n", f, x.passed, x.failed, x.rtPassed, x.rtFailed, x.mismatches)
		total.passed += x.passed
		total.failed += x.failed
		total.rtPassed += x.rtPassed
		total.rtFailed += x.rtFailed
		total.mismatches += x.mismatches
	}
	fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t%d\t\n", total.passed, total.failed, total.rtPassed, total.rtFailed, total.mismatches)
	tw.Flush()
	fmt.Fprintf(w, "\n%d of %d tests pass the decode contract; %d changed values compared with santhosh-tekuri.\n",
		total.passed, total.passed+total.failed, r.Mutations)
}
