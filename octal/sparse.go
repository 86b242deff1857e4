package octal

// The sparse-space engine (Winning Ways, "sparse space spells speed";
// Gangolli and Plambeck; Flammenkamp), for codes that split a heap in two.
//
// Fix a mask m and call a value v common when popcount(v & m) is odd, rare
// when it is even. The parity of a XOR is the sum of the parities, so a split
// a + b can reach a common value only if exactly one of g(a), g(b) is rare.
// For most games some mask makes rare values rare indeed — a few heaps have
// them, and the sequence's values are common from some point on. Then, for
// heap n:
//
//  1. every common option value comes from a split with a rare part: running
//     over the list of rare heaps a (and b = n-k-a) marks them all, in
//     O(#rare) instead of O(n);
//  2. c, the least common value not marked, is g(n) unless a smaller rare
//     value is missing too; each rare value below c is looked for by scanning
//     the splits from their small parts on (every split digit in turn, in runs
//     of parts: scan.go), marking every value met, until it is found — a
//     handful of steps, as rare option values (from two common parts) abound;
//  3. only when a rare value is truly missing does the scan run to the end:
//     g(n) is that value, and n joins the rare heaps.
//
// The answer is exact whatever the mask; the mask only decides the speed. It is
// chosen from the value histogram: by a Walsh-Hadamard transform, the number
// of heaps with a rare value under every mask at once, and the mask that makes
// the fewest rare wins. The choice is revisited each time n grows by half. While no
// mask makes rare values rare (early on, or for games without sparse space),
// heaps are computed by the full scan.

import (
	"math/bits"
	"runtime"

	"github.com/gamelang/gamelang/solve"
)

type sparseEngine[T cell] struct {
	lone   []int  // k whose digit leaves one heap
	whole  []bool // whole[k]: taking a whole heap of k is a move
	splits []int  // k whose digit leaves two heaps
	uneq   int    // 1 when the two heaps must differ (a < r-a), else 0
	set    solve.Mex

	mask    uint32 // 0: no mask chosen, full scans
	cheap   []uint32
	dense   []uint32      // the common (cheap) and rare (dense) values below len(set.seen), ascending
	rareV   wants         // the rare values of dense below wantMax, as bits (lookFor)
	commonV wants         // the values of cheap below wantMax, as bits
	maxV    uint32        // the largest value so far
	rare    []rareHeap[T] // heaps a >= 1 whose value is rare under the mask
	hist    []int64       // hist[v]: heaps a >= 1 with g(a) = v
	next    int           // the length at which the mask is chosen again

	m       *marks     // the marks of set, as an array, for values of 16 bits or less
	scans   int64      // split pairs scanned (for benchmarks and tests)
	avgScan int        // scan steps the last heaps needed, on average
	wave    *wave[T]   // heaps side by side on every core, while a growth runs (wave.go); nil on one core
	solo    *wave[T]   // heaps side by side on the engine's goroutine alone, while a growth runs
	pick    pick       // the wavefront on every core or one core's way (pick.go)
	pick1   pick       // one core's way: the solo wavefront or the one-heap step
	waved   int        // heaps computed in blocks (for tests)
	soloed  int        // of which in the solo wavefront's (for tests)
	alone   int        // heaps past waveMin computed one at a time (for tests)
	piped   [6]int     // blocks prepared beside a finish, dropped, scans shared with helpers preparing, heaps stepped while their preparation waited, blocks posted early, scans shared out (for tests)
	afresh  int        // heaps whose finish looked for rare values afresh from the first split (for tests)
	runs    int        // blocks whose rare pairs prepare marked in runs (for tests)
	rs      runStep[T] // the run of heaps whose rare pairs step marked at once (runstep.go)
	small   small64    // the common and rare values below 64 (small.go)
	lanes   lanes64    // step64's options as a vector's lanes (small.go)
	laned   int        // heaps whose options step64 read with the vector kernel (for tests)
	paths   [4]int     // steps taken by each way (for tests)
}

// The ways step finishes a heap: with one word for the values (small.go),
// with the vector want kernel (want.go), marking every value met, or with
// the want kernel from a run's sets (runstep.go).
const (
	pathSmall = iota
	pathWant
	pathMarks
	pathRuns
)

// smallOff turns step64 off, for tests of the other ways.
var smallOff bool

// rareHeap is a heap with a rare value, and the value.
type rareHeap[T cell] struct {
	pos uint32 // heaps are numbered in 32 bits: the engine stops at 2^32 values (maxSparseHeap)
	val T
}

// minSparse is the length before which no mask is tried.
const minSparse = 1024

func newSparseEngine[T cell](c Code) *sparseEngine[T] {
	e := &sparseEngine[T]{next: minSparse, pick: pick{clock: monotonic, cpu: cpuTime, free: machineFree},
		pick1: pick{clock: monotonic, cpu: cpuTime, free: machineFree}}
	if c.Unequal() {
		e.uneq = 1
	}
	if uint64(^T(0)) <= 1<<16-1 { // the values fit in 16 bits: marks in a fixed array
		e.m = newMarks()
		e.set.Use(e.m[:])
		runtime.AddCleanup(e, releaseMarks, e.m)
	}
	e.whole = make([]bool, c.MaxTake()+1)
	for k := 0; k <= c.MaxTake(); k++ {
		d := c.Digit(int64(k))
		e.whole[k] = d&LeaveNone != 0
		if d&LeaveOne != 0 {
			e.lone = append(e.lone, k)
		}
		if d&LeaveTwo != 0 {
			e.splits = append(e.splits, k)
		}
	}
	return e
}

func (e *sparseEngine[T]) name() string {
	if e.mask == 0 {
		return "sparse space (full scans so far: no mask has made rare values rare yet)"
	}
	return "sparse space: rare and common values split by a mask chosen from the value histogram"
}

// maxSparseHeap is the largest heap the sparse engine computes: it numbers
// the heaps of its rare values in 32 bits, which keeps their list small.
const maxSparseHeap = 1<<32 - 1

// The one-heap step locks its goroutine to its OS thread. Every 10 ms the
// Go scheduler preempts a goroutine that runs on, puts it on the global
// queue and wakes an idle P's thread, which often takes it up: with
// GOMAXPROCS above one, the step's goroutine moves from thread to thread,
// and on a machine whose other cores are busy it lands, half the time, on
// a thread the kernel runs on a core shared with another process. Locked,
// it stays on the thread the kernel placed. .354 to its period beside
// yes > /dev/null, the wavefront off (3 interleaved rounds, 2 cores):
// 20.75-23.91 s unlocked, 15.50-18.16 s locked, 16.22-23.10 s with
// GOMAXPROCS=1.
func (e *sparseEngine[T]) grow(c *cells[T], w *solve.Work, n int) error {
	if len(e.hist) == 0 && len(c.g) > 1 { // new cells after widening: rebuild
		for _, v := range c.g[1:] {
			e.count(uint32(v))
		}
		e.next = max(minSparse, len(c.g))
	}
	e.maxV = max(e.maxV, c.max)
	e.fit(c.max)
	defer e.startWaves(n)()
	// The one-heap step keeps its OS thread (see above), and so does the
	// solo wavefront; the wavefront's goroutine does not, as it yields
	// while it waits for its helpers.
	locked := false
	defer func() {
		if locked {
			runtime.UnlockOSThread()
		}
	}()
	reported := len(c.g) / 1024
	for i := len(c.g); i <= n; {
		if i/1024 != reported {
			reported = i / 1024
			if err := c.t.report(i, n+1); err != nil {
				return err
			}
		}
		if err := w.Err(); err != nil {
			return err
		}
		if i >= e.next {
			t0 := e.pick.clock()
			e.chooseMask(c)
			e.next = i + i/2
			e.pick.pause(t0) // not a cost of the heaps timed
			e.pick1.pause(t0)
		}
		stop := n + 1 // the heap the stretch below stops before
		done, err := e.waveBlock(c, i, n, &stop, &locked)
		if err != nil {
			return err
		}
		if done > 0 {
			i += done
			continue
		}
		end := min(n+1, e.next, stop, (i/64+1)*64) // heaps one at a time, a few dozen between looks
		if i >= waveMin && e.solo != nil {
			e.alone += end - i
		}
		if !locked {
			runtime.LockOSThread()
			locked = true
		}
		if i, err = e.steps(c, i, end); err != nil {
			return err
		}
	}
	return nil
}

// waveBlock computes a block of heaps from i on by a wavefront, when the
// pick chooses one, and returns how many; *stop is lowered to where the
// choice is made again. The wavefront on every core runs off the locked
// thread.
func (e *sparseEngine[T]) waveBlock(c *cells[T], i, n int, stop *int, locked *bool) (int, error) {
	if e.solo == nil || i < waveMin {
		return 0, nil
	}
	wv := e.way(i, stop)
	if wv == nil {
		return 0, nil
	}
	if *locked && wv == e.wave {
		runtime.UnlockOSThread()
		*locked = false
	}
	done, err := wv.block(c, i, min(n+1, e.next, *stop))
	e.waved += done
	if wv == e.solo {
		e.soloed += done
	}
	return done, err
}

// startWaves makes the wavefronts a growth to heap n may run: on every
// core, and on the engine's goroutine alone (solo): on one core, or a
// machine whose other cores are busy, a block's runs (pairsOf) can beat
// the step (Officers, Grundy's game), and pick1's trials tell. It returns
// what stops them.
func (e *sparseEngine[T]) startWaves(n int) (stop func()) {
	if e.m == nil || n < waveMin {
		return func() {}
	}
	if h := waveHelpers(); h > 0 {
		e.wave = newWave(e, h)
		e.pick.cores = h + 1
		e.pick.begin()
	}
	e.solo = newWave(e, 0)
	e.pick1.cores = 1
	e.pick1.begin()
	return func() {
		e.solo.stop()
		e.solo = nil
		if e.wave != nil {
			e.wave.stop()
			e.wave = nil
		}
	}
}

// steps computes heaps i to end-1 by the one-heap step, and returns end.
func (e *sparseEngine[T]) steps(c *cells[T], i, end int) (int, error) {
	for ; i < end; i++ {
		v := e.one(c.g, i)
		if v > c.limit() {
			return i, errWide
		}
		c.push(v, false)
		e.count(v)
		e.maxV = max(e.maxV, v)
		if e.mask != 0 && e.isRare(v) && i >= 1 {
			e.rare = append(e.rare, rareHeap[T]{uint32(i), T(v)})
		}
		e.fit(v)
	}
	return end, nil
}

// way is the wavefront that computes the heaps from i on (the one on every
// core, the solo one, or nil for the one-heap step), and lowers *stop to
// the heap where the choice is made again. pick chooses between every core
// and one core's way, pick1 one core's way: the solo wavefront or the step.
// The blocks a wavefront posted ahead are dropped when another way runs:
// they would only take the core it needs.
func (e *sparseEngine[T]) way(i int, stop *int) *wave[T] {
	if waveForced {
		if e.wave != nil {
			return e.wave
		}
		return e.solo
	}
	if e.wave != nil {
		all := e.pick.at(i)
		*stop = min(*stop, e.pick.until)
		if all {
			e.solo.drop()
			e.pick1.skip()
			return e.wave
		}
		e.wave.drop()
	}
	solo := e.pick1.at(i)
	*stop = min(*stop, e.pick1.until)
	if solo {
		return e.solo
	}
	e.solo.drop()
	return nil
}

func (e *sparseEngine[T]) count(v uint32) {
	for int(v) >= len(e.hist) {
		e.hist = append(e.hist, make([]int64, len(e.hist)+1)...)
	}
	e.hist[v]++
}

func (e *sparseEngine[T]) isRare(v uint32) bool { return bits.OnesCount32(v&e.mask)&1 == 0 }

// fit makes room in the mark set, and in the value lists, for every XOR of
// values up to v.
func (e *sparseEngine[T]) fit(v uint32) {
	if e.m == nil {
		e.set.Fit(v)
	}
	e.classify()
}

// classify extends the cheap and dense value lists to the values a step can
// meet: below twice the power of two above the largest value so far.
func (e *sparseEngine[T]) classify() {
	from := uint32(len(e.cheap) + len(e.dense))
	top := uint32(e.set.Len())
	if e.m != nil {
		top = min(top, 2<<bits.Len32(e.maxV))
	}
	for v := from; v < top; v++ {
		if e.isRare(v) {
			e.dense = append(e.dense, v)
			if v < wantMax {
				e.rareV.add(v)
			}
		} else {
			e.cheap = append(e.cheap, v)
			if v < wantMax {
				e.commonV.add(v)
			}
		}
	}
}

// direct marks the options that leave one heap or none.
func (e *sparseEngine[T]) direct(g []T, n int) {
	seen, st := e.set.Slots()
	for _, k := range e.lone {
		if r := n - k; r >= 1 {
			seen[g[r]] = st
		} else {
			break
		}
	}
	if n < len(e.whole) && e.whole[n] {
		seen[0] = st
	}
}

// scanAll is g(n) by the full scan of every split.
func (e *sparseEngine[T]) scanAll(g []T, n int) uint32 {
	e.set.Clear()
	e.direct(g, n)
	seen, st := e.set.Slots()
	for _, k := range e.splits {
		r := n - k
		hi := (r - e.uneq) / 2
		if e.m != nil {
			scanAllKernel(g, r, 1, hi, e.m, st)
		} else {
			for a := 1; a <= hi; a++ {
				seen[g[a]^g[r-a]] = st
			}
		}
		e.scans += int64(max(hi, 0))
	}
	return e.set.Value()
}

// one is g(n) computed by itself: the full scan until a mask is chosen, then
// the sparse-space step.
func (e *sparseEngine[T]) one(g []T, n int) uint32 {
	if e.mask == 0 {
		return e.scanAll(g, n)
	}
	return e.step(g, n)
}

// step is g(n) by the sparse-space method.
func (e *sparseEngine[T]) step(g []T, n int) uint32 {
	if e.maxV < 64 && !smallOff {
		if v, ok := e.step64(g, n); ok {
			e.paths[pathSmall]++
			return v
		}
	}
	if v, ok := e.stepRuns(g, n); ok {
		e.paths[pathRuns]++
		return v
	}
	e.set.Clear()
	e.direct(g, n)
	e.pairRare(g, n, e.rare)
	c := e.leastCheap()
	if c <= wantMax && e.m != nil && wantFast[T]() {
		e.paths[pathWant]++
		return e.stepWant(g, n, c)
	}
	e.paths[pathMarks]++
	// Every rare value below c must be an option, or the least missing one is g(n).
	seen, st := e.set.Slots()
	cur, scanned := scanFrom(1), e.scans
	v := c
	for _, x := range e.dense {
		if x >= c {
			break
		}
		if seen[x] == st {
			continue
		}
		if !e.find(g, n, x, &cur) {
			v = x
			break
		}
	}
	e.avgScan = (7*e.avgScan + int(e.scans-scanned)) / 8
	return v
}

// stepWant finishes step with the vector want kernel (want.go): the rare
// values below c that no pair has marked are looked for all at once, each
// crossed off when met; the least never met is g(n), or c when all are.
func (e *sparseEngine[T]) stepWant(g []T, n int, c uint32) uint32 {
	_, st := e.set.Slots()
	left, _, steps := e.lookFor(g, below(n, n), c, e.m, st, unbounded)
	e.scans += int64(steps)
	e.avgScan = (7*e.avgScan + steps) / 8
	if left != (wants{}) { // the splits ran out
		return left.least()
	}
	return c
}

// lookFor looks for the rare values below c not marked in m (stamp st)
// among the splits of s, from the first on, all at once with the want
// kernel, within budget steps. It returns the values it did not meet, where
// it stopped and the steps it took.
func (e *sparseEngine[T]) lookFor(g []T, s reach, c uint32, m *marks, st uint32, budget int) (left wants, cur cursor, steps int) {
	count := e.unmarked(c, m, st, &left)
	cur = scanFrom(1)
	steps = e.wantRun(g, s, &cur, &left, &count, c, budget)
	return left, cur, steps
}

// unmarked stores in w, empty, the rare values below c (and wantMax) not
// marked in m (stamp st), and returns how many there are: the marks packed
// as bits (packSet), 64 values at a time, taken from the rare values' bits.
func (e *sparseEngine[T]) unmarked(c uint32, m *marks, st uint32, w *wants) int {
	words := int(min(c, wantMax)+63) / 64
	if words == 0 {
		return 0
	}
	packSet(m, st, w[:words])
	return e.wantedOf(c, w[:words], w)
}

// wantedOf stores in w the rare values below c (and wantMax) not in the set
// p, and returns how many there are; p may be w's own words.
func (e *sparseEngine[T]) wantedOf(c uint32, p []uint64, w *wants) int {
	c = min(c, wantMax)
	words := int(c+63) / 64
	count := 0
	for k := range words {
		var pk uint64
		if k < len(p) {
			pk = p[k]
		}
		x := e.rareV[k] &^ pk
		if below := int(c) - 64*k; below < 64 {
			x &= 1<<below - 1
		}
		w[k] = x
		count += bits.OnesCount64(x)
	}
	return count
}

// wantRun scans the splits of s from the cursor with the want kernel,
// crossing off left every value met, until count values below lim have been
// (count is then 0), the splits run out, or it has taken budget steps; it
// returns the steps it took.
func (e *sparseEngine[T]) wantRun(g []T, s reach, cur *cursor, left *wants, count *int, lim uint32, budget int) (steps int) {
	for *count > 0 && steps < budget {
		r, lo, hi, ok := e.segment(s, cur)
		if !ok {
			break
		}
		hi = min(hi, lo+budget-steps-1)
		if i := wantScan(g, r, lo, hi, left, count, lim); i >= 0 {
			steps += i - lo + 1
			cur.a = i + 1
			break
		}
		steps += hi - lo + 1
		cur.a = hi + 1
	}
	return steps
}

// commonFree is the least common value from v on not in the set p, and its
// index in cheap; past wantMax (and the index meaningless) when there is
// none below wantMax.
func (e *sparseEngine[T]) commonFree(p []uint64, v uint32) (uint32, int) {
	for k := int(v >> 6); k < len(e.commonV); k++ {
		x := e.commonV[k]
		if k < len(p) {
			x &^= p[k]
		}
		if k == int(v>>6) {
			x &^= 1<<(v&63) - 1
		}
		if x != 0 {
			c := uint32(64*k + bits.TrailingZeros64(x))
			ci := 0
			for i := range k {
				ci += bits.OnesCount64(e.commonV[i])
			}
			return c, ci + bits.OnesCount64(e.commonV[k]&(1<<(c&63)-1))
		}
	}
	return wantMax + 1, len(e.cheap)
}

// leastCheap is c, the least common value not marked; past the lists when all
// are (then certainly not an option).
func (e *sparseEngine[T]) leastCheap() uint32 {
	seen, st := e.set.Slots()
	for _, v := range e.cheap {
		if seen[v] != st {
			return v
		}
	}
	return uint32(len(e.cheap) + len(e.dense))
}

// pairRare marks the value of every split of n with a part among rare.
func (e *sparseEngine[T]) pairRare(g []T, n int, rare []rareHeap[T]) {
	seen, st := e.set.Slots()
	if e.m != nil {
		if len(e.splits) == 2 && e.uneq == 0 { // splits ascend: n-splits[0] > n-splits[1]
			pairKernel2(g, n-e.splits[0], n-e.splits[1], rare, 0, e.m, st)
			return
		}
		for _, k := range e.splits {
			pairKernel(g, n-k, rare, e.uneq == 1, e.m, st)
		}
		return
	}
	for _, k := range e.splits {
		r := n - k
		if e.uneq == 0 {
			for _, rh := range rare {
				b := r - int(rh.pos)
				if b < 1 {
					break
				}
				seen[rh.val^g[b]] = st
			}
			continue
		}
		for _, rh := range rare {
			b := r - int(rh.pos)
			if b < 1 {
				break
			}
			if b != int(rh.pos) {
				seen[rh.val^g[b]] = st
			}
		}
	}
}

// find scans the splits of n from the cursor (scan.go), marking every value
// met, until it meets x; it reports false when the splits run out.
func (e *sparseEngine[T]) find(g []T, n int, x uint32, cur *cursor) bool {
	seen, st := e.set.Slots()
	if e.m != nil {
		left := unbounded
		found := e.scanFor(g, below(n, n), x, cur, &left, e.m, st)
		e.scans += int64(unbounded - left)
		return found
	}
	for {
		r, lo, hi, ok := e.segment(below(n, n), cur)
		if !ok {
			return false
		}
		for i := lo; i <= hi; i++ {
			v := uint32(g[i] ^ g[r-i])
			seen[v] = st
			if v == x {
				e.scans += int64(i - lo + 1)
				cur.a = i + 1
				return true
			}
		}
		e.scans += int64(hi - lo + 1)
		cur.a = hi + 1
	}
}

// chooseMask picks the mask under which the fewest heaps have rare values,
// if it makes them rare enough to pay, and rebuilds the rare list.
func (e *sparseEngine[T]) chooseMask(c *cells[T]) {
	n := len(c.g)
	m, rareCount := bestMask(e.hist[:e.maxV+1])
	// Pairing the rare heaps (and a few thousand scan steps) must cost less
	// than the n/2 splits of a full scan.
	if rareCount > int64(n)/4 || m == e.mask {
		if rareCount > int64(n)/4 {
			e.mask = 0
		}
		return
	}
	e.mask = m
	// New lists, not the old ones rewritten: blocks of the wavefront posted
	// or retired (wave.go) may still be read by helpers, with the old mask.
	e.cheap, e.dense, e.rareV, e.commonV = nil, nil, wants{}, wants{}
	e.classify()
	e.rare = nil
	for a := 1; a < n; a++ {
		if v := uint32(c.g[a]); e.isRare(v) {
			e.rare = append(e.rare, rareHeap[T]{uint32(a), T(v)})
		}
	}
}

// bestMask returns the mask m under which the fewest of the counted heaps
// have a rare value (an even popcount of v & m), and that number. With the
// Walsh-Hadamard transform H of the histogram, the count for m is
// (total + H(m)) / 2.
func bestMask(hist []int64) (uint32, int64) {
	size := 1
	for size < len(hist) {
		size *= 2
	}
	h := make([]int64, size)
	copy(h, hist)
	total := int64(0)
	for _, c := range hist {
		total += c
	}
	for half := 1; half < size; half *= 2 {
		for i := 0; i < size; i += 2 * half {
			for j := i; j < i+half; j++ {
				x, y := h[j], h[j+half]
				h[j], h[j+half] = x+y, x-y
			}
		}
	}
	best, bestCount := uint32(0), total+1
	for m := 1; m < size; m++ {
		if cnt := (total + h[m]) / 2; cnt < bestCount {
			best, bestCount = uint32(m), cnt
		}
	}
	return best, bestCount
}
