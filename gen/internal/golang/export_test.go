package golang

// CheckRenderBody makes every rendering compare renderBody's output with
// jennifer's File.Render, failing on a difference, and returns the number
// of files compared so far and whether renderBody is in use at all.
func CheckRenderBody() func() (compared int, layoutOK bool) {
	checkBody = true
	return func() (int, bool) { return bodyCompared, jenLayoutOK }
}

// WithoutMirrors makes renderings write every file as when jennifer's
// types do not match renderBody's mirrors: through File.Render, with the
// text of the JSON methods spelling its types through a probe file. The
// returned function turns the mirrors back on.
func WithoutMirrors() (restore func()) {
	old := jenLayoutOK
	jenLayoutOK = false
	return func() { jenLayoutOK = old }
}
