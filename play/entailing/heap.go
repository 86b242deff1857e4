package entailing

// The heap engine: the values of a heap game with moves that oblige whose
// rules are heap rules (take-and-break codes, or any heap rules listed by
// their kind), grown heap by heap as the octal engines grow a code's, with
// no stack and no map of positions.
//
// Heap n's W(n), the values x of the rest for which the player obliged to
// answer in n wins, is also what a free n answers (its moves are the
// same), so the value of n is ∞ when W(n) holds every nimber and its mex
// otherwise. W(n) is the union of what each move answers: a free move to
// heaps worth v, the nimber v; an again move to heaps worth v, every
// nimber but v; an entailing move to heap m, every nimber not in W(m). So
// each heap needs the values of the smaller heaps and W of the few heaps
// its entailing moves reach: the values are kept (six bytes a heap: twice,
// with two flags for loony), W only for the heaps an entailing move of the
// next heap reaches, and at every snapshotEvery-th heap, from which any
// other is found again.
//
// A free move that splits heap n into two (Top Entails' split, Grundy's
// game) has O(n) options: their values are XORs v(a) ^ v(b) marked in a
// byte table, in blocks of heaps run on every core, each block's pairs of
// heaps valued before it first (the rest, the pairs with a heap inside the
// block, after, in order).

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/solve"
)

const (
	minWidth      = 6  // values below 1 << width; at least one word of bits
	maxWidth      = 15 // values below 1 << 15; lo's loony flag is bit 15, hi's bit 16
	snapshotEvery = 1024
	keepAllTakes  = 64      // entailing moves that take more: every W is kept
	blockHeaps    = 64      // heaps in a block
	groupHeaps    = 8       // heaps a worker takes at a time
	chunkPairs    = 1 << 12 // the first heaps of the pairs marked at a time
	seenSize      = 1 << 17 // a table of marks, indexed by a value with its flags
	bytesPerHeap  = 6       // lo and hi
)

// parallelFrom is the heap from which blocks are valued on every core (a
// variable for the tests).
var parallelFrom int64 = 1 << 13

// group is the rules of one kind of move: a code, or a kind's listing.
type group struct {
	code  octal.Code
	coded bool
	list  game.HeapGame
}

// wset is W of a heap: the nimbers b when !co, every nimber but b when co;
// loony: the obliged player wins when the rest is loony.
type wset struct {
	co, loony bool
	b         []uint64
}

// heapEngine grows the values of one heap ruleset with obliging moves.
type heapEngine struct {
	what                string
	free, entail, again *group
	splits              []int64 // the free code's takes that split
	window              int64   // the W kept behind the next heap: the most an entailing move takes
	keepAll             bool
	width               uint           // values below 1 << width (the bits the sets of nimbers need)
	lo                  []uint16       // the values, loony with bit 15
	hi                  []uint32       // the same, loony with bit 16: a pair of heaps with a loony one marks 1 << 15 or more
	wins                map[int64]wset // W of the heaps kept
	seen                []*[seenSize]byte
	fbuf                []uint64
	limits              *solve.Limits
	winBytes            int64 // what wins holds
	onebuf              []uint64
	pool                [][]uint64 // the bitsets of W no longer kept, for new ones
	dir                 string     // play.Env.ValuesDir: the checkpoint\'s directory
	saved               time.Time  // when the checkpoint was last written
	loaded              bool
	resumed             int64 // the heaps read from the checkpoint
}

// newHeapEngine returns the engine for r, or nil when r is not a heap
// ruleset of such rules.
func newHeapEngine(r game.Ruleset, env play.Env) *heapEngine {
	limits := env.Limits
	g, ok := game.As[game.EntailGroups](r)
	if !ok {
		return nil
	}
	groups := g.Groups()
	e := &heapEngine{what: r.Name(), width: minWidth, wins: map[int64]wset{}, limits: limits, dir: env.ValuesDir, lo: []uint16{0}, hi: []uint32{0}}
	for then, gr := range groups {
		if gr == nil {
			continue
		}
		if game.Decides(gr) {
			return nil // 'loses if': the generic solver
		}
		x, h := groupOf(gr, game.Then(then))
		if x == nil || !e.place(x, game.Then(then), h) {
			return nil
		}
	}
	if e.window >= snapshotEvery {
		e.keepAll = true
	}
	e.wins[0] = wset{} // heap 0 has no move: the obliged player loses
	return e
}

// groupOf is the engine's form of a group of rules that oblige then: a
// code the kernel runs, or the moves listed (h, when the ruleset lists a
// heap's moves); nil when it is neither.
func groupOf(gr game.Ruleset, then game.Then) (x *group, h game.HeapGame) {
	x = &group{}
	h, listed := game.As[game.HeapGame](gr)
	if c, ok := game.As[octal.Coded](gr); ok && c.Spec().Lost == nil && (then == game.Free || oneOrNone(c.Spec().Code)) {
		x.code, x.coded = c.Spec().Code, true
	} else if listed {
		x.list = h // a split that obliges: its moves listed
	} else {
		return nil, nil
	}
	if !listed {
		h = nil
	}
	return x, h
}

// place makes x the engine's group of rules that oblige then; false when
// the engine cannot run it. h lists a heap's moves, when the ruleset can.
func (e *heapEngine) place(x *group, then game.Then, h game.HeapGame) bool {
	switch then {
	case game.Free:
		e.free = x
		if x.coded && !e.splitting(x.code) {
			if h == nil {
				return false
			}
			x.coded, x.list = false, h // splits into three, or after every take: listed
		}
	case game.Entail:
		e.entail = x
		if !x.coded || !x.code.Finite() || x.code.MaxTake() > keepAllTakes {
			e.keepAll = true
		} else {
			e.window = int64(x.code.MaxTake())
		}
	case game.Again:
		e.again = x
	}
	return true
}

// splitting finds the takes of a free code that split a heap in two
// (e.splits), and reports whether the kernel marks them all: false for a
// split into three, or a split after every take.
func (e *heapEngine) splitting(c octal.Code) bool {
	d, from := c.Tail()
	if d&(octal.LeaveTwo|octal.LeaveThree) != 0 {
		return false
	}
	for k := 0; k < from; k++ {
		dk := c.Digit(int64(k))
		if dk&octal.LeaveThree != 0 {
			e.splits = nil
			return false
		}
		if dk&octal.LeaveTwo != 0 {
			e.splits = append(e.splits, int64(k))
		}
	}
	return true
}

// oneOrNone reports whether a code's moves leave one heap or none, and take
// at least one token.
func oneOrNone(c octal.Code) bool {
	d, _ := c.Tail()
	if d&^(octal.LeaveNone|octal.LeaveOne) != 0 || c.Digit(0) != 0 {
		return false
	}
	for k := 1; k <= c.MaxTake(); k++ {
		if c.Digit(int64(k))&^(octal.LeaveNone|octal.LeaveOne) != 0 {
			return false
		}
	}
	return true
}

// heaps is how many heaps are valued: 0..heaps-1.
func (e *heapEngine) heaps() int64 { return int64(len(e.lo)) }

const (
	loonyLo uint16 = 1 << 15
	loonyHi uint32 = 1 << 16
)

// value is heap n's value.
func (e *heapEngine) value(ctx context.Context, n int64) (val, error) {
	if err := e.grow(ctx, n); err != nil {
		return val{}, err
	}
	return e.val(n), nil
}

func (e *heapEngine) val(n int64) val {
	x := e.lo[n]
	if x&loonyLo != 0 {
		return val{loony: true}
	}
	return val{n: uint64(x)}
}

// winSet is W of heap n, as the solver's sets.
func (e *heapEngine) winSet(ctx context.Context, n int64) (*nset, error) {
	if err := e.grow(ctx, n); err != nil {
		return nil, err
	}
	w, err := e.win(ctx, n)
	if err != nil {
		return nil, err
	}
	b := append([]uint64(nil), w.b...)
	if w.co {
		return &nset{co: true, out: b, loony: w.loony}, nil
	}
	return &nset{fin: b, loony: w.loony}, nil
}

// win is W of a valued heap: kept, or found again from the snapshot
// before it.
func (e *heapEngine) win(ctx context.Context, n int64) (wset, error) {
	if w, ok := e.wins[n]; ok {
		return w, nil
	}
	from := n / snapshotEvery * snapshotEvery
	local := map[int64]wset{}
	get := func(h int64) wset {
		if w, ok := local[h]; ok {
			return w
		}
		return e.wins[h]
	}
	for h := from; h <= n; h++ {
		if err := ctx.Err(); err != nil {
			return wset{}, &solve.InterruptedError{What: e.what + " under entailing play", Err: err}
		}
		seen := e.table(0)
		e.markOld(seen, h, h)
		if err := e.markFree(ctx, seen, h, h); err != nil {
			return wset{}, err
		}
		w, _, err := e.combine(ctx, h, seen, get)
		if err != nil {
			return wset{}, err
		}
		local[h] = w
	}
	return local[n], nil
}

// table is the i-th table of marks, cleared below the flags.
func (e *heapEngine) table(i int) *[seenSize]byte {
	for len(e.seen) <= i {
		e.seen = append(e.seen, new([seenSize]byte))
	}
	t := e.seen[i]
	clear(t[:1<<e.width])
	return t
}

// grow values every heap up to n.
func (e *heapEngine) grow(ctx context.Context, n int64) error {
	if err := e.refuse(n); err != nil {
		return err
	}
	if !e.loaded {
		e.loaded = true
		if err := e.load(); err != nil {
			return err
		}
	}
	if e.heaps() > n {
		return nil
	}
	start := e.heaps()
	e.lo, e.hi = slices.Grow(e.lo, int(n+1)-len(e.lo)), slices.Grow(e.hi, int(n+1)-len(e.hi))
	for e.heaps() <= n {
		if err := e.growBlock(ctx, n); err != nil {
			return err
		}
	}
	if e.dir != "" && e.heaps()-start >= snapshotEvery {
		return e.save()
	}
	return nil
}

// refuse is the limit error for heap n when the values of every heap below
// it cannot fit, said at once.
func (e *heapEngine) refuse(n int64) error {
	within := int64(e.limits.ValuesWithin(bytesPerHeap))
	if n < within || n < e.heaps() {
		return nil
	}
	l := &solve.LimitError{What: fmt.Sprintf("%s(%d) under entailing play (every heap below it is valued)", e.what, n), States: int(e.heaps()), Bytes: solve.Held(), Limit: within}
	if e.limits == nil || e.limits.MaxStates == 0 {
		l.Memory, l.Bytes, l.Limit = true, n*bytesPerHeap, e.limits.Memory()
	}
	return l
}

// growBlock values the next block of heaps on the way to n: it stops at
// Ctrl-C (saving what was grown when there is a values directory), holds
// the budget, reports progress and saves a checkpoint now and then.
func (e *heapEngine) growBlock(ctx context.Context, n int64) error {
	m := e.heaps()
	if err := ctx.Err(); err != nil {
		if e.dir != "" { // what was grown is kept for the next run
			if serr := e.save(); serr != nil {
				return serr
			}
		}
		return &solve.InterruptedError{What: e.what + " under entailing play", States: int(m), Err: err}
	}
	b := min(blockHeaps, n+1-m)
	if err := e.limits.CheckValues(e.what+" under entailing play", int(m+b), e.bytes(m+b)); err != nil {
		return err
	}
	if err := e.block(ctx, m, b); err != nil {
		return err
	}
	e.limits.ReportOf(e.what+" under entailing play", "heaps", m+b, n+1)
	if e.dir != "" && time.Since(e.saved) > checkpointEvery {
		return e.save()
	}
	return nil
}

// bytes is what the tables take with heaps heaps.
func (e *heapEngine) bytes(heaps int64) int64 {
	return heaps*bytesPerHeap + e.winBytes + int64(len(e.seen))*seenSize
}

// block values heaps m..m+b-1: the pairs of heaps below m first, on every
// core when the block is more than one heap, then the rest in order.
func (e *heapEngine) block(ctx context.Context, m, b int64) error {
	tables := make([]*[seenSize]byte, b)
	for i := range tables {
		tables[i] = e.table(int(i))
	}
	e.markOldAll(tables, m, m)
	for i := range b {
		n := m + i
		if err := e.markFree(ctx, tables[i], n, m); err != nil {
			return err
		}
		w, v, err := e.combine(ctx, n, tables[i], func(h int64) wset { return e.wins[h] })
		if err != nil {
			return err
		}
		if err := e.store(n, v); err != nil {
			return err
		}
		if e.entail != nil {
			e.keepWin(n, w)
		}
	}
	return nil
}

// keepWin keeps W(n), and drops the W no later heap needs: the one an
// entailing move of the next heap no longer reaches, unless it is kept for
// a snapshot.
func (e *heapEngine) keepWin(n int64, w wset) {
	e.wins[n] = w
	e.winBytes += int64(8*len(w.b)) + 64
	if e.keepAll {
		return
	}
	old := n - e.window
	if old <= 0 || old%snapshotEvery >= snapshotEvery-e.window {
		return
	}
	w = e.wins[old]
	e.winBytes -= int64(8*len(w.b)) + 64
	e.pool = append(e.pool, w.b)
	delete(e.wins, old)
}

// store appends heap n's value, widening the values' bits when it needs.
func (e *heapEngine) store(n int64, v val) error {
	if !v.loony && v.n >= 1<<e.width {
		if v.n >= 1<<maxWidth {
			return fmt.Errorf("%s(%d) is worth %d under entailing play, past the heap engine's values (below %d)", e.what, n, v.n, 1<<maxWidth)
		}
		for v.n >= 1<<e.width {
			e.width++
		}
	}
	if v.loony {
		e.lo = append(e.lo, loonyLo)
		e.hi = append(e.hi, loonyHi)
		return nil
	}
	e.lo = append(e.lo, uint16(v.n))
	e.hi = append(e.hi, uint32(v.n))
	return nil
}

// pairs is the first heaps a of the split pairs (a, r-a) of heap n taking k
// whose second heap is below m: lo..hi, empty when lo > hi.
func (e *heapEngine) pairs(n, k, m int64) (r, lo, hi int64) {
	r = n - k
	hi = r / 2
	if e.free.code.Unequal() && r%2 == 0 {
		hi--
	}
	lo = max(1, r-m+1)
	return r, lo, hi
}

// markOld marks the values of the split pairs of heap n whose heaps are
// below m.
func (e *heapEngine) markOld(t *[seenSize]byte, n, m int64) {
	for _, k := range e.splits {
		if r, lo, hi := e.pairs(n, k, m); lo <= hi {
			mark(t, e.lo, e.hi, r, lo, hi)
		}
	}
}

// markOldAll marks the pairs below m of heaps first.. (one table each):
// on every core when the heaps are large.
func (e *heapEngine) markOldAll(tables []*[seenSize]byte, first, m int64) {
	if len(e.splits) == 0 {
		return
	}
	if first >= parallelFrom && len(tables) > 1 {
		e.markOldParallel(tables, first, m)
		return
	}
	for i, t := range tables {
		e.markOld(t, first+int64(i), m)
	}
}

// markOldParallel marks the pairs below m of heaps first.. (one table
// each) on every core, a few heaps at a time taken by whichever worker is free,
// each few marked a chunk of first heaps at a time, so that the values
// read stay in the cache.
func (e *heapEngine) markOldParallel(tables []*[seenSize]byte, first, m int64) {
	var next atomic.Int64
	var wg sync.WaitGroup
	b := int64(len(tables))
	for range min(runtime.GOMAXPROCS(0), int(b/groupHeaps)+1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				g := next.Add(groupHeaps) - groupHeaps
				if g >= b {
					return
				}
				end := min(g+groupHeaps, b)
				top := (first + end) / 2
				for c := int64(1); c <= top; c += chunkPairs {
					for i := g; i < end; i++ {
						for _, k := range e.splits {
							r, lo, hi := e.pairs(first+i, k, m)
							lo, hi = max(lo, c), min(hi, c+chunkPairs-1)
							if lo <= hi {
								mark(tables[i], e.lo, e.hi, r, lo, hi)
							}
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}

// mark marks lo[a] ^ hi[r-a] for a in a0..a1: the value of the pair, or a
// flag when a heap is loony.
func mark(t *[seenSize]byte, lo []uint16, hi []uint32, r, a0, a1 int64) {
	l := lo[a0 : a1+1]
	h := hi[r-a1 : r-a0+1]
	h = h[:len(l)]
	last := len(l) - 1
	i := 0
	const m = seenSize - 1 // every index is below seenSize: no bounds check
	for ; i+4 <= len(l); i += 4 {
		t[(uint32(l[i])^h[last-i])&m] = 1
		t[(uint32(l[i+1])^h[last-i-1])&m] = 1
		t[(uint32(l[i+2])^h[last-i-2])&m] = 1
		t[(uint32(l[i+3])^h[last-i-3])&m] = 1
	}
	for ; i < len(l); i++ {
		t[(uint32(l[i])^h[last-i])&m] = 1
	}
}

// markFree marks what heap n's free moves answer beyond the old pairs
// (markOld's): the split pairs with a heap at m or above, the moves
// leaving one heap or none, or every move of rules listed by their kind.
func (e *heapEngine) markFree(ctx context.Context, t *[seenSize]byte, n, m int64) error {
	if e.free == nil {
		return nil
	}
	if !e.free.coded {
		return e.listed(ctx, e.free, n, func(parts []int64) {
			x, loony := e.sum(parts)
			if !loony {
				t[x] = 1
			}
		})
	}
	for _, k := range e.splits {
		r, _, hi := e.pairs(n, k, m)
		if hi = min(hi, r-m); hi >= 1 {
			mark(t, e.lo, e.hi, r, 1, hi)
		}
	}
	c := e.free.code
	c.Takes(n, func(k int64, d octal.Digit) {
		if d&octal.LeaveNone != 0 && k == n {
			t[0] = 1
		}
		if d&octal.LeaveOne != 0 && k < n {
			if v := e.val(n - k); !v.loony {
				t[v.n] = 1
			}
		}
	})
	return nil
}

// listed lists heap n's moves of a group whose kind lists them.
func (e *heapEngine) listed(ctx context.Context, g *group, n int64, f func(parts []int64)) error {
	w := solve.NewWork(ctx, e.limits, e.what, func() int { return int(e.heaps()) })
	return w.Do(func() error { return g.list.Options(w, n, f) })
}

// sum is the value of heaps, and whether one is loony.
func (e *heapEngine) sum(parts []int64) (uint16, bool) {
	var x uint16
	for _, p := range parts {
		v := e.lo[p]
		if v&loonyLo != 0 {
			return 0, true
		}
		x ^= v
	}
	return x, false
}

// combine is W(n) and n's value from the marks of its free moves and its
// obliging moves; win gives W of smaller heaps.
func (e *heapEngine) combine(ctx context.Context, n int64, t *[seenSize]byte, win func(int64) wset) (wset, val, error) {
	words := 1 << e.width / 64
	if cap(e.fbuf) < words {
		e.fbuf = make([]uint64, words)
	}
	c := &combining{e: e, words: words, fin: e.fbuf[:words]}
	for i := range c.fin {
		c.fin[i] = gather(t[64*i : 64*i+64])
	}
	if e.entail != nil {
		var several error
		to := func(parts []int64) {
			if len(parts) > 1 {
				several = fmt.Errorf("%s has an entailing move that leaves several positions (%v): the other player must answer in the position it leaves, so it must leave one or nothing", e.what, parts)
				return
			}
			c.entailed(parts, win)
		}
		if err := e.obliging(ctx, e.entail, n, to); err != nil {
			return wset{}, val{}, err
		}
		if several != nil {
			return wset{}, val{}, several
		}
	}
	if e.again != nil {
		if len(e.onebuf) < words {
			e.onebuf = make([]uint64, words)
		}
		one := e.onebuf[:words]
		to := func(parts []int64) { c.again(parts, one) }
		if err := e.obliging(ctx, e.again, n, to); err != nil {
			return wset{}, val{}, err
		}
	}
	w, v := c.result()
	return w, v, nil
}

// combining is a heap's W and value being found: the nimbers its free
// moves answer (fin), and what its obliging moves add (out, when co: all
// but a finite set).
type combining struct {
	e         *heapEngine
	words     int
	fin, out  []uint64
	co, loony bool
}

// allBut adds every nimber not in b.
func (c *combining) allBut(b []uint64) {
	if !c.co {
		c.co, c.out = true, append(c.e.bitset(c.words), b...)
		for len(c.out) < c.words {
			c.out = append(c.out, 0)
		}
		return
	}
	for i := range c.out {
		if i < len(b) {
			c.out[i] &= b[i]
		} else {
			c.out[i] = 0
		}
	}
}

// entailed adds an entailing move to the heap parts leave (one or none).
func (c *combining) entailed(parts []int64, win func(int64) wset) {
	if len(parts) == 0 { // nothing to answer in: the other player loses
		c.allBut(nil)
		c.loony = true
		return
	}
	w := win(parts[0])
	if w.co {
		for i, x := range w.b {
			c.fin[i] |= x
		}
	} else {
		c.allBut(w.b)
	}
	c.loony = c.loony || !w.loony
}

// again adds an again move to the heaps parts; one is scratch room.
func (c *combining) again(parts []int64, one []uint64) {
	c.loony = true
	x, l := c.e.sum(parts)
	if l {
		c.allBut(nil)
		return
	}
	clear(one)
	one[x/64] = 1 << (x % 64)
	c.allBut(one)
}

// result is W and the value: the least nimber W misses, ∞ when none.
func (c *combining) result() (wset, val) {
	if c.co {
		for i := range c.out {
			c.out[i] &^= c.fin[i]
		}
		w := wset{co: true, loony: c.loony, b: c.out}
		for i, x := range c.out {
			if x != 0 {
				return w, val{n: uint64(64*i + bits.TrailingZeros64(x))}
			}
		}
		return w, val{loony: true}
	}
	w := wset{loony: c.loony, b: append(c.e.bitset(c.words), c.fin...)}
	for i, x := range c.fin {
		if x != ^uint64(0) {
			return w, val{n: uint64(64*i + bits.TrailingZeros64(^x))}
		}
	}
	return w, val{n: uint64(64 * c.words)}
}

// bitset is an empty bitset with room for words words, from the pool
// when it has one.
func (e *heapEngine) bitset(words int) []uint64 {
	if k := len(e.pool); k > 0 {
		b := e.pool[k-1][:0]
		e.pool = e.pool[:k-1]
		if cap(b) >= words {
			return b
		}
	}
	return make([]uint64, 0, words)
}

// obliging calls to with the heaps each move of an entailing or again
// group leaves from heap n.
func (e *heapEngine) obliging(ctx context.Context, g *group, n int64, to func(parts []int64)) error {
	if !g.coded {
		return e.listed(ctx, g, n, to)
	}
	var one [1]int64
	g.code.Takes(n, func(k int64, d octal.Digit) {
		if d&octal.LeaveNone != 0 && k == n {
			to(one[:0])
		}
		if d&octal.LeaveOne != 0 && k < n {
			one[0] = n - k
			to(one[:])
		}
	})
	return nil
}

// gather packs 64 marks (bytes 0 or 1) into a word.
func gather(b []byte) uint64 {
	var w uint64
	for j := 0; j < 8; j++ {
		x := uint64(b[8*j]) | uint64(b[8*j+1])<<8 | uint64(b[8*j+2])<<16 | uint64(b[8*j+3])<<24 |
			uint64(b[8*j+4])<<32 | uint64(b[8*j+5])<<40 | uint64(b[8*j+6])<<48 | uint64(b[8*j+7])<<56
		x |= x >> 7
		x |= x >> 14
		x |= x >> 28
		w |= (x & 0xff) << (8 * j)
	}
	return w
}
