package octal

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// definition computes g(0..n) straight from the rules, independently of the
// engines: every option of every heap, its value the XOR of its heaps, and
// the mex. Heaps for which lost holds are decided: no move goes to them.
func definition(c Code, lost func(int64) bool, n int) []int {
	isLost := func(m int) bool { return lost != nil && lost(int64(m)) }
	g := make([]int, n+1)
	for h := 1; h <= n; h++ {
		if isLost(h) {
			continue
		}
		opts := map[int]bool{}
		for k := 0; k <= h; k++ {
			d := c.Digit(int64(k))
			r := h - k
			if d&LeaveNone != 0 && r == 0 && !isLost(0) {
				opts[0] = true
			}
			if d&LeaveOne != 0 && r > 0 && !isLost(r) {
				opts[g[r]] = true
			}
			for a := 1; d&LeaveTwo != 0 && 2*a <= r; a++ {
				if !isLost(a) && !isLost(r-a) && !(c.Unequal() && 2*a == r) {
					opts[g[a]^g[r-a]] = true
				}
			}
			for a := 1; d&LeaveThree != 0 && 3*a <= r; a++ {
				for b := a; a+2*b <= r; b++ {
					if !isLost(a) && !isLost(b) && !isLost(r-a-b) {
						opts[g[a]^g[b]^g[r-a-b]] = true
					}
				}
			}
		}
		for opts[g[h]] {
			g[h]++
		}
	}
	return g
}

func table(t testing.TB, code string, cfg Config) *Table {
	t.Helper()
	base := 8
	if strings.ContainsAny(code, "89abcdef") {
		base = 16
	}
	c, err := Parse(code, base)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Limits == nil {
		cfg.Limits = &solve.Limits{}
	}
	cfg.What = code
	return NewTable(c, cfg)
}

func values(t testing.TB, tab *Table, n int) []int {
	t.Helper()
	if err := tab.Grow(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	out := make([]int, n+1)
	for i := range out {
		out[i] = int(tab.At(i))
	}
	return out
}

func sameValues(t *testing.T, what string, got, want []int) {
	t.Helper()
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: g(%d) = %d, the definition gives %d", what, i, got[i], want[i])
		}
	}
}

// Every engine agrees with the definition on random codes: subtraction-like
// codes (the stream engine, in its range, reach and direct modes: a few
// amounts up to 400, and take a square), splitting codes (the
// sparse-space engine, past the length at which it picks a mask), codes that
// split in three and infinite codes (the plain engine).
func TestEnginesAgreeWithDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	digitsOf := func(n int, pick func() Digit) []Digit {
		d := []Digit{0}
		for k := 1; k <= n; k++ {
			d = append(d, pick())
		}
		return d
	}
	type tc struct {
		code Code
		n    int
	}
	var cases []tc
	per := 1 // -short: a third of the random codes
	if testing.Short() {
		per = 3
	}
	for i := 0; i < 30; i += per { // never split: digits 0..3
		cases = append(cases, tc{NewCode(digitsOf(1+rng.IntN(12), func() Digit { return Digit(rng.IntN(4)) }), 0), 600})
	}
	for i := 0; i < 20; i += per { // ranges: take lo..hi leaving one heap or none
		lo, hi := 1+rng.IntN(5), 0
		hi = lo + rng.IntN(70)
		d := make([]Digit, hi+1)
		for k := lo; k <= hi; k++ {
			d[k] = 3
		}
		cases = append(cases, tc{NewCode(d, 0), 700})
	}
	for i := 0; i < 20; i += per { // a few amounts up to 400: direct
		d := make([]Digit, 1+rng.IntN(400))
		for range 1 + rng.IntN(5) {
			d[1+rng.IntN(len(d)-1)] = Digit(1 + rng.IntN(3))
		}
		d[len(d)-1] = 2 + Digit(rng.IntN(2))
		cases = append(cases, tc{NewCode(d, 0), 1500})
	}
	squares := make([]Digit, 31*31) // take a square up to 30^2
	for k := 1; k <= 30; k++ {
		squares[k*k] = 3
	}
	cases = append(cases, tc{NewCode(squares, 0), 4000})
	for _, code := range []string{"4.007", "0.0407", "4.3", "0.74", "0.0607", "4.04"} { // two split digits, rare heaps near n early on
		c, _ := Parse(code, 8)
		cases = append(cases, tc{c, 5000})
	}
	for i := 0; i < 25; i += per { // split in two: octal digits, the first 0 or 4
		d := digitsOf(1+rng.IntN(5), func() Digit { return Digit(rng.IntN(8)) })
		d[0] = Digit(4 * rng.IntN(2))
		cases = append(cases, tc{NewCode(d, 0), 1500 + rng.IntN(1500)})
	}
	for i := 0; i < 10; i++ { // split in three: hexadecimal digits
		d := digitsOf(1+rng.IntN(3), func() Digit { return Digit(rng.IntN(16)) })
		d[0] = Digit(4 * rng.IntN(4))
		cases = append(cases, tc{NewCode(d, 0), 120})
	}
	for i := 0; i < 6; i++ { // infinite codes
		cases = append(cases, tc{NewCode([]Digit{0, Digit(rng.IntN(8))}, Digit(1+rng.IntN(7))), 150})
	}
	for i := 0; i < 8; i++ { // unequal splits (Grundy's game and relatives)
		d := digitsOf(rng.IntN(3), func() Digit { return Digit(rng.IntN(8)) })
		d[0] = 4
		cases = append(cases, tc{NewCode(d, 0).UnequalSplits(), 1500 + rng.IntN(1500)})
	}
	engines := map[string]int{}
	for _, c := range cases {
		tab := NewTable(c.code, Config{Limits: &solve.Limits{}, What: c.code.String()})
		sameValues(t, c.code.String()+" ("+tab.Engine()+")", values(t, tab, c.n), definition(c.code, nil, c.n))
		engines[tab.Engine()]++
	}
	for _, mode := range []string{"window", "reach bitsets", "the last heaps", "sparse space", "plain"} {
		found := false
		for name := range engines {
			found = found || strings.Contains(name, mode)
		}
		if !found {
			t.Errorf("no case ran the engine %q: %v", mode, engines)
		}
	}
}

// 'loses if' heaps: the stream engine (both modes) and the plain engine leave
// them out of every option, as the definition does.
func TestLostHeapsAgreeWithDefinition(t *testing.T) {
	thueMorse := func(n int64) bool { return popcount(n)%2 == 1 }
	mod7 := func(n int64) bool { return n%7 == 3 }
	direct := "0.3" + strings.Repeat("0", 150) + "3" + strings.Repeat("0", 100) + "2" // take 1, 152, 253
	for _, code := range []string{"0.333", "0.3333333333", "0.1323", "0.03003", direct, "0.137", "0.77", "4.8"} {
		for name, lost := range map[string]func(int64) bool{"thue-morse": thueMorse, "mod 7": mod7} {
			tab := table(t, code, Config{Lost: lost})
			n := 700
			if strings.Contains(code, "8") {
				n = 100
			}
			got := values(t, tab, n)
			want := definition(tab.Code(), lost, n)
			for i := range want {
				if lost(int64(i)) {
					got[i], want[i] = 0, 0 // decided: no value
				}
			}
			sameValues(t, code+" with "+name, got, want)
			if tab.Period() != nil {
				t.Errorf("%s with a 'loses if' rule claims a period", code)
			}
		}
	}
}

func popcount(n int64) int {
	c := 0
	for ; n != 0; n &= n - 1 {
		c++
	}
	return c
}

// Values too large for a byte, and then for 16 bits, widen the cells.
func TestWidening(t *testing.T) {
	tab := table(t, "4.007", Config{})
	n := 4000
	sameValues(t, "4.007", values(t, tab, n), definition(tab.Code(), nil, n))
	if tab.cellBytes() != 2 {
		t.Errorf("4.007 up to %d is stored in %d-byte cells, want 2", n, tab.cellBytes())
	}
	// Subtraction games with more than 255 and 65535 amounts have values
	// above 255 and 65535: bounded Nim, take 1..m, has g(n) = n mod (m+1).
	for _, m := range []int{300, 70000} {
		d := make([]Digit, m+1)
		for k := 1; k <= m; k++ {
			d[k] = 3
		}
		tab := NewTable(NewCode(d, 0), Config{Limits: &solve.Limits{}, What: fmt.Sprintf("take 1..%d", m)})
		for i, v := range values(t, tab, m+1000) {
			if v != i%(m+1) {
				t.Fatalf("take 1..%d: g(%d) = %d", m, i, v)
			}
		}
		if want := map[int]int{300: 2, 70000: 4}[m]; tab.cellBytes() != want {
			t.Errorf("take 1..%d is stored in %d-byte cells, want %d", m, tab.cellBytes(), want)
		}
	}
}

// Past the state cap, a code that never splits runs on with its window: the
// values are those of the definition, and nothing more is stored.
func TestWindowRunPastTheCap(t *testing.T) {
	lost := func(n int64) bool { return popcount(n)%2 == 1 }
	for _, code := range []string{"0.3333333", "0.1323"} {
		tab := table(t, code, Config{Lost: lost, Limits: &solve.Limits{MaxStates: 500}})
		want := definition(tab.Code(), lost, 3000)
		for _, n := range []int64{2999, 1200, 2500, 700} {
			v, err := tab.Value(context.Background(), big.NewInt(n))
			if err != nil {
				t.Fatal(err)
			}
			if !lost(n) && int(v) != want[n] {
				t.Errorf("%s: g(%d) = %d past the cap, want %d", code, n, v, want[n])
			}
		}
		if tab.Len() > 500 {
			t.Errorf("%s stored %d values, more than the cap", code, tab.Len())
		}
	}
}

func TestParseAndString(t *testing.T) {
	cases := []struct {
		code string
		base int
		want string // "" for an error
	}{
		{"0.07", 8, "0.07"}, {".07", 8, "0.07"}, {"4.007", 8, "4.007"}, {"0.137", 8, "0.137"},
		{"0.(3)", 8, "0.(3)"}, {"0.3(3)", 8, "0.(3)"}, {"4.8", 16, "4.8"}, {"0.1f", 16, "0.1f"},
		{"0.09", 8, ""}, {"1.07", 8, ""}, {"007", 8, ""}, {"0.", 8, ""}, {"0.(33)", 8, ""}, {"0.3(", 8, ""},
	}
	for _, c := range cases {
		code, err := Parse(c.code, c.base)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("Parse(%q) = %s, want an error", c.code, code)
		case c.want != "" && err != nil:
			t.Errorf("Parse(%q): %v", c.code, err)
		case c.want != "" && code.String() != c.want:
			t.Errorf("Parse(%q) prints as %s, want %s", c.code, code, c.want)
		}
	}
}

func TestMaskFromHistogram(t *testing.T) {
	// Values 1, 2, 4, 7 are common (odd parity) under mask 7; 0, 3, 5, 6 rare.
	hist := []int64{0, 50, 40, 1, 30, 2, 3, 20}
	m, rare := bestMask(hist)
	if m != 7 || rare != 6 {
		t.Errorf("bestMask = %d with %d rare, want 7 with 6", m, rare)
	}
}

// The sparse-space engine really is sparse: on .1777 it scans far fewer
// splits than the full scan would.
func TestSparseSpaceScansLittle(t *testing.T) {
	tab := table(t, "0.1777", Config{})
	n := 200000
	values(t, tab, n)
	se := tab.seq.(*cells[uint8]).eng.(*sparseEngine[uint8])
	full := int64(n) * int64(n) / 4 * 3 // three split digits, about n/2 splits each
	if se.scans*200 > full {
		t.Errorf("scanned %d splits, more than 1/200 of the %d a full scan needs", se.scans, full)
	}
	if len(se.rare) > 100 {
		t.Errorf("%d rare heaps under mask %#x; Flammenkamp's mask leaves about 15", len(se.rare), se.mask)
	}
}

func periodOf(t *testing.T, code string, limit int) *Period {
	t.Helper()
	tab := table(t, code, Config{})
	p, err := tab.FindPeriod(context.Background(), limit)
	if err != nil {
		t.Fatal(err)
	}
	if p == nil {
		t.Fatalf("%s: no period proved within %d values", code, limit)
	}
	return p
}

// Every value read from a proved period is the definition's, whether the
// preperiod ends where the proof started (.07) or before it (codes that are
// periodic from 0, whose proof starts at 1).
func TestEveryValueFromThePeriod(t *testing.T) {
	for _, code := range []string{"0.07", "0.0300303", "0.333", "0.137", "4.777", "0.3003"} {
		tab := table(t, code, Config{})
		p, _ := tab.FindPeriod(context.Background(), 5000)
		if p == nil {
			t.Fatalf("%s: no period", code)
		}
		want := definition(tab.Code(), nil, 3000)
		for n := range want {
			if v := p.value(tab, big.NewInt(int64(n))); int(v) != want[n] {
				t.Fatalf("%s: g(%d) from the period (%v) = %d, want %d", code, n, p, v, want[n])
			}
		}
	}
	tab := table(t, "0.07", Config{})
	p, _ := tab.FindPeriod(context.Background(), 1000)
	if got := fmt.Sprint(p.Exceptions); got != "[0 1 15 17 18 32 35 52]" {
		t.Errorf("0.07: exceptions %s", got)
	}
}

// Asking heaps one at a time, as grundy(G, a..b) does, gives the
// definition's values too (the period is proved along the way).
func TestValuesOneAtATime(t *testing.T) {
	for _, code := range []string{"0.0300303", "0.07", "0.333", "0.6006"} {
		tab := table(t, code, Config{})
		want := definition(tab.Code(), nil, 400)
		for n := range want {
			v, err := tab.Value(context.Background(), big.NewInt(int64(n)))
			if err != nil || int(v) != want[n] {
				t.Fatalf("%s: g(%d) = %d, %v; want %d", code, n, v, err, want[n])
			}
		}
	}
}

// Past the state cap, outcome() runs on with P-bits: a register window for
// amounts lo..hi with hi <= 64, a ring beyond, a scan of S1 otherwise; with
// and without 'loses if' heaps, evaluated one by one or by blocks.
func TestOutcomePastTheCap(t *testing.T) {
	thueMorse := func(n int64) bool { return popcount(n)%2 == 1 }
	block := func(from int64, lost []bool) int {
		for i := range lost {
			lost[i] = thueMorse(from + int64(i))
		}
		return len(lost)
	}
	rangeCode := func(lo, hi int) string {
		d := []Digit{0}
		for k := 1; k <= hi; k++ {
			d = append(d, Digit(3*b2u8(k >= lo)))
		}
		return NewCode(d, 0).String()
	}
	codes := []string{"0.333", "0.3333333333", rangeCode(3, 64), rangeCode(1, 70), rangeCode(5, 90), "0.1323", "0.03003", "0.2333"}
	for _, code := range codes {
		for _, lost := range []func(int64) bool{nil, thueMorse} {
			cfg := Config{Lost: lost, Limits: &solve.Limits{MaxStates: 100}}
			if lost != nil {
				cfg.LostBlock = block
			}
			tab := table(t, code, cfg)
			tab.provableOff = true // make the run, not the period, answer
			want := definition(tab.Code(), lost, 2500)
			for _, n := range []int64{100, 101, 150, 300, 999, 1000, 1001, 2047, 2048, 2499} {
				isP, err := tab.Outcome(context.Background(), big.NewInt(n))
				if err != nil {
					t.Fatal(err)
				}
				wantP := want[n] == 0 && (lost == nil || !lost(n))
				if isP != wantP {
					t.Errorf("%s (lost %v): heap %d P = %v, the definition says %v", code, lost != nil, n, isP, wantP)
				}
			}
		}
	}
}

// totals records the totals a table reports.
type totals struct{ seen []int64 }

func (r *totals) Start()                                      {}
func (r *totals) Done()                                       {}
func (r *totals) Report(what, unit string, done, total int64) { r.seen = append(r.seen, total) }

// While a period is looked for, how many values it will take is not
// known: the table reports no total (a count and a rate, not a share of a
// target that doubles), and a growth to a known n reports n.
func TestPeriodSearchReportsNoTotal(t *testing.T) {
	for _, find := range []func(*Table) error{
		func(t *Table) error { _, err := t.FindPeriod(context.Background(), 1<<14); return err },
		func(t *Table) error { return t.Grow(context.Background(), 5000) },
	} {
		r := &totals{}
		c, _ := Parse("0.6", 8) // Officers: no period in sight, so the search grows through several targets
		tab := NewTable(c, Config{Limits: &solve.Limits{Progress: r}, What: "0.6"})
		if err := find(tab); err != nil {
			t.Fatal(err)
		}
		if len(r.seen) == 0 {
			t.Fatal("nothing reported")
		}
		want := int64(0)
		if tab.Len() == 5001 {
			want = 5001
		}
		for _, total := range r.seen {
			if total != want {
				t.Fatalf("reported a total of %d (want %d)", total, want)
			}
		}
	}
}

// regrow keeps every value and the length, and makes the room asked for
// (or a quarter more, where that is more), across the stretches it copies
// one at a time.
func TestRegrow(t *testing.T) {
	for _, n := range []int{0, 1, regrowStretch - 1, regrowStretch, regrowStretch + 1, 2*regrowStretch + 5} {
		testRegrow[uint8](t, n)
		testRegrow[uint16](t, n)
	}
}

func testRegrow[T cell](t *testing.T, n int) {
	s := make([]T, n, n+1)
	for i := range s {
		s[i] = T(i*2654435761>>7 + i)
	}
	size := n + 1 + n/3
	got := regrow(s, size)
	if len(got) != n || cap(got) < size {
		t.Fatalf("%T: regrow of %d cells to room for %d: length %d, room %d", s, n, size, len(got), cap(got))
	}
	for i := range s {
		if got[i] != s[i] {
			t.Fatalf("%T: regrow of %d cells: cell %d is %d, was %d", s, n, i, got[i], s[i])
		}
	}
	if n > 0 && &got[0] == &s[0] {
		t.Fatalf("%T: regrow of %d cells kept the old array", s, n)
	}
	// room for one more cell: a quarter more, so that heaps asked for one
	// at a time are not copied one by one
	if more := regrow(got, cap(got)+1); cap(more) < cap(got)+cap(got)/4 {
		t.Fatalf("%T: regrow of room for %d to %d: room %d, want a quarter more", s, cap(got), cap(got)+1, cap(more))
	}
}

// Outcomes of take 1..hi with a 'loses if' rule, by skipping from one
// P-position to the next (skipRun), against the definition on every heap
// to 1500: random rules (sparse, dense, runs of decided heaps), whole-heap
// takes on some amounts and not others, amounts up to 1..80.
func TestOutcomeBySkips(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for trial := range 40 {
		hi := 1 + rng.IntN(80)
		d := []Digit{0}
		for range hi {
			d = append(d, Digit(2+rng.IntN(2))) // leave one heap; perhaps take the whole
		}
		code := NewCode(d, 0)
		density, run := rng.IntN(5), 1+rng.IntN(4)
		seed := rng.Uint64()
		lost := func(n int64) bool { // decided heaps in runs of up to run
			h := uint64(n/int64(run))*0x9e3779b97f4a7c15 ^ seed
			h ^= h >> 29
			h *= 0xbf58476d1ce4e5b9
			return int(h>>60)%5 < density && n%int64(run+1) != 0
		}
		tab := table(t, code.String(), Config{Lost: lost})
		want := definition(code, lost, 1500)
		for n := int64(0); n <= 1500; n++ {
			isP, err := tab.Outcome(context.Background(), big.NewInt(n))
			if err != nil {
				t.Fatal(err)
			}
			if wantP := want[n] == 0 && !lost(n); isP != wantP {
				t.Fatalf("trial %d, %s (density %d, runs %d): heap %d P = %v, the definition says %v", trial, code, density, run, n, isP, wantP)
			}
		}
		if tab.Len() > 1 {
			t.Errorf("%s: the skips stored %d values", code, tab.Len())
		}
	}
}

// A heap past the default state cap is answered through the period, which
// the search looks for as far as period() does (the memory budget): 0.354
// needs its values to 20,126,194 to prove period 1180 from 10,061,916 — past
// the 20,000,000 cap. Checked against the value computed directly, the cap
// raised.
func TestValuePastTheCapByPeriod(t *testing.T) {
	if testing.Short() {
		t.Skip("computes 20 million values twice (about 15 s)")
	}
	const n = 20_126_194
	ctx := context.Background()
	byPeriod := table(t, "0.354", Config{})
	got, err := byPeriod.Value(ctx, big.NewInt(n+1180*1000))
	if err != nil {
		t.Fatal(err)
	}
	if p := byPeriod.Period(); p == nil || p.Len != 1180 || p.Pre != 10_061_916 {
		t.Fatalf("0.354's period: %v", p)
	}
	direct := table(t, "0.354", Config{Limits: &solve.Limits{MaxStates: n + 1}})
	direct.provableOff = true
	want, err := direct.Value(ctx, big.NewInt(n))
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("g(%d + 1180·1000) = %d by the period, g(%d) = %d directly", n, got, n, want)
	}
}

// The value of a heap n below the cap makes room for g(0) .. g(n) once,
// before the period search on the way to it doubles the values: the
// search copied the table at each doubling, and the copies were most of
// the peak (Officers to 10^7: 73 MB for 20 MB of values).
func TestValueReservesOnce(t *testing.T) {
	tab := table(t, "0.6", Config{}) // Officers: no period in sight
	const n = 300_000
	if _, err := tab.Value(context.Background(), big.NewInt(n)); err != nil {
		t.Fatal(err)
	}
	var room int
	switch c := tab.seq.(type) {
	case *cells[uint8]:
		room = cap(c.g)
	case *cells[uint16]:
		room = cap(c.g)
	default:
		t.Fatalf("Officers to %d in %T", n, c)
	}
	if tab.seq.Len() != n+1 || room != n+1 {
		t.Fatalf("Officers to %d: %d values in room for %d, want room for %d made once", n, tab.seq.Len(), room, n+1)
	}
}
