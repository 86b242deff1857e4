package octal

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// withWave runs f with blocks from heap from on, helpers goroutines besides
// the engine's own, and prepare's budget and finish's shared scans so short
// that every way a heap's value is found is taken.
func withWave(from, helpers int, f func()) {
	defer func(m, s, b int, h func() int) {
		waveMin, shareMin, scanBudget, waveHelpers, waveForced = m, s, b, h, false
	}(waveMin, shareMin, scanBudget, waveHelpers)
	waveMin, shareMin, scanBudget, waveHelpers, waveForced = from, 64, 16, func() int { return helpers }, true
	f()
}

// The wavefront gives the definition's values (a mex over every option,
// written in the test) for splitting codes of every shape: two split digits
// (4.007), one with single heaps beside (Officers, .6), unequal parts
// (Grundy's game), values past a byte (Treblecross, .007: the cells widen
// while blocks run), three split digits (.1777), whole heaps taken (.156),
// and random codes; with blocks from heap 64, so that both the full scans
// (before a mask is chosen) and the sparse space run in blocks, on one, two
// and four goroutines. With helpers, blocks are prepared beside a finish,
// blocks posted are dropped (a value needs wider marks) and scans are shared
// with helpers busy preparing; on two goroutines, blocks are posted ahead
// from the values finished so far (as when the helpers run dry), and on
// four, heaps are computed by the one-heap step amid blocks (as when a
// helper waits for a core): each of these happens. Run with -race, this
// also checks the meetings.
func TestWaveAgreesWithDefinition(t *testing.T) {
	codes := []string{"4.007", "0.6", "grundy", "0.007", "0.1777", "0.156", "0.137", "4.04"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 6 {
		d := []Digit{0}
		for k := 1; k <= 1+rng.IntN(4); k++ {
			d = append(d, Digit(rng.IntN(8)))
		}
		d[len(d)-1] |= LeaveTwo
		codes = append(codes, NewCode(d, 0).String())
	}
	n := 3000
	if testing.Short() {
		n = 1500
	}
	var piped [6]int
	for _, code := range codes {
		var c Code
		if code == "grundy" {
			c = NewCode([]Digit{LeaveTwo}, 0).UnequalSplits()
		} else {
			var err error
			if c, err = Parse(code, 8); err != nil {
				t.Fatal(err)
			}
		}
		want := definition(c, nil, n)
		for _, helpers := range []int{0, 1, 3} {
			switch helpers {
			case 1: // blocks posted ahead, from the values finished so far
				waveEarly = true
			case 3: // a heap in five stepped, as if its helper waited for a core
				waveStepEvery = 5
			}
			withWave(64, helpers, func() {
				tab := NewTable(c, Config{What: code})
				tab.provableOff = true
				got := values(t, tab, n)
				sameValues(t, fmt.Sprintf("%s with %d helpers", code, helpers), got, want)
				if helpers > 0 {
					for i, k := range tallyOf(tab).piped {
						piped[i] += k
					}
				}

			})
			waveStepEvery, waveEarly = 0, false
		}
	}
	if piped[0] == 0 || piped[1] == 0 || piped[2] == 0 || piped[3] == 0 || piped[4] == 0 {
		t.Errorf("blocks prepared beside a finish, dropped, scans shared while busy, heaps stepped, blocks posted ahead: %v; want each", piped)
	}

}

// Blocks mark the rare pairs of runs of heaps at once (pairsOf, with the
// runs kernels): the wavefront still agrees with the definition, on 16-bit
// cells for a code with single heaps and one split digit (Officers, .6) and
// one with two split digits (4.007), and on 8-bit cells for Grundy's game
// (unequal parts; runs from small values on, where step64's way would
// serve).
func TestWaveRunsAgreeWithDefinition(t *testing.T) {
	if !runsFast[uint16]() || !runsFast[uint8]() {
		t.Skip("no runs kernel here")
	}
	defer func() { smallOff = false }()
	n := 12000 // values pass a byte from about 5000 on
	for _, code := range []string{"0.6", "4.007", "Grundy's game"} {
		c, err := Parse(code, 8)
		if code == "Grundy's game" {
			c, err, smallOff = grundysGame, nil, true
		}
		if err != nil {
			t.Fatal(err)
		}
		want := definition(c, nil, n)
		withWave(64, 1, func() {
			tab := NewTable(c, Config{What: code})
			tab.provableOff = true
			sameValues(t, code, values(t, tab, n), want)
			if tallyOf(tab).runs == 0 {
				t.Errorf("%s: no block marked its rare pairs in runs", code)
			}
			if _, ok := tab.seq.(*cells[uint8]); code == "Grundy's game" && !ok {
				t.Errorf("%s: cells of %T, want a byte", code, tab.seq)
			}
		})
	}
}

// A block set up from the values below its base, and prepared once the
// heaps from base to its first heap are stored, reads those too (finalG):
// its runs pair rare heaps with partners up to its first heap (the run's
// top), the want kernel scans the splits with parts there, and finish adds
// only the pairs from each run's top on. Its values are still the
// definition's: 4.007 on 16-bit cells (two split digits, a single heap)
// and Grundy's game on 8-bit ones (unequal parts).
func TestWavePreparesPastBase(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a long wavefront run of 4.007")
	}
	if !runsFast[uint16]() || !wantFast[uint16]() || !wantFast[uint8]() {
		t.Skip("no runs or want kernel here")
	}
	four, err := Parse("4.007", 8)
	if err != nil {
		t.Fatal(err)
	}
	preparedPastBase[uint16](t, "4.007", four)
	preparedPastBase[uint8](t, "Grundy's game", grundysGame)
}

func preparedPastBase[T cell](t *testing.T, what string, code Code) {
	t.Helper()
	base, n0, nb := 12000, 12300, 1024
	want := definition(code, nil, n0+nb)
	withWave(1<<30, 0, func() { // no blocks: the one-heap step to base
		tab := NewTable(code, Config{What: what})
		tab.provableOff = true
		values(t, tab, base-1)
		c, ok := tab.seq.(*cells[T])
		if !ok {
			t.Fatalf("%s: cells of %T", what, tab.seq)
		}
		e := c.eng.(*sparseEngine[T])
		if err := c.reserve(n0 + nb); err != nil {
			t.Fatal(err)
		}
		w := newWave(e, 0)
		defer w.stop()
		b := w.setup(c, n0, nb, base)
		values(t, tab, n0-1) // stored by the one-heap step after the block was set up
		if &c.g[0] != &b.g[0] {
			t.Fatalf("%s: the cells moved", what)
		}
		w.final.Store(int64(n0))
		w.posted = append(w.posted, b)
		done, err := w.block(c, n0, n0+nb)
		if err != nil || done == 0 {
			t.Fatalf("%s: the block from %d stored %d values: %v", what, n0, done, err)
		}
		if !b.paired || b.tops[0] != n0 {
			t.Fatalf("%s: block from %d, base %d: paired %v, its first run paired partners below %d; want %d", what, n0, base, b.paired, b.tops[0], n0)
		}
		got := make([]int, n0+done)
		for i := range got {
			got[i] = int(c.g[i])
		}
		sameValues(t, what+", prepared past its base", got, want[:n0+done])
	})
}

// pairsOf against its definition: for each heap of a run, the values
// rh.val ^ g(q) of the splits whose partner q lies in [1, top), top the
// heaps final (base, or past it where heaps from base on were finished
// since the block was set up), leaving out the equal split of codes whose
// parts must differ; with runs cut short, a base at the block's first heap
// (partners below 1 in some lanes) and below it (partners from top on in
// some lanes), on cells of 8 bits (the plain loop) and of 16 (the kernel,
// where there is one).
func TestPairsOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 5))
	for round := range 40 {
		uneq := round % 2
		splits := [][]int{{0, 3}, {1}, {2, 5, 9}}[round%3]
		checkPairsOf[uint8](t, rng, uneq, splits, 4)
		checkPairsOf[uint16](t, rng, uneq, splits, 16)
	}
}

func checkPairsOf[T cell](t *testing.T, rng *rand.Rand, uneq int, splits []int, words int) {
	t.Helper()
	base := 100 + rng.IntN(300)
	n0 := base + rng.IntN(3)*rng.IntN(40) // often base itself
	lanes := runLanes
	if rng.IntN(3) == 0 {
		lanes = 1 + rng.IntN(runLanes)
	}
	g, rare := someRun[T](rng, n0, base, 6, words)
	top := base
	if rng.IntN(2) == 0 {
		top += rng.IntN(n0 - base + 1)
	}
	w := &wave[T]{rm: make([]byteMarks, 1)}
	w.final.Store(int64(top))
	b := &block[T]{w: w, g: g[:base], rare: rare, n0: n0, nb: lanes, base: base, words: words, sets: make([]uint64, lanes*words), tops: make([]int, 1)}
	b.eng.splits, b.eng.uneq = splits, uneq
	b.pairsOf(0, lanes, 0)
	if b.tops[0] != top {
		t.Fatalf("base %d, %d final: pairsOf paired partners below %d", base, top, b.tops[0])
	}
	for j := range lanes {
		want := make([]uint64, words)
		for _, k := range splits {
			for _, rh := range rare {
				q := n0 + j - k - int(rh.pos)
				if q >= 1 && q < top && (uneq == 0 || q != int(rh.pos)) {
					v := uint32(rh.val ^ g[q])
					want[v/64] |= 1 << (v % 64)
				}
			}
		}
		if got := b.setOf(j); !slices.Equal(got, want) {
			t.Fatalf("%d-byte cells, uneq %d, splits %v, base %d, top %d, n0 %d, lanes %d: heap %d's set differs", unsafe.Sizeof(g[0]), uneq, splits, base, top, n0, lanes, n0+j)
		}
	}
}

// finishRun against its definition: for each heap n of a block, heap by
// heap, the values rh.val ^ g(q) of the splits that pair a rare heap from
// runLanes on with a partner q from its run's top on (base, or past it
// where pairsOf found heaps from base on final; never the equal split: q
// passes every rare heap below base); blocks of a few runs, the last one
// often cut short, on cells of 8 bits and of 16 (the kernel, where there is
// one).
func TestFinishRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	for round := range 40 {
		splits := [][]int{{0, 3}, {1}, {2, 5, 9}}[round%3]
		checkFinishRun[uint8](t, rng, splits, 4)
		checkFinishRun[uint16](t, rng, splits, 16)
	}
}

func checkFinishRun[T cell](t *testing.T, rng *rand.Rand, splits []int, words int) {
	t.Helper()
	base := 40 + rng.IntN(100)
	n0 := base + rng.IntN(300)
	nb := runLanes * (1 + rng.IntN(3))
	if rng.IntN(2) == 0 {
		nb -= 1 + rng.IntN(runLanes-1)
	}
	g, rare := someRun[T](rng, n0+nb, base, 4, words)
	w := &wave[T]{}
	b := &block[T]{w: w, rare: rare, n0: n0, nb: nb, base: base, words: words}
	b.eng.splits = splits
	for r := 0; r < nb; r += runLanes {
		top := base
		if rng.IntN(2) == 0 {
			top += rng.IntN(n0 + r - base + 1)
		}
		b.tops = append(b.tops, top)
	}
	for n := n0; n < n0+nb; n++ {
		got := make([]uint64, words)
		b.finishRun(g[:n], n, got)
		want := make([]uint64, words)
		for _, k := range splits {
			for _, rh := range rare {
				q := n - k - int(rh.pos)
				if rh.pos >= runLanes && q >= b.tops[(n-n0)/runLanes] {
					v := uint32(rh.val ^ g[q])
					want[v/64] |= 1 << (v % 64)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%d-byte cells, splits %v, base %d, tops %v, n0 %d, nb %d: heap %d's set differs", unsafe.Sizeof(g[0]), splits, base, b.tops, n0, nb, n)
		}
	}
}

// someRun draws cells heaps' values and rare heaps below base, a gap of
// at most gap apart, all below 64*words.
func someRun[T cell](rng *rand.Rand, cells, base, gap, words int) ([]T, []rareHeap[T]) {
	g := make([]T, cells)
	for i := range g {
		g[i] = T(rng.IntN(64 * words))
	}
	var rare []rareHeap[T]
	for pos := 1 + rng.IntN(4); pos < base; pos += 1 + rng.IntN(gap) {
		rare = append(rare, rareHeap[T]{uint32(pos), T(rng.IntN(64 * words))})
	}
	return g, rare
}

// Without the vector want kernels (as on machines without AVX-512, or built
// with purego), finish marks every value met and shares a long scan out by
// scanRest: the wavefront still agrees with the definition.
func TestWaveMarkingAgreesWithDefinition(t *testing.T) {
	defer func(w8, w8bw, w16 bool) { haveWant8, haveWant8BW, haveWant16 = w8, w8bw, w16 }(haveWant8, haveWant8BW, haveWant16)
	haveWant8, haveWant8BW, haveWant16 = false, false, false
	n := 3000
	if testing.Short() {
		n = 1500
	}
	shared := 0
	for _, code := range []string{"4.007", "0.6", "0.007", "0.156"} {
		c, err := Parse(code, 8)
		if err != nil {
			t.Fatal(err)
		}
		want := definition(c, nil, n)
		for _, helpers := range []int{1, 3} {
			withWave(64, helpers, func() {
				tab := NewTable(c, Config{What: code})
				tab.provableOff = true
				sameValues(t, fmt.Sprintf("%s with %d helpers", code, helpers), values(t, tab, n), want)
				shared += tallyOf(tab).piped[5]
			})
		}
	}
	if shared == 0 {
		t.Error("no scan was shared out")
	}
}

// Past the default start of the blocks, the wavefront agrees with the plain
// engine (a mex over every option, one heap at a time), growing in steps as
// a period search does, and, the wavefront forced (no timing against the
// one-heap step), every heap past the start ran in a block.
func TestWaveAgreesWithPlain(t *testing.T) {
	defer func() { waveForced = false }()
	waveForced = true
	n := 20000
	if testing.Short() {
		n = 10000
	}
	for _, code := range []string{"4.007", "0.6", "0.77"} {
		tab := table(t, code, Config{})
		tab.provableOff = true
		values(t, tab, n/3)
		got := values(t, tab, n)
		plain := table(t, code, Config{Lost: func(int64) bool { return false }})
		sameValues(t, code+" in blocks", got, values(t, plain, n))
		if k := tallyOf(tab); k.waved == 0 || k.alone > 0 {
			t.Errorf("%s: %d heaps past %d ran in blocks, %d one at a time", code, k.waved, waveMin, k.alone)
		}
	}
}

// tally is a sparse engine's counts (since its cells last widened): blocks
// prepared in runs, heaps past waveMin computed in blocks, in the solo
// wavefront's among them, and one at a time (-1 where there is no sparse
// engine), and the pipeline's counts (piped).
type tally struct {
	runs, waved, soloed, alone int
	piped                      [6]int
}

func tallyOf(tab *Table) tally {
	switch c := tab.seq.(type) {
	case *cells[uint8]:
		return c.eng.(*sparseEngine[uint8]).tally()
	case *cells[uint16]:
		return c.eng.(*sparseEngine[uint16]).tally()
	}
	return tally{alone: -1}
}

func (e *sparseEngine[T]) tally() tally {
	return tally{runs: e.runs, waved: e.waved, soloed: e.soloed, alone: e.alone, piped: e.piped}
}

// A new mask builds new lists: the rare heaps and the values a block of the
// wavefront holds (posted or retired, helpers may still read them) stay as
// they were, in arrays of their own.
func TestChooseMaskKeepsBlocksLists(t *testing.T) {
	tab := table(t, "0.6", Config{})
	tab.provableOff = true
	values(t, tab, 20000)
	c := tab.seq.(*cells[uint16])
	e := c.eng.(*sparseEngine[uint16])
	if len(e.rare) == 0 || e.mask == 0 {
		t.Fatalf("Officers to 20000: mask %x, %d rare heaps; want a mask", e.mask, len(e.rare))
	}
	var held block[uint16] // as setup takes them
	held.eng, held.rare = *e, e.rare
	rare := slices.Clone(held.rare)
	cheap, dense := slices.Clone(held.eng.cheap), slices.Clone(held.eng.dense)
	e.mask ^= 1 // so that the lists are built again
	e.chooseMask(c)
	if len(e.rare) == 0 || len(e.cheap) == 0 || len(e.dense) == 0 {
		t.Fatalf("no lists after a new mask: %d rare heaps, %d common and %d rare values", len(e.rare), len(e.cheap), len(e.dense))
	}
	if &e.rare[0] == &held.rare[0] || &e.cheap[0] == &held.eng.cheap[0] || &e.dense[0] == &held.eng.dense[0] {
		t.Errorf("the new lists are built in the arrays a block holds")
	}
	if !slices.Equal(held.rare, rare) || !slices.Equal(held.eng.cheap, cheap) || !slices.Equal(held.eng.dense, dense) {
		t.Errorf("a new mask rewrote the lists a block holds")
	}
}

// A heap's preparation guesses the values of the single heaps its options
// leave (4.007: n - 3) as the least common value their preparation found
// not marked: where one is the heap's own such value, finish would mark it,
// and the rare values up to the next are looked for in prepare's scan
// rather than afresh in finish. The values stay those of the plain engine,
// and far fewer heaps look afresh (one goroutine: the same heaps each run).
func TestWaveGuessesSingleHeaps(t *testing.T) {
	if !wantFast[uint16]() {
		t.Skip("prepare guesses where the want kernel scans (AVX-512)")
	}
	helpers := waveHelpers
	defer func() { waveForced, waveGuess, waveHelpers = false, true, helpers }()
	waveForced, waveHelpers = true, func() int { return 0 }
	n := 30000
	if testing.Short() {
		n = 15000
	}
	plain := values(t, table(t, "4.007", Config{Lost: func(int64) bool { return false }}), n)
	afresh := map[bool]int{}
	for _, guess := range []bool{false, true} {
		waveGuess = guess
		tab := table(t, "4.007", Config{})
		tab.provableOff = true
		sameValues(t, fmt.Sprintf("4.007, guessing %v", guess), values(t, tab, n), plain)
		c, ok := tab.seq.(*cells[uint16])
		if !ok {
			t.Fatalf("4.007 to %d: cells of %T, want 16 bits", n, tab.seq)
		}
		afresh[guess] = c.eng.(*sparseEngine[uint16]).afresh
	}
	t.Logf("heaps looked at afresh: %d without guesses, %d with", afresh[false], afresh[true])
	if afresh[false] == 0 || 2*afresh[true] > afresh[false] {
		t.Errorf("heaps looked at afresh: %d without guesses, %d with; want fewer than half", afresh[false], afresh[true])
	}
}

// A block whose rare pairs are marked in runs is whole runs long, whatever
// its heaps cost, unless the table's end cuts it: a run cut short costs as
// much as a whole one.
func TestWaveBlocksWholeRuns(t *testing.T) {
	if !runsFast[uint16]() || !wantFast[uint16]() {
		t.Skip("no runs kernel here")
	}
	e := &sparseEngine[uint16]{splits: []int{0, 3}, mask: 1, maxV: 300}
	for helpers := range 3 {
		w := &wave[uint16]{e: e, start: make([]chan func(int), helpers)}
		width := 2 << 9
		for _, scan := range []int{0, 100, 777, 5000, 40000, 1 << 20} {
			for _, nrare := range []int{0, 50, 1234} {
				e.avgScan, e.rare = scan, make([]rareHeap[uint16], nrare)
				for _, n0 := range []int{1 << 12, 5000, 1 << 20} {
					nb := w.size(n0, 1<<30, width)
					if nb%runLanes != 0 || nb < w.runsMin() {
						t.Errorf("%d helpers, scans %d, %d rare, n0 %d: a block of %d heaps", helpers, scan, nrare, n0, nb)
					}
					if end := n0 + 100; w.size(n0, end, width) != min(nb, 100) {
						t.Errorf("%d helpers, scans %d, %d rare, n0 %d: the block up to %d has %d heaps, want %d", helpers, scan, nrare, n0, end, w.size(n0, end, width), min(nb, 100))
					}
				}
			}
		}
	}
}

// The goroutines' own marks lie side by side in slices, one each: the
// fields of one (its stamp moves on every heap) and of the next (read on
// every heap) must be a cache line apart, wherever the slice starts.
func TestMarksApart(t *testing.T) {
	for _, c := range []struct {
		name       string
		size, used uintptr
	}{
		{"ownMarks", unsafe.Sizeof(ownMarks{}), unsafe.Offsetof(ownMarks{}.set) + unsafe.Sizeof(ownMarks{}.set)},
		{"byteMarks", unsafe.Sizeof(byteMarks{}), unsafe.Offsetof(byteMarks{}.st) + unsafe.Sizeof(byteMarks{}.st)},
	} {
		if c.size-c.used < 64 {
			t.Errorf("%s: %d bytes, its fields %d: the next one's fields are %d bytes on, within a cache line", c.name, c.size, c.used, c.size-c.used)
		}
	}
}

// TestSoon checks that soon polls until what it waits for is ready, and
// gives up after soonPolls yields: a wait that is not over soon blocks.
func TestSoon(t *testing.T) {
	for _, after := range []int{0, 1, soonPolls / 2, soonPolls, soonPolls + 1, 10 * soonPolls} {
		polls := 0
		got := soon(func() bool {
			polls++
			return polls > after
		})
		want := after <= soonPolls
		if got != want {
			t.Errorf("ready after %d polls: soon = %v, want %v", after, got, want)
		}
		if wantPolls := min(after, soonPolls) + 1; polls != wantPolls {
			t.Errorf("ready after %d polls: polled %d times, want %d", after, polls, wantPolls)
		}
	}
}

// TestRecvSoon checks that recvSoon gives what was sent, in order, whether
// it came before the polls or from a goroutine, and reports a closed channel.
func TestRecvSoon(t *testing.T) {
	ch := make(chan int, 2)
	ch <- 7
	ch <- 8
	for _, want := range []int{7, 8} {
		if x, ok := recvSoon(ch); x != want || !ok {
			t.Fatalf("recvSoon = %d, %v; want %d, true", x, ok, want)
		}
	}
	un := make(chan int)
	go func() {
		for i := range 1000 {
			un <- i
		}
		close(un)
	}()
	for want := range 1000 {
		if x, ok := recvSoon(un); x != want || !ok {
			t.Fatalf("recvSoon from a goroutine = %d, %v; want %d, true", x, ok, want)
		}
	}
	if x, ok := recvSoon(un); x != 0 || ok {
		t.Fatalf("recvSoon of a closed channel = %d, %v; want 0, false", x, ok)
	}
}
