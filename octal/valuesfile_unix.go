//go:build unix && !linux

package octal

import "os"

// allocate makes f at least size bytes long (without Linux's fallocate, a
// full disk may only show at a write).
func allocate(f *os.File, size int64) error {
	st, err := f.Stat()
	if err != nil || st.Size() >= size {
		return err
	}
	return f.Truncate(size)
}
