package solve

import "golang.org/x/sys/unix"

// Remap is mem (from Map) grown to n bytes, what it held kept and the rest
// zeroed: in place, the pages moved rather than copied, though the
// addresses may change; nothing may read mem after.
func Remap(mem []byte, n int) ([]byte, error) {
	out, err := unix.Mremap(mem[:cap(mem)], n, unix.MREMAP_MAYMOVE)
	if err != nil {
		return nil, err
	}
	mappedBytes.Add(int64(n - cap(mem)))
	return out, nil
}
