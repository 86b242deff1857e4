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
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
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
	w.fm.release()
	for i := range w.own {
		w.own[i].release()
		w.pm[i].release()
	}
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
