package sweep

import (
	"bufio"
	"context"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// czajkaTrivial is one line of testdata/czajka-trivial.txt: Czajka's
// trivial games (github.com/tczajka/octal-games, TrivialGames.md), every
// code of up to three digits, prefixes 0. and 4., whose period shows
// within 1000 heaps, one per class.
type czajkaTrivial struct {
	code           string
	prefix, period int64
	values         []uint32
}

func readCzajka(t *testing.T) []czajkaTrivial {
	f, err := os.Open("testdata/czajka-trivial.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []czajkaTrivial
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "|")
		code := strings.TrimSpace(f[0])
		switch {
		case strings.HasPrefix(code, "."):
			code = "0" + code
		case !strings.Contains(code, "."):
			code += ".0"
		}
		pre, _ := strconv.ParseInt(strings.TrimSpace(f[1]), 10, 64)
		per, _ := strconv.ParseInt(strings.TrimSpace(f[2]), 10, 64)
		var vals []uint32
		for _, c := range strings.TrimSpace(f[3]) {
			if c == '(' || c == ')' {
				continue
			}
			v, err := strconv.ParseUint(string(c), 36, 32)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			vals = append(vals, uint32(v))
		}
		out = append(out, czajkaTrivial{code, pre, per, vals})
	}
	return out
}

// firstMove is the smallest heap with a move under the code, read from its
// digits here: digit k allows taking k from a heap of k (bit 1), from a
// larger heap leaving one (bit 2), or leaving two nonempty heaps (bit 4);
// a first digit 4 splits a heap in two without taking.
func firstMove(code string) int64 {
	d0, rest, _ := strings.Cut(code, ".")
	best := int64(1 << 40)
	if d0 == "4" {
		best = 2
	}
	for i, c := range rest {
		k := int64(i + 1)
		d := c - '0'
		switch {
		case d&1 != 0:
			best = min(best, k)
		case d&2 != 0:
			best = min(best, k+1)
		case d&4 != 0:
			best = min(best, k+2)
		}
	}
	return best
}

// TestTrivialCodesAgainstCzajka: every trivial code of Czajka's table, of
// either prefix, gets its period proved here, with the same length and
// the same values. Czajka shifts a code that cannot take a heap of 1 until
// it can (heap n of the table is heap n + s of the code, s the smallest
// heap with a move less one), so its preperiod is ours less s, or less when
// the heaps shifted away already repeat the period.
func TestTrivialCodesAgainstCzajka(t *testing.T) {
	rows := readCzajka(t)
	if len(rows) != 82 {
		t.Fatalf("%d rows, want 82", len(rows))
	}
	fours := 0
	for _, r := range rows {
		c, err := ParseCode(r.code)
		if err != nil {
			t.Fatalf("%s: %v", r.code, err)
		}
		if strings.HasPrefix(r.code, "4.") {
			fours++
		}
		tab := octal.NewTable(c, octal.Config{Limits: &solve.Limits{}, What: r.code})
		per, err := tab.FindPeriod(context.Background(), 20000)
		if err != nil || per == nil {
			t.Errorf("%s: no period proved (%v); Czajka: %d from %d", r.code, err, r.period, r.prefix)
			continue
		}
		s := firstMove(r.code) - 1
		if per.Len != r.period || per.Pre-s > r.prefix {
			t.Errorf("%s: period %d from %d (shift %d); Czajka: %d from %d", r.code, per.Len, per.Pre, s, r.period, r.prefix)
		}
		if err := tab.Grow(context.Background(), int(s)+len(r.values)); err != nil {
			t.Fatal(err)
		}
		for n, want := range r.values {
			if got := tab.At(n + int(s)); got != want {
				t.Errorf("%s: g(%d) = %d; Czajka: %d", r.code, int64(n)+s, got, want)
				break
			}
		}
	}
	if fours != 14 {
		t.Errorf("%d codes 4.x, want 14", fours)
	}
}

// TestClassesAgainstCzajka: the classes of every code of up to three
// digits, prefixes 0. and 4., from the sweep of octal:3 to 10^4 values,
// have the representatives of Czajka's lookup tables (GameLookup.md, the
// test carries them in testdata/czajka-lookup.txt).
func TestClassesAgainstCzajka(t *testing.T) {
	recs := threeDigits(t)
	rep, _ := Classes(recs)
	f, err := os.Open("testdata/czajka-lookup.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	full := func(c string) string {
		c = strings.TrimSpace(c)
		switch {
		case strings.HasPrefix(c, "."):
			return "0" + c
		case !strings.Contains(c, "."):
			return c + ".0"
		}
		return c
	}
	checked, wrong := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "|")
		row := full(cells[0])
		for j, cell := range cells[1:] {
			code := strings.Replace(row, "x", strconv.Itoa(j+1), 1)
			want := strings.TrimSpace(cell)
			if want == "-" {
				want = code
			} else {
				want = full(want)
			}
			checked++
			if got, ok := rep[code]; !ok || got != want {
				wrong++
				if wrong <= 20 {
					t.Errorf("%s: class of %s, Czajka: %s", code, got, want)
				}
			}
		}
	}
	if checked != 7*146 || wrong > 0 {
		t.Errorf("%d codes checked, %d differ", checked, wrong)
	}
}

// TestClassCounts: the codes of up to three digits, both prefixes, fall
// into 174 classes besides the codes without a move, as Czajka's tables
// count them (82 trivial, 10 solved, 82 unsolved); to 10^4 values the
// periods of 86 are proved here, the other 6 solved ones needing more.
func TestClassCounts(t *testing.T) {
	recs := threeDigits(t)
	_, n := Classes(recs)
	solved := map[string]bool{}
	for _, r := range recs {
		if r.Period != nil && r.Class != "none" {
			solved[r.Class] = true
		}
	}
	if n != 175 || len(solved) != 86 {
		t.Errorf("%d classes (with the codes without a move), %d proved; want 175 and 86", n, len(solved))
	}
}

// TestRareAgainstCzajka: the rare values of codes as Czajka's tables give
// them (SolvedGames.md: the whole sequence; UnsolvedGames.md: to the bound
// named) — the mask, how many heaps are rare, the last of them, the
// largest value and its first heap.
func TestRareAgainstCzajka(t *testing.T) {
	for _, c := range []struct {
		code            string
		n               int // values counted
		mask            uint32
		count, last     int
		largest, largAt int
		short           bool // small enough for -short
	}{
		{"0.45", 600, 0xf, 11, 198, 8, 37, true},
		{"0.156", 4000, 0x1b, 15, 357, 23, 1032, true},
		{"0.356", 7500, 0x1b, 7, 43, 19, 86, true},
		{"0.644", 3700, 0x7e, 31, 511, 64, 333, true},
		{"0.56", 326640 + 144, 0x5b, 46, 1795, 64, 22778, false},
		{"0.16", 105351 + 149459, 0x1e, 53, 13935, 23, 229790, false},
		{"0.04", 1 << 17, 0x7b8, 18860, 131003, 1024, 109363, true},
		{"0.06", 1 << 17, 0x5a0, 52923, 131070, 1045, 127083, true},
		{"0.6", 1 << 21, 0x1ee, 1584, 20627, 319, 1274955, false},
	} {
		if testing.Short() && !c.short {
			continue
		}
		code, err := ParseCode(c.code)
		if err != nil {
			t.Fatal(err)
		}
		tab := octal.NewTable(code, octal.Config{Limits: &solve.Limits{}, What: c.code})
		if err := tab.Grow(context.Background(), c.n-1); err != nil {
			t.Fatal(err)
		}
		r, _ := tab.Rare()
		if r.N != c.n || r.Mask != c.mask || r.Count != c.count || r.Last != c.last || int(r.Max) != c.largest || r.MaxAt != c.largAt {
			t.Errorf("%s to %d values: mask %x, %d rare, the last at %d, largest %d at %d; Czajka: mask %x, %d rare, the last at %d, largest %d at %d",
				c.code, r.N, r.Mask, r.Count, r.Last, r.Max, r.MaxAt, c.mask, c.count, c.last, c.largest, c.largAt)
		}
	}
}

// TestCensusOfThreeDigits: the census of octal:3 counts Czajka's 174
// classes and lists .16 (solved, but not within 10^4 values) among the
// unsolved at the bound, with its rare values.
func TestCensusOfThreeDigits(t *testing.T) {
	var b strings.Builder
	if err := Census(&b, threeDigits(t)); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"| codes | 1024 (",
		"| classes (besides the codes without a move) | 174 |",
		"| solved: a period proved | 86 classes,",
		"| unsolved at the bound | 88 classes,",
		"\n| .16 | 10000 |",
		"\n| 4.344 | 51 | 998 | 35 | 4.344 4.346 4.354 4.356 |",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the census has no %q:\n%s", want, text)
			break
		}
	}
}

// mexValues computes g(0..top) of an octal code by the plain mex, written
// here from the digits' meaning: digit k allows taking k from a heap of k
// (bit 1), from a larger heap leaving one heap (bit 2), or leaving two
// nonempty heaps (bit 4); a first digit 4 splits without taking.
func mexValues(code string, top int) []int {
	d0, rest, _ := strings.Cut(code, ".")
	digits := []int{int(d0[0] - '0')}
	for _, c := range rest {
		digits = append(digits, int(c-'0'))
	}
	g := make([]int, top+1)
	seen := make([]int, 1<<12) // seen[v] == n: value v reached from heap n
	for n := 1; n <= top; n++ {
		mark := func(v int) {
			if v < len(seen) {
				seen[v] = n
			}
		}
		for k, d := range digits {
			if k > n {
				break
			}
			r := n - k
			if d&1 != 0 && r == 0 && k > 0 {
				mark(0)
			}
			if d&2 != 0 && r > 0 && k > 0 {
				mark(g[r])
			}
			if d&4 != 0 {
				for a := 1; 2*a <= r; a++ {
					mark(g[a] ^ g[r-a])
				}
			}
		}
		v := 0
		for seen[v] == n {
			v++
		}
		g[n] = v
	}
	return g
}

// TestPeriodsCheckedByAPlainMex: periods the sweeps report that no
// published table gives — 4.344, unsolved in Czajka's table, and the
// longest of the census of four digits — checked on values computed by
// the plain mex above: the Guy-Smith condition g(n + p) = g(n) for
// e <= n < 2e + p + t (t the most a move takes), and g(e - 1) != g(e - 1 + p).
func TestPeriodsCheckedByAPlainMex(t *testing.T) {
	for _, c := range []struct {
		code      string
		pre, per  int
		take      int
		shortTest bool
	}{
		{"4.344", 998, 51, 3, true},
		{"0.3164", 3098, 636, 4, false},
		{"4.7666", 3150, 1310, 4, false},
		{"0.7005", 2532, 2029, 4, false},
	} {
		if testing.Short() && !c.shortTest {
			continue
		}
		top := 2*c.pre + 2*c.per + c.take
		g := mexValues(c.code, top)
		for n := c.pre; n < 2*c.pre+c.per+c.take; n++ {
			if g[n+c.per] != g[n] {
				t.Fatalf("%s: g(%d) = %d, g(%d) = %d", c.code, n, g[n], n+c.per, g[n+c.per])
			}
		}
		if g[c.pre-1] == g[c.pre-1+c.per] {
			t.Errorf("%s: %d is not an exception", c.code, c.pre-1)
		}
		f, _ := ParseFamily(c.code)
		recs, err := Run(context.Background(), Options{Family: f, Values: 10000}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if p := recs[0].Period; p == nil || p.Length != int64(c.per) || p.Preperiod != int64(c.pre) {
			t.Errorf("%s: %+v, want period %d from %d", c.code, recs[0], c.per, c.pre)
		}
	}
}

// TestWinningWaysErrata: the corrections to Winning Ways' table of octal
// games that Czajka's lookup tables record — .27 belongs with .26, .314
// does not belong with .31 — and .161 and .36, which the table had as one,
// first differ at heap 519.
func TestWinningWaysErrata(t *testing.T) {
	rep, _ := Classes(threeDigits(t))
	if rep["0.27"] != "0.26" || rep["0.314"] == rep["0.31"] {
		t.Errorf(".27 is in the class of %s (want .26); .314 in %s, .31 in %s (want apart)", rep["0.27"], rep["0.314"], rep["0.31"])
	}
	var g [2]*octal.Table
	for i, c := range []string{"0.161", "0.36"} {
		code, _ := ParseCode(c)
		g[i] = octal.NewTable(code, octal.Config{Limits: &solve.Limits{}, What: c})
		if err := g[i].Grow(context.Background(), 600); err != nil {
			t.Fatal(err)
		}
	}
	first := -1
	for n := 0; n <= 600 && first < 0; n++ {
		if g[0].At(n) != g[1].At(n) {
			first = n
		}
	}
	if first != 519 {
		t.Errorf(".161 and .36 first differ at heap %d, want 519", first)
	}
}

// TestFirstMove: the first heap with a move that classes shift by, as
// octal.Code finds it, against firstMove's reading of the digits, for
// every code of octal:3.
func TestFirstMove(t *testing.T) {
	f, _ := ParseFamily("octal:3")
	for _, item := range f.Items {
		c, _ := ParseCode(item)
		want := firstMove(item)
		if want == 1<<40 {
			want = -1
		}
		if got := c.FirstMove(); got != want {
			t.Errorf("%s: first move at %d, want %d", item, got, want)
		}
	}
}
