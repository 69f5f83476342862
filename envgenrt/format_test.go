package envgenrt

import "testing"

func TestFormats(t *testing.T) {
	for _, c := range []struct {
		format string
		check  func([]byte) bool
		good   []string
		bad    []string
	}{
		{"date-time", IsDateTime, []string{"1963-06-19T08:30:06.283185Z", "1998-12-31T23:59:60Z", "1998-12-31T15:59:60.123-08:00"},
			[]string{"1998-12-31T23:59:61Z", "1998-12-31T22:59:60Z", "1963-06-19 08:30:06Z", "2013-350T01:01:01"}},
		{"date", IsDate, []string{"2020-02-29", "1963-06-19"}, []string{"2021-02-29", "1963-13-01", "06/19/1963"}},
		{"time", IsTime, []string{"08:30:06Z", "23:59:60Z", "08:30:06.5+01:00"}, []string{"08:30:06", "24:00:00Z", "08:30:06+24:00"}},
		{"duration", IsDuration, []string{"P4DT12H30M5S", "P2W", "PT1S", "P1Y"}, []string{"P", "PT", "P1D2H", "P2W1D", "PT1D"}},
		{"email", IsEmail, []string{"joe.bloggs@example.com", "te~st@example.com", `"joe bloggs"@example.com`, "joe@[127.0.0.1]"},
			[]string{"2962", ".test@example.com", "te..st@example.com", "joe@"}},
		{"hostname", IsHostname, []string{"www.example.com", "a-b.c"}, []string{"-a.com", "a_b.com", ""}},
		{"ipv4", IsIPv4, []string{"192.168.0.1"}, []string{"256.0.0.1", "087.10.0.1", "1.2.3"}},
		{"ipv6", IsIPv6, []string{"::1", "1:2:3:4:5:6:7:8"}, []string{"12345::", "fe80::1%eth0", "1.2.3.4"}},
		{"uri", IsURI, []string{"http://example.com/a?b#c", "urn:isbn:0451450523"}, []string{"/relative", "http://exa mple.com", "%zz"}},
		{"uri-reference", IsURIReference, []string{"/relative", "#frag", ""}, []string{`\\\\WINDOWS\\fileshare`, "%zz"}},
		{"uuid", IsUUID, []string{"2eb8aa08-aa98-11ea-b4aa-73b441d16380"}, []string{"2eb8aa08-aa98-11ea-b4aa-73b441d1638", "2eb8aa08aa9811eab4aa73b441d16380"}},
		{"json-pointer", IsJSONPointer, []string{"", "/foo/0", "/a~1b~0"}, []string{"foo", "/~2"}},
		{"regex", IsRegex, []string{"^a+$", `\d`}, []string{"(?=a)", "[a"}},
	} {
		check := c.check
		for _, s := range c.good {
			if !check([]byte(s)) {
				t.Errorf("%s: %q is refused", c.format, s)
			}
		}
		for _, s := range c.bad {
			if check([]byte(s)) {
				t.Errorf("%s: %q is accepted", c.format, s)
			}
		}
	}
}
