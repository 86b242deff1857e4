package eval_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// The bit operators at top level agree with math/big on random numbers of
// both signs, small and past 64 bits; inside rules (int64) they agree with
// Go's operators, through a game whose move exists where the expression is
// 1.
func TestBitOperators(t *testing.T) {
	t.Parallel() // each owns its session
	rng := rand.New(rand.NewPCG(5, 6))
	var exprs, want []string
	for range 300 {
		a, b := randBig(rng), randBig(rng)
		if rng.IntN(2) == 0 {
			a.Neg(a)
		}
		s := uint(rng.IntN(80))
		exprs = append(exprs, fmt.Sprintf("print(%s xor %s, (%s) & %s, (%s) | %s, (%s) << %d, (%s) >> %d)", a, b, a, b, a, b, a, s, a, s))
		want = append(want, fmt.Sprintf("%s %s %s %s %s", new(big.Int).Xor(a, b), new(big.Int).And(a, b), new(big.Int).Or(a, b), new(big.Int).Lsh(a, s), new(big.Int).Rsh(a, s)))
	}
	got := strings.Split(scripttest.Out(t, strings.Join(exprs, "\n")), "\n")
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s:\n got %s\nwant %s", exprs[i], got[i], want[i])
		}
	}
	// Inside a rule: 'move (n - 1) if n > 0 and E' gives g(n) = 1 exactly
	// where E holds and g(n-1) = 0.
	rules := []struct {
		expr string
		f    func(n int64) bool
	}{
		{"(n xor 5) & 3 == 1", func(n int64) bool { return (n^5)&3 == 1 }},
		{"(n | 6) >> 2 == 3", func(n int64) bool { return (n|6)>>2 == 3 }},
		{"1 << (n mod 62) > 1000", func(n int64) bool { return int64(1)<<(n%62) > 1000 }},
		// products inside ±2^31 go the short way; these do not, and fit
		{"(n mod 2 + 3037000499) * 3037000499 == 9223372030926249001 + n mod 2 * 3037000499", func(n int64) bool { return true }},
		{"-(n + 2147483648) * (n + 2147483648) < 0", func(n int64) bool { return true }},
		{"(n mod 1 - 2147483648) * 4294967296 == -9223372036854775807 - 1", func(n int64) bool { return true }},
		{"(if odd(n) then 3 * n + 1 else n / 2) mod 4 == 2", func(n int64) bool {
			v := n / 2
			if n%2 == 1 {
				v = 3*n + 1
			}
			return v%4 == 2
		}},
	}
	for _, r := range rules {
		checkGuard(t, r.expr, r.f, 200)
	}
	for _, b := range []struct{ src, want string }{
		{"1 << 2^40", "is too large"},
		{"1 << -1", "a negative shift"},
		{"game G { move (n - 1) if n > 0 and (1 << 63) > 0 }\ngrundy(G(3))", "integer overflow in 1 << 63"},
		{"game G { move (n - 1) if n > 0 and (n << 62) > 0 }\ngrundy(G(3))", "integer overflow in 2 << 62"},
		{"game G { move (n - 1) if n > 0 and n * 4611686018427387904 > 0 }\ngrundy(G(3))", "integer overflow in 2 * 4611686018427387904"},
		{"game G { move (n - 1) if n > 0 and (n + 3037000498) * (n + 3037000498) > 0 }\ngrundy(G(3))", "integer overflow in 3037000500 * 3037000500"},
		{"game G { move (n - 1) if n > 0 and (n - 2147483651) * 4294967296 < 0 }\ngrundy(G(1))", "integer overflow in -2147483650 * 4294967296"},
		{"if 3 then 1 else 2", "expected a truth value"},
	} {
		scripttest.WantError(t, b.src, b.want)
	}
}

// randBig is a random number of up to 128 bits.
func randBig(rng *rand.Rand) *big.Int {
	x := new(big.Int).SetUint64(rng.Uint64())
	x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	return x.Rsh(x, uint(rng.IntN(128)))
}

// Outcomes compare with P, N and D; true and false are values; a name the
// script defines shadows them.
func TestOutcomeAndTruthConstants(t *testing.T) {
	t.Parallel() // each owns its session
	cases := []struct{ src, want string }{
		{"outcome(Nim(0)) == P", "true"},
		{"outcome(Nim(2) + Nim(3)) == N", "true"},
		{"{n for n in 0..30 if outcome(DawsonKayles(n)) == P}", "{0, 1, 5, 9, 15, 21, 25, 29}"}, // the zeros of A002187 below 31
		{"game L state (a) { move (1 - a) if a <= 1 }\noutcome(L(1), loopy) == D", "true"},
		{"true and not false", "true"},
		{"let P = 7\nP + 1", "8"},
		{"game G { take 1..2\n loses if false }\ngrundy(G(4))", "1"},
	}
	for _, c := range cases {
		if got := scripttest.Out(t, c.src); got != c.want {
			t.Errorf("%s = %s, want %s", c.src, got, c.want)
		}
	}
}
