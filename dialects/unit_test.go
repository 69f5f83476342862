package dialects

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/envgen/envgen/generated/go/dialects/codegraph"
	"github.com/envgen/envgen/generated/go/envelope"
)

func TestCode(t *testing.T) {
	for in, want := range map[string]envelope.Code{
		"not_found": "NOT_FOUND", "NOT_FOUND": "NOT_FOUND", "ADAPTER.EXECUTION.FAILED": "ADAPTER.EXECUTION.FAILED",
		"adapter.execution.failed": "ADAPTER.EXECUTION.FAILED", "a..b": "A_B", "a._b": "A_B", "a.": "A",
		"file-not-found": "FILE_NOT_FOUND", "  spaced  out ": "SPACED_OUT", "404": "E_404", "...": "UNKNOWN", "": "UNKNOWN",
		"notFound": "NOTFOUND", "é_x": "X",
	} {
		if got := code(in); got != want {
			t.Errorf("code(%q) = %q, want %q", in, got, want)
		}
	}
	for c, want := range map[envelope.Code]envelope.Category{
		"NOT_FOUND": "not_found", "TASK_NOT_FOUND": "not_found", "USER_NOT_FOUND": "not_found", "INVALID_INPUT": "validation",
		"FEATURE_DISABLED": "feature_flag", "NOT_AVAILABLE": "unavailable", "ADAPTER_EXECUTION_FAILED": "internal",
	} {
		if got := category(c); got != want {
			t.Errorf("category(%q) = %q, want %q", c, got, want)
		}
	}
}

func TestFieldPointers(t *testing.T) {
	for field, ptr := range map[string]string{
		"safest_next_step": "/safest_next_step", "plan[0]": "/plan/0", "a.b[2].c": "/a/b/2/c", "[0].a": "/0/a",
		"": "", "a/b": "/a~1b", "x[1][2]": "/x/1/2",
	} {
		if got := fieldPointer(field); got != ptr {
			t.Errorf("fieldPointer(%q) = %q, want %q", field, got, ptr)
		}
		if got := pointerField(ptr); got != field {
			t.Errorf("pointerField(%q) = %q, want %q", ptr, got, field)
		}
	}
	path := []json.RawMessage{json.RawMessage(`"items"`), json.RawMessage(`0`), json.RawMessage(`"a/b"`)}
	if got := zodPointer(path); got != "/items/0/a~1b" {
		t.Errorf("zodPointer = %q", got)
	}
	if got := string(mustJSON(zodPath("/items/0/a~1b"))); got != `["items",0,"a/b"]` {
		t.Errorf("zodPath = %s", got)
	}
}

func TestDiff(t *testing.T) {
	a, _ := parse([]byte(`{"n": 1.0, "s": "x", "o": {"k": [1, 2, 3]}, "gone": null, "e/": true}`))
	b, _ := parse([]byte(`{"n": 1, "s": "y", "o": {"k": [1, 5]}, "new": 0, "e/": true}`))
	want := []string{"/gone", "/new", "/o/k/1", "/o/k/2", "/s"}
	if got := diff(a, b); !slices.Equal(got, want) {
		t.Errorf("diff = %q, want %q", got, want)
	}
	if got := diff(a, a); len(got) != 0 {
		t.Errorf("diff of a value with itself: %q", got)
	}
}

func TestRules(t *testing.T) {
	r := rule{"/warnings/*/context", ""}
	for ptr, want := range map[string]bool{
		"/warnings/0/context": true, "/warnings/12/context/k": true, "/warnings/0": false, "/warnings/0/code": false, "/meta": false,
	} {
		if r.matches(ptr) != want {
			t.Errorf("%s matches %s: %v", r.pattern, ptr, !want)
		}
	}
	rules := []rule{{"/a/b", "specific"}, {"/a", "general"}}
	if reasonFor(rules, "/a/b/c") != "specific" || reasonFor(rules, "/a/x") != "general" {
		t.Error("the first matching rule gives the reason")
	}
}

func TestTreeKeepsOrder(t *testing.T) {
	tree, err := parseTree([]byte(`{"z": 1, "a": {"y": [true, null, "<&>"], "b": 2.50}, "m": []}`))
	if err != nil {
		t.Fatal(err)
	}
	if !tree.remove("/a/y/1") || tree.remove("/nope") || tree.remove("") {
		t.Fatal("remove reports wrongly")
	}
	if got := string(tree.appendJSON(nil)); got != `{"z":1,"a":{"y":[true,"<&>"],"b":2.50},"m":[]}` {
		t.Errorf("got %s", got)
	}
}

// TestFitLeavesOutWhatIsInvalid checks that a member the target rejects is
// left out, with the containers it leaves empty, and that a required member
// that cannot be left out fails the conversion.
func TestFitLeavesOutWhatIsInvalid(t *testing.T) {
	// Canonical's members leave them out; its meta.source keeps them, for
	// the way back to scalpel.
	out, err := Convert("scalpel", Canonical, []byte(`{"request_id": "has spaces", "capabilities": [""], "data": 1}`))
	if err != nil || string(out) != `{"success":true,"data":1,"meta":{"source":{"convention":"scalpel","kept":{"/capabilities":[""],"/request_id":"has spaces"}}}}` {
		t.Errorf("got %s, %v", out, err)
	}
	_, err = Convert("scalpel", Canonical, []byte(`{"error": {"error": "", "error_code": "x"}}`))
	var unfit *UnfitError
	if !errors.As(err, &unfit) || unfit.Dialect != Canonical || unfit.Violations[0].InstancePath != "/error/message" {
		t.Errorf("an empty message: %v", err)
	}
}

func TestConvertAPI(t *testing.T) {
	doc := []byte(`{"data": {"a": 1}}`)
	if _, err := Convert("scalpel", "mcp", doc); !errors.As(err, new(*UnknownError)) {
		t.Errorf("unknown dialect: %v", err)
	}
	if _, err := ConvertWith("canonical", "bmcis", doc, Options{Profile: "debug"}); err == nil {
		t.Error("a profile bmcis does not have was accepted")
	}
	if out, err := Convert("scalpel", "scalpel", doc); err != nil || string(out) != string(doc) {
		t.Errorf("to itself: %s, %v", out, err)
	}
	if _, err := Convert("scalpel", "scalpel", []byte(`{"data": 1, "x": 2}`)); !errors.As(err, new(*InvalidError)) {
		t.Errorf("to itself, invalid: %v", err)
	}
	if _, err := Convert("scalpel", Canonical, []byte(`{"data": `)); !errors.As(err, new(*SyntaxError)) {
		t.Errorf("not JSON: %v", err)
	}
	if got := Names(); !slices.Equal(got, []string{"canonical", "scalpel", "foundry", "mcp-envelope", "codegraph", "bmcis"}) {
		t.Errorf("Names() = %q", got)
	}
}

// TestApproxTokens checks Code Graph's estimate of an envelope that holds it.
func TestApproxTokens(t *testing.T) {
	e := codegraph.Envelope{Success: true, Data: codegraph.Data{Result: json.RawMessage(`{"é": "` + string(make([]byte, 0)) + `😀"}`)}}
	n := approxTokens(&e)
	units := 0
	for _, r := range string(mustJSON(e)) {
		units++
		if r > 0xFFFF {
			units++
		}
	}
	if want := int64((units + 3) / 4); n != want || e.Data.Meta.ApproxTokens != n {
		t.Errorf("approxTokens = %d, want %d", n, want)
	}
}

// TestConvertConcurrently converts from many goroutines at once, as a
// server does; run with -race.
func TestConvertConcurrently(t *testing.T) {
	doc := []byte(`{"tier": "pro", "tool_id": "scan", "tool_version": "1", "data": {"a": 1}}`)
	want, err := Convert("scalpel", "mcp-envelope", doc)
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 16)
	for range 16 {
		go func() {
			got, err := Convert("scalpel", "mcp-envelope", doc)
			if err == nil && string(got) != string(want) {
				err = errors.New("a different result: " + string(got))
			}
			errs <- err
		}()
	}
	for range 16 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestRequires checks the members each dialect requires, and that an
// envelope with all of them converts.
func TestRequires(t *testing.T) {
	want := map[string][]string{
		"bmcis":     {"/meta/tool", "/meta/timing/started_at", "/meta/request_id", "/meta/tokens", "/meta/telemetry/cache_hit", "/meta/timing/duration_ms"},
		"codegraph": {"/meta/tool", "/meta/request_id", "/meta/timing/started_at", "/meta/workspace/root", "/meta/workspace/repo_name"},
	}
	meta := `{"tool": {"name": "t", "version": "1"}, "request_id": "r",
		"timing": {"started_at": "2026-01-01T00:00:00Z", "duration_ms": 1}, "tokens": {"estimated": 1},
		"telemetry": {"cache_hit": false}, "workspace": {"root": "/w", "repo_name": "w"}}`
	for _, name := range append(Names(), "klingon") {
		if got := Requires(name); !slices.Equal(got, want[name]) {
			t.Errorf("Requires(%s) = %q, want %q", name, got, want[name])
		}
		data := "[]"
		if name == "foundry" {
			data = "{}" // foundry's data is an object, bmcis's results an array
		}
		bare := `{"success": true, "data": ` + data + `}`
		if _, err := Convert(Canonical, name, []byte(bare)); (err != nil) != (len(want[name]) > 0 || name == "klingon") {
			t.Errorf("%s: converting an envelope without meta: %v", name, err)
		}
		full := `{"success": true, "data": ` + data + `, "meta": ` + meta + `}`
		if _, err := Convert(Canonical, name, []byte(full)); err != nil && name != "klingon" {
			t.Errorf("%s: converting an envelope with every required member: %v", name, err)
		}
	}
}
