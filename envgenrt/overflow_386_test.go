//go:build 386 && linux

package envgenrt

import (
	"math"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// TestWordLoopsAtTwoGiB: on 32-bit, the loops that read a text eight bytes
// at a time stop short of its end when it is near math.MaxInt32 bytes long,
// where i+8 overflows. The text is address space reserved (not filled) and
// ends at a page that cannot be read: a read past the end faults.
func TestWordLoopsAtTwoGiB(t *testing.T) {
	page := uintptr(os.Getpagesize())
	size := uintptr(1)<<31 + page
	const noReserve = 0x4000 // MAP_NORESERVE
	base, _, errno := syscall.Syscall6(syscall.SYS_MMAP2, 0, size, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|noReserve, ^uintptr(0), 0)
	if errno != 0 {
		t.Fatalf("mmap of 2 GiB of address space: %v", errno)
	}
	defer syscall.Syscall(syscall.SYS_MUNMAP, base, size, 0)
	if _, _, errno := syscall.Syscall(syscall.SYS_MPROTECT, base+uintptr(1)<<31, page, syscall.PROT_NONE); errno != 0 {
		t.Fatalf("mprotect: %v", errno)
	}
	n := math.MaxInt32 - 2
	// The mapping is not Go memory: its address is read as a pointer through
	// memory, which go vet does not take for a uintptr kept across a call.
	start := base + uintptr(1)<<31 - uintptr(n)
	src := unsafe.Slice(*(**byte)(unsafe.Pointer(&start)), n)
	copy(src[n-6:], `"abcde`)

	if got := specialAt(src, n-5); got != -1 {
		t.Errorf("specialAt at %d of %d bytes = %d, want -1 (no whole word left)", n-5, n, got)
	}
	p := parser{src: src, i: n - 6, t: &Tree{}}
	if _, _, _, err := p.str(); err == nil {
		t.Errorf("str read a string past the end of the text")
	}
}
