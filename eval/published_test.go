package eval_test

// Published values: OEIS sequences, contest samples and the theory of Wythoff's
// game and Fibonacci Nim. None of the expected values here comes from gamelang.

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/lib/normalplay"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
)

// A002186, Sprague-Grundy values of Kayles (octal .77), n = 0..104, from OEIS.
var a002186 = ints(`0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,4,2,7,4,1,2,8,1,4,7,2,1,8,6,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1`)

// A002187, Sprague-Grundy values of Dawson's Chess (octal .137), n = 0..131,
// from OEIS. Dawson's Kayles (octal .07) has values a(n-1).
var a002187 = ints(`0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,2,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,8,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,9,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,8,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,9,3,3,0,1,1,3,0,2,1,1,0,4`)

func ints(s string) []int64 {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		v, _ := new(big.Int).SetString(strings.TrimSpace(f), 10)
		out = append(out, v.Int64())
	}
	return out
}

func seq(t testing.TB, in *eval.Interp, expr string) []int64 {
	t.Helper()
	v := scripttest.MustEval(t, in, expr)
	if ix, ok := v.(eval.Indexed); ok {
		v = ix.Vals
	}
	s, ok := v.(eval.Seq)
	if !ok {
		t.Fatalf("%s is not a sequence", expr)
	}
	out := make([]int64, len(s))
	for i, x := range s {
		out[i] = x.Int64()
	}
	return out
}

func TestOEISSequences(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	shifted := append([]int64{0}, a002187[:len(a002187)-1]...) // .07 has a(n-1)
	cases := []struct {
		expr string
		want []int64
	}{
		{"grundy(Kayles, 0..104)", a002186},
		{"grundy(KaylesCode, 0..104)", a002186},
		{"grundy(DawsonsChess, 0..131)", a002187},
		{"grundy(Chess137, 0..131)", a002187},
		{"grundy(DawsonKayles, 0..131)", shifted},
		{"grundy(DawsonKaylesCode, 0..131)", shifted},
	}
	for _, c := range cases {
		got := seq(t, in, c.expr)
		if len(got) != len(c.want) {
			t.Fatalf("%s: %d values, want %d", c.expr, len(got), len(c.want))
		}
		for n := range got {
			if got[n] != c.want[n] {
				t.Errorf("%s: g(%d) = %d, OEIS says %d", c.expr, n, got[n], c.want[n])
				break
			}
		}
	}
}

// grundyOf asks the session's solver for the value of a position directly.
func grundyOf(t testing.TB, in *eval.Interp, r game.Ruleset, xs ...int64) int64 {
	t.Helper()
	g, err := normalplay.SolverOf(in).Grundy(context.Background(), scripttest.At(t, r, xs...))
	if err != nil {
		t.Fatal(err)
	}
	return g.Int64()
}

// isqrt is the integer square root, so that Wythoff's pairs are exact.
func isqrt(n int64) int64 { return new(big.Int).Sqrt(big.NewInt(n)).Int64() }

func TestWythoffPPositionsAreBeattySequences(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	const limit = 200
	p := map[[2]int64]bool{}
	for k := int64(0); ; k++ {
		a := (k + isqrt(5*k*k)) / 2 // floor(k * phi), the lower Wythoff sequence
		if a > limit {
			break
		}
		p[[2]int64{a, a + k}] = true // upper: floor(k * phi^2) = a + k
		p[[2]int64{a + k, a}] = true
	}
	w := scripttest.Ruleset(t, in, "Wythoff")
	for a := int64(0); a <= limit; a++ {
		for b := int64(0); b <= limit; b++ {
			g := grundyOf(t, in, w, a, b)
			if (g == 0) != p[[2]int64{a, b}] {
				t.Fatalf("Wythoff(%d, %d) has value %d; theory says P: %v", a, b, g, p[[2]int64{a, b}])
			}
		}
	}
}

func itoa(v int64) string { return big.NewInt(v).String() }

func TestFibonacciNimLosesExactlyOnFibonacciNumbers(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	fib := map[int64]bool{}
	for a, b := int64(1), int64(2); a <= 200; a, b = b, a+b {
		fib[a] = true
	}
	f := scripttest.Ruleset(t, in, "FibonacciNim")
	for n := int64(2); n <= 200; n++ {
		if g := grundyOf(t, in, f, n, n-1); (g == 0) != fib[n] {
			t.Errorf("FibonacciNim(%d, %d) has value %d; n is Fibonacci: %v", n, n-1, g, fib[n])
		}
	}
}

func TestContestSamples(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	cases := []struct{ expr, want string }{
		// POJ 1067: input 2 1 / 8 4 / 4 7, output 0 1 0.
		{"outcome(Wythoff(2, 1))", "P"},
		{"outcome(Wythoff(8, 4))", "N"},
		{"outcome(Wythoff(4, 7))", "P"},
		// POJ 1143: winning moves 2 / none / 4 5 6.
		{"winning(NumberGame{2, 5})", "pick 2"},
		{"winning(NumberGame{2, 3})", "none"},
		{"winning(NumberGame{2, 3, 4, 5, 6})", "pick 4, pick 5, pick 6"},
		// HDU 1536: LWW for S = {2, 5}, WWL for S = {1, 2, 3, 4, 5}.
		{"outcome(SNim({2, 5})(5) + SNim({2, 5})(12))", "P"},
		{"outcome(SNim({2, 5})(2) + SNim({2, 5})(4) + SNim({2, 5})(7))", "N"},
		{"outcome(SNim({2, 5})(2) + SNim({2, 5})(3) + SNim({2, 5})(7) + SNim({2, 5})(12))", "N"},
		{"outcome(SNim({1, 2, 3, 4, 5})(5) + SNim({1, 2, 3, 4, 5})(12))", "N"},
		{"outcome(SNim({1, 2, 3, 4, 5})(2) + SNim({1, 2, 3, 4, 5})(4) + SNim({1, 2, 3, 4, 5})(7))", "N"},
		{"outcome(SNim({1, 2, 3, 4, 5})(2) + SNim({1, 2, 3, 4, 5})(3) + SNim({1, 2, 3, 4, 5})(7) + SNim({1, 2, 3, 4, 5})(12))", "P"},
		// TopCoder ThueMorseGame, example 1: n = 3, m = 1 returns "Bob".
		{"outcome(ThueMorse(1)(3))", "P"},
		// Seed 001: the f values of game C for 0..7.
		{"grundy(DawsonKayles, 0..7)", "0 0 1 1 2 0 3 1"},
	}
	for _, c := range cases {
		if got := scripttest.MustEval(t, in, c.expr).String(); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
}

func TestBoundedNimIsNModMPlusOne(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	for m := int64(1); m <= 7; m++ {
		got := seq(t, in, "grundy(Bounded("+itoa(m)+"), 0..200)")
		for n, g := range got {
			if g != int64(n)%(m+1) {
				t.Fatalf("Bounded(%d): g(%d) = %d, want %d", m, n, g, int64(n)%(m+1))
			}
		}
	}
}

// TestSolverSaysRareValues checks what solver() says of Grundy's game's rare
// values against Czajka's table (tczajka/octal-games: mask fe, 1274 rare
// values below 2^21, the last at 82860) and against the definition: the
// count is the heaps whose value has an even number of ones under the mask.
func TestSolverSaysRareValues(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	scripttest.MustEval(t, in, "grundy(GrundysGame(100000))")
	got := scripttest.MustEval(t, in, "solver(GrundysGame)").String()
	if !strings.Contains(got, "rare values (popcount(v & 254) even): 1274 of the heaps 0..100000, the last n = 82860") {
		t.Errorf("solver(GrundysGame) = %s", got)
	}
	vals := seq(t, in, "grundy(GrundysGame, 0..100000)")
	rare := 0
	for _, v := range vals {
		if ones := strings.Count(big.NewInt(v&254).Text(2), "1"); ones%2 == 0 {
			rare++
		}
	}
	if rare != 1274 {
		t.Errorf("%d heaps have a rare value under 254, want 1274", rare)
	}
}
