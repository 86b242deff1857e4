//go:build !purego

package octal

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The vector want kernels need AVX-512 (BW for words, VBMI for bytes).
var (
	haveWant16  = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW
	haveWant8   = haveWant16 && cpu.X86.HasAVX512VBMI
	haveWant8BW = haveWant16                           // want8's kernel without VBMI
	haveScan64  = haveWant8 && cpu.X86.HasAVX512BITALG // scan64's kernel
	haveOpts64  = haveWant8                            // options64's
	haveScan32  = cpu.X86.HasAVX2 && cpu.X86.HasBMI1   // scan64's kernel without AVX-512 VBMI and BITALG
	haveOptsBW  = haveWant16                           // options64's without VBMI
	havePairs   = cpu.X86.HasAVX512F                   // pairRun's gather and scatter
	havePack    = cpu.X86.HasAVX512F                   // packSet's
	haveRuns    = haveWant16                           // pairRuns's and packBytes's
)

//go:noescape
func want16AVX512(left, right *uint16, n int, w *[16]uint64, cnt *int, lim int) int

//go:noescape
func want8AVX512(left, right *uint8, n int, w *[8]uint64, cnt *int, lim int) int

//go:noescape
func want8BW(left, right *uint8, n int, w *[8]uint64, cnt *int, lim int) int

//go:noescape
func pairsAVX512(cells unsafe.Pointer, r int, rare unsafe.Pointer, n int, m *marks, st uint32) int

//go:noescape
func packAVX512(m *marks, st uint32, p *uint64, words int)

//go:noescape
func scan64AVX512(left, right *uint8, n int, want uint64) (rest uint64, j int)

//go:noescape
func scan64AVX2(left, right *uint8, n int, want uint64) (rest uint64, j int)

//go:noescape
func options64AVX512(win *uint8, idx, val *[64]byte) uint64

//go:noescape
func options64BW(win *uint8, idx, val *[64]byte) uint64

//go:noescape
func runsAVX512(cells unsafe.Pointer, at int, rare unsafe.Pointer, n int, mk *uint8, off *[32]uint16, st uint8, bytes bool)

//go:noescape
func packBytesAVX512(mk *uint8, st uint8, p *uint64, words int)
