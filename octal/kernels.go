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
