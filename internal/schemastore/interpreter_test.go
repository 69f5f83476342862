package schemastore

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/envgen/envgen/envgenrt"
)

// interpreter judges SchemaStore instances with santhosh-tekuri/jsonschema,
// written independently of envgen: the second opinion misses.json rests on.
// Patterns are ECMA-262, as envgen reads them: translated to RE2 where
// envgenrt can, else run on regexp2 with the options the generated Go uses.
// With assertFormat, format is asserted (the reading SchemaStore's labels
// sometimes assume): by the runtime's check for the formats `envgen generate
// --assert-format` checks, by the interpreter's own for the others (its
// uri-reference, for one, accepts spaces); without, format is an annotation
// in every draft, as in envgen.
type interpreter struct {
	schemas      string // the corpus's _schemas folder
	assertFormat bool
}

// interpreterFormats are the formats santhosh-tekuri/jsonschema checks on
// its own; without assertFormat each is replaced by a check that passes,
// since the interpreter asserts format in drafts before 2019-09.
var interpreterFormats = []string{"regex", "ipv4", "ipv6", "hostname", "email", "date", "time", "date-time",
	"duration", "period", "json-pointer", "relative-json-pointer", "uuid", "uri", "iri", "uri-reference",
	"iri-reference", "uri-template", "semver", "idn-email", "idn-hostname"}

// runtimeFormats are the checks generated code runs under --assert-format
// (docs/validation.md), but regex: the interpreter lets no one replace it,
// and runs it on ecmaEngine.
var runtimeFormats = map[string]func([]byte) bool{
	"date-time": envgenrt.IsDateTime, "date": envgenrt.IsDate, "time": envgenrt.IsTime,
	"duration": envgenrt.IsDuration, "email": envgenrt.IsEmail, "hostname": envgenrt.IsHostname,
	"ipv4": envgenrt.IsIPv4, "ipv6": envgenrt.IsIPv6, "uri": envgenrt.IsURI,
	"uri-reference": envgenrt.IsURIReference, "uuid": envgenrt.IsUUID, "json-pointer": envgenrt.IsJSONPointer,
}

// compile compiles the schema file root (a case's root.json).
func (in interpreter) compile(root string) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020) // envgen's draft when $schema is absent
	c.UseRegexpEngine(ecmaEngine)
	c.UseLoader(corpusLoader{schemas: in.schemas, renameRegex: !in.assertFormat})
	if in.assertFormat {
		c.AssertFormat()
		for name, check := range runtimeFormats {
			c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(v any) error {
				if s, ok := v.(string); ok && !check([]byte(s)) {
					return fmt.Errorf("not a valid %s", name)
				}
				return nil
			}})
		}
	} else {
		for _, name := range append(interpreterFormats, annotatedRegex) {
			c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(any) error { return nil }})
		}
	}
	return c.Compile(root)
}

// valid reports whether the instance file is valid against sch, and the
// interpreter's error when it is not.
func valid(sch *jsonschema.Schema, file string) (bool, string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return false, "", err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return false, "", fmt.Errorf("%s: %v", file, err)
	}
	if err := sch.Validate(v); err != nil {
		return false, err.Error(), nil
	}
	return true, "", nil
}

// corpusLoader finds SchemaStore's URLs in _schemas, as TestCorpus's
// --ref-map does, and files on disk; it fetches nothing. As envgen, it tries
// a name as given, then with .json. A relative reference from root.json
// whose file is not beside it (draft-07 ignores an $id beside $ref, so the
// base is the file) is looked for in _schemas, where root.json comes from.
type corpusLoader struct {
	schemas     string
	renameRegex bool // rename format "regex" annotatedRegex (see there)
}

func (l corpusLoader) Load(url string) (any, error) {
	var paths []string
	for _, prefix := range []string{"https://json.schemastore.org/", "https://www.schemastore.org/"} {
		if rest, ok := strings.CutPrefix(url, prefix); ok {
			paths = append(paths, filepath.Join(l.schemas, filepath.FromSlash(rest)))
		}
	}
	if rest, ok := strings.CutPrefix(url, "file://"); ok {
		paths = append(paths, filepath.FromSlash(rest), filepath.Join(l.schemas, filepath.Base(rest)))
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s is not in the corpus, and nothing is fetched", url)
	}
	for _, path := range paths {
		for _, ext := range []string{"", ".json"} {
			f, err := os.Open(path + ext)
			if err != nil {
				continue
			}
			defer f.Close()
			v, err := jsonschema.UnmarshalJSON(f)
			if err == nil && l.renameRegex {
				renameRegex(v)
			}
			return v, err
		}
	}
	return nil, fmt.Errorf("%s: not found in the corpus (%s)", url, strings.Join(paths, ", "))
}

// annotatedRegex stands for format "regex", which the interpreter checks
// with its regexp engine in drafts before 2019-09 even when format is not
// asserted, and lets no one override: without assertFormat, documents reach
// it with this name instead, registered as a check that passes.
const annotatedRegex = "annotated-regex"

// renameRegex renames every format "regex" of a schema document
// annotatedRegex, in place; the values of const, enum, default and examples
// are data, and left alone.
func renameRegex(v any) {
	switch x := v.(type) {
	case map[string]any:
		if f, ok := x["format"].(string); ok && f == "regex" {
			x["format"] = annotatedRegex
		}
		for k, e := range x {
			switch k {
			case "const", "enum", "default", "examples":
			default:
				renameRegex(e)
			}
		}
	case []any:
		for _, e := range x {
			renameRegex(e)
		}
	}
}

// ecmaEngine compiles an ECMA-262 pattern: RE2 through envgenrt's
// translation where it has one, else regexp2 (lookaround, backreferences),
// as the generated Go runs it.
func ecmaEngine(s string) (jsonschema.Regexp, error) {
	if err := envgenrt.CheckECMA(s); err != nil {
		return nil, err
	}
	if re, err := envgenrt.CompileECMA(s); err == nil {
		return re, nil
	}
	re, err := regexp2.Compile(envgenrt.ForRegexp2(s), envgenrt.ECMAOptions)
	if err != nil {
		return nil, err
	}
	return regexp2Pattern{re}, nil
}

type regexp2Pattern struct{ re *regexp2.Regexp }

func (p regexp2Pattern) MatchString(s string) bool {
	ok, err := p.re.MatchString(s)
	return ok && err == nil
}
func (p regexp2Pattern) String() string { return p.re.String() }
