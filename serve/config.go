package serve

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/envgen/envgen/dialects"
)

//go:embed config.schema.json
var configSchemaText []byte

// ConfigSchema returns the JSON Schema of a configuration file
// (config.schema.json), a copy the caller may keep or change.
func ConfigSchema() []byte { return bytes.Clone(configSchemaText) }

// DebugEnv is the environment variable that turns on the debug profile for
// every tool, for troubleshooting: ENVGEN_MCP_INFO=DEBUG.
const DebugEnv = "ENVGEN_MCP_INFO"

// Config is the response configuration of a server: the profile and dialect
// of every tool and per-tool overrides. The zero value (and a nil *Config) is
// the default: every tool minimal, canonical, no projection.
//
//	{
//	  "global": {"profile": "standard", "dialect": "foundry"},
//	  "tool_overrides": {"search": {"profile": "debug", "include_only": ["hits"], "dialect": "canonical"}}
//	}
type Config struct {
	// Source names where the configuration came from, for messages, e.g.
	// "envgen-mcp.json". Empty for a configuration built in code.
	Source string

	// Global is the profile of every tool without an override.
	Global Profile

	// GlobalDialect is the dialect of every tool without an override: one
	// of dialects.Names(); "" is canonical. See [Config.Dialect].
	GlobalDialect string

	// Tools holds the overrides by tool name.
	Tools map[string]ToolConfig

	// Debug is set by [Config.ApplyEnv] when DebugEnv asks for debug; it
	// overrides every profile.
	Debug bool
}

// ToolConfig is the configuration of one tool.
type ToolConfig struct {
	// Profile overrides Config.Global when set.
	Profile Profile `json:"profile,omitempty"`

	// IncludeOnly, when set, lists the payload members to emit. Required
	// members of the payload are emitted all the same.
	IncludeOnly []string `json:"include_only,omitempty"`

	// Dialect overrides Config.GlobalDialect when set.
	Dialect string `json:"dialect,omitempty"`
}

// ConfigError is one problem with a configuration file: where it is and what
// was expected there.
type ConfigError struct {
	File    string // e.g. "envgen-mcp.json"
	Pointer string // RFC 6901 JSON Pointer into the file, e.g. "/global/profile"; "" is the root
	Message string // e.g. "value must be one of 'minimal', 'standard', 'debug'"
}

// Error returns "file#pointer: message".
func (e *ConfigError) Error() string {
	return fmt.Sprintf("%s#%s: %s", e.File, e.Pointer, e.Message)
}

// LoadConfig reads the configuration file at path, checks it against
// [ConfigSchema], and applies DebugEnv from the environment. An empty path is
// the default configuration (DebugEnv still applies). Every problem is a
// [*ConfigError]; several are joined with errors.Join, sorted by pointer.
func LoadConfig(path string) (*Config, error) {
	c := &Config{}
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if c, err = ParseConfig(path, data); err != nil {
			return nil, err
		}
	}
	if err := c.ApplyEnv(os.LookupEnv); err != nil {
		return nil, err
	}
	return c, nil
}

// ParseConfig parses and checks a configuration file's contents; name is used
// in messages.
func ParseConfig(name string, data []byte) (*Config, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	err := dec.Decode(&doc)
	if err == nil && dec.More() {
		err = errors.New("unexpected data after the JSON value")
	}
	if err != nil {
		return nil, &ConfigError{File: name, Message: "not JSON: " + syntaxError(data, err)}
	}
	schema, err := configSchema()
	if err != nil {
		return nil, err
	}
	var ve *jsonschema.ValidationError
	if err := schema.Validate(doc); errors.As(err, &ve) {
		return nil, configErrors(name, ve)
	} else if err != nil {
		return nil, err
	}

	var raw struct {
		Global struct {
			Profile Profile `json:"profile"`
			Dialect string  `json:"dialect"`
		} `json:"global"`
		ToolOverrides map[string]ToolConfig `json:"tool_overrides"`
	}
	if err := json.Unmarshal(data, &raw); err != nil { // cannot fail: the schema checked the shape
		return nil, &ConfigError{File: name, Message: err.Error()}
	}
	return &Config{Source: name, Global: raw.Global.Profile, GlobalDialect: raw.Global.Dialect, Tools: raw.ToolOverrides}, nil
}

// ApplyEnv reads DebugEnv through lookup (os.LookupEnv in a server): DEBUG
// (any case) turns on the debug profile; unset or empty changes nothing;
// anything else is an error.
func (c *Config) ApplyEnv(lookup func(string) (string, bool)) error {
	v, _ := lookup(DebugEnv)
	switch {
	case v == "":
		return nil
	case strings.EqualFold(v, "debug"):
		c.Debug = true
		return nil
	}
	return fmt.Errorf("environment variable %s=%q: expected DEBUG, or unset", DebugEnv, v)
}

// Profile returns the profile of the named tool.
func (c *Config) Profile(tool string) Profile {
	switch {
	case c == nil:
		return ProfileMinimal
	case c.Debug:
		return ProfileDebug
	case c.Tools[tool].Profile != "":
		return c.Tools[tool].Profile
	case c.Global != "":
		return c.Global
	}
	return ProfileMinimal
}

// Dialect returns the dialect the named tool answers in: canonical (the
// default), or one of the conventions of package dialects (scalpel, foundry,
// mcp-envelope, codegraph, bmcis), into which [Render] converts the
// canonical response before it is sent.
func (c *Config) Dialect(tool string) string {
	switch {
	case c == nil:
		return dialects.Canonical
	case c.Tools[tool].Dialect != "":
		return c.Tools[tool].Dialect
	case c.GlobalDialect != "":
		return c.GlobalDialect
	}
	return dialects.Canonical
}

// IncludeOnly returns the payload members the named tool emits, or nil for
// all of them.
func (c *Config) IncludeOnly(tool string) []string {
	if c == nil {
		return nil
	}
	return c.Tools[tool].IncludeOnly
}

// CheckTools reports overrides of tools that are not among names, e.g. a
// misspelt tool name, as [*ConfigError]s.
func (c *Config) CheckTools(names ...string) error {
	if c == nil {
		return nil
	}
	var errs []error
	for _, tool := range sortedKeys(c.Tools) {
		if !slices.Contains(names, tool) {
			sorted := slices.Sorted(slices.Values(names))
			errs = append(errs, &ConfigError{File: c.Source, Pointer: "/tool_overrides/" + escapePointer(tool),
				Message: fmt.Sprintf("no tool is named %q; the tools are %s", tool, strings.Join(sorted, ", "))})
		}
	}
	return errors.Join(errs...)
}

// CheckPayload reports include_only names of the named tool that are not
// members of its payload p, as [*ConfigError]s.
func (c *Config) CheckPayload(tool string, p *Payload) error {
	all, _ := p.Members()
	if c == nil || all == nil {
		return nil
	}
	var errs []error
	for i, name := range c.IncludeOnly(tool) {
		if !slices.Contains(all, name) {
			errs = append(errs, &ConfigError{File: c.Source, Pointer: fmt.Sprintf("/tool_overrides/%s/include_only/%d", escapePointer(tool), i),
				Message: fmt.Sprintf("%q is not a member of the payload of %s; its members are %s", name, tool, strings.Join(all, ", "))})
		}
	}
	return errors.Join(errs...)
}

var configSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(configSchemaText))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	const url = "https://envgen.dev/schemas/serve/v1/config.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
})

// configErrors turns the leaves of a validation error into ConfigErrors. A
// bad member name (propertyNames) is reported at the member it names.
func configErrors(file string, ve *jsonschema.ValidationError) error {
	var list []*ConfigError
	// base: the pointer that e's instance location is relative to; about:
	// what a message is about.
	var walk func(e *jsonschema.ValidationError, base, about string)
	walk = func(e *jsonschema.ValidationError, base, about string) {
		at := base + pointer(e.InstanceLocation)
		if pn, ok := e.ErrorKind.(*kind.PropertyNames); ok {
			at += "/" + escapePointer(pn.Property) // the causes are about the name itself
			about = fmt.Sprintf("the name %q: ", pn.Property)
			for _, c := range e.Causes {
				walk(c, at, about)
			}
			return
		}
		if len(e.Causes) == 0 {
			msg := "invalid"
			if out := e.BasicOutput(); out.Error != nil {
				msg = out.Error.String()
			}
			list = append(list, &ConfigError{File: file, Pointer: at, Message: about + msg})
		}
		for _, c := range e.Causes {
			walk(c, base, about)
		}
	}
	walk(ve, "", "")
	slices.SortStableFunc(list, func(a, b *ConfigError) int { return strings.Compare(a.Pointer, b.Pointer) })
	errs := make([]error, len(list))
	for i, e := range list {
		errs[i] = e
	}
	return errors.Join(errs...)
}

// syntaxError says where in data a JSON syntax error is, as line:column.
func syntaxError(data []byte, err error) string {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	before := data[:min(max(int(se.Offset)-1, 0), len(data))] // Offset counts the offending byte
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d: %v", line, col, err)
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}

func escapePointer(token string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(token)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
