package eval_test

import (
	"fmt"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// Functions defined by let: values, recursion, use inside rules (inlined),
// and their errors.
func TestUserFunctions(t *testing.T) {
	t.Parallel() // each owns its session
	// Collatz step counts, computed here.
	steps := func(n int) int {
		s := 0
		for ; n != 1; s++ {
			if n%2 == 0 {
				n /= 2
			} else {
				n = 3*n + 1
			}
		}
		return s
	}
	cases := []struct{ src, want string }{
		{"let sq(x) = x * x\nsq(12)", "144"},
		{"let sq(x) = x * x\nsq(2^70)", "1393796574908163946345982392040522594123776"},
		{"let add(a, b) = a + b\nlet twice(x) = add(x, x)\ntwice(21)", "42"},
		{"let c(n) = if n == 1 then 0 else 1 + c(if n % 2 == 0 then n / 2 else 3 * n + 1)\nprint(c(27), c(97))", fmt.Sprint(steps(27), " ", steps(97))},
		{"let fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\nfib(20)", "6765"},
		{"let k = 10\nlet f(x) = x + k\nf(1)", "11"}, // a global seen from the body
		{"let f(x) = x\nlet x = 5\nf(2)", "2"},       // the parameter, not the global
		{"let f(x, y) = x\nf", "f(x, y)"},
		{"let p(n) = n >= 2 and all(n % d != 0 for d in 2..isqrt(n))\n{n for n in 1..30 if p(n)}", "{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}"},
	}
	for _, c := range cases {
		if got := scripttest.Out(t, c.src); got != c.want {
			t.Errorf("%s\n= %s, want %s", c.src, got, c.want)
		}
	}
	// In rules, a function is inlined: the game with it and the game with
	// its body written out have the same values.
	same := []struct{ a, b string }{
		{"let sq(x) = x * x\ngame A { take {sq(k) for k in 1..15} }", "game B { take {k * k for k in 1..15} }"},
		{"let p(n) = n >= 2 and all(n % d != 0 for d in 2..isqrt(n))\ngame A { move (n - q) for q in 1..n if p(q) }", "game B { move (n - q) for q in 1..n if isprime(q) }"},
		{"let half(x) = x / 2\nlet mv(x) = if odd(x) then x - 1 else half(x)\ngame A { move (mv(n)) if n > 0 }", "game B { move (if odd(n) then n - 1 else n / 2) if n > 0 }"},
		{"let m = 3\nlet bounded(k, n) = k <= m and k <= n\ngame A { move (n - k) for k in 1..n if bounded(k, n) }", "game B { take 1..3 }"},
	}
	for _, s := range same {
		sameGames(t, s.a, s.b, "grundy(A, 0..120) == grundy(B, 0..120)")
	}
	bad := []struct{ src, want string }{
		{"let f(x) = x\nf(1, 2)", "f takes 1 argument, got 2"},
		{"let f(x) = y", "unknown name y"},
		{"let gcd(a, b) = a", "gcd is a builtin function and cannot be redefined"},
		{"let f(x, x) = x", "x"},
		{"let f(n) = f(n + 1)\nf(0)", "nest more than 10000 deep"},
		{"let f(n) = if n == 0 then 0 else f(n - 1)\ngame G { move (n - 1) if n > 0 and f(n) == 0 }\ngrundy(G(3))", "f calls itself: a recursive function cannot be used in a rule"},
		{"let f(x) = \"s\"\ngame G { take f(1) }\ngrundy(G(3))", "a string"},
	}
	for _, b := range bad {
		scripttest.WantError(t, b.src, b.want)
	}
}

// Move rules and take rules reach the same options when a 'loses if' rule
// decides some heaps: a move to a decided heap, or to nothing when nothing
// is decided, is never made. (Move rules list their heaps in their own
// loop; take rules go through the code's leavings.)
func TestMoveRulesAgreeWithTakesUnderLosesIf(t *testing.T) {
	t.Parallel() // each owns its session
	cases := []struct{ a, b, q string }{
		{"game A { move (n - k) for k in 1..3 if k <= n\n loses if n % 5 == 2 }", "game B { take 1..3\n loses if n % 5 == 2 }", "all(grundy(A(k)) == grundy(B(k)) for k in 0..100 if k % 5 != 2)"},
		{"game A { move (a, n - 1 - a) for a in 0..(n-1)/2 if n >= 1\n loses if n == 4 }", "game B { take 1 split\n loses if n == 4 }", "all(grundy(A(k)) == grundy(B(k)) for k in 0..60 if k != 4)"},
		{"game A { move (j for j in {n - 1}) if n >= 1\n loses if n == 0 }", "game B { take 1\n loses if n == 0 }", "all(outcome(A(k)) == outcome(B(k)) for k in 1..30)"},
	}
	for _, c := range cases {
		sameGames(t, c.a, c.b, c.q)
	}
}
