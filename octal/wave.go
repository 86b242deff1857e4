package octal

// The wavefront: consecutive heaps computed side by side, on every core the
// Go runtime gives (GOMAXPROCS).
//
// Heap n's options are splits a + b = n - k and single heaps n - k. Take a
// block of heaps n0 .. n0+nb-1 and a base at or below n0, with the values
// below base final (nb and n0 - base well below base). Every split of a heap
// of the block whose two parts lie below base reads only final values: those
// are marked for all the block's heaps at once, each heap by whichever
// goroutine takes it (prepare). What is left of a heap's options are the
// splits with one part from base on (the other part is then small: a short
// list) and the single heaps: the engine adds them in heap order, once the
// heaps before are final (finish), and takes the least value missing.
//
// With a mask (sparse.go), prepare marks the splits that pair a rare heap
// below base with a partner below base, takes c', the least common value not
// marked (past the values of the single heaps the options leave, which
// finish marks, as guessed from their own preparation: past), and scans
// splits of two parts below base, within a budget, until every rare value
// below c' is met; it leaves a cursor where it stopped (or marks that it
// ran through them all). finish adds the single heaps and the rare pairs
// with a part from base on — a rare heap from base on, or a small rare heap
// whose partner is from base on: now every common option is marked, and c
// is the least common value missing. A rare value below c not yet
// marked is looked for first among the splits with a part from base on (the
// small parts, where witnesses abound); then from prepare's cursor on, for a
// while; then the rest of the splits below base are scanned by every
// goroutine, a share each (a rare heap's proof: the scan that finds nothing
// is the long one). Every value is the mex of marks that are all options,
// with every option below it marked: exactly the value the one-heap step
// finds.
//
// The blocks run as a pipeline. The first is prepared from base = n0 by every
// goroutine. From then on, while the engine's goroutine finishes a block, the
// helpers prepare the next one, from the values below the block being
// finished (its base is that block's first heap); once a block is finished,
// the one after the next is posted, from the values below the next. The
// engine's goroutine then joins the next block's preparation, a heap at a
// time (having posted the block after it first, so that the helpers go on
// to it as soon as they have taken its last heap), and finishes its heaps
// in order as each is prepared. Where the helpers have taken every
// heap posted before the engine's goroutine has finished a block, the block
// after the last one posted is posted at once, from the values finished so
// far (up to waveAhead blocks posted). So the helpers go from block to block
// with no wait. The engine's goroutine never sleeps: waiting for a heap a
// helper has under way, it prepares heaps of the blocks posted, then yields a
// while, then computes the heap by the one-heap step (the helper is waiting
// for a core: a busy machine). A block done with is retired, not waited for:
// a helper still in it leaves at its next heap, and its buffers are reused
// once it has. A goroutine that waits for another (a helper for the next
// block, the engine's goroutine for the end of a scan shared out) polls a
// while before it blocks (soon), as the wait is mostly over in
// microseconds. A value that needs wider marks, or wider cells, ends the
// block after its heap, and the blocks posted are dropped; so is a block
// the next call does not ask for.
//
// Marks are stamps (kernels.go). prepare marks a heap's options in one
// array of its own goroutine, as the one-heap step does, and keeps them as a
// bit set as wide as every XOR of the values so far can be (a cache line or a
// few, where the stamps they come from are kilobytes: the blocks' sets stay
// in cache beside the table); finish only reads the sets and marks what it
// adds in one array of its own goroutine. The rare values prepare's want
// scan met are not marked: it keeps those it did not meet (met). A heap's
// options are all of these. With 8- or 16-bit cells and AVX-512, a goroutine
// takes runs of runLanes heaps, and marks the rare pairs of a run at once
// (pairsOf): a rare heap's partners in consecutive heaps are consecutive
// cells, one vector load, and each pair a byte store in the run's byte marks
// (kernels.go, pairRuns), where one heap at a time gathers its partners and
// scatters its stamps (pairRun); the bytes are then packed into the sets,
// and c and the rare values wanted are read off them (prepareSet). On the
// 2-core machine the gathers of two cores slowed each other by a fifth or
// more; the runs' loads and stores do not, and on one goroutine they beat
// the step on Officers and Grundy's game, whose work is mostly rare pairs
// (pick.go times the two there as well). A block is at most waveWork
// steps for each goroutine and waveMarks bytes of sets. On a busy machine the goroutines
// share the cores the kernel gives them: the work is that of one core, plus
// the heaps' scans from parts past the block (prepare cannot look at smaller
// ones), plus the meetings; where that makes the wavefront no faster than
// the step, pick.go runs the step.
// Values wider than 16 bits take the one-heap step (sparse.go).

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gamelang/gamelang/solve"
)

type wave[T cell] struct {
	e     *sparseEngine[T]
	start []chan func(id int) // one per helper goroutine; closed to end them

	posted []*block[T] // the blocks the helpers prepare, in order
	// blocks done with, which a helper may still be in (it leaves at its
	// next heap): their buffers are reused once it has
	retired []*block[T]
	quit    sync.WaitGroup // the helper goroutines

	// While the helpers prepare a block, a long scan of finish is shared
	// with them through share; otherwise by all.
	share atomic.Pointer[shared]
	own   []ownMarks  // each goroutine's marks, for a scan shared out (scanRest)
	fm    ownMarks    // finish's marks (finishMarks)
	pm    []ownMarks  // each goroutine's marks for prepare (prepMarks)
	rm    []byteMarks // each goroutine's byte marks for a run's rare pairs (runMarks)
	fr    finishRuns[T]

	// guess[q % len]: q<<32 | the least common value not marked that
	// heap q's preparation found (its likely value), for past
	guess [1 << 13]atomic.Uint64

	// final: g(0) .. g(final-1) are stored (finishAll, a run at a time),
	// so that a heap prepared after the base of its block reads them too
	// (finalG); the cells are not moved while the wave runs (reserve)
	final atomic.Int64
}

// block is a block of heaps n0 .. n0+nb-1 prepared from the values below
// base: base = n0 when it is prepared by itself, or the previous block's first
// heap when it is prepared beside that block's finish. The engine's fields
// prepare reads are copied (eng), as finish changes them meanwhile.
type block[T cell] struct {
	eng    sparseEngine[T]
	g      []T           // g(0) .. g(base-1)
	rare   []rareHeap[T] // the rare heaps below base
	n0, nb int
	base   int
	width  int            // the values a heap's marks hold: 2^(L+1), L the bits of the values so far
	words  int            // the 64-bit words of a heap's set (setOf)
	sets   []uint64       // nb sets of words words: the values prepare marked
	tops   []int          // tops[j/runLanes]: pairsOf paired the run from j with partners below it (base, or past it where final)
	full   []bool         // full[j]: prepare marked every split of n0+j with both parts below base
	ready  []atomic.Int32 // ready[j] > 0: the heaps n0+j .. n0+ready[j]-1, taken together from j, are prepared
	cix    []int32        // cix[j]: prepare found the common values at cheap[:cix[j]] all marked, and cheap[cix[j]] not; -1 if it did not look
	left   []wants        // left[j]: the rare values below pc[j] prepareWant looked for and did not meet, if wanted[j]
	pc     []uint32
	pci    []int32 // pci[j]: the index of pc[j] in cheap (len(cheap) past it)
	wanted []bool
	cur    []cursor
	upto   []uint32 // upto[j]: prepare marked every value below it that its scan of n0+j met
	budget int      // scan steps prepare takes for a heap before it leaves the rest to finish
	paired bool     // prepare marks the rare pairs of a run of heaps at once (pairsOf)
	parts  int      // the goroutines that prepare it
	next   atomic.Int64
	scans  atomic.Int64
	stop   atomic.Bool  // the block will not be used: prepare no more of it
	in     atomic.Int32 // the helpers in it
	w      *wave[T]
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

// waveMarks bounds the bytes of a block's sets of marks, so that they stay
// in cache between prepare and finish.
const waveMarks = 1 << 18

// shareMin is the scan length from which finish shares a scan out, and
// scanBudget the least number of scan steps prepare takes for a heap before
// it leaves the rest to finish. Variables, for tests.
var shareMin, scanBudget = 1 << 14, 1 << 12

func newWave[T cell](e *sparseEngine[T], helpers int) *wave[T] {
	w := &wave[T]{e: e, own: make([]ownMarks, helpers+1), pm: make([]ownMarks, helpers+1), rm: make([]byteMarks, helpers+1)}
	for id := range helpers {
		ch := make(chan func(int), 4*waveAhead) // the blocks posted, those retired before a helper took them up, a shared scan; post skips a helper whose queue is full
		w.start = append(w.start, ch)
		w.quit.Add(1)
		go func() {
			defer w.quit.Done()
			for {
				job, ok := recvSoon(ch)
				if !ok {
					return
				}
				job(id + 1)
			}
		}()
	}
	return w
}

// stop ends the helper goroutines, once they have left the blocks posted.
func (w *wave[T]) stop() {
	w.drop()
	for _, ch := range w.start {
		close(ch)
	}
	w.start = nil
	w.quit.Wait()
	for _, b := range w.retired {
		w.e.scans += b.scans.Swap(0)
	}
	w.retired = nil
}

// all runs job on every goroutine, the engine's own as id 0, and waits.
func (w *wave[T]) all(job func(id int)) {
	if len(w.start) == 0 {
		job(0)
		return
	}
	var left atomic.Int32
	left.Store(int32(len(w.start)))
	done := make(chan struct{})
	for _, ch := range w.start {
		ch <- func(id int) {
			job(id)
			if left.Add(-1) == 0 {
				close(done)
			}
		}
	}
	job(0)
	recvSoon(done)
}

// soon reports whether ready() turns true within a few dozen microseconds,
// polled between yields, before the caller blocks on what it waits for. A
// goroutine that blocks leaves its core to the kernel, and on the virtual
// 2-core machine taking it up again took 15-17 µs a time: 4.007 to 10^6
// waited so about 0.2 s in 2.8 s (go tool trace's scheduler latency: the
// helper after each block posted to it as it ran dry, the engine's goroutine
// after each scan shared out), where what it waits for comes within a few
// microseconds. The wait is bounded, and only for a wait that is over soon;
// a longer one blocks as before.
func soon(ready func() bool) bool {
	for range soonPolls {
		if ready() {
			return true
		}
		runtime.Gosched()
	}
	return ready()
}

// soonPolls bounds soon's polls: each a yield, a fraction of a microsecond.
const soonPolls = 128

// recvSoon receives from ch, polling it soon's way before it blocks.
func recvSoon[E any](ch <-chan E) (x E, ok bool) {
	if soon(func() bool {
		select {
		case x, ok = <-ch:
			return true
		default:
			return false
		}
	}) {
		return x, ok
	}
	x, ok = <-ch
	return x, ok
}

// post has the helpers prepare b, after the blocks posted before it.
func (w *wave[T]) post(b *block[T]) {
	w.posted = append(w.posted, b)
	job := func(id int) {
		b.work(id)
		b.in.Add(-1)
	}
	for _, ch := range w.start {
		b.in.Add(1)
		select {
		case ch <- job:
		default: // a helper far behind (without a core): the engine's goroutine prepares b
			b.in.Add(-1)
		}
	}
}

// drop stops the blocks posted and retires them.
func (w *wave[T]) drop() {
	for _, b := range w.posted {
		w.retire(b)
		w.e.piped[1]++
	}
	w.posted = w.posted[:0]
}

// retire is done with b: a helper still in it (one the machine has not
// given a core) leaves at its next heap, and no one waits for it. Its scans
// are counted when its buffers are reused, or when the wave stops.
func (w *wave[T]) retire(b *block[T]) {
	b.stop.Store(true)
	w.retired = append(w.retired, b)
}

// buffer is a block's buffers to reuse: a retired block's the helpers have
// left; nil if none has.
func (w *wave[T]) buffer() *block[T] {
	for i, b := range w.retired {
		if b.in.Load() == 0 {
			w.e.scans += b.scans.Swap(0)
			w.retired = slices.Delete(w.retired, i, i+1)
			return b
		}
	}
	return nil
}

// block computes heaps n0 .. at most end-1, and returns how many it stored.
//
// With helpers, blocks run as a pipeline: while this goroutine finishes a
// block, the helpers prepare the next one from the values below the block
// being finished, and, once it is finished, the one after, from the values
// below the next; this goroutine joins the next one's preparation before it
// finishes it. So the helpers go from one block to the next with no wait.
func (w *wave[T]) block(c *cells[T], n0, end int) (int, error) {
	e := w.e
	L := bits.Len32(e.maxV)
	var b *block[T]
	if len(w.posted) > 0 {
		if p := w.posted[0]; p.n0 == n0 && p.nb <= end-n0 && p.width == 2<<L && p.eng.mask == e.mask {
			b = p
		} else {
			w.drop()
		}
	}
	if b == nil {
		nb := w.size(n0, end, 2<<L)
		if nb == 0 {
			return 0, nil // the caller steps one heap at a time
		}
		b = w.setup(c, n0, nb, n0)
		w.post(b)
	}
	w.posted = w.posted[1:]
	if len(w.posted) == 0 { // the next block, prepared while this one is finished
		w.postNext(c, b, n0, end, L)
	}
	// This goroutine joins b's preparation a heap at a time, and posts
	// another block wherever the helpers have taken every heap posted: a
	// helper that has run dry idles until a post.
	for b.one() {
		if len(w.posted) < waveAhead && !w.busy() {
			w.postNext(c, b, n0, end, L)
		}
	}
	done, err := w.finishAll(c, b, end, L)
	e.avgScan = int(b.scans.Load() / int64(b.nb)) // its preparation's, but for heaps a helper still has
	w.retire(b)
	if done < b.nb || err != nil {
		w.drop()
	} else if len(w.posted) == 1 {
		w.postNext(c, b, n0+done, end, L)
	}
	return done, err
}

// postNext posts the block after the last one posted (after b when none
// is), prepared from the values below base, and reports whether there was
// one to post.
func (w *wave[T]) postNext(c *cells[T], b *block[T], base, end, L int) bool {
	if k := len(w.posted); k > 0 {
		b = w.posted[k-1]
	}
	n1 := b.n0 + b.nb
	if len(w.start) == 0 || n1 >= end {
		return false
	}
	nb := w.size(n1, end, 2<<L)
	if nb > 0 {
		w.post(w.setup(c, n1, nb, base))
		w.e.piped[0]++
	}
	return nb > 0
}

// waveAhead bounds the blocks posted: those the helpers run to when they
// have prepared the next one before this goroutine has finished a block.
const waveAhead = 4

// waveEarly posts blocks ahead, up to waveAhead, whether or not the helpers
// have run dry. For tests.
var waveEarly = false

// busy reports whether the helpers have a block to prepare: they join a
// shared scan between heaps (together).
func (w *wave[T]) busy() bool {
	for _, b := range w.posted {
		if !b.stop.Load() && int(b.next.Load()) < b.nb {
			return true
		}
	}
	return false
}

// setup makes a free buffer the block of heaps n0 .. n0+nb-1, to be
// prepared from the values below base.
func (w *wave[T]) setup(c *cells[T], n0, nb, base int) *block[T] {
	e := w.e
	b := w.buffer()
	if b == nil {
		b = &block[T]{w: w}
	}
	if w.fr.b == b {
		w.fr.b = nil // finish's run marks are another block's
	}
	e.small.of(e.mask) // read by prepareSmall's goroutines
	b.eng = *e
	b.g, b.rare, b.n0, b.nb, b.base, b.parts = c.g[:base], e.rare, n0, nb, base, len(w.start)+1
	b.width = 2 << bits.Len32(e.maxV)
	b.words = setWords(b.width)
	b.sets = resize(b.sets, nb*b.words)
	b.tops = resize(b.tops, (nb+runLanes-1)/runLanes)
	b.full = resize(b.full, nb)
	b.ready = resize(b.ready, nb)
	b.cix = resize(b.cix, nb)
	b.left = resize(b.left, nb)
	b.wanted = resize(b.wanted, nb)
	b.pc = resize(b.pc, nb)
	b.pci = resize(b.pci, nb)
	for j := range b.ready {
		b.ready[j].Store(0)
	}
	b.cur = resize(b.cur, nb)
	b.upto = resize(b.upto, nb)
	b.budget = max(scanBudget, 8*e.avgScan)
	b.paired = w.pairable(b.width) && nb >= w.runsMin()
	if b.paired {
		e.runs++
	}
	b.next.Store(0)
	b.scans.Store(0)
	b.stop.Store(false)
	return b
}

// finishAll finishes the heaps of b in order, and returns how many it
// stored: all of them, unless a value needs wider marks (the block ends
// after its heap) or wider cells (errWide).
func (w *wave[T]) finishAll(c *cells[T], b *block[T], end, L int) (int, error) {
	e := w.e
	done, ready := 0, 0 // the heaps before ready are prepared (or computed by the step)
	for ; done < b.nb; done++ {
		i := b.n0 + done
		var v uint32
		if done < ready || b.await(done, &ready) {
			v = b.finish(c.g, i)
		} else { // its preparation waits for a core: the one-heap step
			v = e.one(c.g, i)
			e.piped[3]++
		}
		if v > c.limit() {
			return done, errWide
		}
		c.push(v, false)
		if (i+1)%runLanes == 0 {
			w.final.Store(int64(i + 1))
		}
		e.count(v)
		if e.mask != 0 && e.isRare(v) {
			e.rare = append(e.rare, rareHeap[T]{uint32(i), T(v)})
		}
		if v > e.maxV {
			e.maxV = v
			e.fit(v)
			if bits.Len32(v) > L { // XORs may need wider marks from here
				done++
				break
			}
		}
		if len(w.posted) < waveAhead && (waveEarly || !w.busy()) {
			// The helpers have taken every heap posted: the block after,
			// from the values so far, before this block is finished.
			if w.postNext(c, b, i+1, end, L) {
				e.piped[4]++
			}
		}
	}
	return done, nil
}

// await reports whether heap n0+j is prepared, waiting a while when it is
// not yet: its preparation is under way on a helper. Meanwhile it prepares
// heaps of the blocks posted after (work the helpers would do next), then
// yields a few times. When the heap is still not prepared, the helper is
// likely waiting for a core (a busy machine): the caller computes the heap by
// the one-heap step instead of waiting, so that a busy machine runs at one
// core's speed at least. The heaps before *end are prepared (or were
// computed so); the heaps are taken in runs from end on, so that ready[*end]
// is the next run's.
func (b *block[T]) await(j int, end *int) bool {
	if waveStepEvery > 0 && j%waveStepEvery == waveStepEvery-1 {
		return false
	}
	if b.prepared(j, end) {
		return true
	}
	for _, nx := range b.w.posted {
		for nx.one() {
			if b.prepared(j, end) {
				return true
			}
		}
	}
	for range awaitYields {
		runtime.Gosched()
		if b.prepared(j, end) {
			return true
		}
	}
	return false
}

// prepared moves *end past the runs of heaps prepared from it on, and
// reports whether heap n0+j is among them.
func (b *block[T]) prepared(j int, end *int) bool {
	for *end <= j {
		e := int(b.ready[*end].Load())
		if e == 0 {
			return false
		}
		*end = e
	}
	return true
}

// awaitYields is how many times await yields before the one-heap step.
const awaitYields = 64

// waveStepEvery > 0 has every waveStepEvery-th heap of a block computed by
// the one-heap step, as if its preparation waited for a core. For tests.
var waveStepEvery = 0

// size is the number of heaps of a block from n0 (before end): about
// waveWork steps for each goroutine, well below n0, its heaps' sets of marks
// within waveMarks bytes; 0 when fewer than waveMinBlock heaps fit so (a
// block cut short by end runs).
func (w *wave[T]) size(n0, end, width int) int {
	e := w.e
	per := 64 + len(e.lone)
	if e.mask == 0 {
		per += len(e.splits) * n0 / 2
	} else {
		per += len(e.rare)*len(e.splits) + e.avgScan
	}
	most := min(4096, n0/4, waveMarks/(8*setWords(width)))
	nb := min(waveWork*(len(w.start)+1)/per, most)
	if w.pairable(width) && most >= w.runsMin() {
		// Whole runs: a run cut short costs prepare as much as a whole
		// one, and pairRuns's plain loop more. 4.007 to 10^6 on 2 cores,
		// six interleaved rounds in one process: 4.57-5.50 s, against
		// 5.24-6.53 s with blocks of any length.
		nb = max(nb/runLanes*runLanes, w.runsMin()) // costly heaps: a block long enough for runs
	}
	if nb < waveMinBlock {
		return 0 // too costly a heap for a block worth its meetings
	}
	return min(nb, end-n0)
}

// pairable reports whether prepare may mark the rare pairs of runs of heaps
// together (pairsOf) in blocks whose marks are width wide: with the want
// kernel, and runs's, values from 64 on (below, step64's way serves), and
// runLanes heaps' byte marks indexed by 16 bits.
func (w *wave[T]) pairable(width int) bool {
	e := w.e
	return e.mask != 0 && (e.maxV >= 64 || smallOff) && wantFast[T]() && runsFast[T]() &&
		runLanes*64*setWords(width) <= 1<<16
}

// runsMin is the fewest heaps of a block prepared in runs: two runs for
// each goroutine (fewer would leave the goroutines waiting for one another).
func (w *wave[T]) runsMin() int { return 2 * (len(w.start) + 1) * runLanes }

// resize returns s with length n, reallocated only to grow.
func resize[S ~[]E, E any](s S, n int) S {
	if cap(s) < n {
		return make(S, n)
	}
	return s[:n]
}

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
		o.m = new(marks)
		o.set.Use(o.m[:])
	} else {
		o.set.Clear()
	}
	return o.marks()
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
		if !e.scanFor(g, below(n, base), x, &cur, &left, m, st) && left > 0 {
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

// finish adds the options of heap n that prepare left (single heaps, splits
// with a part at or above base, and, with a mask, the scan for rare values
// prepare did not reach) and returns g(n); g holds g(0) .. g(n-1).
func (b *block[T]) finish(g []T, n int) uint32 {
	w, base := b.w, b.base
	e := w.e
	j := n - b.n0
	p := b.setOf(j)          // prepare's marks
	m, st := w.finishMarks() // the options finish adds
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
	if e.mask == 0 || b.full[j] {
		b.inBlock(g, n, m, st)
		for v := range b.width {
			if !inSet(p, uint32(v)) && m[v] != st {
				return uint32(v)
			}
		}
		return uint32(b.width)
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
	for _, k := range e.splits {
		r := n - k
		// small rare heaps, partners from base on (never equal): pos <= r - base
		pairRun(g, r, small[:rareBelow(small, r-base+1)], m, st)
		for _, rh := range late { // rare heaps from base on, small partners (never equal)
			a := r - int(rh.pos)
			if a < 1 {
				break
			}
			m[rh.val^g[a]] = st
		}
	}
	// c: prepare's c, cheap[cix[j]], unless finish marked it (prepare's
	// marks, in a helper's cache, are read only then)
	c := uint32(len(e.cheap) + len(e.dense))
	for i, v := range e.cheap[max(b.cix[j], 0):] {
		if m[v] != st && (i == 0 && known || !inSet(p, v)) {
			c = v
			break
		}
	}
	// The rare values below c not marked: looked for first among the splits
	// with a part from base on (the small parts, where witnesses abound, and
	// prepare could not look), then from prepare's cursor on.
	cur := b.cur[j]
	if c <= wantMax && wantFast[T]() {
		return b.finishWant(g, n, c, p, m, st, &cur)
	}
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
	count, afresh := 0, false
	dense := e.dense
	if b.wanted[j] { // below upto[j], only the values prepare did not meet can be missing
		for k, w := range b.left[j] {
			for ; w != 0; w &= w - 1 {
				if x := uint32(64*k + bits.TrailingZeros64(w)); x < c && !inSet(p, x) && m[x] != st { // pc[j] may pass c (past)
					left.add(x)
					count++
				}
			}
		}
		dense = dense[min(len(dense), int(b.pc[j])-int(b.pci[j])):] // the rare values from pc[j] on: the values below it are cheap[:pci[j]] and these
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

// leastCheapFrom is the least common value not marked, looked for from
// cheap[i] on (the ones before are marked), and its index in cheap; past the
// lists when all are.
func leastCheapFrom(cheap, dense []uint32, i int, m *marks, st uint32) (uint32, int) {
	for ; i < len(cheap); i++ {
		if m[cheap[i]] != st {
			return cheap[i], i
		}
	}
	return uint32(len(cheap) + len(dense)), i
}

// waveHelpers is the number of goroutines that help the engine's own. A
// variable, for tests.
var waveHelpers = func() int { return runtime.GOMAXPROCS(0) - 1 }

// waveGuess has prepare guess the values of single heaps (past). A variable,
// for tests.
var waveGuess = true

// waveForced runs the wavefront wherever it can run, on one goroutine too,
// without timing it against the one-heap step (pick.go). For tests.
var waveForced = false
