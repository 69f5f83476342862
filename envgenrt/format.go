package envgenrt

import (
	"net/netip"
	"net/url"
	"strings"
	"unicode/utf8"
)

// Formats, asserted when envgen generates with format assertion on: one
// function Is<Func> a format, for the formats (and stems) that the
// generator's keyword registry lists (gen/internal/keywords, whose test
// holds this file to it). Each takes a decoded string.

func digitsN(s []byte, n int) (int, bool) {
	if len(s) < n {
		return 0, false
	}
	v := 0
	for _, c := range s[:n] {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// IsDate: RFC 3339 full-date, 2024-02-29.
func IsDate(s []byte) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	y, ok1 := digitsN(s, 4)
	m, ok2 := digitsN(s[5:], 2)
	d, ok3 := digitsN(s[8:], 2)
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days
}

// IsTime: RFC 3339 full-time, 23:59:60.5+01:00; a leap second must fall on
// 23:59:60 UTC.
func IsTime(s []byte) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' {
		return false
	}
	h, ok1 := digitsN(s, 2)
	m, ok2 := digitsN(s[3:], 2)
	sec, ok3 := digitsN(s[6:], 2)
	if !ok1 || !ok2 || !ok3 || h > 23 || m > 59 || sec > 60 {
		return false
	}
	s = s[8:]
	if len(s) > 0 && s[0] == '.' {
		i := 1
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		s = s[i:]
	}
	offH, offM, sign := 0, 0, 0
	switch {
	case len(s) == 1 && (s[0] == 'Z' || s[0] == 'z'):
	case len(s) == 6 && (s[0] == '+' || s[0] == '-') && s[3] == ':':
		var ok1, ok2 bool
		offH, ok1 = digitsN(s[1:], 2)
		offM, ok2 = digitsN(s[4:], 2)
		if !ok1 || !ok2 || offH > 23 || offM > 59 {
			return false
		}
		sign = 1
		if s[0] == '-' {
			sign = -1
		}
	default:
		return false
	}
	if sec == 60 {
		utc := ((h*60+m-sign*(offH*60+offM))%(24*60) + 24*60) % (24 * 60)
		return utc == 23*60+59
	}
	return true
}

// IsDateTime: RFC 3339 date-time, 2024-02-29T12:00:00Z.
func IsDateTime(s []byte) bool {
	return len(s) > 11 && (s[10] == 'T' || s[10] == 't') && IsDate(s[:10]) && IsTime(s[11:])
}

// IsDuration: ISO 8601 duration as RFC 3339 appendix A has it: P1Y2M3DT4H5M6S, P2W.
func IsDuration(s []byte) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	s = s[1:]
	units := "YMD"
	inTime, any := false, false
	for len(s) > 0 {
		if s[0] == 'T' {
			if inTime {
				return false
			}
			inTime, units, s = true, "HMS", s[1:]
			if len(s) == 0 {
				return false
			}
			continue
		}
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) {
			return false
		}
		u := s[i]
		if u == 'W' && !inTime && !any && i+1 == len(s) {
			return true
		}
		k := strings.IndexByte(units, u)
		if k < 0 {
			return false
		}
		units = units[k+1:]
		any = true
		s = s[i+1:]
	}
	return any
}

// IsHostname: RFC 1123 host name: dot-separated labels of letters, digits and
// inner hyphens, 63 bytes each, 253 in all.
func IsHostname(s []byte) bool {
	s = trimDot(s)
	if len(s) == 0 || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(string(s), ".") {
		if len(label) == 0 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(isASCIILetter(c) || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

func trimDot(s []byte) []byte {
	if len(s) > 0 && s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}

// IsEmail: RFC 5321 mailbox: a dot-atom or quoted local part, @, and a host
// name or an address literal.
func IsEmail(s []byte) bool {
	at := strings.LastIndexByte(string(s), '@')
	if at <= 0 || at > 64 || at == len(s)-1 {
		return false
	}
	local, domain := string(s[:at]), s[at+1:]
	if strings.HasPrefix(local, `"`) {
		if len(local) < 2 || !strings.HasSuffix(local, `"`) {
			return false
		}
	} else {
		if local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
			return false
		}
		for _, c := range local {
			if c < 128 && !isASCIILetter(byte(c)) && !(c >= '0' && c <= '9') && !strings.ContainsRune("!#$%&'*+-/=?^_`{|}~.", c) {
				return false
			}
		}
	}
	if len(domain) > 2 && domain[0] == '[' && domain[len(domain)-1] == ']' {
		ip := domain[1 : len(domain)-1]
		if strings.HasPrefix(string(ip), "IPv6:") {
			return IsIPv6(ip[5:])
		}
		return IsIPv4(ip)
	}
	return IsHostname(domain)
}

// IsIPv4: dotted decimal, no leading zeros.
func IsIPv4(s []byte) bool {
	parts := strings.Split(string(s), ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if len(p) == 0 || len(p) > 3 || (len(p) > 1 && p[0] == '0') {
			return false
		}
		v, ok := digitsN([]byte(p), len(p))
		if !ok || v > 255 {
			return false
		}
	}
	return true
}

// IsIPv6: RFC 4291 text form, without a zone.
func IsIPv6(s []byte) bool {
	if strings.ContainsAny(string(s), "%") {
		return false
	}
	a, err := netip.ParseAddr(string(s))
	return err == nil && a.Is6()
}

// IsURIReference: an RFC 3986 URI or relative reference.
func IsURIReference(s []byte) bool {
	if !utf8.Valid(s) || strings.ContainsAny(string(s), " \\<>\"{}|^`") {
		return false
	}
	for _, r := range string(s) {
		if r >= 0x80 || r < 0x20 {
			return false
		}
	}
	_, err := url.Parse(string(s))
	return err == nil && validPercent(s)
}

// IsURI: an RFC 3986 URI, with a scheme.
func IsURI(s []byte) bool {
	if !IsURIReference(s) {
		return false
	}
	u, err := url.Parse(string(s))
	return err == nil && u.Scheme != "" && isASCIILetter(u.Scheme[0])
}

func validPercent(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+3 > len(s) || !isHex(string(s[i+1:i+3]))) {
			return false
		}
	}
	return true
}

// IsUUID: RFC 4122 text form, 8-4-4-4-12 hex digits.
func IsUUID(s []byte) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !isHex(string(c)) {
				return false
			}
		}
	}
	return true
}

// IsJSONPointer: RFC 6901, "" or /-separated tokens with ~0 and ~1 only.
func IsJSONPointer(s []byte) bool {
	if len(s) == 0 {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 >= len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			return false
		}
	}
	return true
}

// IsRegex: an ECMA-262 pattern that envgen can translate for RE2.
func IsRegex(s []byte) bool {
	_, err := CompileECMA(string(s))
	return err == nil
}
