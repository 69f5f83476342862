package checkplan

import (
	"reflect"
	"testing"

	"github.com/envgen/envgen/gen/internal/model"
)

// TestTrivial: a type is trivial exactly when its Checks equal the zero
// value as reflect.DeepEqual sees it, field by field, an empty but non-nil
// slice and a pointer to a zero value counting as checks.
func TestTrivial(t *testing.T) {
	if !Trivial(&model.Scalar{}) || !Trivial(nil) {
		t.Fatal("a type without checks is not trivial")
	}
	if Trivial(&model.Alias{}) {
		t.Error("an alias is trivial")
	}
	typ := reflect.TypeOf(model.Checks{})
	for i := range typ.NumField() {
		for _, empty := range []bool{true, false} {
			s := &model.Scalar{}
			f := reflect.ValueOf(&s.Checks).Elem().Field(i)
			switch f.Kind() {
			case reflect.Bool:
				f.SetBool(!empty)
			case reflect.String:
				if !empty {
					f.SetString("x")
				}
			case reflect.Slice:
				f.Set(reflect.MakeSlice(f.Type(), 0, 0)) // empty, not nil
			case reflect.Pointer:
				f.Set(reflect.New(f.Type().Elem()))
			default:
				t.Fatalf("Checks.%s: a %s, which Trivial's IsZero may not read as DeepEqual does", typ.Field(i).Name, f.Kind())
			}
			want := reflect.DeepEqual(s.Checks, model.Checks{})
			if got := Trivial(s); got != want {
				t.Errorf("Checks.%s set (empty %v): trivial %v, want %v", typ.Field(i).Name, empty, got, want)
			}
		}
	}
}
