package octal

// Outcomes without values. For a code that never splits a heap, whether heap
// n is a P-position needs only which of the heaps it can reach are
// P-positions: a window of bits, not of values. With the amounts one range
// lo..hi a count of the P-positions in the window does it in O(1) per heap —
// what the seed's C program does for ThueMorseGame — and this is how outcome()
// answers heaps past the state cap. With the amounts 1..hi and a 'loses if'
// rule, P-positions lie more than hi apart, and a run jumps from one to the
// next (skipRun): n/(hi+1) tests of the rule for any heap past the values.

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/solve"
)

// Outcome reports whether heap n is a P-position (true) or an N-position.
// Decided heaps are N (their creator has lost). For a heap past the state cap
// a code that never splits runs on with a window of P-bits.
func (t *Table) Outcome(ctx context.Context, n *big.Int) (isP bool, err error) {
	if n.IsInt64() && t.Lost(n.Int64()) {
		return false, nil
	}
	if hi, s0, ok := t.skips(n); ok {
		return t.skipRun(ctx, n.Int64(), hi, s0)
	}
	beyond := !n.IsInt64() || n.Int64() >= int64(t.cfg.Limits.States())
	if !beyond || t.period != nil || t.provable() || !t.code.Finite() || t.code.Splits() != 1 {
		v, err := t.BigValue(ctx, n)
		return err == nil && v.Sign() == 0, err
	}
	return t.outcomeRun(ctx, n.Int64())
}

// outcomeRun computes P-bits from heap 0 to n, a block of heaps at a time:
// the 'loses if' flags of a block are fetched at once, then a tight loop
// keeps a ring of the last P-bits (and, for a range of amounts, their count).
func (t *Table) outcomeRun(ctx context.Context, n int64) (bool, error) {
	s1, s0 := t.code.amounts()
	lo, hi, ranged := contiguous(s1)
	lost := make([]bool, 256)
	lost0 := t.Lost(0)
	if ranged && hi <= 64 {
		return t.rangedWindow(ctx, n, lo, hi, s0, lost0, lost)
	}
	r := newPRing(s1, lo, hi, ranged, int64(t.code.MaxTake()))
	for base := int64(0); base <= n; base += int64(len(lost)) {
		block, err := t.runBlock(ctx, base, n, lost)
		if err != nil {
			return false, err
		}
		if ranged && r.small != nil && base > hi+1 && base >= int64(len(s0)) {
			r.count = rangedSteady(r.small, block, base, lo, hi, r.count)
			continue
		}
		for j, dead := range block {
			i := base + int64(j)
			r.push(i, !dead && !(i < int64(len(s0)) && s0[i] && !lost0))
		}
	}
	return r.at(n), nil
}

// pRing holds the P-bits of the last heaps for outcomeRun: ring[i&mask] = 1
// when heap i is a P-position, small the same indexed by a byte when the
// window fits, count the P-positions among heaps i-hi .. i-lo for a range
// of amounts lo..hi.
type pRing struct {
	ring   []uint8
	mask   int64
	small  *[256]uint8
	s1     []int64
	lo, hi int64
	ranged bool
	count  int64
}

func newPRing(s1 []int64, lo, hi int64, ranged bool, maxTake int64) *pRing {
	size := int64(64)
	for size < maxTake+2 {
		size *= 2
	}
	r := &pRing{ring: make([]uint8, size), mask: size - 1, s1: s1, lo: lo, hi: hi, ranged: ranged}
	if hi+2 <= 256 {
		r.small = new([256]uint8)
	}
	return r
}

// push records heap i, a P-position when isP (no 'loses if', no take that
// empties it into a win) and no amount leads to a P-position.
func (r *pRing) push(i int64, isP bool) {
	if r.ranged {
		if in := i - r.lo; in >= 1 {
			r.count += int64(r.ring[in&r.mask])
		}
		if out := i - r.hi - 1; out >= 1 {
			r.count -= int64(r.ring[out&r.mask])
		}
		isP = isP && r.count == 0
	} else {
		for _, k := range r.s1 {
			if isP && i-k >= 1 && r.ring[(i-k)&r.mask] == 1 {
				isP = false
			}
		}
	}
	r.ring[i&r.mask] = b2u8(isP)
	if r.small != nil {
		r.small[uint8(i)] = b2u8(isP)
	}
}

// at is whether heap n, the last pushed, is a P-position.
func (r *pRing) at(n int64) bool {
	if r.small != nil {
		return r.small[uint8(n)] == 1
	}
	return r.ring[n&r.mask] == 1
}

// Skips reports whether Outcome answers heap n by skipping from one
// P-position to the next (skipRun), without values: a code whose amounts
// are 1..hi, with a 'loses if' rule, no period, and n past the values
// stored. Then the winning moves of n are best found by outcomes too.
func (t *Table) Skips(n *big.Int) bool {
	_, _, ok := t.skips(n)
	return ok
}

// skips is Skips, with the largest amount and the whole-heap takes.
func (t *Table) skips(n *big.Int) (hi int64, s0 []bool, ok bool) {
	if !n.IsInt64() || n.Int64() < int64(t.Len()) || t.period != nil || !t.Decides() || !t.code.Finite() || t.code.Splits() != 1 {
		return 0, nil, false
	}
	s1, s0 := t.code.amounts()
	lo, hi, ok := contiguous(s1)
	return hi, s0, ok && lo == 1
}

// skipRun is the outcome of heap n for a code whose amounts are 1..hi and
// a 'loses if' rule, not yet tabulated so far: once heap p is a P-position,
// heaps p+1 .. p+hi reach it, and the next P-position is the first heap from
// p+hi+1 on that is not decided (its last hi heaps hold no P-position). So
// only the heaps where a P-position may start are looked at: the P-positions
// and the decided heaps before each, about n/(hi+1) tests of the rule, in
// O(1) memory. The heaps whose whole can be taken (s0) are run one by one
// first, as outcomeRun does. The run is kept (skipState): a larger heap goes
// on from it, and a heap at most hi below where it stopped is answered at
// once, since no two P-positions lie within hi of each other — winning()
// asks for the hi heaps below n.
func (t *Table) skipRun(ctx context.Context, n, hi int64, s0 []bool) (bool, error) {
	lost0 := t.Lost(0)
	if n == 0 {
		return !lost0, nil
	}
	st := t.skip
	if st == nil || st.hi != hi || n < st.next-1-hi {
		st = &skipState{hi: hi, lastP: -hi - 1, next: 1}
		for ; st.next < int64(len(s0)); st.next++ { // the first heaps, one by one
			i := st.next
			if !t.Lost(i) && i-st.lastP > hi && !(s0[i] && !lost0) {
				st.lastP = i
			}
		}
		t.skip = st
	}
	if n < st.next { // decided already: within hi below the last heap looked at
		return n == st.lastP, nil
	}
	for c := max(st.next, st.lastP+hi+1); ; {
		if c > n {
			st.next = n + 1
			break
		}
		if c&(1<<22-1) < hi+1 {
			t.cfg.Limits.Report(t.cfg.What, "heaps", c)
			if err := ctx.Err(); err != nil {
				st.next = c
				return false, &solve.InterruptedError{What: t.cfg.What, States: int(min(c, 1<<62)), Err: err}
			}
		}
		if t.cfg.Lost(c) {
			c++
			continue
		}
		st.lastP = c
		c += hi + 1
	}
	return n == st.lastP, nil
}

// skipState is where a skipRun stopped: every heap below next is decided,
// lastP the last P-position among them (heap 0 aside; -hi-1 for none).
type skipState struct {
	hi, next, lastP int64
}

// rangedWindow is outcomeRun for amounts lo..hi with hi <= 64: the P-bits
// of the last 64 heaps live in one register, bit j for heap i-1-j, and heap i
// is a P-position when it is not decided, no take empties it into a win, and
// no P-bit lies in the range: one AND per heap. (Heap 0 enters the window as
// 0: no move leaves it as a heap; taking a whole heap is s0.)
func (t *Table) rangedWindow(ctx context.Context, n, lo, hi int64, s0 []bool, lost0 bool, lost []bool) (bool, error) {
	rmask := (uint64(1)<<(hi-lo+1) - 1) << (lo - 1)
	if hi-lo+1 == 64 {
		rmask = ^uint64(0)
	}
	var window uint64
	last := !lost0 // heap 0
	for base := int64(0); base <= n; base += int64(len(lost)) {
		block, err := t.runBlock(ctx, base, n, lost)
		if err != nil {
			return false, err
		}
		start := 0
		if base == 0 {
			start, window = 1, 0
		}
		if base >= int64(len(s0)) { // no whole-heap takes from here on
			for _, dead := range block[start:] {
				p := !dead && window&rmask == 0
				window = window<<1 | uint64(b2u8(p))
			}
		} else {
			for j, dead := range block[start:] {
				i := base + int64(start+j)
				p := !dead && window&rmask == 0 && !(i < int64(len(s0)) && s0[i] && !lost0)
				window = window<<1 | uint64(b2u8(p))
			}
		}
		if n >= base+int64(start) {
			last = window&1 == 1
		}
	}
	return last, nil
}

// rangedSteady runs the P-bits of a range code over a block of heaps past the
// start, where every index is at least 1 and no take empties a heap: the ring
// is indexed by a byte, without bounds checks.
func rangedSteady(ring *[256]uint8, dead []bool, base, lo, hi, count int64) int64 {
	for j, d := range dead {
		i := base + int64(j)
		count += int64(ring[uint8(i-lo)]) - int64(ring[uint8(i-hi-1)])
		ring[uint8(i)] = b2u8(!d && count == 0)
	}
	return count
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// runBlock fills the 'loses if' flags of the next block of a run to n, from
// heap base on; every 2^22 heaps it reports progress and looks for an
// interruption.
func (t *Table) runBlock(ctx context.Context, base, n int64, lost []bool) ([]bool, error) {
	if base%(1<<22) == 0 {
		t.cfg.Limits.Report(t.cfg.What, "heaps", base)
		if err := ctx.Err(); err != nil {
			return nil, &solve.InterruptedError{What: t.cfg.What, States: int(base), Err: err}
		}
	}
	block := lost[:min(int64(len(lost)), n-base+1)]
	t.lostBlock(base, block)
	return block, nil
}

// lostBlock fills lost with the 'loses if' flags of heaps from on.
func (t *Table) lostBlock(from int64, lost []bool) {
	switch {
	case t.cfg.Lost == nil:
		clear(lost)
	case t.cfg.LostBlock != nil:
		for done := 0; done < len(lost); {
			done += t.cfg.LostBlock(from+int64(done), lost[done:])
		}
	default:
		for i := range lost {
			lost[i] = t.cfg.Lost(from + int64(i))
		}
	}
}

// amounts returns the takes that leave one heap (S1) and s0[k]: taking a
// whole heap of k is a move.
func (c Code) amounts() (s1 []int64, s0 []bool) {
	s0 = make([]bool, c.MaxTake()+1)
	for k := 1; k <= c.MaxTake(); k++ {
		d := c.Digit(int64(k))
		s0[k] = d&LeaveNone != 0
		if d&LeaveOne != 0 {
			s1 = append(s1, int64(k))
		}
	}
	return s1, s0
}

// contiguous reports whether the amounts are one range lo..hi.
func contiguous(s []int64) (lo, hi int64, ok bool) {
	if len(s) == 0 || s[len(s)-1]-s[0] != int64(len(s)-1) {
		return 0, 0, false
	}
	return s[0], s[len(s)-1], true
}
