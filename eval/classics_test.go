package eval_test

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/lib/normalplay"

	"github.com/gamelang/gamelang/eval"
	playnormal "github.com/gamelang/gamelang/play/normal"
)

// The classics of examples/classics.game against theory computed here:
// Mock Turtles' values are the odious numbers (OEIS A000069), Turning
// Turtles' are n, Lasker's Nim follows g(4k+1) = 4k+1, g(4k+2) = 4k+2,
// g(4k+3) = 4k+4, g(4k+4) = 4k+3, and Kiki's P-positions come from a plain
// win/loss search.
func TestClassics(t *testing.T) {
	t.Parallel() // each owns its session
	var odious, lasker []string
	for k := uint(0); len(odious) < 80; k++ {
		if bits.OnesCount(k)%2 == 1 {
			odious = append(odious, fmt.Sprint(k))
		}
	}
	for n := 0; n <= 200; n++ {
		g := n
		switch {
		case n > 0 && n%4 == 3:
			g = n + 1
		case n > 0 && n%4 == 0:
			g = n - 1
		}
		lasker = append(lasker, fmt.Sprint(g))
	}
	src := `game MockTurtles {
    take max(n, 1)
    move (a) for a in 1..n-1
    move (a, b) for a in 1..n-1 for b in a+1..n-1
}
game TurningTurtles {
    take max(n, 1)
    move (a) for a in 1..n-1
}
game Lasker { take 1..; take 0 leaving 2 }
grundy(MockTurtles, 1..80)
grundy(Lasker, 0..200)
all(grundy(TurningTurtles(n)) == n for n in 0..100)`
	got := strings.Split(scripttest.Out(t, src), "\n")
	if got[0] != strings.Join(odious, " ") {
		t.Errorf("Mock Turtles:\n got %s\nwant %s (A000069)", got[0], strings.Join(odious, " "))
	}
	if got[1] != strings.Join(lasker, " ") {
		t.Errorf("Lasker's Nim:\n got %s\nwant %s", got[1], strings.Join(lasker, " "))
	}
	if got[2] != "true" {
		t.Error("Turning Turtles is not Nim")
	}
	// Kiki: win/loss by search over the board.
	const size = 25
	var win [size + 1][size + 1]bool
	var p []string
	for x := 1; x <= size; x++ {
		for y := 1; y <= size; y++ {
			win[x][y] = x > 1 && !win[x-1][y] || y > 1 && !win[x][y-1] || x > 1 && y > 1 && !win[x-1][y-1]
			if !win[x][y] {
				p = append(p, fmt.Sprint(1000*x+y))
			}
		}
	}
	kiki := scripttest.Out(t, fmt.Sprintf(`game Kiki state (x, y) {
    move (x - 1, y) if x > 1
    move (x, y - 1) if y > 1
    move (x - 1, y - 1) if x > 1 and y > 1
}
{1000 * a + b for a in 1..%d for b in 1..%d if outcome(Kiki(a, b)) == P}`, size, size))
	if kiki != "{"+strings.Join(p, ", ")+"}" {
		t.Errorf("Kiki's P-positions:\n got %s\nwant {%s}", kiki, strings.Join(p, ", "))
	}
}

// Staircase Nim and Moore's Nim_2 on three heaps: the P-positions by a
// win/loss search written here, which agree with the theorems (the odd
// steps' nim sum is 0; every bit is set in 0 or 3 heaps).
func TestStaircaseAndMoore(t *testing.T) {
	t.Parallel() // each owns its session
	const m = 5
	type pos struct{ a, b, c int }
	// lost returns the search: whether the player to move from p loses.
	lost := func(moves func(p pos) []pos) func(pos) bool {
		memo := map[pos]bool{}
		var lose func(p pos) bool
		lose = func(p pos) bool {
			if l, ok := memo[p]; ok {
				return l
			}
			l := true
			for _, q := range moves(p) {
				if lose(q) {
					l = false
					break
				}
			}
			memo[p] = l
			return l
		}
		return lose
	}
	stair := lost(func(p pos) []pos {
		var out []pos
		for k := 1; k <= p.a; k++ {
			out = append(out, pos{p.a - k, p.b, p.c})
		}
		for k := 1; k <= p.b; k++ {
			out = append(out, pos{p.a + k, p.b - k, p.c})
		}
		for k := 1; k <= p.c; k++ {
			out = append(out, pos{p.a, p.b + k, p.c - k})
		}
		return out
	})
	moore := lost(func(p pos) []pos {
		var out []pos
		two := func(x, y int, make func(i, j int) pos) {
			for i := 0; i <= x; i++ {
				for j := 0; j <= y; j++ {
					if i+j > 0 {
						out = append(out, make(i, j))
					}
				}
			}
		}
		two(p.a, p.b, func(i, j int) pos { return pos{p.a - i, p.b - j, p.c} })
		two(p.a, p.c, func(i, j int) pos { return pos{p.a - i, p.b, p.c - j} })
		two(p.b, p.c, func(i, j int) pos { return pos{p.a, p.b - i, p.c - j} })
		return out
	})
	var wantS, wantM []string
	for a := 0; a <= m; a++ {
		for b := 0; b <= m; b++ {
			for c := 0; c <= m; c++ {
				p := pos{a, b, c}
				if stair(p) {
					wantS = append(wantS, fmt.Sprint(100*a+10*b+c))
					if a^c != 0 {
						t.Errorf("the search says Staircase%v is P, but a xor c = %d", p, a^c)
					}
				}
				if moore(p) {
					wantM = append(wantM, fmt.Sprint(100*a+10*b+c))
					for bit := 1; bit <= 4; bit <<= 1 {
						if n := boolInt(a&bit != 0) + boolInt(b&bit != 0) + boolInt(c&bit != 0); n%3 != 0 {
							t.Errorf("the search says Moore2%v is P, but bit %d is set in %d heaps", p, bit, n)
						}
					}
				}
			}
		}
	}
	src := fmt.Sprintf(`game Staircase state (a, b, c) {
    move (a - k, b, c) for k in 1..a
    move (a + k, b - k, c) for k in 1..b
    move (a, b + k, c - k) for k in 1..c
}
game Moore2 state (a, b, c) {
    move (a - i, b - j, c) for i in 0..a for j in 0..b if i + j > 0
    move (a - i, b, c - j) for i in 0..a for j in 0..c if i + j > 0
    move (a, b - i, c - j) for i in 0..b for j in 0..c if i + j > 0
}
{100 * a + 10 * b + c for a in 0..%d for b in 0..%d for c in 0..%d if outcome(Staircase(a, b, c)) == P}
{100 * a + 10 * b + c for a in 0..%d for b in 0..%d for c in 0..%d if outcome(Moore2(a, b, c)) == P}`, m, m, m, m, m, m)
	got := strings.Split(scripttest.Out(t, src), "\n")
	set := func(xs []string) string { return "{" + strings.Join(xs, ", ") + "}" }
	if got[0] != set(wantS) {
		t.Errorf("Staircase Nim P-positions:\n got %s\nwant %s", got[0], set(wantS))
	}
	if got[1] != set(wantM) {
		t.Errorf("Moore's Nim_2 P-positions:\n got %s\nwant %s", got[1], set(wantM))
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The Ruler game (Winning Ways ch. 14): turn any run of coins whose
// rightmost goes from heads to tails. As a heap game a move leaves the run's
// other coins, a generator of heaps. Its values are the largest power of 2
// dividing n (OEIS A006519), computed here.
func TestRulerGame(t *testing.T) {
	t.Parallel() // each owns its session
	var want []string
	for n := 1; n <= 100; n++ {
		want = append(want, fmt.Sprint(n&-n))
	}
	got := scripttest.Out(t, "game Ruler { move (j for j in n-k+1..n-1) for k in 1..n }\ngrundy(Ruler, 1..100)")
	if got != strings.Join(want, " ") {
		t.Errorf("Ruler:\n got %s\nwant %s", got, strings.Join(want, " "))
	}
	scripttest.WantError(t, "game T state (a, b) { move (j for j in 1..a) }", "a move of T gives the 2 numbers of a position (a, b), not a generator")
	scripttest.WantError(t, "game R { move (j for j in 0..n) }\ngrundy(R(3))", "every heap a move leaves must be smaller")
}

// A code written twice in one statement is one ruleset, whose table is
// grown once: both mentions see the same solver and the same values.
func TestCodeWrittenTwiceIsOneTable(t *testing.T) {
	t.Parallel() // each owns its session
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	a := scripttest.MustEval(t, in, `octal("4.007")`).(eval.RulesetVal).R
	b := scripttest.MustEval(t, in, `octal("4.007")`).(eval.RulesetVal).R
	if a != b {
		t.Fatal("octal(\"4.007\") written twice makes two rulesets")
	}
	if normalplay.SolverOf(in).Values(a) != normalplay.SolverOf(in).Values(b) {
		t.Fatal("two solvers for one code")
	}
	if got := scripttest.MustEval(t, in, `grundy(octal("4.007")(3000)) xor grundy(octal("4.007")(3001))`).String(); got == "" {
		t.Fatal("no value")
	}
	if n := normalplay.SolverOf(in).Values(a).(playnormal.Periodic).Table().Len(); n != 3002 {
		t.Errorf("the table holds %d values after heaps 3000 and 3001 of one statement", n)
	}
}

// outcome and winning on a user-written state game search only as far as
// who wins needs (solve.Memo.Win): Fibonacci Nim's first player loses
// exactly on the Fibonacci numbers (Whinihan), its winning moves take the
// smallest Zeckendorf term (or a sum of the smallest terms the cap allows),
// and the outcomes agree with Grundy values asked afterwards, in the same
// session, of the same memo.
func TestOutcomeSearchFibonacciNim(t *testing.T) {
	t.Parallel() // each owns its session
	fib := map[int]bool{}
	for a, b := 1, 2; a <= 400; a, b = b, a+b {
		fib[a] = true
	}
	var want []string // the P-positions
	for n := 2; n <= 400; n++ {
		if fib[n] {
			want = append(want, fmt.Sprint(n))
		}
	}
	src := `game F state (n, cap) { move (n - k, min(2 * k, n - k)) for k in 1..min(n, cap) }
print([n for n in 2..400 if outcome(F(n, n - 1)) == P])
winning(F(400, 399))
all((outcome(F(n, n - 1)) == P) == (grundy(F(n, n - 1)) == 0) for n in 2..400)`
	got := strings.Split(scripttest.Out(t, src), "\n")
	if len(got) != 3 {
		t.Fatalf("got %q", got)
	}
	if strings.ReplaceAll(strings.Trim(got[0], "[]"), ",", "") != strings.Join(want, " ") {
		t.Errorf("P-positions:\n got %s\nwant %s", got[0], strings.Join(want, " "))
	}
	// 400 = 377 + 21 + 2: take 2, or 2 + 21 (the opponent then faces 377,
	// whose one term is more than the cap)
	if got[1] != "F(400, 399) -> F(398, 4), F(400, 399) -> F(377, 46)" {
		t.Errorf("winning moves: %s", got[1])
	}
	if got[2] != "true" {
		t.Errorf("outcomes and Grundy values disagree: %s", got[2])
	}
}
