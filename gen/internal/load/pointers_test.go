package load

import (
	"runtime"
	"strings"
	"testing"
)

// nestedDoc is a document that nests depth members named name, as JSON
// or as YAML flow mappings.
func nestedDoc(name string, depth int, yaml bool) []byte {
	open := `{"` + name + `": `
	if yaml {
		open = "{" + name + ": "
	}
	return []byte(strings.Repeat(open, depth) + "1" + strings.Repeat("}", depth))
}

// TestPointerBudget: a document that nests long names deep is refused, with
// its line and column, before its pointers take gigabytes. 9,000 levels of
// 100-character names are under 1 MB of text and took 4 GB (the Go runtime's
// "fatal error: out of memory" where memory is short).
func TestPointerBudget(t *testing.T) {
	long := strings.Repeat("k", 100)
	bomb := "a: &a " + string(nestedDoc(strings.Repeat("k", 60), 1000, true)) + "\nb: [" + strings.Repeat("*a, ", 262) + "*a]\n"
	for _, c := range []struct {
		file string
		data []byte
		want string
	}{
		{"deep.json", nestedDoc(long, 9000, false), "at line 1, column 175981"},
		{"deep.yaml", nestedDoc(long, 9000, true), "at line 1, column 172526"},
		// 65 KB, each alias a copy of 1,000 levels of 60-character names; the
		// fourth runs out.
		{"bomb.yaml", []byte(bomb), "at line 2, column 17"},
	} {
		t.Run(c.file, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, _, err := decode(c.file, c.data)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), "members nested too deep under long names "+c.want) {
				t.Fatalf("decode = %v, want the pointer budget's refusal %s", err, c.want)
			}
			// What the readers allocated is bounded by the budget (64 MiB and
			// 8 bytes a byte): a few times it, not the gigabytes of pointers.
			if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(4*pointerBudget(len(c.data))); got > limit {
				t.Errorf("decode allocated %d MiB, more than %d MiB", got>>20, limit>>20)
			}
		})
	}
}

// TestPointerBudgetLeavesDeepDocuments: what the depth limit lets through
// still reads: a schema nested deep with short names (1,000 levels of
// properties/a, 13 MB of pointers), and the deepest document, 9,999 levels
// of one-character names (100 MB).
func TestPointerBudgetLeavesDeepDocuments(t *testing.T) {
	schema := strings.Repeat(`{"type": "object", "properties": {"a": `, 1000) + `{"type": "string"}` + strings.Repeat("}}", 1000)
	for _, c := range []struct{ file, doc string }{
		{"s.json", schema},
		{"s.yaml", schema},
		{"deepest.json", string(nestedDoc("a", 9999, false))},
		{"deepest.yaml", string(nestedDoc("a", 9999, true))},
	} {
		if _, _, err := decode(c.file, []byte(c.doc)); err != nil {
			t.Errorf("%s: %v", c.file, err)
		}
	}
}
