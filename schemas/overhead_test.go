package schemas_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite ../docs/overhead.md from TestOverhead")

const (
	overheadDoc = "../docs/overhead.md"
	seedsDir    = "examples/seeds"
	// maxMinimalTokens is the budget of issue 5: a success envelope in its
	// smallest form costs at most this many tokens around the payload.
	maxMinimalTokens = 8
)

// envelopeRow is one envelope around the fixed payload.
type envelopeRow struct {
	convention, form string
	file             string // under schemas/, "" when the test builds it
	payloadAt        string // JSON Pointer of the payload in the document
	// canonical is, for a seed, the canonical envelope carrying the same
	// facts (a file under schemas/, or "" for the smallest form).
	canonical string
	doc       []byte // compact JSON
	canonDoc  []byte // compact JSON of canonical, for a seed
}

func (r envelopeRow) overhead(payload []byte) int { return len(r.doc) - len(payload) }

// tokens is the estimator of meta.tokens.estimated: ceil(bytes / 4).
func tokens(n int) int { return (n + 3) / 4 }

// TestOverhead measures what each envelope costs around one payload, checks
// the budget of issue 5, and keeps docs/overhead.md in step with the figures.
func TestOverhead(t *testing.T) {
	payload := compactFile(t, seedsDir+"/payload.json")
	minimalDoc := []byte(`{"success":true,"data":` + string(payload) + `}`)
	rows := []envelopeRow{
		{convention: "envgen (canonical)", form: "smallest success", payloadAt: "/data", doc: minimalDoc},
		{convention: "envgen (canonical)", form: "debug: status, warnings, every `meta` member", file: "examples/valid/debug.json", payloadAt: "/data"},
		{convention: "Code Scalpel", form: "minimal profile, the default", file: seedsDir + "/scalpel.json", payloadAt: "/data"},
		{convention: "Code Scalpel", form: "debug mode", file: seedsDir + "/scalpel-debug.json", payloadAt: "/data", canonical: seedsDir + "/scalpel-debug.canonical.json"},
		{convention: "Foundry response-v2", form: "standard envelope", file: seedsDir + "/foundry.json", payloadAt: "/data"},
		{convention: "mcp.envelope.v0.1", form: "wrapped legacy result", file: seedsDir + "/mcp-envelope.json", payloadAt: "/result"},
		{convention: "Code Graph", form: "success envelope", file: seedsDir + "/codegraph.json", payloadAt: "/data/result", canonical: seedsDir + "/codegraph.canonical.json"},
		{convention: "BMCIS", form: "`MCPResponseEnvelope[T]`", file: seedsDir + "/bmcis.json", payloadAt: "/results", canonical: seedsDir + "/bmcis.canonical.json"},
	}
	compiled := compile(t)
	for i := range rows {
		r := &rows[i]
		if r.file != "" {
			r.doc = compactFile(t, r.file)
		}
		if got := valueAt(t, r.doc, r.payloadAt); !sameJSON(t, got, payload) {
			t.Errorf("%s: %s is %s, not the payload", r.name(), r.payloadAt, got)
		}
		if i >= 2 { // a seed: its facts in canonical form
			r.canonDoc = minimalDoc
			if r.canonical != "" {
				r.canonDoc = compactFile(t, r.canonical)
			}
			if got := valueAt(t, r.canonDoc, "/data"); !sameJSON(t, got, payload) {
				t.Errorf("%s: /data is %s, not the payload", r.canonical, got)
			}
			for _, schema := range []string{"envelope.json", toolSchemaFile} {
				if err := compiled[schema].Validate(mustUnmarshal(t, string(r.canonDoc))); err != nil {
					t.Errorf("%s is not valid against %s: %v", r.canonical, schema, err)
				}
			}
		}
		t.Logf("%-52s %5d bytes, overhead %4d bytes = %3d tokens", r.name(), len(r.doc), r.overhead(payload), tokens(r.overhead(payload)))
	}
	checkSeedFilesListed(t, rows)

	minimal, debug := rows[0], rows[1]
	if got := tokens(minimal.overhead(payload)); got > maxMinimalTokens {
		t.Errorf("the smallest success envelope costs %d tokens around the payload, more than %d", got, maxMinimalTokens)
	}
	for _, r := range []envelopeRow{minimal, debug} {
		for _, schema := range []string{"envelope.json", toolSchemaFile} {
			if err := compiled[schema].Validate(mustUnmarshal(t, string(r.doc))); err != nil {
				t.Errorf("%s is not valid against %s: %v", r.name(), schema, err)
			}
		}
	}
	var d struct {
		Meta map[string]any `json:"meta"`
	}
	if err := json.Unmarshal(debug.doc, &d); err != nil {
		t.Fatal(err)
	}
	for _, missing := range missingMetaMembers(t, d.Meta) {
		t.Errorf("the debug envelope has no %s", missing)
	}
	// The token estimates the documents carry are their true ones.
	for file, ptr := range map[string]string{
		seedsDir + "/codegraph.json":           "/data/meta/approxTokens",
		seedsDir + "/codegraph.canonical.json": "/meta/tokens/estimated",
		seedsDir + "/bmcis.json":               "/execution_context/tokens_estimated",
		seedsDir + "/bmcis.canonical.json":     "/meta/tokens/estimated",
	} {
		doc := compactFile(t, file)
		if got, want := string(valueAt(t, doc, ptr)), fmt.Sprint(tokens(len(doc))); got != want {
			t.Errorf("%s%s = %s, want ceil(%d / 4) = %s", file, ptr, got, len(doc), want)
		}
	}

	page := overheadPage(rows, payload)
	if *update {
		if err := os.WriteFile(overheadDoc, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := os.ReadFile(overheadDoc); err != nil || string(got) != page {
		t.Errorf("%s is not what the figures give (%v); run\n\tgo test ./schemas -run TestOverhead -update", overheadDoc, err)
	}
}

// join lists items as "a, b and c".
func join(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func (r envelopeRow) name() string { return r.convention + ", " + strings.Trim(r.form, "`") }

// checkSeedFilesListed fails for a document in examples/seeds that no row uses.
func checkSeedFilesListed(t *testing.T, rows []envelopeRow) {
	t.Helper()
	files, err := filepath.Glob(seedsDir + "/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		f = filepath.ToSlash(f)
		if !strings.HasSuffix(f, "/payload.json") && !slices.ContainsFunc(rows, func(r envelopeRow) bool { return r.file == f || r.canonical == f }) {
			t.Errorf("%s is in no row of the overhead table", f)
		}
	}
}

func compactFile(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return buf.Bytes()
}

// valueAt returns the compact JSON at ptr in doc, keeping member order.
func valueAt(t *testing.T, doc []byte, ptr string) json.RawMessage {
	t.Helper()
	v := json.RawMessage(doc)
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(v, &m); err != nil {
			t.Fatalf("%s: %v", ptr, err)
		}
		v = m[tok]
	}
	return v
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

func overheadPage(rows []envelopeRow, payload []byte) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	minimal, debug := rows[0], rows[1]
	p("# Token overhead of the envelope\n\n")
	p("<!-- Generated by `go test ./schemas -run TestOverhead -update`; that test fails when this page and the figures differ. -->\n\n")
	p("What each envelope costs around the same payload. Sizes are of compact JSON (no whitespace, members in\n")
	p("the order the document writes them); tokens are counted as `ceil(bytes / 4)`, the estimator\n")
	p("`meta.tokens.estimated` uses. The overhead of an envelope is its size minus the size of the payload it\n")
	p("carries, here one page of search hits (`schemas/examples/seeds/payload.json`, %d bytes):\n\n", len(payload))
	p("```json\n%s\n```\n\n", payload)
	p("| Convention | Form | Document | Bytes | Overhead (bytes) | Overhead (tokens) | Same facts, canonical (bytes) | Same facts, canonical (tokens) |\n")
	p("|---|---|---|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		file := "built by the test"
		if r.file != "" {
			file = "`schemas/" + r.file + "`"
		}
		same := "— | —"
		if r.canonDoc != nil {
			n := len(r.canonDoc) - len(payload)
			same = fmt.Sprintf("%d | %d", n, tokens(n))
		}
		p("| %s | %s | %s | %d | %d | %d | %s |\n", r.convention, r.form, file, len(r.doc), r.overhead(payload), tokens(r.overhead(payload)), same)
	}
	p("\n\"Same facts, canonical\" is the overhead of the canonical envelope that carries what the seed's envelope\n")
	p("says, rewritten as `docs/seed-mapping.md` describes: the smallest form where the seed says nothing but\n")
	p("\"here is the payload\" (its version markers and nulls are dropped), else\n")
	p("`schemas/examples/seeds/<seed>.canonical.json`.\n")
	p("\n## What the figures say\n\n")
	p("- The smallest canonical success envelope, `{\"success\":true,\"data\":` before the payload and `}` after it,\n")
	p("  costs %d bytes, %d tokens, whatever the payload: within the budget of %d tokens.\n",
		minimal.overhead(payload), tokens(minimal.overhead(payload)), maxMinimalTokens)
	p("- The debug envelope is `schemas/examples/valid/debug.json`: `status`, two warnings, and every `meta` member\n")
	p("  with every member of each (the test walks `meta.json` to check it). It costs %d tokens. It is the same\n", tokens(debug.overhead(payload)))
	p("  type as the smallest form: every member but `success` and `data` is optional and sent only when it has\n")
	p("  something to say, so a tool pays for what it reports and nothing else.\n")
	var smaller, larger []string
	for _, r := range rows[2:] {
		diff := len(r.canonDoc) - len(r.doc)
		form, _, _ := strings.Cut(strings.Trim(r.form, "`"), ",")
		name := r.convention + " " + form
		switch {
		case diff < 0:
			smaller = append(smaller, fmt.Sprintf("%s (%d bytes)", name, diff))
		case diff > 0:
			larger = append(larger, fmt.Sprintf("%s (+%d bytes)", name, diff))
		}
	}
	p("- Carrying the same facts, the canonical envelope is smaller than %s, and larger than %s.\n",
		join(smaller), join(larger))
	p("  What it always adds is `\"success\":true,` (%d bytes): Code Scalpel has no success flag (success is the\n",
		minimal.overhead(payload)-rows[2].overhead(payload))
	p("  absence of `error`), so it cannot tell a failed call from a payload that happens to lack `error`, and\n")
	p("  inside MCP `success` is what `isError` is read from. What it saves are version markers (versions live\n")
	p("  in the schemas' `$id`), nulls and empty arrays, and duplicated members.\n")
	p("\n## How each seed's envelope was written\n\n")
	p("Each seed's success envelope is in the smallest form its own document allows: every member it requires,\n")
	p("with the values of its own example, optional members left out, and the payload above in its payload member.\n")
	p("The documents are in `schemas/examples/seeds/`.\n\n")
	p("- Code Scalpel: the minimal profile, its default since v3.3.0, is `{\"data\": ...}`; debug mode\n")
	p("  (`SCALPEL_MCP_INFO=DEBUG`) has every member of the seed's debug example, `\"error\": null` and\n")
	p("  `\"upgrade_hints\": []` included.\n")
	p("- Foundry response-v2: `success`, `data`, `\"error\": null` and `meta.version`, which the seed says to\n")
	p("  always include; `request_id` and the rest of `meta` are optional.\n")
	p("- mcp.envelope.v0.1: the wrapped legacy result of its section 9.1, `schema_version` and `result`; the\n")
	p("  \"How to adopt\" form also sends `\"provenance\": null`.\n")
	p("- Code Graph: `SuccessEnvelope<T>` without its optional members (`workspace.rev`,\n")
	p("  `meta.nextQuerySuggestion`, `meta.page`) and with empty `limits`; `approxTokens` is the document's true\n")
	p("  estimate.\n")
	p("- BMCIS: the members its response schema requires (`_metadata`, `results`, `execution_context`,\n")
	p("  `warnings`), without `pagination` and `tokens_used`; `results` holds the payload object, as\n")
	p("  `MCPResponseEnvelope[T]` does for an object `T` such as vendor info; `tokens_estimated` is the true\n")
	p("  estimate.\n")
	return b.String()
}
