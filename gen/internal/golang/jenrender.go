package golang

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/dave/jennifer/jen"
)

// jennifer's File.Render writes every token through an io.Writer, most of
// them after a fmt.Sprintf and a string-to-bytes copy, and asks each item
// of every group whether its whole subtree is null: a third of generation's
// time at N=1000 once its garbage is counted. renderBody writes the same
// bytes from the same tree with appends to one buffer. It reads the tree's
// unexported fields through mirrors of jennifer's types, whose layout
// jenLayoutOK checks against jennifer's own at start-up; when they differ
// (another jennifer version), or the tree holds something renderBody does
// not know, write falls back to File.Render. The file's prefix (header
// comment, package clause, imports) and the name each import path gets are
// jennifer's own: renderBody asks the same File for them, with a probe body.
// TestRenderBodyMatchesJennifer compares the two on every golden case.

// jenGroup mirrors jen.Group.
type jenGroup struct {
	name      string
	items     []jen.Code
	open      string
	close     string
	separator string
	multi     bool
}

// jenToken mirrors jennifer's token.
type jenToken struct {
	typ     string
	content any
}

// The dynamic types of jennifer's unexported Code implementations.
var (
	tokenType   = reflect.TypeOf((*jen.Id("x"))[0])
	commentType = reflect.TypeOf((*jen.Comment("x"))[0])
	tagType     = reflect.TypeOf((*jen.Tag(map[string]string{"a": "b"}))[0])
)

// jenLayoutOK says whether the mirrors match jennifer's types field by
// field, and its tokens carry the type names renderBody switches on.
var jenLayoutOK = checkJenLayout()

func checkJenLayout() bool {
	same := func(t reflect.Type, mirror any) bool {
		m := reflect.TypeOf(mirror)
		if t.Kind() != reflect.Struct || t.Size() != m.Size() || t.NumField() != m.NumField() {
			return false
		}
		for i := range t.NumField() {
			a, b := t.Field(i), m.Field(i)
			if a.Name != b.Name || a.Offset != b.Offset || a.Type.Kind() != b.Type.Kind() ||
				(a.Type.Kind() != reflect.String && a.Type != b.Type) {
				return false
			}
		}
		return true
	}
	if !same(reflect.TypeOf(jen.Group{}), jenGroup{}) || !same(tokenType, jenToken{}) {
		return false
	}
	// A token is stored in an interface as a pointer to it (it is not
	// pointer-shaped), which tokenOf relies on.
	if tokenType.Size() <= unsafe.Sizeof(uintptr(0)) {
		return false
	}
	for want, code := range map[string]jen.Code{
		"identifier": jen.Id("x"), "keyword": jen.Break(), "operator": jen.Op("+"), "literal": jen.Lit(1),
		"layout": jen.Line(), "null": jen.Null(), "literal_rune": jen.LitRune('x'), "literal_byte": jen.LitByte('x'),
		"delimiter": jen.Dot("x"),
	} {
		tok, ok := tokenOf((*code.(*jen.Statement))[0])
		if !ok || tok.typ != want {
			return false
		}
	}
	q := *jen.Qual("p", "x")
	g, ok := q[0].(*jen.Group)
	if !ok {
		return false
	}
	m := (*jenGroup)(unsafe.Pointer(g))
	if len(m.items) != 2 || m.name != "qual" {
		return false
	}
	if tok, ok := tokenOf(m.items[0]); !ok || tok.typ != "package" || tok.content != "p" {
		return false
	}
	return true
}

// tokenOf returns c as a token, when it is one.
func tokenOf(c jen.Code) (jenToken, bool) {
	if c == nil || reflect.TypeOf(c) != tokenType {
		return jenToken{}, false
	}
	return *(*jenToken)((*[2]unsafe.Pointer)(unsafe.Pointer(&c))[1]), true
}

// errUnknownCode stops renderBody at a Code it does not know.
var errUnknownCode = errors.New("golang: a jennifer Code renderBody does not know")

// bodyRenderer writes the items of one file as jennifer does.
type bodyRenderer struct {
	f   *jen.File
	buf []byte // the text after chunks
	// chunks are the text written before buf: add starts a new buffer
	// every chunkSize bytes, so that a long file is not copied again and
	// again as it grows. Free chunks go back to pool, for the next file.
	chunks  [][]byte
	pool    *[][]byte
	aliases map[string]string // import path → the name the file gives it
	err     error
}

const chunkSize = 256 << 10

// newBodyRenderer starts writing the body of f, in buffers from pool; add
// each item of f to it, then finish.
func newBodyRenderer(f *jen.File, pool *[][]byte) *bodyRenderer {
	b := &bodyRenderer{f: f, pool: pool, aliases: map[string]string{}}
	b.buf = b.take()
	if !jenLayoutOK {
		b.err = errUnknownCode
	}
	return b
}

func (b *bodyRenderer) take() []byte {
	if n := len(*b.pool); n > 0 {
		buf := (*b.pool)[n-1]
		*b.pool = (*b.pool)[:n-1]
		return buf[:0]
	}
	return make([]byte, 0, chunkSize+chunkSize/2)
}

// add writes code, an item of the file, as File.Render does (its file is a
// multi-line group); add(f.Group) writes them all at once. Once b has
// failed it writes nothing.
func (b *bodyRenderer) add(code jen.Code) {
	if b.err != nil {
		b.register(code)
		return
	}
	if g, ok := code.(*jen.Group); ok && g == b.f.Group {
		b.group((*jenGroup)(unsafe.Pointer(g)), nil)
		return
	}
	// f.Add(code) adds the statement {code}; f.Line() the statement {"\n"}.
	if code != nil {
		mark := len(b.buf)
		b.buf = append(b.buf, '\n')
		if !b.render(code, nil) {
			b.buf = b.buf[:mark]
		}
	}
	b.buf = append(b.buf, "\n\n"...)
	if len(b.buf) >= chunkSize {
		b.chunks = append(b.chunks, b.buf)
		b.buf = b.take()
	}
}

// register registers the imports code names with the file, in the order
// File.Render meets them, by rendering a probe body that holds code alone:
// when b cannot write the file, File.Render does (writeBody), and the names
// it gives clashing import paths depend on the order it learns them, among
// those that the JSON methods' text has asked for already (goText.qual).
func (b *bodyRenderer) register(code jen.Code) {
	items := b.f.Group
	probe := jen.NewFile("x").Group
	probe.Add(code)
	b.f.Group = probe
	b.f.NoFormat = true
	_ = b.f.Render(io.Discard) // an error shows again when File.Render writes the file
	b.f.Group = items
}

// finish appends to dst the file as File.Render writes it with NoFormat, or
// returns the error that stopped b. The prefix (header comment, package
// clause, imports) is jennifer's: f rendered with no items. b's buffers go
// back to its pool.
func (b *bodyRenderer) finish(dst []byte) ([]byte, error) {
	defer func() {
		*b.pool = append(append(*b.pool, b.chunks...), b.buf)
		b.chunks, b.buf = nil, nil
	}()
	if b.err != nil {
		return dst, b.err
	}
	items := b.f.Group
	b.f.Group = jen.NewFile("x").Group
	prefix := bytes.NewBuffer(dst[:0])
	b.f.NoFormat = true
	err := b.f.Render(prefix)
	b.f.Group = items
	if err != nil {
		return dst, err
	}
	n := len(b.buf)
	for _, c := range b.chunks {
		n += len(c)
	}
	out := prefix.Bytes()
	if cap(out)-len(out) < n {
		out = append(make([]byte, 0, len(out)+n), out...)
	}
	for _, c := range b.chunks {
		out = append(out, c...)
	}
	return append(out, b.buf...), nil
}

// alias returns the name f gives the import path: jennifer's own, learnt by
// rendering f with a body that names the path alone. Paths are asked in the
// order File.Render meets them, so that its choice among clashing names
// is the same.
func (b *bodyRenderer) alias(path string) string {
	if a, ok := b.aliases[path]; ok {
		return a
	}
	items := b.f.Group
	probe := jen.NewFile("x").Group
	probe.Add(jen.Qual(path, "X"))
	b.f.Group = probe
	var out bytes.Buffer
	b.f.NoFormat = true
	err := b.f.Render(&out)
	b.f.Group = items
	src := out.String()
	i := strings.LastIndexByte(src, '\n')
	if err != nil || i < 0 || !strings.HasSuffix(src, ".X") {
		b.fail(fmt.Errorf("golang: cannot learn the import name of %q: %v", path, err))
		return ""
	}
	a := src[i+1 : len(src)-len(".X")]
	b.aliases[path] = a
	return a
}

func (b *bodyRenderer) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

func (b *bodyRenderer) isNull(c jen.Code) bool {
	switch c := c.(type) {
	case *jen.Statement:
		if c == nil {
			return true
		}
		for _, item := range *c {
			if !b.isNull(item) {
				return false
			}
		}
		return true
	case *jen.Group:
		if c == nil {
			return true
		}
		g := (*jenGroup)(unsafe.Pointer(c))
		if g.open != "" || g.close != "" {
			return false
		}
		return b.nullItems(g)
	case jen.Dict:
		for k, v := range c {
			if !b.isNull(k) && !b.isNull(v) {
				return false
			}
		}
		return true
	}
	if tok, ok := tokenOf(c); ok {
		if tok.typ == "package" {
			return tok.content == "" // the file's own path (NewFile has none); no dot imports
		}
		return tok.typ == "null"
	}
	switch reflect.TypeOf(c) {
	case commentType:
		return false
	case tagType:
		return reflect.ValueOf(c).Field(0).Len() == 0
	}
	if inner, ok := embedded(c); ok {
		return b.isNull(inner)
	}
	b.fail(fmt.Errorf("%w: %T", errUnknownCode, c))
	return true
}

var codeType = reflect.TypeFor[jen.Code]()

// embedded returns the jen.Code that c, a struct of the generator's own (or
// a pointer to one) that embeds one, gets its methods from: jennifer renders
// c as that Code.
func embedded(c jen.Code) (jen.Code, bool) {
	v := reflect.ValueOf(c)
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil, false
	}
	t := v.Type()
	for i := range t.NumField() {
		if f := t.Field(i); f.Anonymous && f.IsExported() && f.Type.Implements(codeType) {
			inner, _ := v.Field(i).Interface().(jen.Code)
			return inner, inner != nil
		}
	}
	return nil, false
}

func (b *bodyRenderer) nullItems(g *jenGroup) bool {
	for _, item := range g.items {
		if !b.isNull(item) {
			return false
		}
	}
	return true
}

// render writes c, unless it is null as jennifer's isNull says (then it
// writes nothing), and reports whether it was not null; s is the statement
// c is an item of, if any. Asking isNull of each item before writing it, as
// File.Render does, walks every subtree once per level above it.
func (b *bodyRenderer) render(c jen.Code, s *jen.Statement) bool {
	switch c := c.(type) {
	case *jen.Statement:
		if c == nil {
			return false
		}
		first := true
		for _, item := range *c {
			if item == nil {
				continue
			}
			mark := len(b.buf)
			if !first {
				b.buf = append(b.buf, ' ')
			}
			if !b.render(item, c) {
				b.buf = b.buf[:mark]
				continue
			}
			first = false
		}
		return !first
	case *jen.Group:
		if c == nil {
			return false
		}
		return b.group((*jenGroup)(unsafe.Pointer(c)), s)
	case jen.Dict:
		return b.dict(c)
	}
	if tok, ok := tokenOf(c); ok {
		if tok.typ == "null" || tok.typ == "package" && tok.content == "" {
			return false
		}
		b.token(tok)
		return true
	}
	switch reflect.TypeOf(c) {
	case commentType:
		b.comment(reflect.ValueOf(c).Field(0).String())
		return true
	case tagType:
		v := reflect.ValueOf(c).Field(0)
		if v.Len() == 0 {
			return false
		}
		b.tag(v)
		return true
	}
	if inner, ok := embedded(c); ok {
		return b.render(inner, s)
	}
	b.fail(fmt.Errorf("%w: %T", errUnknownCode, c))
	return false
}

// group writes g, unless it is null, and reports whether it was not: a
// group with neither braces nor a non-null item.
func (b *bodyRenderer) group(g *jenGroup, s *jen.Statement) bool {
	null := g.open == "" && g.close == "" // and no item is not null (below)
	if g.name == "types" && b.nullItems(g) {
		return !null
	}
	open, close := g.open, g.close
	if g.name == "block" && s != nil {
		// a block after a case clause or default has no braces
		var prev jen.Code
		for i, item := range *s {
			if gr, ok := item.(*jen.Group); ok && (*jenGroup)(unsafe.Pointer(gr)) == g {
				if i > 0 {
					prev = (*s)[i-1]
				}
				break
			}
		}
		gr, isGroup := prev.(*jen.Group)
		tok, isToken := tokenOf(prev)
		if isGroup && (*jenGroup)(unsafe.Pointer(gr)).name == "case" || isToken && tok.content == "default" {
			// File.Render clears the block's braces for good; so must this.
			open, close = "", ""
			g.open, g.close = open, close
		}
	}
	b.buf = append(b.buf, open...)
	first := true
	for _, item := range g.items {
		if tok, ok := tokenOf(item); ok && tok.typ == "package" {
			path, _ := tok.content.(string)
			if path != "" {
				b.alias(path) // registered even when not written, as File.Render does
			}
		}
		if item == nil {
			continue
		}
		mark := len(b.buf)
		if !first && g.separator != "" {
			b.buf = append(b.buf, g.separator...)
		}
		if g.multi {
			b.buf = append(b.buf, '\n')
		}
		if !b.render(item, nil) {
			b.buf = b.buf[:mark]
			continue
		}
		first = false
	}
	if !first && g.multi && close != "" {
		if g.separator == "," {
			b.buf = append(b.buf, ",\n"...)
		} else {
			b.buf = append(b.buf, '\n')
		}
	}
	b.buf = append(b.buf, close...)
	return !null || !first
}

func (b *bodyRenderer) token(t jenToken) {
	switch t.typ {
	case "literal":
		switch v := t.content.(type) {
		case string:
			b.buf = strconv.AppendQuote(b.buf, v)
		case int:
			b.buf = strconv.AppendInt(b.buf, int64(v), 10)
		case bool:
			b.buf = strconv.AppendBool(b.buf, v)
		case complex128:
			b.buf = fmt.Appendf(b.buf, "%#v", v)
		case float64:
			out := fmt.Sprintf("%#v", v)
			if !strings.Contains(out, ".") && !strings.Contains(out, "e") {
				out += ".0" // or it reads as an int
			}
			b.buf = append(b.buf, out...)
		case float32, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr:
			b.buf = fmt.Appendf(b.buf, "%T(%#v)", v, v)
		case complex64:
			b.buf = fmt.Appendf(b.buf, "%T%#v", v, v)
		default:
			b.fail(fmt.Errorf("golang: unsupported type for literal: %T", v))
		}
	case "literal_rune":
		r, _ := t.content.(rune)
		b.buf = strconv.AppendQuoteRune(b.buf, r)
	case "literal_byte":
		b.buf = fmt.Appendf(b.buf, "byte(%#v)", t.content)
	case "keyword", "operator", "layout", "delimiter":
		s, _ := t.content.(string)
		b.buf = append(b.buf, s...)
		if s == "default" {
			b.buf = append(b.buf, ':')
		}
	case "package":
		path, _ := t.content.(string)
		b.buf = append(b.buf, b.alias(path)...)
	case "identifier":
		s, _ := t.content.(string)
		b.buf = append(b.buf, s...)
	case "null":
	default:
		b.fail(fmt.Errorf("%w: token %q", errUnknownCode, t.typ))
	}
}

func (b *bodyRenderer) comment(c string) {
	if strings.HasPrefix(c, "//") || strings.HasPrefix(c, "/*") {
		b.buf = append(b.buf, c...)
		return
	}
	multi := strings.Contains(c, "\n")
	if multi {
		b.buf = append(b.buf, "/*\n"...)
	} else {
		b.buf = append(b.buf, "// "...)
	}
	b.buf = append(b.buf, c...)
	if multi {
		if !strings.HasSuffix(c, "\n") {
			b.buf = append(b.buf, '\n')
		}
		b.buf = append(b.buf, "*/"...)
	}
}

func (b *bodyRenderer) tag(items reflect.Value) {
	type kv struct{ k, v string }
	pairs := make([]kv, 0, items.Len())
	for it := items.MapRange(); it.Next(); {
		pairs = append(pairs, kv{it.Key().String(), it.Value().String()})
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].k < pairs[j].k })
	// jennifer joins `k:%q` with spaces, then backquotes the whole (or
	// quotes it, when it cannot be backquoted).
	start := len(b.buf)
	b.buf = append(b.buf, '`')
	for i, p := range pairs {
		if i > 0 {
			b.buf = append(b.buf, ' ')
		}
		b.buf = append(b.buf, p.k...)
		b.buf = append(b.buf, ':')
		b.buf = strconv.AppendQuote(b.buf, p.v)
	}
	if str := string(b.buf[start+1:]); !strconv.CanBackquote(str) {
		b.buf = strconv.AppendQuote(b.buf[:start], str)
		return
	}
	b.buf = append(b.buf, '`')
}

// dict writes d's pairs sorted by their keys' code, as File.Render does,
// and reports whether it wrote any (jennifer's isNull: whether one pair has
// neither half null).
func (b *bodyRenderer) dict(d jen.Dict) bool {
	type kv struct{ k, v jen.Code }
	lookup := map[string]kv{}
	var keys []string
	for k, v := range d {
		if b.isNull(k) || b.isNull(v) {
			continue
		}
		start := len(b.buf)
		b.render(k, nil)
		key := string(b.buf[start:])
		b.buf = b.buf[:start]
		keys = append(keys, key)
		lookup[key] = kv{k, v}
	}
	sort.Strings(keys)
	for i, key := range keys {
		if i == 0 && len(keys) > 1 {
			b.buf = append(b.buf, '\n')
		}
		b.render(lookup[key].k, nil)
		b.buf = append(b.buf, ':')
		b.render(lookup[key].v, nil)
		if len(keys) > 1 {
			b.buf = append(b.buf, ",\n"...)
		}
	}
	return len(keys) > 0
}
