package golang

import (
	"strings"

	"github.com/envgen/envgen/envgenrt"
	"github.com/envgen/envgen/gen/internal/model"
	"github.com/envgen/envgen/gen/internal/naming"
)

// branch is one branch of a union as its struct declares it.
type branch struct {
	name     string    // the field, e.g. "Circle"
	ref      model.Ref // the branch type
	presence presence  // pointer, or nullable when the branch admits null
	tags     []string  // canonical JSON texts of the discriminator values, e.g. `"circle"`
}

// branches lists the branches of u, checking the names and tags the model
// gives them.
func (d *decl) branches(u *model.Union) []branch {
	if len(u.BranchNames) != len(u.Branches) {
		d.fail(d.loc(), "package naming should name every branch",
			"union %s has %d branches but %d branch names", d.name, len(u.Branches), len(u.BranchNames))
		return nil
	}
	if u.Discriminator != "" && len(u.Tags) != len(u.Branches) {
		d.fail(d.loc(), "", "union %s has %d branches but %d tag lists", d.name, len(u.Branches), len(u.Tags))
		return nil
	}
	names := naming.GoStruct{Owner: d.name}
	owner := map[string]string{} // tag → branch
	out := make([]branch, len(u.Branches))
	for i, ref := range u.Branches {
		b := branch{name: u.BranchNames[i], ref: ref, presence: pointer}
		d.failWith(names.Field(b.name, d.loc()))
		if _, null := d.resolve(ref); null {
			b.presence = nullable
		}
		if u.Discriminator != "" {
			if len(u.Tags[i]) == 0 {
				d.fail(d.loc(), "", "branch %s of %s has no value of discriminator %q", b.name, d.name, u.Discriminator)
			}
			for _, v := range u.Tags[i] {
				tag, err := envgenrt.CanonicalJSON([]byte(v.JSON))
				if err != nil {
					d.fail(d.loc(), "", "discriminator value %s of %s is not JSON: %v", v.JSON, d.name, err)
				}
				if prev, ok := owner[tag]; ok {
					d.fail(d.loc(), "", "discriminator value %s selects both %s and %s", tag, prev, b.name)
				}
				owner[tag] = b.name
				b.tags = append(b.tags, tag)
			}
		}
		out[i] = b
	}
	return out
}

// unionFields lists one field per branch, exactly one of which is set:
//
//	Circle *Circle
//	Square *Square
func (d *decl) unionFields(u *model.Union) []structField {
	var out []structField
	for _, b := range d.branches(u) {
		var doc []paragraph
		if len(b.tags) > 0 {
			doc = append(doc, prose(b.name+" is set when "+u.Discriminator+" is "+strings.Join(b.tags, " or ")+"."))
		}
		out = append(out, structField{doc: commentLines(doc, 1), name: b.name, typ: wrap(d.typeCode(b.ref), b.presence)})
	}
	return out
}

// isSet is the condition that a branch is set: x.Circle != nil, or
// !x.Maybe.IsZero() for a envgenrt.Nullable.
func isSet(b branch) string {
	if b.presence == nullable {
		return "!x." + b.name + ".IsZero()"
	}
	return "x." + b.name + " != nil"
}
