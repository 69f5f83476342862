package golang

// CheckRenderBody makes every rendering compare renderBody's output with
// jennifer's File.Render, failing on a difference, and returns the number
// of files compared so far and whether renderBody is in use at all.
func CheckRenderBody() func() (compared int, layoutOK bool) {
	checkBody = true
	return func() (int, bool) { return bodyCompared, jenLayoutOK }
}
