package octal

import (
	"os"

	"golang.org/x/sys/unix"
)

// allocate makes f at least size bytes long, its blocks allocated on disk,
// so that writes through a mapping of it cannot fail for want of space.
func allocate(f *os.File, size int64) error {
	return unix.Fallocate(int(f.Fd()), 0, 0, size)
}
