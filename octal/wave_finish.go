package octal

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
)

// The wavefront's finish (wave.go says how the blocks run): the rest of
// each heap's options added in heap order by the engine's goroutine, and
// the scans it shares with the helpers.

// markSingles marks the values of heap n's options that leave one heap
// (m[v] = st), the whole take's 0 included.
func (e *sparseEngine[T]) markSingles(g []T, n int, m *marks, st uint32) {
	for _, k := range e.lone {
		r := n - k
		if r < 1 {
			break
		}
		m[g[r]] = st
	}
	if n < len(e.whole) && e.whole[n] {
		m[0] = st
	}
}

// markRareSplits marks the splits of heap n with a rare part and the other
// from base on: the small rare heaps (partners from base on, never equal:
// pos <= r - base), then the rare heaps from base on, late, with small
// partners.
func (e *sparseEngine[T]) markRareSplits(g []T, n, base int, small, late []rareHeap[T], m *marks, st uint32) {
	for _, k := range e.splits {
		r := n - k
		pairRun(g, r, small[:rareBelow(small, r-base+1)], m, st)
		for _, rh := range late {
			a := r - int(rh.pos)
			if a < 1 {
				break
			}
			m[rh.val^g[a]] = st
		}
	}
}

// cheapFree is c, the least common value no option takes: prepare's,
// cheap[cix[j]], unless finish marked it (prepare's marks, in a helper's
// cache, are read only then); past the common values when all are taken.
func (b *block[T]) cheapFree(j int, p []uint64, m *marks, st uint32, known bool) uint32 {
	e := b.w.e
	for i, v := range e.cheap[max(b.cix[j], 0):] {
		if m[v] != st && (i == 0 && known || !inSet(p, v)) {
			return v
		}
	}
	return uint32(len(e.cheap) + len(e.dense))
}

// finish adds the options of heap n that prepare left (single heaps, splits
// with a part at or above base, and, with a mask, the scan for rare values
// prepare did not reach) and returns g(n); g holds g(0) .. g(n-1).
func (b *block[T]) finish(g []T, n int) uint32 {
	w, base, e, j := b.w, b.base, b.w.e, n-b.n0
	p := b.setOf(j)          // prepare's marks
	m, st := w.finishMarks() // the options finish adds
	g = g[:n]
	e.markSingles(g, n, m, st)
	if e.mask == 0 || b.full[j] {
		return b.finishFull(g, n, p, m, st)
	}
	late := e.rare[len(b.rare):] // the rare heaps from base on
	small, known := b.rare, b.cix[j] >= 0
	if b.paired { // the rare heaps from runLanes on: a run's at once, with prepare's marks
		var own [1 << 16 / runLanes / 64]uint64 // as many words as a paired block's sets have at most (pairable)
		q := own[:b.words]
		b.finishRun(g, n, q)
		for i, x := range p {
			q[i] |= x
		}
		p, known = q, false // prepare's c may be marked now
		small = b.rare[:rareBelow(b.rare, runLanes)]
	}
	e.markRareSplits(g, n, base, small, late, m, st)
	c := b.cheapFree(j, p, m, st, known)
	// The rare values below c not marked: looked for first among the splits
	// with a part from base on (the small parts, where witnesses abound, and
	// prepare could not look), then from prepare's cursor on.
	cur := b.cur[j]
	if c <= wantMax && wantFast[T]() {
		return b.finishWant(g, n, c, p, m, st, &cur)
	}
	return b.finishDense(g, n, c, p, m, st, cur)
}

// finishFull is g(n) where every option is marked: those prepare marked
// (p), and those finish adds, with the splits of the block's own heaps.
func (b *block[T]) finishFull(g []T, n int, p []uint64, m *marks, st uint32) uint32 {
	b.inBlock(g, n, m, st)
	for v := range b.width {
		if !inSet(p, uint32(v)) && m[v] != st {
			return uint32(v)
		}
	}
	return uint32(b.width)
}

// finishDense looks for the rare values below c that no option marked so
// far: among the splits with a part from base on, then from prepare's
// cursor on, then shared out; it returns the first missing, or c.
func (b *block[T]) finishDense(g []T, n int, c uint32, p []uint64, m *marks, st uint32, cur cursor) uint32 {
	e, base, j := b.w.e, b.base, n-b.n0
	in, inside := scanFrom(1), reach{n: n, n0: base, top: unbounded, inside: true}
	for _, x := range e.dense {
		if x >= c {
			break
		}
		if inSet(p, x) || m[x] == st || b.met(j, x) {
			continue
		}
		if x >= b.upto[j] { // prepare's scan left such values unmarked: scan afresh
			cur, b.upto[j] = scanFrom(1), math.MaxUint32
			e.afresh++
		}
		left := unbounded
		found := e.scanFor(g, inside, x, &in, &left, m, st)
		e.scans += int64(unbounded - left)
		if found {
			continue
		}
		left = shareMin
		found = e.scanFor(g, below(n, base), x, &cur, &left, m, st)
		e.scans += int64(shareMin - left)
		if found {
			continue
		}
		// the rest of the splits below base, shared out until one meets x;
		// when none does, every option is marked and x is missing
		if !b.scanRest(g, n, cur, x, m, st) {
			return x
		}
	}
	return c
}

// finishRun stores in p, as a set, the values of the splits of heap n that
// pair a rare heap below base, from runLanes on, with a partner from the
// run's top on (base, or past it where pairsOf found more final). For the
// run of the block's heaps that n belongs to, those partners lie below the
// run's first heap, final when finish comes to it: they are
// marked for the whole run at once (pairRuns, as prepare marks those below
// base), in finish's own byte marks, and each heap's are read off them. In
// Grundy's game to 10^7 on 2 cores (blocks of 509 heaps on average), finish
// paired 160 rare heaps a heap one at a time (pairRun): 3.1 s of 28 s of
// CPU time, at 1.4 ns a pair where a run takes 0.2 ns.
func (b *block[T]) finishRun(g []T, n int, p []uint64) {
	w, width := b.w, 64*b.words
	j0 := (n - b.n0) / runLanes * runLanes
	top := b.tops[j0/runLanes] // partners below it: paired by prepare
	n0 := b.n0 + j0            // the run's first heap
	fr := &w.fr
	if fr.b != b || fr.n0 != n0 {
		lanes := min(runLanes, b.nb-j0)
		mk, s8 := fr.marks.next(runLanes * width)
		from := rareBelow(b.rare, runLanes)
		// No split is equal: a partner from top on passes every rare
		// heap below base.
		for _, k := range b.eng.splits {
			at := n0 - k // lane j pairs the rare heap at pos with at+j-pos
			// partners from top on in every lane: pos <= at - top; in some: pos < at+lanes-top
			all, some := max(from, rareBelow(b.rare, at-top+1)), max(from, rareBelow(b.rare, at+lanes-top))
			pairRuns(g, at, lanes, b.rare[from:all], mk, width, s8)
			b.pairLanes(g, at, lanes, b.rare[all:some], mk, width, s8, top, n0)
		}
		fr.b, fr.n0 = b, n0
	}
	packBytes(fr.marks.mk[(n-n0)*width:], fr.marks.st, p)
}

// finishRuns is finish's byte marks for a run of heaps (finishRun), and the
// run they hold: the heaps of b from n0.
type finishRuns[T cell] struct {
	marks byteMarks
	b     *block[T]
	n0    int
}

// finishWant is finish with the vector want kernel (want.go): it looks for
// the rare values below c not marked, all at once, first among every split
// with a part from base on, then from the cursor on (from the first split,
// when prepare did not look for one of them), for a while, then through the
// rest of the splits, shared out (wantRest). It returns g(n): c when every
// value was met, else the least never met.
func (b *block[T]) finishWant(g []T, n int, c uint32, p []uint64, m *marks, st uint32, cur *cursor) uint32 {
	e, j := b.w.e, n-b.n0
	var left wants
	count, afresh := b.wantsLeft(j, c, p, m, st, &left)
	if count == 0 {
		return c
	}
	in := scanFrom(1)
	steps := e.wantRun(g, reach{n: n, n0: b.base, top: unbounded, inside: true}, &in, &left, &count, c, unbounded)
	if count > 0 {
		if afresh { // prepare's scan left such values unmarked: scan afresh
			*cur, b.upto[j] = scanFrom(1), math.MaxUint32
			e.afresh++
		}
		steps += e.wantRun(g, below(n, b.base), cur, &left, &count, c, shareMin)
	}
	e.scans += int64(steps)
	if count > 0 {
		b.wantRest(g, n, *cur, &left, &count, c)
	}
	if count > 0 { // the splits ran out: every value below the least left is an option
		return left.least()
	}
	return c
}

// wantsLeft puts in left the rare values below c that no option of heap
// j of the block is known to take (neither prepare's marks p nor finish's
// m): below upto[j], only those prepare did not meet, then the rare values
// from pc[j] on. It returns how many, and whether one is at or past
// upto[j], where prepare's scan did not look (afresh).
func (b *block[T]) wantsLeft(j int, c uint32, p []uint64, m *marks, st uint32, left *wants) (count int, afresh bool) {
	dense := b.w.e.dense
	if b.wanted[j] {
		for k, w := range b.left[j] {
			for ; w != 0; w &= w - 1 {
				if x := uint32(64*k + bits.TrailingZeros64(w)); x < c && !inSet(p, x) && m[x] != st { // pc[j] may pass c (past)
					left.add(x)
					count++
				}
			}
		}
		dense = dense[min(len(dense), int(b.pc[j])-int(b.pci[j])):] // the values below pc[j] are cheap[:pci[j]] and these
	}
	for _, x := range dense {
		if x >= c {
			break
		}
		if !inSet(p, x) && m[x] != st {
			left.add(x)
			count++
			afresh = afresh || x >= b.upto[j]
		}
	}
	return count, afresh
}

// wantRest is scanRest with the want kernel: it looks for the values left
// (count of them, all below c) through the splits of n with both parts
// below base, from the cursor to the end, crossing off each value met. A
// long scan is shared out: past the run under way, the goroutines take
// stretches of chunk parts in turn, each with its own copy of the values
// still wanted, and all stop once every value has been met by one of them.
func (b *block[T]) wantRest(g []T, n int, cur cursor, left *wants, count *int, c uint32) {
	w := b.w
	e := w.e
	from := cur.base + interleave
	e.scans += int64(e.wantRun(g, reach{n: n, n0: b.base, top: from}, &cur, left, count, c, unbounded))
	if *count == 0 {
		return // met in the run under way
	}
	if !b.worthSharing(n, from) {
		cur = scanFrom(from)
		e.scans += int64(e.wantRun(g, below(n, b.base), &cur, left, count, c, unbounded))
		return
	}
	e.piped[5]++
	start := *left
	var met [len(wants{})]atomic.Uint64 // the values met, by any goroutine
	var steps, next atomic.Int64
	var all atomic.Bool // every value is met
	last := (n - e.splits[0] - e.uneq) / 2
	w.together(func(id int) {
		taken := 0
		for !all.Load() {
			a := from + int(next.Add(1)-1)*chunk
			if a > last {
				break
			}
			mine, k := start, 0 // the values no goroutine has met yet
			for i := range mine {
				mine[i] &^= met[i].Load()
				k += bits.OnesCount64(mine[i])
			}
			if k == 0 {
				break
			}
			before, cc := mine, scanFrom(a)
			taken += e.wantRun(g, reach{n: n, n0: b.base, top: a + chunk}, &cc, &mine, &k, c, unbounded)
			done := true
			for i := range mine {
				if x := before[i] &^ mine[i]; x != 0 {
					met[i].Or(x)
				}
				done = done && start[i]&^met[i].Load() == 0
			}
			if done {
				all.Store(true)
			}
		}
		steps.Add(int64(taken))
	})
	e.scans += steps.Load()
	*count = 0
	for i := range left {
		left[i] = start[i] &^ met[i].Load()
		*count += bits.OnesCount64(left[i])
	}
}

// finishMarks is the set finish marks a heap's options in, emptied: one
// array the engine's goroutine keeps in its cache.
func (w *wave[T]) finishMarks() (*marks, uint32) { return w.fm.empty() }

// met reports whether prepareWant met x, a rare value not marked, in a split
// of heap n0+j.
func (b *block[T]) met(j int, x uint32) bool {
	return b.wanted[j] && x < b.pc[j] && !b.left[j].has(x)
}

// inBlock marks the splits of n with a part from base on: a = r - p <= r - base.
func (b *block[T]) inBlock(g []T, n int, m *marks, st uint32) {
	for _, k := range b.w.e.splits {
		r := n - k
		scanAllKernel(g, r, 1, min(r-b.base, (r-b.w.e.uneq)/2), m, st)
	}
}

// scanRest scans the splits of n with both parts below base from the cursor
// to the end, marking every value met, until one is x; it reports whether
// one was. A long scan is shared out: past the run under way, the goroutines
// take stretches of chunk parts in turn, and all stop when one of them has
// met x.
func (b *block[T]) scanRest(g []T, n int, cur cursor, x uint32, m *marks, st uint32) bool {
	w := b.w
	e := w.e
	left := unbounded
	defer func() { e.scans += int64(unbounded - left) }()
	from := cur.base + interleave
	if e.scanFor(g, reach{n: n, n0: b.base, top: from}, x, &cur, &left, m, st) {
		return true // met in the run under way
	}
	if !b.worthSharing(n, from) {
		cur = scanFrom(from)
		return e.scanFor(g, below(n, b.base), x, &cur, &left, m, st)
	}
	e.piped[5]++
	// every goroutine's marks emptied before the scan is shared out: those of
	// a helper that does not join stay empty
	for i := range w.own {
		w.own[i].empty()
	}
	var met atomic.Bool
	var steps, next atomic.Int64
	last := (n - e.splits[0] - e.uneq) / 2
	w.together(func(id int) {
		own, ost := w.own[id].marks()
		done := unbounded
		for !met.Load() {
			a := from + int(next.Add(1)-1)*chunk
			if a > last {
				break
			}
			c := scanFrom(a)
			if e.scanFor(g, reach{n: n, n0: b.base, top: a + chunk}, x, &c, &done, own, ost) {
				met.Store(true)
			}
		}
		steps.Add(int64(unbounded - done))
	})
	left -= int(steps.Load())
	for i := range w.own {
		own, ost := w.own[i].marks()
		for v, y := range own[:b.width] {
			if y == ost {
				m[v] = st
			}
		}
	}
	return met.Load()
}

// worthSharing reports whether the scan of heap n's splits with both parts
// below base, from part from on, is long enough (shareMin steps) to share
// out, and there are helpers to share it with.
func (b *block[T]) worthSharing(n, from int) bool {
	e := b.w.e
	if len(b.w.start) == 0 {
		return false
	}
	total := 0 // the steps left
	for _, k := range e.splits {
		r := n - k
		total += max((r-e.uneq)/2-max(from, b.from(r))+1, 0)
	}
	return total >= shareMin
}

// chunk is how many parts a goroutine of a shared scan takes (from every
// split digit) between looks at the others: a whole number of runs.
const chunk = 8 * interleave

// shared is a job finish shares with the helpers while they prepare the
// next block: each joins it between two heaps.
type shared struct {
	job    func(id int)
	mu     sync.Mutex
	active int  // helpers in the job
	closed bool // the job is over: no helper joins it any more
	done   chan struct{}
}

func (s *shared) join(id int) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.active++
	s.mu.Unlock()
	s.job(id)
	s.mu.Lock()
	if s.active--; s.closed && s.active == 0 {
		close(s.done)
	}
	s.mu.Unlock()
}

// together runs job on this goroutine (id 0) and on the helpers, and waits
// for all: through all when they are idle, or, while they prepare the next
// block, offered to them between heaps.
func (w *wave[T]) together(job func(id int)) {
	if !w.busy() {
		w.all(job)
		return
	}
	w.e.piped[2]++
	s := &shared{job: job, done: make(chan struct{})}
	w.share.Store(s)
	job(0)
	w.share.Store(nil)
	s.mu.Lock()
	s.closed = true
	wait := s.active > 0
	s.mu.Unlock()
	if wait {
		recvSoon(s.done)
	}
}
