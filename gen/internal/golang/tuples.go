package golang

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/gen/internal/model"
)

// requiredItems is how many leading items of a tuple must be present: its
// minItems, at most its number of positions. The others may be absent from
// the end of the array.
func (d *decl) requiredItems(t *model.Tuple) int {
	if t.Checks.MinItems == nil {
		return 0
	}
	return max(0, min(*t.Checks.MinItems, len(t.Items)))
}

func itemName(i int) string { return "V" + strconv.Itoa(i) }

// tupleFields lists one field per position, then Rest:
//
//	V0   float64
//	V1   *string // optional: nil is absent
//	Rest []int64
func (d *decl) tupleFields(t *model.Tuple) []structField {
	req := d.requiredItems(t)
	var out []structField
	for i, ref := range t.Items {
		var doc []paragraph
		if it := d.lookup(ref.ID); it != nil && !it.Base().Named {
			doc = fieldDoc(itemName(i), it.Base().Doc)
		}
		out = append(out, structField{doc: commentLines(doc, 1), name: itemName(i), typ: d.slot(ref, i < req)})
	}
	if t.Rest != nil {
		out = append(out, structField{doc: commentLines([]paragraph{prose("Rest holds the items after the positions above.")}, 1),
			name: "Rest", typ: jen.Index().Add(d.slot(*t.Rest, true))})
	}
	return out
}

// tupleNote documents the JSON form of a tuple.
func tupleNote(t *model.Tuple, req int) string {
	names := make([]string, len(t.Items))
	for i := range t.Items {
		names[i] = itemName(i)
	}
	if t.Rest != nil {
		names = append(names, "Rest...")
	}
	note := "It is encoded as the JSON array [" + strings.Join(names, ", ") + "]."
	if req < len(t.Items) {
		note += " Items from " + itemName(req) + " on may be absent (nil, or IsZero for a envgenrt.Nullable); " +
			"since an array cannot skip a position, MarshalJSON fails when an item is set after an absent one."
	}
	return note
}

// itemPresent is the condition that an optional item is present: x.V1 != nil,
// or !x.V1.IsZero() for a envgenrt.Nullable.
func (d *decl) itemPresent(ref model.Ref, name string) jen.Code {
	field := jen.Id("x").Dot(name)
	if d.presence(ref, false) == nullable {
		return jen.Op("!").Add(field).Dot("IsZero").Call()
	}
	return field.Op("!=").Nil()
}
