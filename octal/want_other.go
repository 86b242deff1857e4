//go:build !amd64 || purego

package octal

import "unsafe"

// Without the vector kernels, steps mark every value their scans meet.
var (
	haveWant16  = false
	haveWant8   = false
	haveWant8BW = false
	haveScan64  = false
	haveOpts64  = false
	haveScan32  = false
	haveOptsBW  = false
	havePairs   = false
	havePack    = false
	haveRuns    = false
)

func want16AVX512(left, right *uint16, n int, w *[16]uint64, cnt *int, lim int) int {
	panic("octal: no vector kernel")
}
func want8AVX512(left, right *uint8, n int, w *[8]uint64, cnt *int, lim int) int {
	panic("octal: no vector kernel")
}
func want8BW(left, right *uint8, n int, w *[8]uint64, cnt *int, lim int) int {
	panic("octal: no vector kernel")
}
func pairsAVX512(cells unsafe.Pointer, r int, rare unsafe.Pointer, n int, m *marks, st uint32) int {
	panic("octal: no vector kernel")
}
func packAVX512(m *marks, st uint32, p *uint64, words int) {
	panic("octal: no vector kernel")
}
func scan64AVX512(left, right *uint8, n int, want uint64) (rest uint64, j int) {
	panic("octal: no vector kernel")
}
func scan64AVX2(left, right *uint8, n int, want uint64) (rest uint64, j int) {
	panic("octal: no vector kernel")
}
func options64AVX512(win *uint8, idx, val *[64]byte) uint64 {
	panic("octal: no vector kernel")
}
func options64BW(win *uint8, idx, val *[64]byte) uint64 {
	panic("octal: no vector kernel")
}
func runsAVX512(cells unsafe.Pointer, at int, rare unsafe.Pointer, n int, mk *uint8, off *[32]uint16, st uint8, bytes bool) {
	panic("octal: no vector kernel")
}
func packBytesAVX512(mk *uint8, st uint8, p *uint64, words int) {
	panic("octal: no vector kernel")
}
