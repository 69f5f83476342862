package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/jsonpos"
)

// TestKeyOrderMatchesDecoder: the one-pass scanner records the same member
// order, and refuses the same duplicate keys with the same message, as the
// json.Decoder.Token walk it replaced (kept here as the reference), on every
// JSON schema of the repository and on documents that test escapes, invalid
// UTF-8, nesting and large objects.
func TestKeyOrderMatchesDecoder(t *testing.T) {
	docs := map[string][]byte{
		"escapes": []byte(`{"a\u00e9":1,"\ud83d\ude00":{"x/y~z":[{"k":true},{"k":null}]},"q\"":"}","back\\":{},"e":{}}`),
		"utf8":    []byte("{\"\xff\":1,\"b\":[[],[{}],[{\"c\":-1.5e3}]]}"),
		"dup":     []byte("{\n\"a\":{\"b\":1,\n\"b\":2}}"),
		"dup-esc": []byte(`{"a":1,"\u0061":2}`),
		"scalar":  []byte(` "just a string" `),
		"array":   []byte(`[1, {"a": [ {"b":1} , 2 ]}, "x"]`),
	}
	var many, manyDup strings.Builder
	many.WriteString("{")
	for i := range 100 {
		fmt.Fprintf(&many, "%q:{\"type\":\"string\"},", "k"+strconv.Itoa(99-i))
	}
	manyDup.WriteString(many.String() + `"k50":1}`)
	many.WriteString(`"last":1}`)
	docs["many"], docs["many-dup"] = []byte(many.String()), []byte(manyDup.String())
	root := filepath.Join("..", "..", "..")
	for _, dir := range []string{"golden", "schemas", "dialects"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
				data, err := os.ReadFile(path)
				if err == nil && json.Valid(data) {
					docs[path] = data
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(docs) < 50 {
		t.Fatalf("only %d documents", len(docs))
	}
	for name, data := range docs {
		if _, err := decodeJSON(data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, gotErr := keyOrder(data)
		want, wantErr := keyOrderTokens(data)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Errorf("%s: error %v, want %v", name, gotErr, wantErr)
			continue
		}
		if wantErr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: order %v, want %v", name, got, want)
		}
	}
	if _, err := keyOrder(docs["dup"]); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("duplicate key: %v, want an error at line 3", err)
	}
}

// keyOrderTokens is keyOrder as it was, on json.Decoder.Token.
func keyOrderTokens(data []byte) (map[string][]string, error) {
	order := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		ptr     string
		object  bool
		seen    map[string]bool
		index   int
		wantKey bool
	}
	var stack []frame
	// child returns the pointer of the value about to be read in the top frame.
	child := func(key string) string {
		top := &stack[len(stack)-1]
		if top.object {
			return top.ptr + "/" + escape(key)
		}
		p := top.ptr + "/" + strconv.Itoa(top.index)
		top.index++
		return p
	}
	var pendingKey string
	for {
		tok, err := dec.Token()
		if err != nil {
			return order, nil // decodeJSON has reported any syntax error
		}
		if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey {
			if key, ok := tok.(string); ok {
				top := &stack[len(stack)-1]
				if top.seen[key] {
					line, _ := jsonpos.Position(data, dec.InputOffset())
					return nil, &pointerError{ptr: top.ptr, msg: fmt.Sprintf("invalid JSON at line %d: duplicate key %q", line, key)}
				}
				top.seen[key] = true
				order[top.ptr] = append(order[top.ptr], key)
				top.wantKey = false
				pendingKey = key
				continue
			}
		}
		ptr := ""
		if len(stack) > 0 {
			if d, ok := tok.(json.Delim); !ok || (d != '}' && d != ']') {
				ptr = child(pendingKey)
				if stack[len(stack)-1].object {
					stack[len(stack)-1].wantKey = true
				}
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{ptr: ptr, object: true, wantKey: true, seen: map[string]bool{}})
		case json.Delim('['):
			stack = append(stack, frame{ptr: ptr})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}
