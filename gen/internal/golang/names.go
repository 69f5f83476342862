package golang

import (
	"slices"
	"strings"
	"unicode"
)

// goFileName is the Go file for a schema file: its base name without the
// extension (and without a ".schema" before it), e.g. "schemas/envelope.json"
// → "envelope.go". Characters other than ASCII letters, digits, "-", "_" and
// "." become "_"; a name that go build would skip or constrain ("_x", ".x",
// "x_test", "x_windows") gets a prefix or suffix that keeps it built, and so
// does one that ends like a companion ("x_json", see companionName).
func goFileName(file string) string {
	base := file[strings.LastIndexAny(file, `/\`)+1:]
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	base = strings.TrimSuffix(base, ".schema")
	base = strings.Map(func(r rune) rune {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_.", r)) {
			return r
		}
		return '_'
	}, base)
	switch {
	case base == "":
		base = "types"
	case base[0] == '_' || base[0] == '.':
		base = "schema" + base
	}
	if i := strings.LastIndexByte(base, '_'); i >= 0 {
		last := base[i+1:]
		if last == "test" || last == companionSuffix || last == "jsonv2" || slices.Contains(knownOS, last) || slices.Contains(knownArch, last) {
			base += "_schema"
		}
	}
	return base + ".go"
}

// companionSuffix ends the name of the file that holds the JSON methods and
// check functions of the types an API file declares: "meta.go" →
// "meta_json.go", next to it in a listing. "json" is no GOOS or GOARCH, so
// go build reads no constraint from it; goFileName never gives a name that
// ends in it, so a companion cannot be another schema's API file.
const companionSuffix = "json"

// companionName is the companion file of the API file name: "meta.go" →
// "meta_json.go".
func companionName(name string) string {
	return strings.TrimSuffix(name, ".go") + "_" + companionSuffix + ".go"
}

// knownOS and knownArch are the file name suffixes that go build reads as
// constraints (go/build's lists).
var (
	knownOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js",
		"linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	knownArch = []string{"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips",
		"mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv",
		"riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"}
)
