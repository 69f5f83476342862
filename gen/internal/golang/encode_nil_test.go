package golang_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/envgen/envgen/gen"
)

// nestedNilTest runs beside the Go of golden/nested-nil: AppendJSON writes
// what encoding/json writes for the same value (through a type without the
// methods), nil slices and maps at every depth included, and what Validate
// accepts decodes again.
const nestedNilTest = `package nest

import (
	"encoding/json"
	"testing"
)

type plain Nest // Nest's fields, none of its methods: encoding/json's own encoding

func TestAppendJSONIsMarshal(t *testing.T) {
	for _, x := range []Nest{
		{},
		{Ra: [][]int64{nil}},
		{Ra: [][]int64{{}, nil, {1}}, Aa: [][]string{nil}, Mm: map[string]map[string]int64{"k": nil}},
		{Ra: [][]int64{}, Aa: [][]string{{}, nil, {"a"}}, Mm: map[string]map[string]int64{"e": {}, "k": nil, "o": {"a": 1}},
			Rm: []map[string][]bool{nil, {}, {"n": nil, "e": {}, "t": {true}}}},
	} {
		want, err := json.Marshal(plain(x))
		if err != nil {
			t.Fatal(err)
		}
		got, err := x.AppendJSON(nil)
		if err != nil {
			t.Errorf("%s: AppendJSON: %v", want, err)
			continue
		}
		if string(got) != string(want) {
			t.Errorf("AppendJSON differs from encoding/json\n got: %s\nwant: %s", got, want)
		}
		if x.Validate() == nil {
			var y Nest
			if err := json.Unmarshal(got, &y); err != nil {
				t.Errorf("%s: Validate accepts it, but it does not decode: %v", got, err)
			}
		}
	}
}
`

// TestAppendJSONNestedNil generates golden/nested-nil into a throwaway
// module and runs nestedNilTest there: a nil slice or map inside an array or
// map is null, not [] or {}, at every depth.
func TestAppendJSONNestedNil(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := gen.Generate(gen.Options{
		Inputs:    []string{filepath.Join(root, "golden", "nested-nil", "nest.json")},
		GoOut:     "nest",
		GoPackage: "nest",
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)`).FindSubmatch(mod)
	if goVersion == nil {
		t.Fatal("go.mod has no go directive")
	}
	writeTo(t, filepath.Join(dir, "go.mod"), "module example.com/nested\n\ngo "+string(goVersion[1])+"\n\n"+
		"require github.com/envgen/envgen v0.0.0\n\nreplace github.com/envgen/envgen => "+filepath.ToSlash(root)+"\n")
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		writeTo(t, filepath.Join(dir, "go.sum"), string(sum))
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".go") {
			writeTo(t, filepath.Join(dir, filepath.FromSlash(f.Path)), string(f.Content))
			n++
		}
	}
	if n == 0 {
		t.Fatal("no Go generated")
	}
	writeTo(t, filepath.Join(dir, "nest", "nest_test.go"), nestedNilTest)
	cmd := exec.Command(goCmd, "test", "-count=1", "./nest")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS="+os.Getenv("GOFLAGS")+" -mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
}

func writeTo(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
