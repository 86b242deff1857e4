package octal

// The hot loops of the sparse-space engine, written so that the compiler can
// drop every bounds check: the values of a split are read from two slices of
// equal length, and the marks live in an array of 2^16 stamps indexed by a
// 16-bit value (tables of bytes and of 16-bit values; wider tables take the
// generic loops). A step of these loops is a few instructions. They are kept
// out of line: inlined into their callers they lose their registers.

// marks is a set of values for tables whose values fit in 16 bits.
type marks [1 << 16]uint32

// scanKernel marks g[i] ^ g[r-i] for i = lo..hi (1 <= lo, 2*hi <= r+uneq
// checked by the caller) and reports the first i whose value is x, or -1.
//
//go:noinline
func scanKernel[T cell](g []T, r, lo, hi int, x uint32, m *marks, st uint32) int {
	if hi < lo {
		return -1
	}
	left := g[lo : hi+1]
	right := g[r-hi : r-lo+1]
	right = right[:len(left)]
	n := len(left)
	for j, a := range left {
		v := uint16(a ^ right[n-1-j])
		m[v] = st
		if uint32(v) == x {
			return lo + j
		}
	}
	return -1
}

// scanAllKernel marks g[i] ^ g[r-i] for i = lo..hi.
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
	for j, a := range left {
		m[uint16(a^right[n-1-j])] = st
	}
}

// pairKernel marks rh.val ^ g[r - rh.pos] for the rare heaps with
// r - rh.pos >= 1 (the list is ascending), leaving out the equal split
// when uneq.
//
//go:noinline
func pairKernel[T cell](g []T, r int, rare []rareHeap[T], uneq bool, m *marks, st uint32) {
	g = g[:r] // r - pos < r for pos >= 1
	for _, rh := range rare {
		b := r - int(rh.pos)
		if b < 1 {
			break
		}
		if uneq && b == int(rh.pos) {
			continue
		}
		m[uint16(rh.val^g[b])] = st
	}
}

// pairKernel2 is pairKernel for two split digits at once (sums r0 > r1),
// reading each rare heap once; for the first only1 rare heaps given, only
// the partner of r1 is marked (the wavefront's: r0's is not final yet).
//
//go:noinline
func pairKernel2[T cell](g []T, r0, r1 int, rare []rareHeap[T], only1 int, m *marks, st uint32) {
	g = g[:r0]
	for _, rh := range rare[:only1] {
		m[uint16(rh.val^g[r1-int(rh.pos)])] = st
	}
	i := only1
	for ; i < len(rare); i++ { // both partners exist
		rh := rare[i]
		b1 := r1 - int(rh.pos)
		if b1 < 1 {
			break
		}
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
