package octal

import (
	"math/bits"
	"unsafe"
)

// Small values. While every value of the table is below 64, so is every
// option's (a XOR of two), and the set of a heap's option values is one
// word: step64 marks with an OR where step stores a stamp, finds c and the
// rare values wanted with a few bit operations, and scans with no store and
// a test every sixteen splits. Many octal games never leave this range
// (.1777's values stay below 40 for as far as it has been computed). The
// answer is step's: the same options are marked, the same least value not
// among them is returned.
//
// Where the single heaps and the rare pairs all lie in the 128 heaps below
// n (the rare heaps are few and small, as .1777's 15, the last at 123), a
// heap's options from them are lanes made once (opts64): a cell of the
// window and the value it is XORed with. On 8-bit cells with AVX-512
// (want_amd64.s), options64AVX512 (VBMI) or options64BW reads them as one
// vector's lanes and ORs their values into the word, elsewhere a short
// loop does (options64); and scan64AVX512 (VBMI and BITALG) looks 64 splits
// up in the wanted values at once, scan64AVX2 32. On one core of an Intel
// Xeon without VBMI, .1777 to 10^8 took 34.2 s with pairs64 and the plain
// scan, 19.6 s with options64BW and scan64AVX2.

// small64 is the values below 64 the current mask makes common (cheap) and
// rare (dense), as bits.
type small64 struct {
	mask         uint32 // the mask they are for (0: not made yet)
	cheap, dense uint64
}

func (s *small64) of(mask uint32) {
	if s.mask == mask {
		return
	}
	s.mask, s.cheap, s.dense = mask, 0, 0
	for v := range uint32(64) {
		if bits.OnesCount32(v&mask)&1 == 1 {
			s.cheap |= 1 << v
		} else {
			s.dense |= 1 << v
		}
	}
}

// step64 is step while e.maxV < 64. It reports false when every common
// value below 64 is an option (g(n) may then be 64 or more: step decides).
func (e *sparseEngine[T]) step64(g []T, n int) (uint32, bool) {
	var seen uint64
	if o := e.opts64(n); o != nil {
		win := (*[opts64Window]T)(g[n-opts64Window : n])
		if b := (*uint8)(unsafe.Pointer(win)); unsafe.Sizeof(win[0]) != 1 {
			seen = options64(win, o)
		} else if haveOpts64 {
			seen = options64AVX512(b, &o.idx, &o.val)
		} else if haveOptsBW {
			seen = options64BW(b, &o.idx, &o.val)
		} else {
			seen = options64(win, o)
		}
		e.laned++
	} else {
		for _, k := range e.lone {
			r := n - k
			if r < 1 {
				break
			}
			seen |= 1 << (g[r] & 63)
		}
		for _, k := range e.splits {
			seen |= pairs64(g, n-k, e.rare, e.uneq == 1)
		}
	}
	if n < len(e.whole) && e.whole[n] {
		seen |= 1
	}
	e.small.of(e.mask)
	open := e.small.cheap &^ seen
	if open == 0 {
		return 0, false
	}
	c := uint32(bits.TrailingZeros64(open))
	want := e.small.dense &^ seen & (1<<c - 1)
	cur, scanned := scanFrom(1), e.scans
	v := c
	for want != 0 {
		r, lo, hi, ok := e.segment(below(n, n), &cur)
		if !ok {
			v = uint32(bits.TrailingZeros64(want))
			break
		}
		var steps int
		want, steps = scan64(g, r, lo, hi, want)
		e.scans += int64(steps)
		cur.a = lo + steps
	}
	e.avgScan = (7*e.avgScan + int(e.scans-scanned)) / 8
	return v, true
}

// opts64Window is the heaps below n whose cells options64AVX512 reads.
const opts64Window = 128

// lanes64 are step64's options of a heap n from single heaps and from
// splits with a rare part, as the lanes of one vector, where every such
// option lies in the 128 heaps below n (the rare heaps are few and small,
// as in .1777: 15, the last at 123) and they are at most 64: lane l is the
// cell at idx[l] of the window g[n-128:n], XORed with val[l] (0 for a
// single heap, the rare part's value for a split). Spare lanes repeat lane
// 0. They are made again when the mask or the rare heaps change.
type lanes64 struct {
	mask     uint32 // the mask and the number of rare heaps they are for
	rare     int
	ok       bool // the options fit
	n        int  // the lanes in use
	idx, val [64]byte
}

// opts64 is the lanes of heap n's options, or nil where they cannot be
// made (unequal splits, options past the window, too many, or n too small
// for every split to have its rare parts below it).
func (e *sparseEngine[T]) opts64(n int) *lanes64 {
	if e.uneq != 0 || n <= opts64Window {
		return nil
	}
	o := &e.lanes
	if o.mask != e.mask || o.rare != len(e.rare) {
		o.mask, o.rare, o.ok = e.mask, len(e.rare), false
		l := 0
		lane := func(at int, v T) bool {
			if l == 64 || at < 1 || at > opts64Window {
				return false
			}
			o.idx[l], o.val[l] = byte(opts64Window-at), byte(v)
			l++
			return true
		}
		for _, k := range e.lone {
			if !lane(k, 0) {
				return nil
			}
		}
		for _, k := range e.splits {
			for _, rh := range e.rare {
				if !lane(k+int(rh.pos), rh.val) {
					return nil
				}
			}
		}
		if l == 0 {
			return nil
		}
		o.n = l
		for i := l; i < 64; i++ {
			o.idx[i], o.val[i] = o.idx[0], o.val[0]
		}
		o.ok = true
	}
	if !o.ok {
		return nil
	}
	return o
}

// options64 is options64AVX512 without the kernel: the lanes' values ORed
// into a word in a loop with no bounds checks (a lane's cell is read at its
// index in the window, a few instructions where pairs64 looks up the rare
// heaps below each split), for any cell width.
func options64[T cell](win *[opts64Window]T, o *lanes64) uint64 {
	idx := o.idx[:o.n]
	val := o.val[:len(idx)]
	var s0, s1 uint64
	l := 0
	for ; l+2 <= len(idx); l += 2 {
		s0 |= 1 << ((byte(win[idx[l]&(opts64Window-1)]) ^ val[l]) & 63)
		s1 |= 1 << ((byte(win[idx[l+1]&(opts64Window-1)]) ^ val[l+1]) & 63)
	}
	if l < len(idx) {
		s0 |= 1 << ((byte(win[idx[l]&(opts64Window-1)]) ^ val[l]) & 63)
	}
	return s0 | s1
}

// pairs64 is the values of the splits of r with a rare part, as bits
// (pairKernel's marks), for values below 64.
func pairs64[T cell](g []T, r int, rare []rareHeap[T], uneq bool) uint64 {
	rare = rare[:rareBelowEnd(rare, r)] // r - pos >= 1
	var s0, s1 uint64
	i := 0
	for ; i+2 <= len(rare); i += 2 {
		q := (*[2]rareHeap[T])(rare[i : i+2])
		s0 |= 1 << ((q[0].val ^ g[r-int(q[0].pos)]) & 63)
		s1 |= 1 << ((q[1].val ^ g[r-int(q[1].pos)]) & 63)
	}
	if i < len(rare) {
		s0 |= 1 << ((rare[i].val ^ g[r-int(rare[i].pos)]) & 63)
	}
	seen := s0 | s1
	if uneq && r%2 == 0 { // the equal split is no move: take back its value, unless another split has it
		if j := rareBelow(rare, r/2); j < len(rare) && int(rare[j].pos) == r/2 {
			seen = 0
			for k, rh := range rare {
				if k != j {
					seen |= 1 << ((rh.val ^ g[r-int(rh.pos)]) & 63)
				}
			}
		}
	}
	return seen
}

// scan64 scans the splits g[i] ^ g[r-i] for i = lo..hi, crossing their
// values off want, until want is empty (looked at every sixteen splits) or
// the splits run out; it returns what is left of want and the splits taken.
func scan64[T cell](g []T, r, lo, hi int, want uint64) (uint64, int) {
	if hi < lo {
		return want, 0
	}
	left := g[lo : hi+1]
	right := g[r-hi : r-lo+1]
	right = right[:len(left)]
	n := len(left)
	j := 0
	if unsafe.Sizeof(left[0]) == 1 && n >= 32 {
		l, r := (*uint8)(unsafe.Pointer(&left[0])), (*uint8)(unsafe.Pointer(&right[0]))
		if haveScan64 && n >= 64 {
			want, j = scan64AVX512(l, r, n, want)
		} else if haveScan32 {
			want, j = scan64AVX2(l, r, n, want)
		}
		if want == 0 {
			return 0, j
		}
	}
	for ; j+16 <= n; j += 16 {
		a := (*[16]T)(left[j : j+16])
		b := (*[16]T)(right[n-16-j : n-j])
		var s0, s1 uint64
		for k := 0; k < 16; k += 2 {
			s0 |= 1 << ((a[k] ^ b[15-k]) & 63)
			s1 |= 1 << ((a[k+1] ^ b[14-k]) & 63)
		}
		if want &^= s0 | s1; want == 0 {
			return 0, j + 16
		}
	}
	for ; j < n; j++ {
		want &^= 1 << ((left[j] ^ right[n-1-j]) & 63)
		if want == 0 {
			return 0, j + 1
		}
	}
	return want, n
}
