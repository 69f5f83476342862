package downstream

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeSteps runs the README's steps for a downstream module as they
// are written (issue 15.9): in a module fresh from `go mod init`, beside a
// folder ../envgen that is this checkout, each line of the first sh block
// of "Use it in your repository", in the environment the README gives a user
// who is offline (GOPROXY=off GOSUMDB=off: nothing is looked up).
func TestReadmeSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds envgen as a tool of a fresh module")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readSources(t, root)
	steps, env := readmeSteps(t, readFile(t, filepath.Join(root, "README.md")))

	parent := t.TempDir()
	if err := os.Symlink(root, filepath.Join(parent, "envgen")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(parent, "app")
	copyTree(t, filepath.Join(root, "examples", "downstream", "schemas"), filepath.Join(dir, "schemas"))
	sh := func(line string) string {
		t.Helper()
		out, err := shell(dir, env, line)
		if err != nil {
			t.Fatalf("$ %s\n%v\n%s", line, err, out)
		}
		return out
	}
	sh("go mod init example.com/app")
	for _, line := range steps {
		sh(line)
	}
	goFile := readFile(t, filepath.Join(dir, "search", "search-output.go"))
	if !strings.Contains(goFile, "type SearchOutput = envelope.Envelope[SearchResult]") {
		t.Errorf("search/search-output.go does not alias the canonical envelope:\n%s", goFile)
	}
	if _, err := os.Stat(filepath.Join(dir, "web", "src", "search", "search-output.ts")); err != nil {
		t.Error(err)
	}
	sh("go vet ./...")
}

// readmeSteps returns the command lines of the README's first sh block under
// "## Use it in your repository", and the variables of the sentence that
// says how to run them offline ("run these commands with `A=x B=y`").
func readmeSteps(t *testing.T, readme string) (steps, env []string) {
	t.Helper()
	_, section, ok := strings.Cut(readme, "## Use it in your repository\n")
	if !ok {
		t.Fatal(`README.md has no section "Use it in your repository"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	m := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(section)
	if m == nil {
		t.Fatal("the README's downstream section has no sh block")
	}
	for _, line := range strings.Split(m[1], "\n") {
		if strings.TrimSpace(line) != "" {
			steps = append(steps, line)
		}
	}
	o := regexp.MustCompile("run these commands with `([^`]*)`").FindStringSubmatch(section)
	if o == nil {
		t.Fatal("the README does not say how to run the downstream steps offline (`run these commands with `GOPROXY=off …``)")
	}
	return steps, strings.Fields(o[1])
}

// shell runs line with sh in dir, with env added to this process's
// environment.
func shell(dir string, env []string, line string) (string, error) {
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off"), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}
