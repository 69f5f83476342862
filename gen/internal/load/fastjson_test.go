package load

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/synthetic"
)

// twoPass is decode's reading of a JSON document without fastDecode: the
// encoding/json decoder, then the key-order scanner.
func twoPass(data []byte) (any, map[string][]string, error) {
	doc, err := decodeJSON(data)
	if err != nil {
		return nil, nil, err
	}
	order, err := keyOrder(data)
	return doc, order, err
}

// agree checks fastDecode against twoPass on data: what the one-pass reader
// accepts, the two-pass one accepts with the same values and member order;
// and what the two-pass one accepts, the one-pass one does too (nesting at
// encoding/json's limit aside). It returns whether the document was accepted.
func agree(t *testing.T, name string, data []byte) bool {
	t.Helper()
	doc, order, ok := fastDecode(data)
	wantDoc, wantOrder, err := twoPass(data)
	switch {
	case ok && err != nil:
		t.Fatalf("%s: fastDecode accepted %q, which the two-pass reader refuses: %v", name, data, err)
	case ok && !reflect.DeepEqual(doc, wantDoc):
		t.Fatalf("%s: fastDecode read %q as %#v, the two-pass reader as %#v", name, data, doc, wantDoc)
	case ok && !reflect.DeepEqual(order, wantOrder):
		t.Fatalf("%s: fastDecode ordered %q as %q, the two-pass reader as %q", name, data, order, wantOrder)
	case !ok && err == nil && depth(wantDoc) < maxDepth-1:
		t.Fatalf("%s: fastDecode refused %q, which the two-pass reader accepts", name, data)
	}
	return ok
}

func depth(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, c := range v {
			d = max(d, depth(c))
		}
		return d + 1
	case []any:
		for _, c := range v {
			d = max(d, depth(c))
		}
		return d + 1
	}
	return 0
}

// TestFastDecodeAgrees holds the one-pass JSON reader to the two-pass one
// (encoding/json and keyOrder) on every JSON schema of the repository, the
// synthetic benchmark schema, documents built for escapes, invalid UTF-8,
// duplicates and nesting, and 100,000 random texts near JSON.
func TestFastDecodeAgrees(t *testing.T) {
	docs := map[string]string{
		"escapes":   `{"a\u00e9":1,"\ud83d\ude00":{"x/y~z":[{"k":true},{"k":null}]},"q\"":"}","back\\":{},"e":{}}`,
		"utf8":      "{\"\xff\":\"\xfe\xff\",\"b\":[[],[{}],[{\"c\":-1.5e3}]]}",
		"surrogate": `["\ud800", "\udc00x", "\u00"]`,
		"dup":       "{\n\"a\":{\"b\":1,\n\"b\":2}}",
		"dup-esc":   `{"a":1,"\u0061":2}`,
		"scalar":    ` "just a string" `,
		"array":     `[1, {"a": [ {"b":1} , 2 ]}, "x", -0, 0.5e-7, 1E+2, true, false, null]`,
		"bad":       `[01, 1., .5, -, +1, 1e, tru, nul, "a` + "\x01" + `"]`,
		"trailing":  `{} {}`,
		"deep":      strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth),
		"deeper":    strings.Repeat(`{"a":`, maxDepth+1) + "1" + strings.Repeat("}", maxDepth+1),
		"synthetic": string(synthetic.Schema(50)),
	}
	root := filepath.Join("..", "..", "..")
	files := 0
	for _, dir := range []string{"golden", "schemas", "dialects", "gen/testdata"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
				data, err := os.ReadFile(path)
				if err == nil {
					docs[path] = string(data)
					files++
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 50 {
		t.Fatalf("only %d schema files", files)
	}
	for name, data := range docs {
		agree(t, name, []byte(data))
	}
	const alphabet = "{}[],: \n\"\\/ua0123456789-+.eEtrufalsn\x01\xff\xc3\xa9"
	r := rand.New(rand.NewPCG(3, 4))
	seeds := []string{docs["escapes"], docs["utf8"], docs["array"], `{"type":"object","properties":{"a":{"enum":[1,"x",null]}}}`}
	accepted := 0
	for range 100_000 {
		b := []byte(seeds[r.IntN(len(seeds))])
		for range 1 + r.IntN(3) {
			switch i := r.IntN(len(b)); r.IntN(3) {
			case 0:
				b[i] = alphabet[r.IntN(len(alphabet))]
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
			}
			if len(b) == 0 {
				b = []byte("0")
			}
		}
		if agree(t, "random", b) {
			accepted++
		}
	}
	if accepted < 5_000 {
		t.Fatalf("only %d random documents were JSON: the test says little", accepted)
	}
}
