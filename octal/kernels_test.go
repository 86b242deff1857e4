package octal

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// The kernels against the plain loops they stand for, on random values of
// both widths they take, at every length around their blocks of eight and
// four.

// marked is the set of values a kernel marked with stamp st.
func marked(m *marks, st uint32) map[uint32]bool {
	out := map[uint32]bool{}
	for v, s := range m {
		if s == st {
			out[uint32(v)] = true
		}
	}
	return out
}

func randomCells[T cell](rnd *rand.Rand, n, top int) []T {
	g := make([]T, n)
	for i := range g {
		g[i] = T(rnd.IntN(top))
	}
	return g
}

func TestScanKernels(t *testing.T) {
	testScanKernels[uint8](t, 256)
	testScanKernels[uint16](t, 700)
}

func testScanKernels[T cell](t *testing.T, top int) {
	rnd := rand.New(rand.NewPCG(1, 2))
	m := new(marks)
	st := uint32(0)
	for range 3000 {
		g := randomCells[T](rnd, 120, top)
		r := 2 + rnd.IntN(len(g)-2)
		lo := 1 + rnd.IntN(r/2)
		hi := lo - 1 + rnd.IntN(r/2-lo+2) // lo-1 (empty) .. r/2
		x := uint32(rnd.IntN(top + 2))
		if rnd.IntN(3) == 0 && lo <= hi { // a value that is there
			i := lo + rnd.IntN(hi-lo+1)
			x = uint32(g[i] ^ g[r-i])
		}
		if rnd.IntN(20) == 0 {
			x = uint32(^T(0)) + 1 // wider than the cells
		}
		want, wantMarks := -1, map[uint32]bool{}
		all := map[uint32]bool{}
		for i := lo; i <= hi; i++ {
			v := uint32(g[i] ^ g[r-i])
			all[v] = true
			if want < 0 {
				wantMarks[v] = true
				if v == x {
					want = i
				}
			}
		}
		st++
		got := scanKernel(g, r, lo, hi, x, m, st)
		if got != want {
			t.Fatalf("scanKernel(r=%d, %d..%d, x=%d) = %d, want %d", r, lo, hi, x, got, want)
		}
		gotMarks := marked(m, st)
		for v := range wantMarks {
			if !gotMarks[v] {
				t.Fatalf("scanKernel(r=%d, %d..%d, x=%d) left %d unmarked", r, lo, hi, x, v)
			}
		}
		for v := range gotMarks {
			if !all[v] {
				t.Fatalf("scanKernel(r=%d, %d..%d, x=%d) marked %d, no split's value", r, lo, hi, x, v)
			}
		}
		st++
		scanAllKernel(g, r, lo, hi, m, st)
		if gotAll := marked(m, st); len(gotAll) != len(all) {
			t.Fatalf("scanAllKernel(r=%d, %d..%d) marked %d values, want %d", r, lo, hi, len(gotAll), len(all))
		}
	}
}

// The rare pairs' kernels against a plain loop, with the vector kernel
// (gathered and scattered, where the processor has it: 16-bit cells) and
// without: sums up to the table's end, so that the kernel's reads past a
// cell reach the last byte of the storage.
func TestPairKernels(t *testing.T) {
	withAndWithout(t, "pair", &havePairs, func(string) {
		testPairKernels[uint8](t, 256)
		testPairKernels[uint16](t, 700)
	})
}

// withAndWithout runs test with the AVX-512 kernel that *have turns on, where
// the processor has it, and then with the plain loops, naming each way.
func withAndWithout(t *testing.T, kernel string, have *bool, test func(way string)) {
	defer func(p bool) { *have = p }(*have)
	if *have {
		test("AVX-512")
	} else {
		t.Logf("no AVX-512 %s kernel here", kernel)
	}
	*have = false
	test("plain")
}

// gatherable against the kernel's reads: 4 bytes at cell r-pos for
// pos >= 1, a signed 32-bit index.
func TestGatherable(t *testing.T) {
	for _, c := range []struct {
		r, capacity int
		want        bool
	}{
		{199, 200, true},            // partner 198: bytes 396..399
		{200, 200, false},           // partner 199: bytes 398..401
		{1 << 31, 1<<31 + 1, true},  // partner 2^31-1: the largest index
		{1<<31 + 1, 1 << 32, false}, // partner 2^31: the index would turn negative
	} {
		if got := gatherable(c.r, c.capacity); got != c.want {
			t.Errorf("gatherable(%d, %d) = %v, want %v", c.r, c.capacity, got, c.want)
		}
	}
}

func testPairKernels[T cell](t *testing.T, top int) {
	rnd := rand.New(rand.NewPCG(3, 4))
	m := new(marks)
	st := uint32(0)
	for range 3000 {
		g := randomCells[T](rnd, 200, top)
		var rare []rareHeap[T]
		for a := 1; a < len(g); a++ {
			if rnd.IntN(4) == 0 {
				rare = append(rare, rareHeap[T]{uint32(a), g[a]})
			}
		}
		r0 := 2 + rnd.IntN(len(g)-2)
		uneq := rnd.IntN(2) == 0
		want := map[uint32]bool{}
		for _, rh := range rare {
			if b := r0 - int(rh.pos); b >= 1 && !(uneq && b == int(rh.pos)) {
				want[uint32(rh.val^g[b])] = true
			}
		}
		st++
		pairKernel(g, r0, rare, uneq, m, st)
		if got := marked(m, st); !sameSet(got, want) {
			t.Fatalf("pairKernel(r=%d, uneq %v): %d values, want %d", r0, uneq, len(got), len(want))
		}
		r1 := 1 + rnd.IntN(r0)
		if r1 == r0 {
			continue
		}
		only1 := rnd.IntN(min(rareBelow(rare, r1), 5) + 1) // heaps whose partner in r1 exists
		want = map[uint32]bool{}
		for i, rh := range rare {
			if b := r1 - int(rh.pos); b >= 1 {
				want[uint32(rh.val^g[b])] = true
			}
			if b := r0 - int(rh.pos); b >= 1 && i >= only1 {
				want[uint32(rh.val^g[b])] = true
			}
		}
		st++
		pairKernel2(g, r0, r1, rare, only1, m, st)
		if got := marked(m, st); !sameSet(got, want) {
			t.Fatalf("pairKernel2(r0=%d, r1=%d, only1=%d): %d values, want %d", r0, r1, only1, len(got), len(want))
		}
	}
}

func sameSet(a, b map[uint32]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for v := range a {
		if !b[v] {
			return false
		}
	}
	return true
}

// wantScan against the plain loop, with sets of every density, counting
// all their values or those below a limit, and, on 16-bit cells, values
// past wantMax that the vector kernel looks up modulo 1024 (each one a lane
// it must check and pass over): the same values crossed off, and the same
// split where the last one counted is met.
func TestWantScan(t *testing.T) {
	if !wantFast[uint16]() {
		t.Logf("no vector want kernel for 16 bits here: the plain loop is tested")
	}
	defer func(vbmi, bw bool) { haveWant8, haveWant8BW = vbmi, bw }(haveWant8, haveWant8BW)
	for _, k := range []struct {
		name      string
		vbmi, bw  bool
		available bool
	}{{"AVX-512 VBMI", true, false, haveWant8}, {"AVX-512 BW", false, true, haveWant8BW}, {"plain", false, false, true}} {
		if !k.available {
			t.Logf("8 bits: no %s kernel here", k.name)
			continue
		}
		haveWant8, haveWant8BW = k.vbmi, k.bw
		testWantScan[uint8](t, 256)
	}
	testWantScan[uint16](t, 512)
	testWantScan[uint16](t, 1500)
	testWantScan[uint16](t, 3000)
	testWantScan[uint32](t, 600)
}

func testWantScan[T cell](t *testing.T, top int) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 6000 {
		g := randomCells[T](rnd, 4+rnd.IntN(500), top)
		r := 2 + rnd.IntN(len(g)-2)
		lo := 1 + rnd.IntN(r/2)
		hi := lo - 1 + rnd.IntN(r/2-lo+2) // lo-1 (empty) .. r/2
		var w wants
		for range rnd.IntN(4) * rnd.IntN(40) {
			w.add(uint32(rnd.IntN(min(top, wantMax))))
		}
		if w == (wants{}) {
			w.add(uint32(rnd.IntN(min(top, wantMax))))
		}
		lim := uint32(wantMax) // the values counted: all, or those below lim
		if rnd.IntN(3) == 0 {
			lim = uint32(rnd.IntN(wantMax))
		}
		n := 0
		for v := range uint32(wantMax) {
			if v < lim && w.has(v) {
				n++
			}
		}
		if n == 0 {
			continue
		}
		if rnd.IntN(4) == 0 { // only some of them need meeting
			n = 1 + rnd.IntN(n)
		}
		ww, wn, want := w, n, -1
		for i := lo; i <= hi; i++ {
			if v := uint32(g[i] ^ g[r-i]); v < wantMax && ww[v/64]>>(v%64)&1 == 1 {
				ww[v/64] &^= 1 << (v % 64)
				if v >= lim {
					continue
				}
				if wn--; wn == 0 {
					want = i
					break
				}
			}
		}
		gw, gn := w, n
		got := wantScan(g, r, lo, hi, &gw, &gn, lim)
		if got != want || gn != wn || gw != ww {
			t.Fatalf("%T: wantScan(r=%d, %d..%d, %d values below %d) = %d with %d left, want %d with %d left (or other values crossed off)", g, r, lo, hi, n, lim, got, gn, want, wn)
		}
	}
}

// scan64 against the plain loop, on cells of 8 bits (each vector kernel
// the processor has, and none) and 16: the same values crossed off, want
// emptied exactly when the loop empties it, and the splits taken reaching
// past the one that emptied it (the kernel stops at the end of a step of 16,
// 32 or 64) but not past the stretch.
func TestScan64(t *testing.T) {
	defer func(s64, s32 bool) { haveScan64, haveScan32 = s64, s32 }(haveScan64, haveScan32)
	for _, k := range []struct {
		name          string
		s64, s32, has bool
	}{{"AVX-512", true, true, haveScan64}, {"AVX2", false, true, haveScan32}, {"plain", false, false, true}} {
		if !k.has {
			t.Logf("no %s scan64 kernel here", k.name)
			continue
		}
		haveScan64, haveScan32 = k.s64, k.s32
		testScan64[uint8](t)
	}
	testScan64[uint16](t)
}

func testScan64[T cell](t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		top := 1 + rnd.IntN(64)
		g := randomCells[T](rnd, 4+rnd.IntN(700), top)
		r := 2 + rnd.IntN(len(g)-2)
		lo := 1 + rnd.IntN(r/2)
		hi := lo - 1 + rnd.IntN(r/2-lo+2) // lo-1 (empty) .. r/2
		var w uint64
		for range 1 + rnd.IntN(6) {
			w |= 1 << rnd.IntN(64)
		}
		rest, emptied := w, -1
		for i := lo; i <= hi; i++ {
			if rest &^= 1 << (g[i] ^ g[r-i]); rest == 0 {
				emptied = i - lo + 1
				break
			}
		}
		got, steps := scan64(g, r, lo, hi, w)
		if got != rest || rest != 0 && steps != max(hi-lo+1, 0) || rest == 0 && (steps < emptied || steps > hi-lo+1) {
			t.Fatalf("%T: scan64(r=%d, %d..%d, want %x) = %x after %d splits; want %x (emptied after %d)", g, r, lo, hi, w, got, steps, rest, emptied)
		}
	}
}

// The options kernels (options64AVX512 with VBMI, options64BW with BW, and
// options64's loop on cells of 8 and 16 bits) against a plain loop: random
// windows of 128 cells below 64 and random lanes, the word of the values
// 1 << (win[idx] ^ val). The kernels read all 64 lanes (spare lanes repeat
// lane 0), the loop the lanes in use.
func TestOptions64(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 10))
	kernels := []struct {
		name string
		has  bool
		run  func(win []uint8, o *lanes64) uint64
	}{
		{"AVX-512 VBMI", haveOpts64, func(win []uint8, o *lanes64) uint64 { return options64AVX512(&win[0], &o.idx, &o.val) }},
		{"AVX-512 BW", haveOptsBW, func(win []uint8, o *lanes64) uint64 { return options64BW(&win[0], &o.idx, &o.val) }},
		{"loop, 8 bits", true, func(win []uint8, o *lanes64) uint64 { return options64((*[opts64Window]uint8)(win), o) }},
		{"loop, 16 bits", true, func(win []uint8, o *lanes64) uint64 {
			var w [opts64Window]uint16
			for i, c := range win {
				w[i] = uint16(c)
			}
			return options64(&w, o)
		}},
	}
	for _, k := range kernels {
		if !k.has {
			t.Logf("no %s options kernel here", k.name)
			continue
		}
		for range 20000 {
			top := 1 + rnd.IntN(64)
			win := randomCells[uint8](rnd, opts64Window, top)
			var o lanes64
			o.n = 1 + rnd.IntN(64)
			var want uint64
			for l := range o.n {
				o.idx[l], o.val[l] = byte(rnd.IntN(opts64Window)), byte(rnd.IntN(top))
				want |= 1 << (win[o.idx[l]] ^ o.val[l])
			}
			for l := o.n; l < 64; l++ {
				o.idx[l], o.val[l] = o.idx[0], o.val[0]
			}
			if got := k.run(win, &o); got != want {
				t.Fatalf("%s: options = %x, want %x (window %v, lanes %v, values %v)", k.name, got, want, win, o.idx[:o.n], o.val[:o.n])
			}
		}
	}
}

// rareBelow and rareBelowEnd count the rare heaps below n: the count of a
// plain loop, for lists short and long and every n around them.
func TestRareBelow(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{0, 1, 2, 15, 16, 17, 40, 300} {
		var rare []rareHeap[uint16]
		pos := 0
		for range size {
			pos += 1 + rnd.IntN(3)
			rare = append(rare, rareHeap[uint16]{pos: uint32(pos)})
		}
		for n := 0; n <= pos+2; n++ {
			want := 0
			for _, rh := range rare {
				if int(rh.pos) < n {
					want++
				}
			}
			if got := rareBelow(rare, n); got != want {
				t.Fatalf("%d rare heaps: rareBelow(%d) = %d, want %d", size, n, got, want)
			}
			if got := rareBelowEnd(rare, n); got != want {
				t.Fatalf("%d rare heaps: rareBelowEnd(%d) = %d, want %d", size, n, got, want)
			}
		}
	}
}

// packSet against its definition: bit i of word k is whether value 64k+i
// has the stamp, for sets of every length up to 16 words, among values with
// the stamps just before and after it; it writes no word past the set.
func TestPackSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	m := new(marks)
	withAndWithout(t, "pack", &havePack, func(way string) {
		for words := 1; words <= 16; words++ {
			st := uint32(1000 + words)
			for v := range m {
				m[v] = st - 1 + uint32(rng.IntN(3))
			}
			p := make([]uint64, words+1)
			p[words] = 0xdead
			packSet(m, st, p[:words])
			for v := range 64 * words {
				if got := p[v/64]>>(v%64)&1 == 1; got != (m[v] == st) {
					t.Fatalf("%s, %d words: value %d in the set is %v, its stamp %d (the set's %d)", way, words, v, got, m[v], st)
				}
			}
			if p[words] != 0xdead {
				t.Fatalf("%s, %d words: the word past the set was written", way, words)
			}
		}
	})
}

// someValues is the values below n, each drawn with chance 1/k, and those
// below wantMax as bits.
func someValues(rng *rand.Rand, n uint32, k int) (vs []uint32, below wants) {
	for v := range n {
		if rng.IntN(k) == 0 {
			vs = append(vs, v)
			if v < wantMax {
				below.add(v)
			}
		}
	}
	return vs, below
}

// unmarked against its definition: the rare values (dense) below c and
// wantMax whose marks are not stamped, for c at and around word edges.
func TestUnmarked(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	m := new(marks)
	for round := range 20 {
		var e sparseEngine[uint16]
		e.dense, e.rareV = someValues(rng, 1100, 3)
		st := uint32(round + 1)
		for v := range m[:1200] {
			if rng.IntN(2) == 0 {
				m[v] = st
			}
		}
		for _, c := range []uint32{0, 1, 63, 64, 65, 127, 128, 500, wantMax - 1, wantMax, 2000} {
			var got wants
			n := e.unmarked(c, m, st, &got)
			var want wants
			count := 0
			for _, x := range e.dense {
				if x < min(c, wantMax) && m[x] != st {
					want.add(x)
					count++
				}
			}
			if got != want || n != count {
				t.Fatalf("round %d, c = %d: unmarked found %d values %x, want %d %x", round, c, n, got, count, want)
			}
		}
	}
}

// pairRuns against its definition, with the kernels and without, on cells
// of 8 and 16 bits: every lane's byte of rh.val ^ g[at+j-pos] stamped, and
// nothing else, for full runs and shorter ones, marks as wide as 2048 values
// (the kernel's 16-bit indexes at their limit), and a stamp already met in
// the marks.
func TestPairRuns(t *testing.T) {
	if unsafe.Sizeof(rareHeap[uint8]{}) != 8 || unsafe.Sizeof(rareHeap[uint16]{}) != 8 {
		t.Fatal("the runs kernels read rare heaps 8 bytes apart")
	}
	rng := rand.New(rand.NewPCG(9, 4))
	withAndWithout(t, "runs", &haveRuns, func(way string) {
		for _, c := range []struct{ w, lanes, rare int }{{1024, 32, 300}, {2048, 32, 100}, {128, 32, 40}, {1024, 7, 50}, {512, 32, 1}} {
			checkPairRuns[uint16](t, rng, way, c.w, c.lanes, c.rare, c.w)
			checkPairRuns[uint8](t, rng, way, c.w, c.lanes, c.rare, min(c.w, 256))
		}
	})
}

func checkPairRuns[T cell](t *testing.T, rng *rand.Rand, way string, w, lanes, nrare, vals int) {
	t.Helper()
	g := make([]T, 5000)
	for i := range g {
		g[i] = T(rng.IntN(vals))
	}
	var rare []rareHeap[T]
	for pos := 1; len(rare) < nrare; pos += 1 + rng.IntN(9) {
		rare = append(rare, rareHeap[T]{uint32(pos), T(rng.IntN(vals))})
	}
	at := int(rare[len(rare)-1].pos) + 1 + rng.IntN(100) // every partner at 1 or above
	mk := make([]uint8, runLanes*w)
	for i := range mk {
		mk[i] = uint8(rng.IntN(3)) // stamps 0, 1, 2: 2 is the run's
	}
	want := slices.Clone(mk)
	for _, rh := range rare {
		for j := range lanes {
			want[j*w+int(rh.val^g[at+j-int(rh.pos)])] = 2
		}
	}
	pairRuns(g, at, lanes, rare, mk, w, 2)
	for k := range mk {
		if mk[k] != want[k] {
			t.Fatalf("%s, %d-byte cells, w %d, %d lanes, %d rare: byte %d (lane %d, value %d) is %d, want %d",
				way, unsafe.Sizeof(g[0]), w, lanes, nrare, k, k/w, k%w, mk[k], want[k])
		}
	}
}

// packBytes against its definition, with the kernel and without.
func TestPackBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 8))
	withAndWithout(t, "runs", &haveRuns, func(way string) {
		for words := 1; words <= 32; words++ {
			mk := make([]uint8, 64*words)
			for i := range mk {
				mk[i] = uint8(6 + rng.IntN(3))
			}
			p := make([]uint64, words+1)
			p[words] = 0xdead
			packBytes(mk, 7, p[:words])
			for v := range 64 * words {
				if got := p[v/64]>>(v%64)&1 == 1; got != (mk[v] == 7) {
					t.Fatalf("%s, %d words: value %d in the set is %v, its byte %d", way, words, v, got, mk[v])
				}
			}
			if p[words] != 0xdead {
				t.Fatalf("%s, %d words: the word past the set was written", way, words)
			}
		}
	})
}

// commonFree against its definition: the least value of cheap from v on
// not in the set, and its index in cheap; past wantMax when none below it
// is free. Sets shorter and longer than wantMax's 16 words, v at and
// around word edges.
func TestCommonFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 13))
	for round := range 40 {
		var e sparseEngine[uint16]
		e.cheap, e.commonV = someValues(rng, 2048, 2)
		p := make([]uint64, []int{4, 16, 32}[round%3])
		for i := range p {
			p[i] = rng.Uint64() | rng.Uint64() // three values in four marked
		}
		in := func(x uint32) bool { return int(x/64) < len(p) && p[x/64]>>(x%64)&1 == 1 }
		for _, v := range []uint32{0, 1, 63, 64, 65, 300, wantMax - 1, wantMax} {
			got, gi := e.commonFree(p, v)
			want, wi := uint32(wantMax+1), len(e.cheap)
			for i, x := range e.cheap {
				if x >= v && x < wantMax && !in(x) {
					want, wi = x, i
					break
				}
			}
			if got != want || want <= wantMax && gi != wi {
				t.Fatalf("round %d, from %d: %d at %d, want %d at %d", round, v, got, gi, want, wi)
			}
		}
	}
}
