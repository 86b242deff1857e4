package octal

// The stream engine: codes that never split a heap (subtraction games and
// their relatives). A move from heap n leaves a heap n-k (k in S1) or nothing
// (k = n in S0), so g(n) depends only on the last T = max take values, and the
// engine keeps just those: it can run on past the state cap storing nothing.
//
// Three ways to find the option values of n:
//
//   - S1 one range lo..hi (take 1..m, bounded Nim, ThueMorseGame): the values
//     of heaps n-hi .. n-lo are counted in a sliding window, one heap in and
//     one out per step, and a bitset of the values present gives the mex with a
//     trailing-zeros count: O(1) per heap.
//   - S1 dense below T (more than one amount in 64 on average): per-value
//     reach bitsets. Once g(m) = v is known, every heap m+k (k in S1) has an
//     option of value v; OR-ing the shifted bitset of S1 into reach[v] records
//     that in O(T/64) words, and the mex of n tests bit n of reach[0],
//     reach[1], ...
//   - S1 sparse (take a square, take {1, 10^6}): the values of heaps n-k, k in
//     S1, read from a ring of the last T values and stamped in an array
//     indexed by value, then the least value not stamped: O(|S1|) per heap.
//
// Heaps decided by a 'loses if' rule are never reached: they add nothing to
// the window or the reach bitsets.

import (
	"math/bits"
	"slices"

	"github.com/gamelang/gamelang/solve"
)

type stream struct {
	lost func(int64) bool
	pos  int64  // the next heap to compute
	s0   []bool // s0[k]: taking the whole heap k is a move
	t    int    // the largest take

	// range mode: S1 = lo..hi
	ranged  bool
	lo, hi  int
	count   []int32
	present []uint64
	ring    []uint32 // the last values, lostBit set for decided heaps
	ringMsk int64

	// direct mode (ring holds the last values)
	direct bool
	s1     []int    // the amounts that leave a heap, ascending
	stamps []uint32 // stamps[v] == stamp: v is an option of the heap under way
	stamp  uint32

	// reach mode
	words int        // ring words of the reach bitsets
	mask  []uint64   // bit k of S1, k < 64*len(mask)
	reach [][]uint64 // reach[v][w]: heaps with an option of value v

	// a value computed but not yet stored: it did not fit the cells
	pending     bool
	pendV       uint32
	pendingLost bool
}

const lostBit = 1 << 31

func newStream(c Code, lost func(int64) bool) *stream {
	s := &stream{lost: lost, t: c.MaxTake()}
	s.s0 = make([]bool, s.t+1)
	var s1 []int
	for k := 1; k <= s.t; k++ {
		d := c.Digit(int64(k))
		s.s0[k] = d&LeaveNone != 0
		if d&LeaveOne != 0 {
			s1 = append(s1, k)
		}
	}
	nv := len(s1) + 2 // every value is at most |S1| + 1
	if len(s1) > 0 && s1[len(s1)-1]-s1[0] == len(s1)-1 {
		s.ranged, s.lo, s.hi = true, s1[0], s1[len(s1)-1]
		s.count = make([]int32, nv)
		s.present = make([]uint64, (nv+63)/64+1)
		size := int64(1) << bits.Len(uint(s.hi+1))
		s.ring, s.ringMsk = make([]uint32, size), size-1
		return s
	}
	if len(s1) < s.t/64+1 { // fewer amounts than words of a bitset of them
		s.direct, s.s1 = true, s1
		s.stamps = make([]uint32, nv)
		size := int64(1) << bits.Len(uint(s.t+1))
		s.ring, s.ringMsk = make([]uint32, size), size-1
		return s
	}
	s.words = s.t/64 + 2
	s.mask = make([]uint64, s.t/64+1)
	for _, k := range s1 {
		s.mask[k/64] |= 1 << (k % 64)
	}
	s.reach = make([][]uint64, nv)
	for v := range s.reach {
		s.reach[v] = make([]uint64, s.words)
	}
	return s
}

// clone copies the state, for a run that must not disturb the original.
func (s *stream) clone() *stream {
	c := *s
	c.count = slices.Clone(s.count)
	c.present = slices.Clone(s.present)
	c.ring = slices.Clone(s.ring)
	c.stamps = slices.Clone(s.stamps)
	c.reach = make([][]uint64, len(s.reach))
	for v := range s.reach {
		c.reach[v] = slices.Clone(s.reach[v])
	}
	return &c
}

// next computes g(pos) and moves on; lost reports a decided heap (value 0).
func (s *stream) next() (v uint32, lost bool) {
	n := s.pos
	lost = s.lost != nil && s.lost(n) // first: a failing rule leaves the stream as it was
	s.pos++
	switch {
	case s.ranged:
		return s.nextRanged(n, lost), lost
	case s.direct:
		return s.nextDirect(n, lost), lost
	}
	return s.nextReach(n, lost), lost
}

func (s *stream) nextDirect(n int64, lost bool) uint32 {
	v := uint32(0)
	if !lost {
		if s.stamp++; s.stamp == 0 { // wrapped: start afresh
			clear(s.stamps)
			s.stamp = 1
		}
		st, ring, msk := s.stamp, s.ring, s.ringMsk
		for _, k := range s.s1 {
			m := n - int64(k)
			if m < 1 {
				break
			}
			if x := ring[m&msk]; x&lostBit == 0 {
				s.stamps[x] = st
			}
		}
		if s.whole(n) {
			s.stamps[0] = st
		}
		for s.stamps[v] == st {
			v++
		}
	}
	s.ring[n&s.ringMsk] = v
	if lost {
		s.ring[n&s.ringMsk] = lostBit
	}
	return v
}

// whole reports whether taking all of heap n is an option.
func (s *stream) whole(n int64) bool {
	return n <= int64(s.t) && s.s0[n] && (s.lost == nil || !s.lost(0))
}

func (s *stream) nextRanged(n int64, lost bool) uint32 {
	if in := n - int64(s.lo); in >= 1 {
		s.enter(s.ring[in&s.ringMsk], +1)
	}
	if out := n - int64(s.hi) - 1; out >= 1 {
		s.enter(s.ring[out&s.ringMsk], -1)
	}
	v := uint32(0)
	if !lost {
		p0 := s.present[0]
		if s.whole(n) {
			p0 |= 1
		}
		if p0 != ^uint64(0) {
			v = uint32(bits.TrailingZeros64(^p0))
		} else {
			v = s.mexFrom(1)
		}
	}
	s.ring[n&s.ringMsk] = v
	if lost {
		s.ring[n&s.ringMsk] = lostBit
	}
	return v
}

// enter adds (d = 1) or removes (d = -1) a heap's value from the window.
func (s *stream) enter(x uint32, d int32) {
	if x&lostBit != 0 {
		return
	}
	c := s.count[x] + d
	s.count[x] = c
	if c == 0 {
		s.present[x/64] &^= 1 << (x % 64)
	} else if c == 1 && d > 0 {
		s.present[x/64] |= 1 << (x % 64)
	}
}

func (s *stream) mexFrom(w int) uint32 {
	for ; ^s.present[w] == 0; w++ {
	}
	return uint32(64*w + bits.TrailingZeros64(^s.present[w]))
}

func (s *stream) nextReach(n int64, lost bool) uint32 {
	wi, bit := int(n/64)%s.words, uint64(1)<<(n%64)
	v := uint32(0)
	if !lost {
		zero := s.whole(n)
		for int(v) < len(s.reach) && (s.reach[v][wi]&bit != 0 || v == 0 && zero) {
			v++
		}
		if n >= 1 {
			s.spread(n, s.reach[v])
		}
	}
	if n%64 == 63 { // the word of heaps n-63 .. n is done: reuse it
		for _, r := range s.reach {
			r[wi] = 0
		}
	}
	return v
}

// spread ORs the bitset of S1, shifted by n, into r: every heap n+k has an
// option of r's value.
func (s *stream) spread(n int64, r []uint64) {
	q, sh := int(n/64), uint(n%64)
	for j, m := range s.mask {
		if m == 0 {
			continue
		}
		w := (q + j) % s.words
		r[w] |= m << sh
		if sh != 0 {
			r[(w+1)%s.words] |= m >> (64 - sh)
		}
	}
}

// streamEngine stores what a stream computes.
type streamEngine[T cell] struct{ st *stream }

func newStreamEngine[T cell](c *cells[T]) *streamEngine[T] {
	lost := c.t.lostRun()
	if c.t.cfg.Lost == nil {
		lost = nil
	}
	return &streamEngine[T]{st: newStream(c.t.code, lost)}
}

func (e *streamEngine[T]) stream() *stream { return e.st }

func (e *streamEngine[T]) name() string {
	if e.st.ranged {
		return "stream: a sliding window of the last values, O(1) per heap"
	}
	if e.st.direct {
		return "stream: the values of the last heaps, O(amounts) per heap"
	}
	return "stream: per-value reach bitsets, O(max take / 64) per heap"
}

func (e *streamEngine[T]) grow(c *cells[T], w *solve.Work, n int) error {
	for len(c.g) <= n {
		if len(c.g)%4096 == 0 {
			if err := c.t.report(len(c.g), n+1); err != nil {
				return err
			}
		}
		if len(c.g)%128 == 0 { // a value of an infinite code costs O(n): Ctrl-C within a few ms
			if err := w.Err(); err != nil {
				return err
			}
		}
		st := e.st
		if !st.pending {
			st.pendV, st.pendingLost = st.next()
		}
		if st.pendV > c.limit() {
			st.pending = true // kept for the wider cells
			return errWide
		}
		st.pending = false
		c.push(st.pendV, st.pendingLost)
	}
	return nil
}
