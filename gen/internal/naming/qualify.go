package naming

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"

	"github.com/envgen/envgen/gen/internal/model"
)

// When two types want one name, they are qualified from the schema's
// structure, never numbered. Each type has a context: the base name of its
// file, then the tokens of its JSON Pointer that are not keywords ($defs,
// properties, items, allOf/0 …), without the one its name came from. A
// colliding name is prefixed with the innermost context word, then the two
// innermost, and so on until it is unique. The root of a file yields last:
// it keeps its name while another type of the collision can still be
// qualified.
//
//	a.json#/$defs/item and b.json#/$defs/item     → AItem, BItem
//	s.json#/$defs/stringList/$defs/itemType and
//	s.json#/$defs/numberList/$defs/itemType       → StringListItemType, NumberListItemType
//	root.json (the root) and root.json#/$defs/root → Root, RootRoot
//
// A type named after the path from its parent (EnvelopeMeta) that meets a
// name already taken spells the whole pointer from its parent instead
// (EnvelopePropertiesMeta), then is qualified as above. Only the types that
// collide change: adding a type elsewhere renames nothing unless it wants
// the same name.
//
// Names that still meet once every context word is used (two branches of
// one oneOf, whose indexes are no context words; members "max-size" and
// "maxSize") get the words of their whole pointer after them (pathWords;
// a type named after its key gets those words alone, since they end with
// the key; a type named after its path gets its parent's name and the words
// of the pointer from there): a key or member name as Spell writes it, a
// branch of anyOf/oneOf as Variant and its position, of allOf as Part, an
// item as Item; then the same with key and member names spelled literally,
// as colliding struct fields are (MaxDashsize, MaxSize), then letter for
// letter (XschemaVersion, XSchemaVersion). Only two pointers that still give
// one name then get their pointer in full, escaped (exact).
//
//	s.json#/$defs/task/properties/run/oneOf/1 and …/oneOf/2,
//	both titled Run                                 → RunTaskRunVariant2, RunTaskRunVariant3
//	s.json#/$defs/browser_style and
//	s.json#/else/$defs/browser_style                → BrowserStyle, ElseBrowserStyle
//	members "max-size" and "maxSize" of Root        → RootMaxDashsize, RootMaxSize

// keywords are the pointer tokens that say how a schema is nested, not what
// it is called; mapping those followed by a name (a $defs key, a property),
// indexed those that may be followed by an array index.
var (
	keywords = map[string]bool{
		"additionalProperties": true, "items": true, "prefixItems": true, "additionalItems": true,
		"allOf": true, "anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true,
		"contains": true, "propertyNames": true, "unevaluatedProperties": true, "unevaluatedItems": true,
	}
	mapping = map[string]bool{"$defs": true, "definitions": true, "properties": true, "patternProperties": true,
		"dependentSchemas": true, "dependencies": true}
	indexed = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true, "items": true}
)

// pointerTokens splits an RFC 6901 pointer into its unescaped tokens.
func pointerTokens(p string) []string {
	if p == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

// nameTokens are the tokens of a pointer that name something: keywords and
// the indexes after them dropped ("/$defs/a/properties/b/items/0" → a, b).
func nameTokens(p string) []string {
	var out []string
	toks := pointerTokens(p)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case mapping[t] && i+1 < len(toks):
			out = append(out, toks[i+1])
			i++
		case indexed[t] && i+1 < len(toks) && isIndex(toks[i+1]):
			i++
		case keywords[t] || mapping[t]:
		default:
			out = append(out, t)
		}
	}
	return out
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// fileWord is the base name of a schema file without its extension:
// "schemas/v1/envelope.schema.json" → "envelope". Directories are left out:
// the same schemas give the same names wherever they are.
func fileWord(file string) string {
	base := path.Base(strings.TrimPrefix(file, "envgen:"))
	for _, ext := range []string{".json", ".yaml", ".yml"} {
		base = strings.TrimSuffix(base, ext)
	}
	return strings.TrimSuffix(base, ".schema")
}

// context is the words a colliding name of c is qualified with, outermost
// first; from says where the name came from. The root of a file has the
// file's name when it is named after its title, else none.
func context(c *model.Common, from source) []string {
	if from == fromFile || from == fromOverride {
		return nil
	}
	toks := nameTokens(c.Loc.Pointer)
	if from == fromKey && len(toks) > 0 {
		toks = toks[:len(toks)-1]
	}
	return append([]string{fileWord(c.Loc.File)}, toks...)
}

// source is where a type's unqualified name came from.
type source int

const (
	fromOverride source = iota
	fromKey             // its $defs key, or the last token of its location
	fromTitle
	fromFile
	fromPath // the path from its parent
)

// Spell turns any schema word into the part of an exported identifier:
// Camel when that gives one ("request_id" → "RequestID", "2fa" → "X2fa"),
// "X" before a word whose letters have no case ("名前" → "X名前"), and the
// names of its characters when it has no letters or digits ("//" →
// "SlashSlash", "~" → "Tilde", "" → "Empty").
func Spell(s string) string {
	name := Camel(s)
	switch {
	case name == "" && s == "":
		return "Empty"
	case name == "":
		var b strings.Builder
		for _, r := range s {
			b.WriteString(runeName(r))
		}
		return b.String()
	case !IsGoName(name):
		return "X" + name
	}
	return name
}

var punctuation = map[rune]string{
	'/': "Slash", '~': "Tilde", '#': "Hash", '$': "Dollar", '.': "Dot", '-': "Dash", '_': "Underscore",
	' ': "Space", '@': "At", ':': "Colon", '+': "Plus", '*': "Star", ',': "Comma", '!': "Bang", '?': "Question",
	'%': "Percent", '&': "And", '=': "Equals", '<': "Less", '>': "Greater", '|': "Pipe", '^': "Caret",
	'(': "LParen", ')': "RParen", '[': "LBracket", ']': "RBracket", '{': "LBrace", '}': "RBrace",
	'\'': "Quote", '"': "DoubleQuote", '`': "Backquote", ';': "Semicolon", '\\': "Backslash",
}

// runeName spells one character that is not a letter or digit.
func runeName(r rune) string {
	if n, ok := punctuation[r]; ok {
		return n
	}
	return fmt.Sprintf("U%04X", r)
}

// literal spells a member name keeping its case and underscores, for members
// whose Camel names collide: "url" → "Url", "URL" → "URL", "a_b" → "A_b",
// "avoid-escape" → "AvoidDashescape", "$schema" → "Dollarschema".
func literal(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || (r == '_' && i > 0):
			if i == 0 {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
		default:
			b.WriteString(runeName(r))
		}
	}
	name := b.String()
	if !IsGoName(name) {
		name = "X" + name
	}
	return name
}

// pathWords spells a JSON Pointer as words: the names after $defs,
// properties and the like (with spell), Variant and the position for a
// branch of anyOf/oneOf, Part for one of allOf, Item (and its index in a
// tuple) for items, and other keywords in Camel case
// ("/definitions/task/properties/run_task/oneOf/1/properties/name" →
// "TaskRunTaskVariant2Name").
func pathWords(pointer string, spell func(string) string) string {
	var b strings.Builder
	toks := pointerTokens(pointer)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case mapping[t] && i+1 < len(toks):
			b.WriteString(spell(toks[i+1]))
			i++
		case indexed[t] && i+1 < len(toks) && isIndex(toks[i+1]):
			n, _ := strconv.Atoi(toks[i+1])
			switch t {
			case "anyOf", "oneOf":
				fmt.Fprintf(&b, "Variant%d", n+1)
			case "allOf":
				fmt.Fprintf(&b, "Part%d", n+1)
			default:
				fmt.Fprintf(&b, "Item%d", n)
			}
			i++
		case t == "items":
			b.WriteString("Item")
		case keywords[t] || mapping[t]:
			b.WriteString(Camel(t))
		default:
			b.WriteString(spell(t))
		}
	}
	return b.String()
}

// exact spells s so that no two member names give one identifier: "X", then
// letters and digits as they are and every other character as _hex_
// ("url" → "Xurl", "a,omitempty" → "Xa_2c_omitempty", "" → "X").
func exact(s string) string {
	var b strings.Builder
	b.WriteString("X")
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		} else {
			fmt.Fprintf(&b, "_%x_", r)
		}
	}
	return b.String()
}
