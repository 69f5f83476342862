// Command gjsgen generates Go for one schema file with
// github.com/atombender/go-jsonschema (the library of its command, v0.24.1),
// naming the root type SuiteRoot. References under http://localhost:1234/
// are read from the JSON-Schema-Test-Suite's remotes folder; no other
// reference leaves the disk. The matrix runs it once per test group, in a
// process of its own, so that a generator that crashes or loops costs one
// group only.
//
//	gjsgen -remotes DIR -package NAME -o FILE SCHEMA
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/atombender/go-jsonschema/pkg/generator"
	"github.com/atombender/go-jsonschema/pkg/schemas"
)

func main() {
	remotes := flag.String("remotes", "", "the suite's remotes `DIR`")
	pkg := flag.String("package", "", "the Go package `NAME`")
	out := flag.String("o", "", "the Go `FILE` to write")
	flag.Parse()
	if err := run(*remotes, *pkg, *out, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(remotes, pkg, out, schema string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	data, err := os.ReadFile(schema)
	if err != nil {
		return err
	}
	var head struct {
		ID string `json:"$id"`
	}
	_ = json.Unmarshal(data, &head)
	files := schemas.NewFileLoader(nil, nil)
	g, err := generator.New(generator.Config{
		DefaultPackageName: pkg,
		DefaultOutputName:  out,
		SchemaMappings:     []generator.SchemaMapping{{SchemaID: head.ID, PackageName: pkg, OutputName: out, RootType: "SuiteRoot"}},
		Tags:               []string{"json"},
		Warner:             func(string) {},
		Loader: schemas.NewCachedLoader(schemas.MultiLoader{
			schemas.RefTypeFile:  files,
			schemas.RefTypeHTTP:  local{remotes, files},
			schemas.RefTypeHTTPS: local{remotes, files},
		}, map[string]*schemas.Schema{}),
	})
	if err != nil {
		return err
	}
	if err := g.DoFile(schema); err != nil {
		return err
	}
	sources, err := g.Sources()
	if err != nil {
		return err
	}
	src, ok := sources[out]
	if !ok {
		return errors.New("no output")
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o644)
}

// local reads http://localhost:1234/… from the remotes folder, and refuses
// every other URL: the suite needs no other, and nothing goes to the network.
type local struct {
	dir   string
	files *schemas.FileLoader
}

func (l local) Load(uri, parent string) (*schemas.Schema, error) {
	const prefix = "http://localhost:1234/"
	if !strings.HasPrefix(uri, prefix) {
		return nil, fmt.Errorf("no network: %s", uri)
	}
	path := strings.SplitN(strings.TrimPrefix(uri, prefix), "#", 2)[0]
	return l.files.Load(filepath.Join(l.dir, filepath.FromSlash(path)), "")
}
