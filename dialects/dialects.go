// Package dialects converts tool responses between envgen's canonical
// envelope and the five envelope conventions it unifies (docs/dialects.md):
// Code Scalpel ("scalpel"), Foundry response-v2 ("foundry"),
// mcp.envelope.v0.1 with prov.record.v0.1 ("mcp-envelope"), Code Graph
// ("codegraph") and BMCIS ("bmcis").
//
// Each dialect has a schema (embedded, see [FS]) and Go types generated from it
// (generated/go/dialects/<folder>). A conversion validates its input against
// the source dialect's schema, maps it through the canonical envelope, and
// validates its output against the target's schema; it never returns an
// invalid document. What the target cannot carry is left out, and
// [ConvertWith] can report each such member, with the reason docs/dialects.md
// gives for it. The canonical envelope keeps what its members cannot carry in
// meta.source, so that converting it back to the same dialect gives the
// document again exactly.
package dialects

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/envgen/envgen/generated/go/envelope"
)

// Canonical is the name of envgen's own envelope among the dialects.
const Canonical = "canonical"

// canon is a canonical envelope with its payload kept as JSON text.
type canon = envelope.Envelope[json.RawMessage]

// dialect is one convention: its schema, its converters and what it
// cannot carry.
type dialect struct {
	name   string // as on the command line, e.g. "mcp-envelope"
	schema string // the schema documents are validated against, see schemaAt
	// keep are the members whose violations pruning may not fix by
	// removing them: the target is then not able to hold the document.
	keep []string
	// toCanonical maps a valid document to a canonical envelope.
	toCanonical func(doc []byte) (*canon, error)
	// incomplete, when set, maps a document that lacks the required
	// members missing, and is otherwise valid, to a canonical envelope
	// (see convertIncomplete).
	incomplete func(doc []byte, missing []string) (*canon, error)
	// fromCanonical maps a valid canonical envelope to a document (any
	// value json.Marshal encodes). missing lists the canonical members the
	// dialect requires and c lacks, as JSON Pointers into c.
	fromCanonical func(c *canon, profile string) (out any, missing []string, err error)
	// profileOf names the profile a valid document was written in, so that
	// the way back writes the same one; nil when the dialect has none.
	profileOf func(doc []byte) string
	// toRules say which members of a dialect document do not survive the
	// way to canonical and back; fromRules which members of a canonical
	// envelope do not survive the way to the dialect and back.
	toRules, fromRules []rule
	// profileRules say what else does not survive the way to the dialect
	// in a profile, after fromRules.
	profileRules map[string][]rule
}

// registry lists the dialects by name, canonical first.
var registry = []*dialect{canonicalDialect, scalpelDialect, foundryDialect, mcpEnvelopeDialect, codegraphDialect, bmcisDialect}

// Names returns the names of the dialects Convert knows, canonical first:
// canonical, scalpel, foundry, mcp-envelope, codegraph, bmcis.
func Names() []string {
	names := make([]string, len(registry))
	for i, d := range registry {
		names[i] = d.name
	}
	return names
}

// Profiles returns the output profiles of a dialect, e.g. those of scalpel:
// minimal, standard, verbose, debug. Most dialects have none.
func Profiles(name string) []string {
	if name == scalpelDialect.name {
		return slices.Clone(scalpelProfiles)
	}
	return nil
}

func lookup(name string) (*dialect, error) {
	for _, d := range registry {
		if d.name == name {
			return d, nil
		}
	}
	return nil, &UnknownError{Name: name}
}

// Requires returns the members of a canonical envelope that the dialect
// cannot do without, as JSON Pointers into it: a canonical envelope that
// lacks one converts to the dialect with a *MissingError. bmcis requires
// /meta/tool, /meta/timing/started_at, /meta/request_id, /meta/tokens,
// /meta/telemetry/cache_hit and /meta/timing/duration_ms; codegraph
// /meta/tool, /meta/request_id, /meta/timing/started_at,
// /meta/workspace/root and /meta/workspace/repo_name; the others nothing.
// An unknown name requires nothing.
func Requires(name string) []string {
	d, err := lookup(name)
	if err != nil {
		return nil
	}
	_, missing, _ := d.fromCanonical(&canon{Success: true}, "") // what an envelope with nothing else lacks
	return missing
}

// UnknownError is a dialect name Convert does not know.
type UnknownError struct{ Name string }

func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown dialect %q: want one of %s", e.Name, strings.Join(Names(), ", "))
}

// Options refine a conversion.
type Options struct {
	// Profile is the output profile of dialects that have them (Profiles):
	// for scalpel, minimal, standard, verbose or debug; "" writes every
	// member that has a value and no nulls.
	Profile string
	// Losses asks for Result.Losses; it costs one more conversion back.
	Losses bool
}

// Result is the outcome of ConvertWith.
type Result struct {
	Output []byte // the converted document, compact JSON
	Losses []Loss // what did not make it across, when Options.Losses is set
}

// Loss is a member of a document that a conversion could not carry: it is
// absent, or different, after converting to the next dialect and back.
type Loss struct {
	From, To string // one step of the conversion, e.g. "scalpel" → "canonical"
	Pointer  string // where, in the document of From, e.g. "/upgrade_hints"
	Reason   string // why, as docs/dialects.md says
	// Missing marks a member that the document lacks although the schema
	// of From requires it (an incomplete document, e.g. BMCIS's own error
	// examples without _metadata.version): the canonical envelope lacks
	// what the member would have given.
	Missing bool
	// Kept marks a member no canonical member carries that the canonical
	// envelope keeps in meta.source: converting it back to From restores
	// it, converting it to any other dialect does not. Not a loss of this
	// conversion, which --lossless accepts.
	Kept bool
}

func (l Loss) String() string {
	if l.Kept {
		return fmt.Sprintf("%s#%s is kept in %s's meta.source, for the way back to %s only: %s", l.From, l.Pointer, l.To, l.From, l.Reason)
	}
	if l.Missing {
		return fmt.Sprintf("%s#%s is missing, so not in %s: %s", l.From, l.Pointer, l.To, l.Reason)
	}
	return fmt.Sprintf("%s#%s is not carried to %s: %s", l.From, l.Pointer, l.To, l.Reason)
}

// Convert converts doc from one dialect to another (see Names), with the
// default options, and returns the converted document, compact. An invalid
// doc gives an *InvalidError (or a *SyntaxError); a valid one that the
// target cannot hold gives a *MissingError (the target requires members the
// canonical envelope lacks) or an *UnfitError (e.g. a payload of the wrong
// type). It is safe for concurrent use: a server can answer in a dialect by
// converting each canonical response, Convert("canonical", "foundry", b).
func Convert(from, to string, doc []byte) ([]byte, error) {
	r, err := ConvertWith(from, to, doc, Options{})
	return r.Output, err
}

// ConvertWith is Convert with options. Converting a dialect to itself
// returns doc unchanged, once it is valid.
func ConvertWith(from, to string, doc []byte, opts Options) (Result, error) {
	df, err := lookup(from)
	if err != nil {
		return Result{}, err
	}
	dt, err := lookup(to)
	if err != nil {
		return Result{}, err
	}
	if opts.Profile != "" && !slices.Contains(Profiles(to), opts.Profile) {
		return Result{}, fmt.Errorf("dialect %s has no profile %q", to, opts.Profile)
	}
	var c *canon
	var missing []string // what an incomplete doc lacks
	if _, err := parseValid(df, doc); err != nil {
		if c, missing, err = convertIncomplete(df, doc, err); err != nil {
			return Result{}, err
		}
	} else {
		if df == dt && opts.Profile == "" {
			return Result{Output: doc}, nil
		}
		if c, err = toCanonical(df, doc); err != nil {
			return Result{}, err
		}
	}
	out, err := fromCanonical(dt, c, opts.Profile)
	if err != nil {
		return Result{}, err
	}
	res := Result{Output: out}
	if opts.Losses {
		if res.Losses, err = losses(df, dt, doc, c, opts.Profile, missing); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// toCanonical maps a valid document of d to a valid canonical envelope.
func toCanonical(d *dialect, doc []byte) (*canon, error) {
	c, err := d.toCanonical(doc)
	if err != nil {
		return nil, err
	}
	fitted, err := fitCanon(c)
	if err != nil {
		return nil, fmt.Errorf("converting %s to canonical: %w", d.name, err)
	}
	recordSource(d, doc, fitted)
	return fitted, nil
}

// fitCanon leaves out of c an empty timing and an empty meta, and whatever
// else keeps it from being a valid canonical envelope (see fit).
func fitCanon(c *canon) (*canon, error) {
	if c.Meta != nil && c.Meta.Timing != nil && *c.Meta.Timing == (envelope.Timing{}) {
		c.Meta.Timing = nil
	}
	if c.Meta != nil && string(mustJSON(c.Meta)) == "{}" {
		c.Meta = nil
	}
	b, err := fit(canonicalDialect, c)
	if err != nil {
		return nil, err
	}
	return decodeCanon(b)
}

// decodeCanon decodes a valid canonical envelope. A payload of null stays
// null: json.Unmarshal would make the pointer nil, which is absence.
func decodeCanon(b []byte) (*canon, error) {
	var c canon
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	if data := member(b, "data"); data != nil {
		c.Data = &data
	}
	return &c, nil
}

// fromCanonical maps a valid canonical envelope to a valid document of d.
// The dialect's converter never sees meta.source; when it names d, its
// entries are written over what the converter made (see applySource).
func fromCanonical(d *dialect, c *canon, profile string) ([]byte, error) {
	var src *envelope.Source
	if d != canonicalDialect {
		c, src = withoutSource(c)
	}
	out, missing, err := d.fromCanonical(c, profile)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		return nil, &MissingError{Dialect: d.name, Pointers: missing}
	}
	if src != nil && src.Convention == d.name {
		applied, err := applySource(out, src)
		if err != nil {
			return nil, err
		}
		if inProfile(d, applied, profile) { // else the profile asked for wins
			out = applied
		}
	}
	b, err := fit(d, out)
	if err != nil {
		return nil, fmt.Errorf("converting canonical to %s: %w", d.name, err)
	}
	return b, nil
}

// inProfile reports whether doc is valid in the profile of d, e.g. Code
// Scalpel's minimal (schema scalpel/minimal.json); every document is in
// profile "".
func inProfile(d *dialect, doc []byte, profile string) bool {
	if profile == "" {
		return true
	}
	v, err := parse(doc)
	if err != nil {
		return false
	}
	vs, err := validate(path.Dir(d.schema)+"/"+profile+".json", v)
	return err == nil && len(vs) == 0
}

// MissingError is a canonical envelope that lacks members the target
// dialect requires, e.g. meta.tool for the _metadata.operation of bmcis.
type MissingError struct {
	Dialect  string
	Pointers []string // into the canonical envelope, e.g. "/meta/tool"
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("%s requires what the canonical envelope lacks: %s", e.Dialect, strings.Join(e.Pointers, ", "))
}
