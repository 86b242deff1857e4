//go:build unix

package solve

import "golang.org/x/sys/unix"

// CanMap reports whether Map maps memory here (or always fails).
const CanMap = true

// Map is n bytes of zeroed memory outside the Go heap, its pages taken from
// the system as they are first written. Nothing in it may point into the
// Go heap: the collector does not look there.
func Map(n int) ([]byte, error) {
	mem, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON|unix.MAP_NORESERVE)
	if err != nil {
		return nil, err
	}
	mappedBytes.Add(int64(n))
	return mem, nil
}

// Unmap gives back memory from Map or Remap; nothing may read it after.
func Unmap(mem []byte) {
	if cap(mem) == 0 {
		return
	}
	if unix.Munmap(mem[:cap(mem)]) == nil {
		mappedBytes.Add(-int64(cap(mem)))
	}
}
