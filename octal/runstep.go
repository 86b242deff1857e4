package octal

import "math/bits"

// The one-heap step with its rare pairs marked in runs. Heap n's splits
// with a rare part pair each rare heap at pos with the partner n-k-pos; for
// runLanes consecutive heaps n0 .. n0+31 these partners are consecutive
// cells, and where they lie below n0 they are final before the first of
// the heaps is computed. So at n0 the step marks them all at once, as the
// wavefront's prepare does (pairsOf: one vector load a rare heap, a byte
// store a pair, no gather), and keeps them as one small bit set a heap.
// Each heap then adds the few options the run leaves (its single heaps,
// the pairs of the rare heaps below runLanes, whose partners may lie in the
// run, and those of the rare heaps found since) and finishes as stepWant
// does, with the want kernel, from the set. The values are step's: the same
// options, the same least value missing. On one core of the 2-core Cascade
// Lake machine, two interleaved rounds: .376 to its period 4.96-5.12 s
// against 7.70-9.03 s with the pairs marked heap by heap (pairKernel2), .354
// 9.72-10.69 s against 11.95-12.27 s, 4.007 to 10^6 9.00-10.93 s against
// 10.05-13.11 s.

// runStep is the run of heaps whose pairs below n0 are marked.
type runStep[T cell] struct {
	b     *block[T] // n0, the sets (setOf), as pairsOf reads and writes them
	ok    bool
	mask  uint32 // the mask, rare heaps and bits of the values the sets are for
	nrare int
	small int // the rare heaps below runLanes, whose pairs each heap marks
	L     int
	last  int // the heap stepped last
}

// runStepMin is the least heap the step takes in runs: below, its rare
// heaps' partners are few. A variable, for tests.
var runStepMin = 1 << 12

// stepRuns is step by a run's sets; it reports false where it does not
// apply (no runs kernel, values below 64 or past the want kernel's, no mask)
// and step takes its own way.
func (e *sparseEngine[T]) stepRuns(g []T, n int) (uint32, bool) {
	if !e.runsApply(n) {
		return 0, false
	}
	L := bits.Len32(e.maxV)
	words := setWords(2 << L)
	if runLanes*64*words > 1<<16 || 64*words > wantMax || !e.runAt(g, n, words, L) {
		return 0, false
	}
	var set [wantMax / 64]uint64
	p := e.runSet(&set, g, n, words)
	c, _ := e.commonFree(p, 0)
	if c > wantMax {
		return 0, false
	}
	var left wants
	count := e.wantedOf(c, p, &left)
	cur := scanFrom(1)
	steps := e.wantRun(g, below(n, n), &cur, &left, &count, c, unbounded)
	e.scans += int64(steps)
	e.avgScan = (7*e.avgScan + steps) / 8
	if count > 0 { // the splits ran out
		return left.least(), true
	}
	return c, true
}

// runsApply is whether heap n may be stepped by runs at all: the kernels
// are there, the values past 63 (or small values allowed), a mask, n past
// runStepMin.
func (e *sparseEngine[T]) runsApply(n int) bool {
	return runsFast[T]() && wantFast[T]() && e.m != nil && e.mask != 0 && n >= runStepMin && (e.maxV >= 64 || smallOff) && !stepRunsOff
}

// runAt makes sure the run in hand holds heap n, marking a new one from n
// when it does not and n follows the heap stepped last; false when n is a
// heap amid others (the wavefront's), where a run would mark 31 heaps for
// nothing.
func (e *sparseEngine[T]) runAt(g []T, n, words, L int) bool {
	rs := &e.rs
	next := n == rs.last+1
	rs.last = n
	if b := rs.b; !rs.ok || n < b.n0 || n >= b.n0+b.nb || rs.mask != e.mask || rs.L != L || len(e.rare) < rs.nrare {
		if !next {
			rs.ok = false
			return false
		}
		e.newRun(g, n, words, L)
	}
	return true
}

// runSet is the set of values heap n's options take that the run marked,
// with its lone takes, the whole take and the rare pairs found since.
func (e *sparseEngine[T]) runSet(set *[wantMax / 64]uint64, g []T, n, words int) []uint64 {
	rs := &e.rs
	b := rs.b
	p := set[:words]
	copy(p, b.setOf(n-b.n0))
	for _, k := range e.lone {
		if r := n - k; r >= 1 {
			setBit(set, g[r])
		}
	}
	if n < len(e.whole) && e.whole[n] {
		set[0] |= 1
	}
	uneq := e.uneq == 1
	for _, k := range e.splits {
		r := n - k
		pairBits(set, g, r, e.rare[:rs.small], uneq) // below runLanes: partners from n0 - runLanes on, some in the run
		pairBits(set, g, r, e.rare[rs.nrare:], uneq) // found since n0
	}
	return p
}

// newRun marks the rare pairs of the run of heaps from n on, with the
// wavefront's runs (pairsOf).
func (e *sparseEngine[T]) newRun(g []T, n, words, L int) {
	rs := &e.rs
	b := rs.b
	if b == nil {
		b = &block[T]{w: &wave[T]{rm: make([]byteMarks, 1)}}
		rs.b = b
	}
	b.eng.splits, b.eng.uneq = e.splits, e.uneq
	rs.small = rareBelow(e.rare, runLanes)
	b.g, b.rare, b.n0, b.base, b.nb, b.words = g[:n], e.rare[rs.small:], n, n, runLanes, words
	b.sets = resize(b.sets, runLanes*words)
	b.tops = resize(b.tops, 1)
	b.pairsOf(0, runLanes, 0)
	b.g = nil // the cells may be reallocated: the run keeps no hold on them
	rs.ok, rs.mask, rs.nrare, rs.L = true, e.mask, len(e.rare), L
}

// setBit adds v, below wantMax, to the set s (the index masked so: no check).
func setBit[T cell](s *[wantMax / 64]uint64, v T) { s[v>>6%(wantMax/64)] |= 1 << (v & 63) }

// pairBits adds to s the values of the splits of r that pair a heap of rare
// with its partner r - pos (from 1 on, the equal split left out where uneq).
func pairBits[T cell](s *[wantMax / 64]uint64, g []T, r int, rare []rareHeap[T], uneq bool) {
	for _, rh := range rare {
		q := r - int(rh.pos)
		if q < 1 {
			break
		}
		if !uneq || q != int(rh.pos) {
			setBit(s, rh.val^g[q])
		}
	}
}

// stepRunsOff has step mark every heap's rare pairs by itself. For tests
// and measurements.
var stepRunsOff = false
