package dialects

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/internal/reference"
)

// published pairs each dialect schema with the schema its project publishes
// (under reference/upstream) and the published examples of it.
var published = []struct{ dialect, upstream, example string }{
	{"bmcis/envelope.json", "bmcis/response_envelope.schema.json", ""},
	{"foundry/response.json", "foundry-mcp/response_schema.json", ""},
	{"scalpel/response_config.json", "code-scalpel/response_config.schema.json", "code-scalpel/response_config.json"},
	{"mcpenvelope/envelope.json", "prov-spec/mcp.envelope.schema.v0.1.json", "prov-spec/mcp.envelope.example.json"},
	{"mcpenvelope/prov_record.json", "prov-spec/prov.record.schema.v0.1.json", "prov-spec/prov.record.example.json"},
	{"mcpenvelope/artifact.json", "prov-spec/artifact.schema.v0.1.json", "prov-spec/artifact.example.json"},
	{"mcpenvelope/artifact_ref.json", "prov-spec/artifact.ref.schema.v0.1.json", "prov-spec/artifact.ref.example.json"},
	{"mcpenvelope/evidence.json", "prov-spec/evidence.schema.v0.1.json", "prov-spec/evidence.example.json"},
	{"mcpenvelope/request.json", "prov-spec/mcp.request.schema.v0.1.json", "prov-spec/mcp.request.example.json"},
}

// compileUpstream compiles the published schema file (a path under dir),
// with the files beside it as the only resources it may refer to.
func compileUpstream(t *testing.T, dir, file string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.UseLoader(noLoader{})
	siblings, _ := filepath.Glob(filepath.Join(dir, filepath.Dir(file), "*.json"))
	for _, f := range siblings {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := c.AddResource(fileURL(t, f), doc); err != nil {
			t.Fatal(err)
		}
	}
	s, err := c.Compile(fileURL(t, filepath.Join(dir, file)))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return s
}

func fileURL(t *testing.T, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return "file://" + filepath.ToSlash(abs)
}

// TestUpstreamExamples checks that every published example is valid against
// its dialect schema.
func TestUpstreamExamples(t *testing.T) {
	dir := reference.Require(t, reference.Upstream)
	n := 0
	for _, p := range published {
		if p.example == "" {
			continue
		}
		vs := mustValidate(t, p.dialect, readFile(t, filepath.Join(dir, p.example)))
		if len(vs) > 0 {
			t.Errorf("%s against %s: %v", p.example, p.dialect, vs)
		}
		n++
	}
	t.Logf("%d published examples valid against their dialect schemas", n)
}

// TestUpstreamVerdicts checks that each dialect schema gives the published
// schema's verdict on the published examples, the seed examples, the
// invalid cases and what converting the canonical examples produces. A case
// that says it tightens the published schema is valid there and invalid here.
func TestUpstreamVerdicts(t *testing.T) {
	dir := reference.Require(t, reference.Upstream)
	corpus := verdictCorpus(t, dir)
	for _, p := range published {
		up := compileUpstream(t, dir, p.upstream)
		n := 0
		for _, doc := range corpus[p.dialect] {
			instance, err := parse(doc.json)
			if err != nil {
				t.Fatal(err)
			}
			upValid := up.Validate(instance) == nil
			vs, err := validate(p.dialect, instance)
			if err != nil {
				t.Fatal(err)
			}
			want := upValid && doc.tightens == ""
			if (len(vs) == 0) != want {
				t.Errorf("%s: %s valid here: %v (%v), published: %v, tightens: %q", p.dialect, doc.name, len(vs) == 0, vs, upValid, doc.tightens)
			}
			if doc.tightens != "" && !upValid {
				t.Errorf("%s: %s says it tightens the published schema, which already rejects it", p.dialect, doc.name)
			}
			n++
		}
		t.Logf("%s: the same verdict as %s on %d documents", p.dialect, p.upstream, n)
	}
}

type corpusDoc struct {
	name, tightens string
	json           []byte
}

func verdictCorpus(t *testing.T, dir string) map[string][]corpusDoc {
	t.Helper()
	corpus := map[string][]corpusDoc{}
	for _, p := range published {
		if p.example != "" {
			corpus[p.dialect] = append(corpus[p.dialect], corpusDoc{name: p.example, json: readFile(t, filepath.Join(dir, p.example))})
		}
	}
	for _, e := range loadExamples(t) {
		if e.Kind == "" {
			loc := e.folder + "/" + e.Schema
			corpus[loc] = append(corpus[loc], corpusDoc{name: e.folder + "/examples/" + e.File, json: e.doc})
		}
	}
	for file, c := range loadInvalid(t) {
		d, _ := lookup(c.Dialect)
		corpus[d.schema] = append(corpus[d.schema], corpusDoc{name: file, tightens: c.Tightens, json: c.Instance})
	}
	for name, doc := range canonicalExamples(t) {
		for _, to := range Names()[1:] {
			out, err := Convert(Canonical, to, doc)
			var missing *MissingError
			var unfit *UnfitError
			if errors.As(err, &missing) || errors.As(err, &unfit) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			d, _ := lookup(to)
			corpus[d.schema] = append(corpus[d.schema], corpusDoc{name: fmt.Sprintf("%s as %s", name, to), json: out})
		}
	}
	return corpus
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSeedSchemas checks the schemas the BMCIS seed shows: its response
// schema is the published one, and its request schema gives the same
// verdicts as bmcis/request.json.
func TestSeedSchemas(t *testing.T) {
	dir := reference.Require(t, reference.Upstream)
	seedResponse, _ := parse(readFile(t, "bmcis/examples/response-schema.json"))
	publishedResponse, _ := parse(readFile(t, filepath.Join(dir, "bmcis/response_envelope.schema.json")))
	if d := diff(seedResponse, publishedResponse); len(d) > 0 {
		t.Errorf("the seed's response schema differs from the published one at %q", d)
	}

	tmp := t.TempDir()
	if err := os.WriteFile(filepath.Join(tmp, "request.json"), readFile(t, "bmcis/examples/request-schema.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	seedRequest := compileUpstream(t, tmp, "request.json")
	requests := []string{
		`{}`, `{"query": ""}`, `{"query": "q", "page_size": 0}`, `{"query": "q", "page_size": 51}`,
		`{"query": "q", "response_mode": "brief"}`, `{"query": "q", "fields": "chunk_id"}`, `{"query": 7}`,
		`{"query": "q", "page_size": 50, "cursor": "c", "fields": [], "extra": true}`,
	}
	for _, e := range loadExamples(t) {
		if e.Schema == "request.json" && e.folder == "bmcis" {
			requests = append(requests, string(e.doc))
		}
	}
	for _, r := range requests {
		instance, err := parse([]byte(r))
		if err != nil {
			t.Fatal(err)
		}
		vs, err := validate("bmcis/request.json", instance)
		if err != nil {
			t.Fatal(err)
		}
		if seedValid := seedRequest.Validate(instance) == nil; seedValid != (len(vs) == 0) {
			t.Errorf("%s: valid in the seed's schema: %v, in bmcis/request.json: %v", strings.TrimSpace(r), seedValid, vs)
		}
	}
}

// TestEmbeddedSchemas checks that every embedded schema has the $id of its
// place and compiles, and that every folder of JSON files but ts/ (the
// TypeScript package, and bundles/, which TestOutputSchemas checks) is a dialect's.
func TestEmbeddedSchemas(t *testing.T) {
	files, _ := filepath.Glob("*/*.json")
	files = slices.DeleteFunc(files, func(f string) bool { return filepath.Dir(f) == "ts" || filepath.Dir(f) == "bundles" })
	if len(files) == 0 {
		t.Fatal("no dialect schemas")
	}
	for _, f := range files {
		if _, ok := folders[filepath.Dir(f)]; !ok {
			t.Errorf("%s is in no dialect's folder: embed it in schemas.go, and list the folder in folders", f)
		}
	}
	for _, f := range files {
		var s struct {
			ID     string `json:"$id"`
			Schema string `json:"$schema"`
		}
		if err := json.Unmarshal(readFile(t, f), &s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if want := BaseURI + filepath.ToSlash(f); s.ID != want || s.Schema != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("%s: $id %q, $schema %q; want %q and draft 2020-12", f, s.ID, s.Schema, want)
		}
		if _, err := schemaAt(filepath.ToSlash(f)); err != nil {
			t.Error(err)
		}
	}
}
