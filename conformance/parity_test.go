package conformance

import (
	"encoding/json"
	"fmt"
	"github.com/envgen/envgen/internal/reference"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	tsconformance "github.com/envgen/envgen/conformance/typescript"
	"github.com/envgen/envgen/envgenrt"
)

// TestMessageParity runs JSON-Schema-Test-Suite through the generated Go and
// the generated TypeScript and requires, for every invalid instance that
// both refuse, the very same error list: the same errors, in the same order,
// with the same schema paths and messages. (The schemas/examples parity
// vectors hold the canonical schemas to this; the suite has every keyword in
// many combinations.)
func TestMessageParity(t *testing.T) {
	if testing.Short() {
		t.Skip("generates, builds and runs the suite in Go and TypeScript")
	}
	root, err := filepath.Abs("..")
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
	goRes, err := Run(Options{Suite: suite, Root: root, Work: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	tsCases, err := tsconformance.Run(tsconformance.Options{Suite: suite, TSC: tsc, Node: node, Work: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	goErrs := map[string][]envgenrt.Error{}
	for _, c := range goRes.Cases {
		if !c.Valid && c.Pass {
			goErrs[fmt.Sprintf("%s/%d/%d", c.File, c.Group, c.Test)] = c.Errors
		}
	}
	same, compared := 0, 0
	for _, c := range tsCases {
		key := fmt.Sprintf("%s/%d/%d", c.File, c.Group, c.Test)
		g, ok := goErrs[key]
		if c.Valid || !c.Pass || !ok {
			continue // a case one of them gets wrong is in its baseline
		}
		compared++
		a, _ := json.Marshal(g)
		b, _ := json.Marshal(c.Errors)
		if string(a) == string(b) {
			same++
			continue
		}
		t.Errorf("%s (%s / %s):\n    Go %s\n    TS %s", key, c.GroupDescription, c.Description, a, b)
	}
	t.Logf("%d of %d invalid instances: identical ordered error lists in Go and TypeScript", same, compared)
	if compared < 500 {
		t.Errorf("only %d invalid instances compared", compared)
	}
}
