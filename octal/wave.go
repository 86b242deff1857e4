package octal

// The wavefront: consecutive heaps computed side by side, on every core the
// Go runtime gives (GOMAXPROCS).
//
// Heap n's options are splits a + b = n - k and single heaps n - k. For a
// block of heaps n0 .. n0+nb-1 (nb well below n0), every split of a heap of
// the block whose two parts lie below n0 reads only final values: those are
// marked for all the block's heaps at once, each heap by whichever goroutine
// takes it (prepare). What is left of a heap's options are the splits with
// one part in the block (the other part is then below nb: a short list) and
// the single heaps: the engine adds them in heap order, once the heaps before
// are final (finish), and takes the least value missing.
//
// With a mask (sparse.go), prepare marks the splits that pair a rare heap
// below n0 with a partner below n0, takes c', the least common value not
// marked, and scans splits of two parts below n0, within a budget, until every
// rare value below c' is met; it leaves a cursor where it stopped (or marks
// that it ran through them all). finish adds the single heaps and the rare
// pairs with a part in the block — a rare heap of the block, or a small rare
// heap whose partner is in the block: now every common option is marked, and
// c is the least common value missing. A rare value below c not yet marked is
// looked for first among the splits with a part in the block (the small
// parts, where witnesses abound); then from prepare's cursor on, for a
// while; then the rest of the splits below n0 are scanned
// by every goroutine, a share each (a rare heap's proof: the scan that finds
// nothing is the long one). Every value is the mex of marks that are all
// options, with every option below it marked: exactly the value the one-heap
// step finds.
//
// Marks are stamps (kernels.go), one array per heap of the block, as wide as
// every XOR of the values so far can be; a value that needs a wider array
// ends the block after its heap. The goroutines meet twice a block (channels,
// no spinning); a block is about a millisecond of work for each. On a busy
// machine they share the cores the kernel gives them: the work is the same
// as on one core, plus the meetings. Values wider than 16 bits take the
// one-heap step (sparse.go).

import (
	"math"
	"math/bits"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
)

type wave[T cell] struct {
	e     *sparseEngine[T]
	start []chan func(id int) // one per helper goroutine; closed to end them
	wg    sync.WaitGroup

	// the block under way; read-only for the goroutines while they prepare it
	g      []T           // g(0) .. g(n0-1)
	rare   []rareHeap[T] // the rare heaps below n0
	n0, nb int
	width  int      // marks per heap
	marks  []uint32 // nb arrays of width marks, and a tail (marksOf)
	st     uint32   // the block's stamp: marked is m[v] == st
	full   []bool   // full[j]: prepare marked every split of n0+j with both parts below n0
	cur    []cursor
	upto   []uint32 // upto[j]: prepare marked every value below it that its scan of n0+j met
	budget int      // scan steps prepare takes for a heap before it leaves the rest to finish
	chunk  int      // heaps a goroutine takes at a time
	next   atomic.Int64
	scans  atomic.Int64

	pend []rareHeap[T] // the rare heaps of the block, in order (finish)
	own  []*marks      // each goroutine's marks, for a scan shared out (scanRest)
}

// waveMin is the heap from which blocks run: the block must stay well below
// its first heap, and short tables are done before threads would pay. A
// variable, for tests.
var waveMin = 1 << 12

// waveWork is the work (marks) a block gives each goroutine.
const waveWork = 1 << 20

// waveMinBlock is the least block worth its meetings: heaps so costly that
// fewer fit in a block are computed one at a time (sparse.go), where a long
// scan is the one-heap step's own.
const waveMinBlock = 16

// waveMarks bounds the bytes of a block's marks, so that they stay in cache
// between prepare and finish.
const waveMarks = 1 << 20

// shareMin is the scan length from which finish shares a scan out, and
// scanBudget the least number of scan steps prepare takes for a heap before
// it leaves the rest to finish. Variables, for tests.
var shareMin, scanBudget = 1 << 14, 1 << 12

func newWave[T cell](e *sparseEngine[T], helpers int) *wave[T] {
	w := &wave[T]{e: e}
	for id := range helpers {
		ch := make(chan func(int), 1)
		w.start = append(w.start, ch)
		go func() {
			for job := range ch {
				job(id + 1)
				w.wg.Done()
			}
		}()
	}
	return w
}

// stop ends the helper goroutines.
func (w *wave[T]) stop() {
	for _, ch := range w.start {
		close(ch)
	}
	w.start = nil
}

// all runs job on every goroutine, the engine's own as id 0, and waits.
func (w *wave[T]) all(job func(id int)) {
	w.wg.Add(len(w.start))
	for _, ch := range w.start {
		ch <- job
	}
	job(0)
	w.wg.Wait()
}

// block computes heaps n0 .. at most end-1, and returns how many it stored.
func (w *wave[T]) block(c *cells[T], n0, end int) (int, error) {
	e := w.e
	L := bits.Len32(e.maxV)
	w.width = 2 << L
	nb := w.size(n0, end)
	if nb < waveMinBlock {
		return 0, nil // the caller steps one heap at a time
	}
	w.g, w.rare, w.n0, w.nb = c.g[:n0], e.rare, n0, nb
	if need := nb*w.width + len(marks{}); cap(w.marks) < need {
		w.marks = make([]uint32, need)
		w.st = 0
	}
	w.marks = w.marks[:nb*w.width+len(marks{})]
	if w.st++; w.st == 0 { // the stamps wrapped: start afresh
		clear(w.marks)
		w.st = 1
	}
	w.full = resize(w.full, nb)
	w.cur = resize(w.cur, nb)
	w.upto = resize(w.upto, nb)
	w.budget = max(scanBudget, 8*e.avgScan)
	e.small.of(e.mask) // read by prepareSmall's goroutines
	goroutines := len(w.start) + 1
	w.chunk = max(1, nb/(8*goroutines))
	w.next.Store(0)
	if goroutines > 1 { // a block has at least waveMinBlock heaps: worth waking the others
		w.all(w.work)
	} else {
		w.work(0)
	}
	prepared := w.scans.Swap(0)
	e.scans += prepared

	w.pend = w.pend[:0]
	done := 0
	for ; done < nb; done++ {
		i := n0 + done
		v := w.finish(c.g, i)
		if v > c.limit() {
			return done, errWide
		}
		c.push(v, false)
		e.count(v)
		if e.mask != 0 && e.isRare(v) {
			w.pend = append(w.pend, rareHeap[T]{uint32(i), T(v)})
		}
		if v > e.maxV {
			e.maxV = v
			e.fit(v)
			if bits.Len32(v) > L { // XORs may need wider marks from here
				done++
				break
			}
		}
	}
	e.rare = append(e.rare, w.pend...)
	e.avgScan = int(prepared / int64(nb))
	return done, nil
}

// size is the number of heaps of a block from n0 (before end): about
// waveWork steps for each goroutine, well below n0, its marks within
// waveMarks bytes.
func (w *wave[T]) size(n0, end int) int {
	e := w.e
	per := 64 + len(e.lone)
	if e.mask == 0 {
		per += len(e.splits) * n0 / 2
	} else {
		per += len(e.rare)*len(e.splits) + e.avgScan
	}
	nb := waveWork * (len(w.start) + 1) / per
	return min(nb, 4096, n0/4, waveMarks/(4*w.width), end-n0)
}

// resize returns s with length n, reallocated only to grow.
func resize[S ~[]E, E any](s S, n int) S {
	if cap(s) < n {
		return make(S, n)
	}
	return s[:n]
}

// work prepares heaps of the block, a chunk at a time, until none is left.
func (w *wave[T]) work(int) {
	scans := 0
	for {
		j := int(w.next.Add(int64(w.chunk))) - w.chunk
		if j >= w.nb {
			break
		}
		for end := min(j+w.chunk, w.nb); j < end; j++ {
			scans += w.prepare(j)
		}
	}
	w.scans.Add(int64(scans))
}

// marksOf is the marks of heap n0+j: a set of values (v is marked when
// m[v] == w.st) seen through an array as long as any 16-bit value, so that
// the kernels index it without bounds checks; its first width entries are
// the heap's own (no XOR of the values so far reaches past them), and the
// buffer holds a tail of that length past the last heap.
func (w *wave[T]) marksOf(j int) *marks {
	return (*marks)(w.marks[j*w.width : j*w.width+len(marks{})])
}

// from is where the splits of r = n - k whose parts both lie below n0 start.
func (w *wave[T]) from(r int) int { return max(1, r-w.n0+1) }

// prepare marks the splits of heap n0+j whose parts lie below n0 (all of them
// without a mask; with one, the rare pairs and a scan for the rare values
// below the least common one missing, within the budget), and returns the
// scan steps taken.
func (w *wave[T]) prepare(j int) int {
	e, g, n0 := w.e, w.g, w.n0
	n := n0 + j
	m, st := w.marksOf(j), w.st
	scans := 0
	if e.mask == 0 {
		for _, k := range e.splits {
			r := n - k
			lo, hi := w.from(r), (r-e.uneq)/2
			scanAllKernel(g, r, lo, hi, m, st)
			scans += max(hi-lo+1, 0)
		}
		w.full[j] = true
		return scans
	}
	// the rare heaps whose partner r - pos lies below n0: pos > r - n0
	above := func(r int) int {
		return sort.Search(len(w.rare), func(x int) bool { return int(w.rare[x].pos) > r-n0 })
	}
	if e.maxV < 64 && !smallOff {
		if scans, ok := w.prepareSmall(j, above); ok {
			return scans
		}
	}
	if len(e.splits) == 2 && e.uneq == 0 { // splits ascend: r0 > r1
		r0, r1 := n-e.splits[0], n-e.splits[1]
		pairKernel2(g, r0, r1, w.rare[above(r1):], above(r0)-above(r1), m, st)
	} else {
		for _, k := range e.splits {
			r := n - k
			pairKernel(g, r, w.rare[above(r):], e.uneq == 1, m, st)
		}
	}
	c := leastCheapIn(e.cheap, e.dense, m, st)
	if c <= wantMax && wantFast[T]() {
		return w.prepareWant(j, c)
	}
	w.upto[j] = math.MaxUint32
	cur := scanFrom(1)
	left := w.budget
	w.full[j] = false
	for _, x := range e.dense {
		if x >= c || left <= 0 {
			break
		}
		if m[x] == st {
			continue
		}
		if !e.scanFor(g, below(n, n0), x, &cur, &left, m, st) && left > 0 {
			w.full[j] = true // the splits ran out: all marked
			break
		}
	}
	w.cur[j] = cur
	return w.budget - left
}

// prepareWant is prepare's scan with the vector want kernel (want.go): it
// looks for the rare values below c not marked, all at once, and marks
// those it meets. Values from c on are not looked for: were finish's c
// higher (the heap's single heaps and splits with a part in the block mark
// more), a value from upto[j] = c on that the scan met is not marked, and
// finish scans for it afresh (about one heap in forty on Officers: cheaper
// than crossing off more values here for every heap).
func (w *wave[T]) prepareWant(j int, c uint32) int {
	m, st := w.marksOf(j), w.st
	left, wanted, cur, steps := w.e.lookFor(w.g, below(w.n0+j, w.n0), c, m[:], st, w.budget)
	for k, b := range wanted {
		for met := b &^ left[k]; met != 0; met &= met - 1 {
			m[64*k+bits.TrailingZeros64(met)] = st
		}
	}
	w.upto[j], w.cur[j], w.full[j] = c, cur, false // not full: values from c on met are not marked
	return steps
}

// prepareSmall is prepare while every value is below 64, as step64 does it
// (small.go): the rare pairs and the scan for the rare values below c as
// words, then marked. As in prepareWant, values from c on that the scan
// met are not marked (upto[j] = c). It reports false when every common value
// below 64 is an option (prepare then marks them all as usual).
func (w *wave[T]) prepareSmall(j int, above func(r int) int) (int, bool) {
	e, g, n := w.e, w.g, w.n0+j
	var seen uint64
	for _, k := range e.splits {
		r := n - k
		seen |= pairs64(g, r, w.rare[above(r):], e.uneq == 1)
	}
	open := e.small.cheap &^ seen
	if open == 0 {
		return 0, false
	}
	c := uint32(bits.TrailingZeros64(open))
	want := e.small.dense &^ seen & (1<<c - 1)
	before := want
	cur := scanFrom(1)
	left := w.budget
	for want != 0 && left > 0 {
		r, lo, hi, ok := e.segment(below(n, w.n0), &cur)
		if !ok {
			break
		}
		var steps int
		want, steps = scan64(g, r, lo, min(hi, lo+left-1), want)
		left -= steps
		cur.a = lo + steps
	}
	m, st := w.marksOf(j), w.st
	for met := seen | before&^want; met != 0; met &= met - 1 {
		m[bits.TrailingZeros64(met)] = st
	}
	w.upto[j], w.cur[j], w.full[j] = c, cur, false
	return w.budget - left, true
}

// finish adds the options of heap n that prepare left (single heaps, splits
// with a part in the block, and, with a mask, the scan for rare values prepare
// did not reach) and returns g(n); g holds g(0) .. g(n-1).
func (w *wave[T]) finish(g []T, n int) uint32 {
	e, n0 := w.e, w.n0
	j := n - n0
	m, st := w.marksOf(j), w.st
	g = g[:n]
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
	if e.mask == 0 || w.full[j] {
		w.inBlock(g, n, m)
		return leastMissing(m[:w.width], st)
	}
	for _, k := range e.splits {
		r := n - k
		for _, rh := range w.rare { // small rare heaps, partners in the block (never equal)
			b := r - int(rh.pos)
			if b < n0 {
				break
			}
			m[rh.val^g[b]] = st
		}
		for _, rh := range w.pend { // rare heaps of the block, small partners
			a := r - int(rh.pos)
			if a < 1 {
				break
			}
			m[rh.val^g[a]] = st
		}
	}
	c := leastCheapIn(e.cheap, e.dense, m, st)
	// The rare values below c not marked: looked for first among the splits
	// with a part in the block (the small parts, where witnesses abound, and
	// prepare could not look), then from prepare's cursor on.
	in, cur := scanFrom(1), w.cur[j]
	inside := reach{n: n, n0: n0, top: unbounded, inside: true}
	for _, x := range e.dense {
		if x >= c {
			break
		}
		if m[x] == st {
			continue
		}
		if x >= w.upto[j] { // prepare's scan left such values unmarked: scan afresh
			cur, w.upto[j] = scanFrom(1), math.MaxUint32
		}
		left := unbounded
		found := e.scanFor(g, inside, x, &in, &left, m, st)
		e.scans += int64(unbounded - left)
		if found {
			continue
		}
		left = shareMin
		found = e.scanFor(g, below(n, n0), x, &cur, &left, m, st)
		e.scans += int64(shareMin - left)
		if found {
			continue
		}
		// the rest of the splits below n0, shared out until one meets x;
		// when none does, every option is marked and x is missing
		if !w.scanRest(g, n, cur, x, m) {
			return x
		}
	}
	return c
}

// inBlock marks the splits of n with a part in the block: a = r - b <= r - n0.
func (w *wave[T]) inBlock(g []T, n int, m *marks) {
	for _, k := range w.e.splits {
		r := n - k
		scanAllKernel(g, r, 1, min(r-w.n0, (r-w.e.uneq)/2), m, w.st)
	}
}

// scanRest scans the splits of n with both parts below n0 from the cursor
// to the end, marking every value met, until one is x; it reports whether
// one was. A long scan is shared out: past the run under way, each goroutine
// takes every parts-th stretch of chunk parts, and all stop when one of them
// has met x.
func (w *wave[T]) scanRest(g []T, n int, cur cursor, x uint32, m *marks) bool {
	e := w.e
	left := unbounded
	defer func() { e.scans += int64(unbounded - left) }()
	from := cur.base + interleave
	if e.scanFor(g, reach{n: n, n0: w.n0, top: from}, x, &cur, &left, m, w.st) {
		return true // met in the run under way
	}
	total := 0 // the steps left
	for _, k := range e.splits {
		r := n - k
		total += max((r-e.uneq)/2-max(from, w.from(r))+1, 0)
	}
	parts := len(w.start) + 1
	if total < shareMin || parts == 1 {
		cur = scanFrom(from)
		return e.scanFor(g, below(n, w.n0), x, &cur, &left, m, w.st)
	}
	if len(w.own) < parts {
		w.own = make([]*marks, parts)
	}
	var met atomic.Bool
	var steps atomic.Int64
	last := (n - e.splits[0] - e.uneq) / 2
	w.all(func(id int) {
		if w.own[id] == nil {
			w.own[id] = new(marks)
		}
		own := w.own[id]
		clear(own[:w.width])
		done := unbounded
		for a := from + id*chunk; a <= last && !met.Load(); a += parts * chunk {
			c := scanFrom(a)
			if e.scanFor(g, reach{n: n, n0: w.n0, top: a + chunk}, x, &c, &done, own, 1) {
				met.Store(true)
			}
		}
		steps.Add(int64(unbounded - done))
	})
	left -= int(steps.Load())
	for _, own := range w.own[:parts] {
		for v, y := range own[:w.width] {
			if y == 1 {
				m[v] = w.st
			}
		}
	}
	return met.Load()
}

// chunk is how many parts a goroutine of a shared scan takes (from every
// split digit) between looks at the others: a whole number of runs.
const chunk = 8 * interleave

// leastCheapIn is the least common value not marked; past the lists when all
// are.
func leastCheapIn(cheap, dense []uint32, m *marks, st uint32) uint32 {
	for _, v := range cheap {
		if m[v] != st {
			return v
		}
	}
	return uint32(len(cheap) + len(dense))
}

// leastMissing is the least value not marked (the mex).
func leastMissing(m []uint32, st uint32) uint32 {
	for v, x := range m {
		if x != st {
			return uint32(v)
		}
	}
	return uint32(len(m))
}

// waveHelpers is the number of goroutines that help the engine's own. A
// variable, for tests.
var waveHelpers = func() int { return runtime.GOMAXPROCS(0) - 1 }

// waveForced runs the wavefront wherever it can run, on one goroutine too,
// without timing it against the one-heap step (pick.go). For tests.
var waveForced = false
