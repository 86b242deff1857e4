package octal

import (
	"math"
	"math/bits"
	"slices"

	"github.com/gamelang/gamelang/solve"
)

// The wavefront's preparation (wave.go says how the blocks run): the
// splits of a block's heaps whose parts lie below the base, marked side
// by side by the helpers.

// work prepares heaps of the block, a few at a time (fewer as fewer are
// left, so that the goroutines end together), until none is left or the
// block is stopped. Between heaps it joins a scan finish shares out.
func (b *block[T]) work(id int) {
	scans := 0
	defer func() { b.scans.Add(int64(scans)) }()
	for !b.stop.Load() {
		j := int(b.next.Load())
		if j >= b.nb {
			return
		}
		k := max(1, (b.nb-j)/(4*b.parts))
		if b.paired { // whole runs (j is a run's first heap)
			k = min((k+runLanes-1)/runLanes*runLanes, b.nb-j)
		}
		if !b.next.CompareAndSwap(int64(j), int64(j+k)) {
			continue
		}
		for r := j; r < j+k; r += runLanes {
			end := min(r+runLanes, j+k)
			if b.paired {
				b.pairsOf(r, end, id)
			}
			for i := r; i < end; i++ {
				if s := b.w.share.Load(); s != nil && id > 0 {
					s.join(id)
				}
				if b.stop.Load() {
					return
				}
				scans += b.prepare(i, id)
			}
		}
		b.ready[j].Store(int32(j + k)) // once a few heaps: a store that waits for the marks' stores
	}
}

// one prepares a heap of the block on the engine's goroutine, while it
// waits for a heap of the block before; it reports false when there was none
// to take.
func (b *block[T]) one() bool {
	j := int(b.next.Load())
	k := 1
	if b.paired {
		k = min(runLanes, b.nb-j) // a run
	}
	if b.stop.Load() || j >= b.nb || !b.next.CompareAndSwap(int64(j), int64(j+k)) {
		return false
	}
	if b.paired {
		b.pairsOf(j, j+k, 0)
	}
	scans := 0
	for i := j; i < j+k; i++ {
		scans += b.prepare(i, 0)
	}
	b.scans.Add(int64(scans))
	b.ready[j].Store(int32(j + k))
	return true
}

// setOf is the values heap n0+j's preparation marked, as a bit set: every
// one lies below width/2 (an XOR of the values so far).
func (b *block[T]) setOf(j int) []uint64 {
	return b.sets[j*b.words : (j+1)*b.words]
}

// setWords is the 64-bit words of the set of a heap whose marks are width
// wide: width/2 bits.
func setWords(width int) int { return max(1, width/128) }

// inSet reports whether v is in the set p.
func inSet(p []uint64, v uint32) bool {
	return int(v>>6) < len(p) && p[v>>6]>>(v&63)&1 != 0
}

// prepMarks is the marks goroutine id prepares a heap in, emptied: one
// array each goroutine keeps in its cache, as the one-heap step does.
func (w *wave[T]) prepMarks(id int) (*marks, uint32) { return w.pm[id].empty() }

// ownMarks is a marks array one goroutine keeps, emptied by a new stamp
// (solve.Mex), on cache lines of its own: side by side in a slice, the
// stamp one goroutine moves on every heap shared a line with the next
// goroutine's pointers, read on every heap (Grundy's game to 10^7 on 2
// cores: 0.13 s of the profile in empty, none padded).
type ownMarks struct {
	m   *marks
	set solve.Mex
	_   [88]byte
}

// empty is the marks, emptied, and the stamp that marks a member.
func (o *ownMarks) empty() (*marks, uint32) {
	if o.m == nil {
		o.m = newMarks()
		o.set.Use(o.m[:])
	} else {
		o.set.Clear()
	}
	return o.marks()
}

// release gives the marks back to the pool (releaseMarks).
func (o *ownMarks) release() {
	releaseMarks(o.m)
	o.m, o.set = nil, solve.Mex{}
}

// marks is the marks, as they are, and the stamp that marks a member.
func (o *ownMarks) marks() (*marks, uint32) {
	_, st := o.set.Slots()
	return o.m, st
}

// from is where the splits of r = n - k whose parts both lie below base start.
func (b *block[T]) from(r int) int { return max(1, r-b.base+1) }

// prepare marks the splits of heap n0+j whose parts lie below base (all of
// them without a mask; with one, the rare pairs and a scan for the rare
// values below the least common one missing, within the budget), on
// goroutine id, and returns the scan steps taken. It marks them in the
// goroutine's own marks, and keeps them as a bit set (setOf): a set finish
// reads is a cache line or a few where the marks are a few kilobytes. With
// a mask, the rare pairs and the want kernel's scan take the parts below
// the heaps final when they run, past base where finish has stored more
// since the block was set up (finalG): the pairs finish would add and the
// small parts where witnesses abound (4.007 to 10^6 on 2 cores: 5.9%
// more scan steps than one core, from 16%, and one heap in 24 looked at
// afresh in finish, from one in 8).
func (b *block[T]) prepare(j, id int) int {
	if b.paired {
		if scans, ok := b.prepareSet(j); ok {
			return scans
		}
	}
	m, st := b.w.prepMarks(id)
	if b.paired {
		unpackSet(b.setOf(j), m, st) // the stamps' way, from the pairs
	}
	scans := b.mark(j, m, st)
	packSet(m, st, b.setOf(j))
	return scans
}

// pairsOf marks the splits of heaps n0+ja .. n0+jb-1 (a run: at most
// runLanes heaps) that pair a rare heap below base with a partner below
// the heaps final (base, or past it: finalG; kept as the run's top), all at
// once (pairRuns: a rare heap's partners in consecutive heaps are
// consecutive cells), in goroutine id's byte marks, and stores each heap's
// as its set.
func (b *block[T]) pairsOf(ja, jb, id int) {
	e, w, lanes := &b.eng, 64*b.words, jb-ja
	g := b.finalG()
	top := len(g)
	b.tops[ja/runLanes] = top
	mk, st := b.w.runMarks(id, runLanes*w)
	for _, k := range e.splits {
		at := b.n0 + ja - k // lane j pairs the rare heap at pos with at+j-pos
		// every lane's partner in [1, top): at+lanes-top <= pos < at
		lo, hi := rareBelow(b.rare, at+lanes-top), rareBelow(b.rare, at)
		b.pairLanes(g, at, lanes, b.rare[rareBelow(b.rare, at+1-top):lo], mk, w, st, 1, top)   // partners from top on in some lanes
		b.pairLanes(g, at, lanes, b.rare[hi:rareBelow(b.rare, at+lanes-1)], mk, w, st, 1, top) // below 1 in some
		// the equal split, at+j-pos = pos, left out
		if e.uneq == 1 {
			eq, eqEnd := max(lo, rareBelow(b.rare, (at+1)/2)), min(hi, rareBelow(b.rare, (at+lanes-1)/2+1))
			if eq < eqEnd {
				pairRuns(g, at, lanes, b.rare[lo:eq], mk, w, st)
				b.pairLanes(g, at, lanes, b.rare[eq:eqEnd], mk, w, st, 1, top)
				lo = eqEnd
			}
		}
		pairRuns(g, at, lanes, b.rare[lo:hi], mk, w, st)
	}
	for j := range lanes {
		packBytes(mk[j*w:(j+1)*w], st, b.setOf(ja+j))
	}
}

// finalG is the values final now: g(0) .. g(base-1), and those finish has
// stored since (a run at a time).
func (b *block[T]) finalG() []T {
	if f := int(b.w.final.Load()); f > len(b.g) {
		return b.g[:f]
	}
	return b.g
}

// pairLanes is pairRuns for the rare heaps whose partners lie in [lo, hi)
// in some lanes only (the others are left out), or whose equal split must
// be left out.
func (b *block[T]) pairLanes(g []T, at, lanes int, rare []rareHeap[T], mk []uint8, w int, st uint8, lo, hi int) {
	uneq := b.eng.uneq == 1
	for _, rh := range rare {
		pos := int(rh.pos)
		for j := max(0, lo-at+pos); j < min(lanes, hi-at+pos); j++ { // lo <= q < hi
			if q := at + j - pos; !(uneq && q == pos) {
				mk[j*w+int(rh.val^g[q])] = st
			}
		}
	}
}

// runMarks is goroutine id's byte marks for a run (size bytes), emptied.
func (w *wave[T]) runMarks(id, size int) ([]uint8, uint8) { return w.rm[id].next(size) }

// next is the byte marks for a run (size bytes), emptied: a fresh stamp,
// the bytes cleared when the stamps wrap.
func (r *byteMarks) next(size int) ([]uint8, uint8) {
	if len(r.mk) < size {
		r.mk, r.st = make([]uint8, size), 0
	}
	if r.st++; r.st == 0 {
		clear(r.mk)
		r.st = 1
	}
	return r.mk[:size], r.st
}

// byteMarks is a goroutine's byte marks for runs (runMarks), on cache lines
// of its own.
type byteMarks struct {
	mk []uint8
	st uint8
	_  [96]byte
}

// unpackSet marks in m, with stamp st, the values in the set p.
func unpackSet(p []uint64, m *marks, st uint32) {
	for k, x := range p {
		for ; x != 0; x &= x - 1 {
			m[64*k+bits.TrailingZeros64(x)] = st
		}
	}
}

// prepareSet is prepare for a paired block, whose set of heap n0+j holds
// its rare pairs (pairsOf): c, the least common value not in it, and the
// want kernel's look for the rare values below c not in it, as
// prepareWant. It reports false when c is past wantMax.
func (b *block[T]) prepareSet(j int) (int, bool) {
	e, p := &b.eng, b.setOf(j)
	c, ci := e.commonFree(p, 0)
	if c > wantMax {
		return 0, false
	}
	b.cix[j] = int32(ci)
	c, ci = b.past(j, c, ci, func(c uint32, _ int) (uint32, int) { return e.commonFree(p, c+1) })
	var left wants
	count := e.wantedOf(c, p, &left)
	return b.prepareWant(j, c, ci, left, count), true
}

// mark is prepare's work, the heap's marks m with stamp st.
func (b *block[T]) mark(j int, m *marks, st uint32) int {
	e, g, base := &b.eng, b.g, b.base
	n := b.n0 + j
	scans := 0
	b.cix[j], b.wanted[j] = -1, false
	if e.mask == 0 {
		for _, k := range e.splits {
			r := n - k
			lo, hi := b.from(r), (r-e.uneq)/2
			scanAllKernel(g, r, lo, hi, m, st)
			scans += max(hi-lo+1, 0)
		}
		b.full[j] = true
		return scans
	}
	// the rare heaps whose partner r - pos lies below base: pos > r - base
	above := func(r int) int { return rareBelow(b.rare, r-base+1) }
	if e.maxV < 64 && !smallOff {
		if scans, ok := b.prepareSmall(j, above, m, st); ok {
			return scans
		}
	}
	switch {
	case b.paired: // marked already: pairsOf, unpacked by prepare
	case len(e.splits) == 2 && e.uneq == 0: // splits ascend: r0 > r1
		r0, r1 := n-e.splits[0], n-e.splits[1]
		a1 := above(r1)
		pairKernel2(g, r0, r1, b.rare[a1:], above(r0)-a1, m, st)
	default:
		for _, k := range e.splits {
			r := n - k
			pairKernel(g, r, b.rare[above(r):], e.uneq == 1, m, st)
		}
	}
	c, ci := leastCheapFrom(e.cheap, e.dense, 0, m, st)
	b.cix[j] = int32(ci)
	if c <= wantMax && wantFast[T]() {
		c, ci = b.past(j, c, ci, func(_ uint32, ci int) (uint32, int) { return leastCheapFrom(e.cheap, e.dense, ci+1, m, st) })
		var left wants
		count := e.unmarked(c, m, st, &left)
		return b.prepareWant(j, c, ci, left, count)
	}
	return b.prepareScan(j, c, m, st)
}

// prepareScan is prepare's scan for the rare values below c not marked,
// within the block's budget, from the splits' start; it returns the
// splits scanned.
func (b *block[T]) prepareScan(j int, c uint32, m *marks, st uint32) int {
	e, g, n := &b.eng, b.g, b.n0+j
	b.upto[j] = math.MaxUint32
	cur := scanFrom(1)
	left := b.budget
	b.full[j] = false
	for _, x := range e.dense {
		if x >= c || left <= 0 {
			break
		}
		if m[x] == st {
			continue
		}
		if !e.scanFor(g, below(n, b.base), x, &cur, &left, m, st) && left > 0 {
			b.full[j] = true // the splits ran out: all marked
			break
		}
	}
	b.cur[j] = cur
	return b.budget - left
}

// prepareWant is prepare's scan with the vector want kernel (want.go): it
// looks for the rare values below c not marked (left, count of them), all
// at once, and keeps those it did not meet (left[j]; the others are
// options, though not marked: met says so); c is cheap[ci], or past the
// lists. Values from c on are not
// looked for: were finish's c higher (the heap's single heaps and splits
// with a part in the block mark more), a value from upto[j] = c on is looked
// for afresh (about one heap in forty on Officers: cheaper than crossing off
// more values here for every heap). The single heaps' values, which made
// one heap in seven of 4.007 look afresh, are guessed (past).
func (b *block[T]) prepareWant(j int, c uint32, ci int, left wants, count int) int {
	cur := scanFrom(1)
	g := b.finalG()
	steps := b.eng.wantRun(g, below(b.n0+j, len(g)), &cur, &left, &count, c, b.budget)
	b.left[j], b.wanted[j], b.pc[j], b.pci[j] = left, true, c, int32(ci)
	b.upto[j], b.cur[j], b.full[j] = c, cur, false // not full: values met are not marked
	return steps
}

// past records c = cheap[ci], the least common value not marked in heap
// n0+j's preparation, as the heap's guess, and moves it past the common
// values finish will likely mark: the values of the single heaps n0+j-k its
// options leave (k in lone), guessed as the c their preparation found (a
// heap's value, unless finish marks more or a rare value is missing), where
// it has. Where finish does mark c, the rare
// values from c up to its own c are looked for in one scan here rather than
// afresh from the first split in finish, on the engine's goroutine (4.007:
// one heap in seven did, one in twenty does). A wrong guess only looks for
// more values than needed. after(c, ci) is the next common value not
// marked, and its index in cheap.
func (b *block[T]) past(j int, c uint32, ci int, after func(c uint32, ci int) (uint32, int)) (uint32, int) {
	e, n := &b.eng, b.n0+j
	if len(e.lone) == 0 || !waveGuess {
		// No single heap to guess (Grundy's game): no guess kept, and no
		// atomic store, which waits for the heap's marks to be stored.
		return c, ci
	}
	b.w.guess[n%len(b.w.guess)].Store(uint64(n)<<32 | uint64(c))
	var likely [8]uint32
	k := 0
	for _, d := range e.lone {
		if v, ok := b.w.guessOf(n - d); ok && v >= c && k < len(likely) {
			likely[k] = v
			k++
		}
	}
	for slices.Contains(likely[:k], c) {
		c2, ci2 := after(c, ci)
		if c2 > wantMax {
			break
		}
		c, ci = c2, ci2
	}
	return c, ci
}

// guessOf is the c that the preparation of heap q found, if it is known.
func (w *wave[T]) guessOf(q int) (uint32, bool) {
	if q < 0 {
		return 0, false
	}
	g := w.guess[q%len(w.guess)].Load()
	return uint32(g), g>>32 == uint64(q)
}

// prepareSmall is prepare while every value is below 64, as step64 does it
// (small.go): the rare pairs and the scan for the rare values below c as
// words, then marked. As in prepareWant, values from c on that the scan
// met are not marked (upto[j] = c). It reports false when every common value
// below 64 is an option (prepare then marks them all as usual).
func (b *block[T]) prepareSmall(j int, above func(r int) int, m *marks, st uint32) (int, bool) {
	e, g, n := &b.eng, b.g, b.n0+j
	var seen uint64
	for _, k := range e.splits {
		r := n - k
		seen |= pairs64(g, r, b.rare[above(r):], e.uneq == 1)
	}
	open := e.small.cheap &^ seen
	if open == 0 {
		return 0, false
	}
	c := uint32(bits.TrailingZeros64(open))
	want := e.small.dense &^ seen & (1<<c - 1)
	before := want
	cur := scanFrom(1)
	left := b.budget
	for want != 0 && left > 0 {
		r, lo, hi, ok := e.segment(below(n, b.base), &cur)
		if !ok {
			break
		}
		var steps int
		want, steps = scan64(g, r, lo, min(hi, lo+left-1), want)
		left -= steps
		cur.a = lo + steps
	}
	for met := seen | before&^want; met != 0; met &= met - 1 {
		m[bits.TrailingZeros64(met)] = st
	}
	b.upto[j], b.cur[j], b.full[j] = c, cur, false
	return b.budget - left, true
}
