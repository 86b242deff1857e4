package octal

import (
	"math/bits"
	"unsafe"
)

// A step's scan looks for the rare values below c that no rare pair has
// marked: often dozens of them (Officers: 57 a heap, found in about 2,700
// splits). Marking every value met costs a store a split. Where the machine
// has vector instructions that look values up in a small set (want_amd64.s),
// the scan instead keeps the values still wanted as bits and looks every
// split up there, 32 or 64 splits an instruction sequence; a value met is
// crossed off. Both ways stop at the same split: when the last value wanted
// is met, or when the splits run out (then g(n) is the least value never met).

// wants is a set of values below wantMax, as bits: value v is bit v&63 of
// word v>>6 (so byte v>>3 holds bit v&7, and 16-bit word v>>4 bit v&15).
type wants [16]uint64

// wantMax bounds the values a wants holds.
const wantMax = 1024

func (w *wants) add(v uint32)      { w[v>>6] |= 1 << (v & 63) }
func (w *wants) drop(v uint32)     { w[v>>6] &^= 1 << (v & 63) }
func (w *wants) has(v uint32) bool { return v < wantMax && w[v>>6]>>(v&63)&1 != 0 }

// least is the least value of a set that is not empty.
func (w *wants) least() uint32 {
	for i, x := range w {
		if x != 0 {
			return uint32(64*i + bits.TrailingZeros64(x))
		}
	}
	panic("octal: least of an empty want set")
}

// wantScan crosses off w the value of every split g[i] ^ g[r-i] for
// i = lo..hi, counting *left down for each value below lim, and returns the
// i at which *left reaches 0, or -1 when it has not after hi. Cells of 8 and 16 bits take
// the vector kernel where there is one (wantFast); the plain loop does the
// rest.
func wantScan[T cell](g []T, r, lo, hi int, w *wants, left *int, lim uint32) int {
	if hi < lo {
		return -1
	}
	lf := g[lo : hi+1]
	rt := g[r-hi : r-lo+1]
	rt = rt[:len(lf)]
	n := len(lf)
	j := wantBlocks(lf, rt, w, left, lim)
	if *left == 0 {
		return lo + j
	}
	for ; j < n; j++ {
		if v := uint32(lf[j] ^ rt[n-1-j]); w.has(v) {
			w.drop(v)
			if v >= lim {
				continue
			}
			if *left--; *left == 0 {
				return lo + j
			}
		}
	}
	return -1
}

// wantBlocks runs the vector kernel over the whole blocks of the splits
// left[j] ^ right[n-1-j] (n = len(left)): it returns the j at which *cnt
// (counting values below lim) reaches 0, or where the blocks end (0 without
// a kernel).
func wantBlocks[T cell](left, right []T, w *wants, cnt *int, lim uint32) int {
	n := len(left)
	switch unsafe.Sizeof(left[0]) {
	case 1:
		if n >= 64 && haveWant8 {
			return want8AVX512((*uint8)(unsafe.Pointer(&left[0])), (*uint8)(unsafe.Pointer(&right[0])), n, (*[8]uint64)(w[:8]), cnt, int(lim))
		}
		if n >= 64 && haveWant8BW {
			return want8BW((*uint8)(unsafe.Pointer(&left[0])), (*uint8)(unsafe.Pointer(&right[0])), n, (*[8]uint64)(w[:8]), cnt, int(lim))
		}
	case 2:
		if n >= 32 && haveWant16 {
			return want16AVX512((*uint16)(unsafe.Pointer(&left[0])), (*uint16)(unsafe.Pointer(&right[0])), n, (*[16]uint64)(w), cnt, int(lim))
		}
	}
	return 0
}

// wantFast reports whether cells of type T have a vector want kernel here.
func wantFast[T cell]() bool {
	var t T
	switch unsafe.Sizeof(t) {
	case 1:
		return haveWant8 || haveWant8BW
	case 2:
		return haveWant16
	}
	return false
}
