package envgenrt

import "fmt"

// UnionSetError is the error of a union's MarshalJSON when n of its branches
// are set, not exactly one.
func UnionSetError(union string, n int) error {
	if n == 0 {
		return fmt.Errorf("%s: no branch is set, want exactly one", union)
	}
	return fmt.Errorf("%s: %d branches are set, want exactly one", union, n)
}

// UnionMatchError is the error of a union's UnmarshalJSON when the value fits
// n of its branches: none, or (for oneOf) more than one.
func UnionMatchError(union string, n int) error {
	if n == 0 {
		return fmt.Errorf("%s: the value fits none of the branches", union)
	}
	return fmt.Errorf("%s: the value fits %d branches, want exactly one", union, n)
}

// UnknownTag is the error of a tagged union's UnmarshalJSON when the
// discriminator member holds a value that selects no branch.
func UnknownTag(union, member, tag string) error {
	return fmt.Errorf("%s: member %q is %s, which selects no branch", union, member, tag)
}
