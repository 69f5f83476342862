package load

import "fmt"

// Pointer bytes. The readers record each object's member order under its
// JSON Pointer, and what reads the document after them names every value by
// its pointer too. A pointer is as long as the member names above it, so the
// pointers of a document that nests long names deep take space that grows
// with the square of its depth: 9,000 levels of 100-character names, under
// 1 MB of text, make 4 GB of them, and envgen ran out of memory. The readers
// count the bytes of the pointers they keep, an object's each, and refuse a
// document that needs more than pointerBudget for its size. (SchemaStore's 951 schemas need
// at most 2.9 bytes of pointers per byte of text; the deepest document the
// readers take, 10,000 levels of one-character names, needs 100 MB.)

// pointerBudget is the bytes of JSON Pointers a document of size bytes may
// make: 128 MiB, and 8 more a byte.
func pointerBudget(size int) int { return 128<<20 + 8*size }

// pointerBytes is what a reader may still spend on pointers; its charge
// counts the bytes of the pointer of an object, which the order keeps, and
// reports false once past the budget.
type pointerBytes int

func (b *pointerBytes) charge(ptr string) bool {
	*b -= pointerBytes(len(ptr))
	return *b >= 0
}

// tooLongPointers is the message for a document past its pointer budget,
// at the line and column of the value where the budget ran out.
func tooLongPointers(line, col, size int) string {
	return fmt.Sprintf("members nested too deep under long names at line %d, column %d: their JSON Pointers would take more than %d MiB, "+
		"more than envgen reads for a file of this size; nest less deep, or use shorter member names", line, col, pointerBudget(size)>>20)
}
