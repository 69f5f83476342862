// Package suite reads the JSON-Schema-Test-Suite's required draft 2020-12
// tests, for the Go and the TypeScript conformance runners alike.
package suite

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Group is one schema of a test file with the instances tested against it.
type Group struct {
	File        string // e.g. "ref.json"
	Index       int    // its place in the file
	Description string
	Schema      json.RawMessage
	Tests       []Test
}

// Test is one instance and whether the schema accepts it.
type Test struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

// Read returns every group of tests/draft2020-12/*.json under the suite's
// folder (not optional/), files in name order, groups in file order.
func Read(dir string) ([]Group, error) {
	files, err := filepath.Glob(filepath.Join(dir, "tests", "draft2020-12", "*.json"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no draft2020-12 tests under %s", dir)
	}
	sort.Strings(files)
	var out []Group
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
			out = append(out, Group{File: filepath.Base(path), Index: i, Description: r.Description, Schema: r.Schema, Tests: r.Tests})
		}
	}
	return out, nil
}
