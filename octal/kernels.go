package octal

import (
	"sync"
	"unsafe"
)

// The hot loops of the sparse-space engine, written so that the compiler can
// drop every bounds check: the values of a split are read from two slices of
// equal length, and the marks live in an array of 2^16 stamps indexed by a
// 16-bit value (tables of bytes and of 16-bit values; wider tables take the
// generic loops). A step of these loops is a few instructions. They are kept
// out of line: inlined into their callers they lose their registers.

// marks is a set of values for tables whose values fit in 16 bits.
type marks [1 << 16]uint32

// A marks array is 256 KiB: an engine and each goroutine of its wavefronts
// keep one, and a sweep of short tables (octal:3 to 10^4 values) made
// 450 KiB of them a code, a garbage collection every few codes. Arrays given
// back (releaseMarks) are taken up again by newMarks; Mex.Use empties them.
var marksPool sync.Pool

// newMarks is a marks array, from the pool when it holds one.
func newMarks() *marks {
	if m, ok := marksPool.Get().(*marks); ok {
		return m
	}
	return new(marks)
}

// releaseMarks gives m back to the pool; its owner no longer reads it.
func releaseMarks(m *marks) {
	if m != nil {
		marksPool.Put(m)
	}
}

// scanKernel marks g[i] ^ g[r-i] for i = lo..hi (1 <= lo, 2*hi <= r+uneq
// checked by the caller) and reports the first i whose value is x, or -1.
// It runs eight splits at a time, read through array pointers (one bounds
// check for eight; indexing the right part backwards by a variable costs
// one a split), marking all eight before it looks for x among them: a
// value met past x is an option all the same.
//
//go:noinline
func scanKernel[T cell](g []T, r, lo, hi int, x uint32, m *marks, st uint32) int {
	if hi < lo {
		return -1
	}
	if uint64(x) > uint64(^T(0)) { // no split has it: the cells are narrower
		scanAllKernel(g, r, lo, hi, m, st)
		return -1
	}
	left := g[lo : hi+1]
	right := g[r-hi : r-lo+1]
	right = right[:len(left)]
	n := len(left)
	xv := T(x)
	j := 0
	for ; j+8 <= n; j += 8 {
		a := (*[8]T)(left[j : j+8])
		b := (*[8]T)(right[n-8-j : n-j])
		v0, v1, v2, v3 := a[0]^b[7], a[1]^b[6], a[2]^b[5], a[3]^b[4]
		v4, v5, v6, v7 := a[4]^b[3], a[5]^b[2], a[6]^b[1], a[7]^b[0]
		m[uint16(v0)], m[uint16(v1)], m[uint16(v2)], m[uint16(v3)] = st, st, st, st
		m[uint16(v4)], m[uint16(v5)], m[uint16(v6)], m[uint16(v7)] = st, st, st, st
		if v0 == xv || v1 == xv || v2 == xv || v3 == xv || v4 == xv || v5 == xv || v6 == xv || v7 == xv {
			for k := range 8 {
				if a[k]^b[7-k] == xv {
					return lo + j + k
				}
			}
		}
	}
	for ; j < n; j++ {
		v := left[j] ^ right[n-1-j]
		m[uint16(v)] = st
		if v == xv {
			return lo + j
		}
	}
	return -1
}

// scanAllKernel marks g[i] ^ g[r-i] for i = lo..hi, eight at a time as
// scanKernel does.
//
//go:noinline
func scanAllKernel[T cell](g []T, r, lo, hi int, m *marks, st uint32) {
	if hi < lo {
		return
	}
	left := g[lo : hi+1]
	right := g[r-hi : r-lo+1]
	right = right[:len(left)]
	n := len(left)
	j := 0
	for ; j+8 <= n; j += 8 {
		a := (*[8]T)(left[j : j+8])
		b := (*[8]T)(right[n-8-j : n-j])
		m[uint16(a[0]^b[7])], m[uint16(a[1]^b[6])], m[uint16(a[2]^b[5])], m[uint16(a[3]^b[4])] = st, st, st, st
		m[uint16(a[4]^b[3])], m[uint16(a[5]^b[2])], m[uint16(a[6]^b[1])], m[uint16(a[7]^b[0])] = st, st, st, st
	}
	for ; j < n; j++ {
		m[uint16(left[j]^right[n-1-j])] = st
	}
}

// pairKernel marks rh.val ^ g[r - rh.pos] for the rare heaps with
// r - rh.pos >= 1 (the list is ascending), leaving out the equal split
// when uneq.
//
//go:noinline
func pairKernel[T cell](g []T, r int, rare []rareHeap[T], uneq bool, m *marks, st uint32) {
	rare = rare[:rareBelowEnd(rare, r)] // r - pos >= 1
	if uneq && r%2 == 0 {
		if i := rareBelow(rare, r/2); i < len(rare) && int(rare[i].pos) == r/2 {
			pairRun(g, r, rare[:i], m, st)
			rare = rare[i+1:]
		}
	}
	pairRun(g, r, rare, m, st)
}

// rareBelow is the number of rare heaps below n.
func rareBelow[T cell](rare []rareHeap[T], n int) int {
	lo, hi := 0, len(rare)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if int(rare[mid].pos) < n {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// rareBelowEnd is rareBelow for an n near the list's end, as a split's sum
// is (r = n - k, the list below n: at most k heaps from r on): it walks
// back from the end, a step for each heap from n on.
func rareBelowEnd[T cell](rare []rareHeap[T], n int) int {
	i := len(rare)
	for i > 0 && int(rare[i-1].pos) >= n {
		i--
	}
	return i
}

// pairRun marks rh.val ^ g[r - rh.pos] for every rare heap given (all below
// r), four at a time: four loads from far apart in g under way at once;
// sixteen at a time by the AVX-512 kernel (gathered, and the stamps
// scattered) for 16-bit cells where it may read the partners (gatherable).
func pairRun[T cell](g []T, r int, rare []rareHeap[T], m *marks, st uint32) {
	i := 0
	if gathered[T]() && len(rare) >= 16 && gatherable(r, cap(g)) {
		i = pairsAVX512(unsafe.Pointer(unsafe.SliceData(g)), r, unsafe.Pointer(unsafe.SliceData(rare)), len(rare), m, st)
	}
	for ; i+4 <= len(rare); i += 4 {
		q := (*[4]rareHeap[T])(rare[i : i+4])
		v0 := q[0].val ^ g[r-int(q[0].pos)]
		v1 := q[1].val ^ g[r-int(q[1].pos)]
		v2 := q[2].val ^ g[r-int(q[2].pos)]
		v3 := q[3].val ^ g[r-int(q[3].pos)]
		m[uint16(v0)], m[uint16(v1)], m[uint16(v2)], m[uint16(v3)] = st, st, st, st
	}
	for ; i < len(rare); i++ {
		m[uint16(rare[i].val^g[r-int(rare[i].pos)])] = st
	}
}

// gathered reports whether the rare pairs of cells of T take the AVX-512
// kernel (pairsAVX512): 16-bit cells only. With 8-bit cells the plain loops
// were faster on the 2-core Cascade Lake machine (.354 to its period 12.8 s
// against 14.3 s on one core, .376 8.5 s against 9.7 s), where 16-bit cells
// took the same time either way (4.007, Officers, Treblecross); the gather
// reads 4 bytes for a byte's cell.
func gathered[T cell]() bool {
	var z T
	return havePairs && unsafe.Sizeof(z) == 2
}

// gatherable reports whether pairsAVX512 may read the partners of r in a
// table of 16-bit cells with storage for capacity cells: every partner
// (below r) a signed 32-bit index, and the 4 bytes read at the last
// partner's cell (r-1) inside the storage.
func gatherable(r, capacity int) bool {
	return r <= 1<<31 && capacity >= r+1
}

// pairKernel2 is pairKernel for two split digits at once (sums r0 > r1),
// reading each rare heap once; for the first only1 rare heaps given, only
// the partner of r1 is marked (the wavefront's: r0's is not final yet),
// which must exist (r1 - pos >= 1).
//
//go:noinline
func pairKernel2[T cell](g []T, r0, r1 int, rare []rareHeap[T], only1 int, m *marks, st uint32) {
	g = g[:r0]
	for _, rh := range rare[:only1] {
		m[uint16(rh.val^g[r1-int(rh.pos)])] = st
	}
	i := only1
	both := max(i, rareBelowEnd(rare, r1)) // both partners exist below
	if gathered[T]() && both-i >= 16 {
		// the vector kernel, one partner at a time
		pairRun(g, r0, rare[i:both], m, st)
		pairRun(g, r1, rare[i:both], m, st)
		i = both
	}
	for ; i+2 <= both; i += 2 {
		q := (*[2]rareHeap[T])(rare[i : i+2])
		b0, b1 := r1-int(q[0].pos), r1-int(q[1].pos)
		v0, w0 := q[0].val^g[b0+r0-r1], q[0].val^g[b0]
		v1, w1 := q[1].val^g[b1+r0-r1], q[1].val^g[b1]
		m[uint16(v0)], m[uint16(w0)], m[uint16(v1)], m[uint16(w1)] = st, st, st, st
	}
	for ; i < both; i++ {
		rh := rare[i]
		b1 := r1 - int(rh.pos)
		m[uint16(rh.val^g[b1+r0-r1])] = st
		m[uint16(rh.val^g[b1])] = st
	}
	for ; i < len(rare); i++ { // only the partner of r0
		rh := rare[i]
		b0 := r0 - int(rh.pos)
		if b0 < 1 {
			break
		}
		m[uint16(rh.val^g[b0])] = st
	}
}

// packSet stores in p the values below 64*len(p) marked in m.
func packSet(m *marks, st uint32, p []uint64) {
	if havePack {
		packAVX512(m, st, &p[0], len(p))
		return
	}
	packPlain(m[:], st, p)
}

// packPlain stores in p the values below 64*len(p) whose stamp in m is st.
func packPlain[E uint8 | uint32](m []E, st E, p []uint64) {
	for k := range p {
		var x uint64
		for i, y := range m[64*k : 64*k+64] {
			x |= uint64(b2u8(y == st)) << i
		}
		p[k] = x
	}
}

// runLanes is the heaps of a run whose rare pairs pairRuns marks together.
const runLanes = 32

// pairRuns marks, for every rare heap given and lanes j < lanes, the byte
// mk[j*w + (rh.val ^ g[at+j-rh.pos])] with st: the rare pairs of a run of
// consecutive heaps at once (the wavefront's prepare), whose partners of a
// rare heap are consecutive cells. Every partner lies in g, every value
// below w, and runLanes*w <= 1<<16. A full run of 8- or 16-bit cells takes
// an AVX-512 kernel (runsAVX512): a vector load for a rare heap's partners,
// a byte store a pair, where the gather and scatter of pairRun cost twice
// that on the 2-core Cascade Lake machine.
func pairRuns[T cell](g []T, at, lanes int, rare []rareHeap[T], mk []uint8, w int, st uint8) {
	if len(rare) == 0 {
		return
	}
	mk = mk[:lanes*w]
	if runsFast[T]() && lanes == runLanes {
		_ = g[at-int(rare[0].pos)+runLanes-1] // the partners the kernel reads: from the first rare heap's last
		_ = g[at-int(rare[len(rare)-1].pos)]  // to the last one's first
		var off [runLanes]uint16
		for j := range off {
			off[j] = uint16(j * w)
		}
		runsAVX512(unsafe.Pointer(unsafe.SliceData(g)), at, unsafe.Pointer(unsafe.SliceData(rare)), len(rare), &mk[0], &off, st, unsafe.Sizeof(g[0]) == 1)
		return
	}
	for _, rh := range rare {
		part := g[at-int(rh.pos) : at-int(rh.pos)+lanes]
		for j, x := range part {
			mk[j*w+int(rh.val^x)] = st
		}
	}
}

// runsFast reports whether runs of cells of T take an AVX-512 kernel
// (cells of 8 and 16 bits).
func runsFast[T cell]() bool {
	var z T
	return haveRuns && unsafe.Sizeof(z) <= 2
}

// packBytes stores in p the values below 64*len(p) whose byte in mk is st.
func packBytes(mk []uint8, st uint8, p []uint64) {
	mk = mk[:64*len(p)]
	if haveRuns {
		packBytesAVX512(&mk[0], st, &p[0], len(p))
		return
	}
	packPlain(mk, st, p)
}
