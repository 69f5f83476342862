package matrix

import "testing"

func TestSum(t *testing.T) {
	c := Sum("x", []Case{
		{File: "a.json", Valid: true, Pass: true},
		{File: "a.json", Valid: false, Pass: false},
		{File: "b.json", Valid: true, Pass: false},
		{File: "b.json", Group: 1, Valid: true, Missing: MissingRoot},
		{File: "b.json", Group: 1, Test: 1, Valid: false, Missing: MissingRoot},
	})
	if c.Tests != 5 || c.Right != 1 || c.FalseAccept != 1 || c.FalseRefuse != 1 || c.Missing != 2 ||
		c.GroupsMissed != 1 || c.Groups != 3 || c.MissingBy[MissingRoot] != 2 || c.ByFile["a.json"] != 1 || c.ByFile["b.json"] != 0 {
		t.Errorf("%+v", c)
	}
	if _, ok := c.ByFile["b.json"]; !ok {
		t.Error("a file without right answers is missing from ByFile")
	}
}

func TestPackage(t *testing.T) {
	g := &Group{File: "if-then-else.json", Index: 3}
	if g.Package() != "ifthenelse_3" || g.Key() != "if-then-else.json/3" {
		t.Errorf("%s %s", g.Package(), g.Key())
	}
}
