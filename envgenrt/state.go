package envgenrt

import (
	"fmt"
	"sync"
)

// State is one validation (and decoding) of a Tree by generated code. It
// collects errors, knows whether errors are wanted at all (inside anyOf,
// oneOf, not, contains and if they are not: the first failure ends the
// branch), and keeps the dynamic scope ($dynamicRef) and the annotations that
// unevaluatedProperties and unevaluatedItems read. States are pooled: a
// valid value costs no allocation.
type State struct {
	Tree
	errs   []Error
	quiet  int  // > 0 inside branches whose errors are not reported
	cut    bool // MaxErrors reached
	frames []frame
	evals  []evalFrame
	words  []uint64
	out    []byte // Validate's encoding of the value

	// What decoding hands over to the decoded value, never pooled: the
	// text of its strings (strings.go) and the cells its optional scalars
	// point to.
	text    []byte
	strPtrs []string
	intPtrs []int64
	fltPtrs []float64
	blnPtrs []bool
}

// CheckFunc is a generated validator: it reports whether node n of s's tree
// is valid, recording errors in s.
type CheckFunc func(s *State, n int32) bool

// NodeChecker is implemented by every type envgen generates (with a pointer
// receiver that ignores the pointer): it validates node n against the type's
// schema. The validator of a generic type calls its type arguments' through
// it.
type NodeChecker interface {
	CheckNode(s *State, n int32) bool
}

// NodeDecoder is implemented by every pointer to a type envgen generates: it
// fills the value from node n, which has been validated.
type NodeDecoder interface {
	DecodeNode(s *State, n int32) error
}

// Appender is implemented by every type envgen generates: it appends the
// value's JSON encoding (what json.Marshal writes) to b.
type Appender interface {
	AppendJSON(b []byte) ([]byte, error)
}

var pool = sync.Pool{New: func() any { return new(State) }}

// maxKept bounds the nodes a pooled State keeps (40 bytes each: 40 MB, for
// a document of about 20 MB), so that a larger document does not pin its
// memory; a pooled State lives until the second garbage collection that
// finds it unused. Below it, decoding and Validate cost the same per byte at
// every size, and Validate allocates nothing once the pool holds a State as
// large as the value's encoding.
const maxKept = 1 << 20

// NewState returns a State from the pool; give it back with Release.
func NewState() *State { return pool.Get().(*State) }

// Release returns s to the pool. s must not be used afterwards.
func (s *State) Release() {
	if cap(s.nodes) > maxKept || cap(s.buf) > 8*maxKept || cap(s.out) > 8*maxKept || cap(s.words) > maxKept {
		return
	}
	s.reset(nil)
	clear(s.errs)
	s.errs = s.errs[:0]
	s.quiet, s.cut = 0, false
	clear(s.frames)
	s.frames = s.frames[:0]
	s.evals = s.evals[:0]
	s.words = s.words[:0]
	s.out = s.out[:0]
	s.text, s.strPtrs, s.intPtrs, s.fltPtrs, s.blnPtrs = nil, nil, nil, nil, nil
	pool.Put(s)
}

// Decodable is a pointer to a type envgen generates: what Decode fills.
type Decodable interface {
	NodeChecker
	NodeDecoder
}

// Decode decodes the JSON text data into v, a pointer to a type envgen
// generated, if data is valid against the type's schema; otherwise it fails
// with a *ValidationError that lists every violation (a *SyntaxError for text
// that is not JSON, a member name given twice or nesting deeper than
// MaxDepth), and v is not changed. It is the recommended way to decode:
//
//	var env envelope.Envelope[search.Result]
//	if err := envgenrt.Decode(data, &env); err != nil { … }
//
// It reads the text once: it parses it, validates it, and only then fills
// v. json.Unmarshal(data, &env) gives the same result, slower: encoding/json
// scans the text to check that it is JSON before it calls the generated
// UnmarshalJSON (with GOEXPERIMENT=jsonv2 it calls UnmarshalJSONFrom, which
// reads the value with jsontext and then decodes it with Decode).
//
// The strings of one decoded value share their storage: one allocation holds
// the text of all of them, so a string kept from a decoded value keeps that
// allocation alive, as a substring keeps its string.
func Decode(data []byte, v Decodable) error {
	s := NewState()
	defer s.Release()
	if err := s.Parse(data); err != nil {
		return err
	}
	if !v.CheckNode(s, 0) {
		return s.Err()
	}
	return v.DecodeNode(s, 0)
}

// Unmarshal is Decode under the name generated code used before Decode
// existed.
func Unmarshal(data []byte, x Decodable) error { return Decode(data, x) }

// Validate is a generated Validate method: it encodes v as json.Marshal would
// and validates the encoding with c, the validator of v's type.
func Validate[V Appender](v V, c NodeChecker) error {
	s := NewState()
	defer s.Release()
	out, err := v.AppendJSON(s.out[:0])
	s.out = out[:0]
	if err != nil {
		return err
	}
	if err := s.Parse(out); err != nil {
		return fmt.Errorf("the value does not encode as JSON: %w", err)
	}
	if !c.CheckNode(s, 0) {
		return s.Err()
	}
	return nil
}

// Err returns the errors collected so far as a *ValidationError, or nil.
func (s *State) Err() error {
	if len(s.errs) == 0 {
		return &ValidationError{Errors: []Error{{Keyword: "", Message: "invalid value"}}}
	}
	return &ValidationError{Errors: append([]Error(nil), s.errs...)}
}

// Stop reports whether a validator should return at once after a failure:
// inside a branch whose errors are not reported, or once MaxErrors errors
// are collected.
func (s *State) Stop() bool { return s.quiet > 0 || s.cut }

// Fail records an error at node n, unless errors are not wanted here, and
// reports whether the validator should stop (see Stop).
func (s *State) Fail(n int32, schemaPath, keyword, message string) bool {
	if s.quiet > 0 {
		return true
	}
	if s.cut {
		return true
	}
	if len(s.errs) == MaxErrors {
		s.errs = append(s.errs, Error{SchemaPath: schemaPath, Keyword: "maxErrors",
			Message: fmt.Sprintf("more errors follow; the list was cut at %d", MaxErrors)})
		s.cut = true
		return true
	}
	s.errs = append(s.errs, Error{InstancePath: s.Pointer(n), SchemaPath: schemaPath, Keyword: keyword, Message: message})
	return false
}

// Failf is Fail with a message made by fmt.Sprintf, only when it is recorded.
func (s *State) Failf(n int32, schemaPath, keyword, format string, args ...any) bool {
	if s.quiet > 0 || s.cut {
		return true
	}
	return s.Fail(n, schemaPath, keyword, fmt.Sprintf(format, args...))
}

// Quiet runs c on n without recording errors (for anyOf, oneOf, not, if and
// contains) and reports whether n is valid.
func (s *State) Quiet(c CheckFunc, n int32) bool {
	s.quiet++
	ok := c(s, n)
	s.quiet--
	return ok
}

// Valid reports whether n is valid against c, recording nothing: unions use
// it to find the branch a decoded value fits.
func (s *State) Valid(c CheckFunc, n int32) bool { return s.Quiet(c, n) }

// Dynamic scope: frames are pushed when evaluation enters a schema resource
// that declares $dynamicAnchors, and by generic types for their type
// arguments. A $dynamicRef resolves to the outermost frame that knows its
// anchor.

// Anchors maps a $dynamicAnchor name of one schema resource to the validator
// of the schema that declares it, or nil.
type Anchors func(anchor string) CheckFunc

type frame struct {
	resource string      // a schema resource's location
	anchors  Anchors     // and its $dynamicAnchors,
	anchor   string      // or one anchor bound to a type argument
	check    NodeChecker //
}

// Enter pushes the schema resource at location res, with its anchors, unless
// it is the innermost frame already; Leave(mark) pops it.
func (s *State) Enter(res string, a Anchors) (mark int) {
	mark = len(s.frames)
	if mark > 0 && s.frames[mark-1].resource == res {
		return mark
	}
	s.frames = append(s.frames, frame{resource: res, anchors: a})
	return mark
}

// Leave pops the frames pushed since Enter or Bind returned mark.
func (s *State) Leave(mark int) {
	clear(s.frames[mark:])
	s.frames = s.frames[:mark]
}

// Binding binds a $dynamicAnchor to the validator of a generic type's type
// argument; see Bind.
type Binding struct {
	anchor string
	check  NodeChecker
}

// Bind returns the binding of anchor to T's validator, for the validator of a
// generic type instantiated with T. There is none (the anchor keeps its
// schema's meaning) when T is not a generated type, or is the parameter's
// default, whose validator def is.
func Bind[T any](anchor string, def NodeChecker) Binding {
	c, ok := any((*T)(nil)).(NodeChecker)
	if !ok || c == def {
		return Binding{}
	}
	return Binding{anchor: anchor, check: c}
}

// Bind pushes the bindings that are set; Leave(mark) pops them.
func (s *State) Bind(bs ...Binding) (mark int) {
	mark = len(s.frames)
	for _, b := range bs {
		if b.check != nil {
			s.frames = append(s.frames, frame{anchor: b.anchor, check: b.check})
		}
	}
	return mark
}

// Dynamic validates n against the target of a $dynamicRef to anchor: the
// schema of the outermost frame in scope that declares it, else def (the
// reference's static target).
func (s *State) Dynamic(n int32, anchor string, def CheckFunc) bool {
	for i := range s.frames {
		f := &s.frames[i]
		if f.anchors != nil {
			if c := f.anchors(anchor); c != nil {
				return c(s, n)
			}
		} else if f.anchor == anchor {
			return f.check.CheckNode(s, n)
		}
	}
	return def(s, n)
}

// Annotations for unevaluatedProperties and unevaluatedItems: a validator
// that has them begins an evaluation frame for its node; validators that run
// in place (allOf, $ref …) mark the members or items they evaluate in the top
// frame when it is for the same node. Branches that fail leave nothing.

type evalFrame struct {
	node  int32
	off   int32 // words[off : off+size]
	size  int32
	valid bool
}

// BeginEval starts collecting the members or items of n that get evaluated.
func (s *State) BeginEval(n int32) (mark int) {
	mark = len(s.evals)
	size := (s.Count(n) + 63) / 64
	off := len(s.words)
	for range size {
		s.words = append(s.words, 0)
	}
	s.evals = append(s.evals, evalFrame{node: n, off: int32(off), size: int32(size)})
	return mark
}

// EndEval ends the frames begun since mark; when keep is set, what they
// collected counts for the frame below, if it is for the same node.
func (s *State) EndEval(mark int, keep bool) {
	top := s.evals[mark]
	if keep && mark > 0 {
		if below := &s.evals[mark-1]; below.node == top.node {
			dst := s.words[below.off : below.off+below.size]
			for i, w := range s.words[top.off : top.off+top.size] {
				dst[i] |= w
			}
		}
	}
	s.words = s.words[:top.off]
	s.evals = s.evals[:mark]
}

// Mark records that member or item i of n was evaluated.
func (s *State) Mark(n int32, i int) {
	if k := len(s.evals) - 1; k >= 0 && s.evals[k].node == n {
		s.words[int(s.evals[k].off)+i/64] |= 1 << (i % 64)
	}
}

// MarkAll records that every member or item of n was evaluated.
func (s *State) MarkAll(n int32) {
	if k := len(s.evals) - 1; k >= 0 && s.evals[k].node == n {
		f := s.evals[k]
		for i := range s.words[f.off : f.off+f.size] {
			s.words[int(f.off)+i] = ^uint64(0)
		}
	}
}

// Evaluated reports whether member or item i of n was evaluated, as far as
// the top frame knows.
func (s *State) Evaluated(n int32, i int) bool {
	k := len(s.evals) - 1
	if k < 0 || s.evals[k].node != n {
		return false
	}
	return s.words[int(s.evals[k].off)+i/64]&(1<<(i%64)) != 0
}
