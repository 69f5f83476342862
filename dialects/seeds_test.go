package dialects

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/reference"
)

// seedOf names each dialect folder's seed in ../shared/seeds by its number.
var seedOf = map[string]string{
	"scalpel": "000_", "foundry": "001_", "mcpenvelope": "002_", "codegraph": "003_", "bmcis": "004_",
}

// seedBlock is one fenced code block of a seed: the line of its opening
// fence, its language tag and its text.
type seedBlock struct {
	line int
	lang string
	text []byte
}

func seedBlocks(t *testing.T, path string) []seedBlock {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []seedBlock
	var cur *seedBlock
	s := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; s.Scan(); n++ {
		line := s.Text()
		fence, isFence := strings.CutPrefix(strings.TrimSpace(line), "```")
		switch {
		case isFence && cur == nil:
			cur = &seedBlock{line: n, lang: strings.TrimSpace(fence)}
		case isFence:
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text = append(append(cur.text, line...), '\n')
		}
	}
	if cur != nil {
		t.Fatalf("%s: the block at line %d is not closed", path, cur.line)
	}
	return out
}

// TestEverySeedExample walks every fenced block of the five seeds, not a
// list of them: each JSON block (marked json, or not marked) must be an
// example of its dialect's examples/index.json, a verbatim one must be the
// block itself (JSON equality), and each envelope among them converts to
// canonical, which is valid, and back. A valid envelope must come back
// equal (JSON equality), with no loss; what no canonical member carries
// comes back through meta.source, and the index entry names those members
// (kept, each with the reason of a rule, as its row in docs/dialects.md
// shows); an invalid one converts when all it lacks is required members,
// which --losses names (see checkIncomplete). Run it with
//
//	go test ./dialects -run TestEverySeedExample -v
func TestEverySeedExample(t *testing.T) {
	dir := reference.Require(t, reference.Seeds)
	examples := loadExamples(t)
	var valid, exact, invalid, incomplete int
	var kept []string // examples exact through meta.source
	for _, folder := range slices.Sorted(maps.Keys(seedOf)) {
		files, _ := filepath.Glob(filepath.Join(dir, seedOf[folder]+"*.txt"))
		if len(files) != 1 {
			t.Fatalf("%s: want one seed %s*.txt in %s, found %v", folder, seedOf[folder], dir, files)
		}
		seed := filepath.Base(files[0])
		byLine := map[int]example{}
		for _, e := range examples {
			if e.folder == folder && e.Line > 0 {
				byLine[e.Line] = e
			}
		}
		d, _ := lookup(folders[folder])
		blocks := 0
		for _, b := range seedBlocks(t, files[0]) {
			if b.lang != "json" && b.lang != "" {
				continue // python, typescript: not examples (derived ones come from them)
			}
			blocks++
			e, ok := byLine[b.line]
			if !ok {
				t.Errorf("%s, line %d: a JSON block that %s/examples/index.json does not list", seed, b.line, folder)
				continue
			}
			delete(byLine, b.line)
			if e.Form == "verbatim" {
				assertSameJSON(t, fmt.Sprintf("%s (%s, line %d)", e.File, seed, b.line), e.doc, b.text)
			}
			if e.Kind == "schema" || folder+"/"+e.Schema != d.schema {
				continue // a schema, a fragment of a payload, a request or a configuration
			}
			t.Run(folder+"/"+e.File, func(t *testing.T) {
				if e.Valid {
					checkRoundTrip(t, e, d)
				} else {
					checkIncomplete(t, e, d)
				}
			})
			switch {
			case !e.Valid:
				invalid++
				if e.Missing != nil {
					incomplete++
				}
			case len(e.Losses) == 0:
				valid++
				exact++
				if len(e.Kept) > 0 {
					kept = append(kept, folder+"/"+e.File+" keeps "+strings.Join(e.Kept, ", "))
				}
			default:
				valid++
				t.Errorf("%s/%s: a valid seed envelope must come back exactly, and its index entry lists losses %q", folder, e.File, e.Losses)
			}
		}
		for line, e := range byLine {
			t.Errorf("%s/examples/index.json: %s says it is the block at line %d of %s, which is not a JSON block", folder, e.File, line, seed)
		}
		if blocks == 0 {
			t.Errorf("%s: no JSON block", seed)
		}
	}
	t.Logf("checked against their envelope schema: %d valid examples, %d of them round-trip exactly; %d invalid ones, %d of them incomplete and converted", valid, exact, invalid, incomplete)
	for _, k := range kept {
		t.Logf("exactly through meta.source: %s", k)
	}
}
