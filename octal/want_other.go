//go:build !amd64 || purego

package octal

// Without the vector kernels, steps mark every value their scans meet.
var (
	haveWant16 = false
	haveWant8  = false
)

func want16AVX512(left, right *uint16, n int, w *[8]uint64, cnt *int, lim int) int {
	panic("octal: no vector kernel")
}
func want8AVX512(left, right *uint8, n int, w *[8]uint64, cnt *int, lim int) int {
	panic("octal: no vector kernel")
}
