package eval_test

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
)

// Comprehensions and generators at top level, against the same sets and
// folds computed here.
func TestComprehensions(t *testing.T) {
	t.Parallel() // each owns its session
	squaresOfOdd := []string{}
	for k := 1; k <= 30; k++ {
		if k%2 == 1 {
			squaresOfOdd = append(squaresOfOdd, fmt.Sprint(k*k))
		}
	}
	products := map[int]bool{}
	for a := 1; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			products[a*b] = true
		}
	}
	var prods []int
	for p := range products {
		prods = append(prods, p)
	}
	sort.Ints(prods)
	var prodStr []string
	for _, p := range prods {
		prodStr = append(prodStr, fmt.Sprint(p))
	}
	primes := 0
	for p := 2; p <= 1000; p++ {
		isP := true
		for d := 2; d*d <= p; d++ {
			isP = isP && p%d != 0
		}
		if isP {
			primes++
		}
	}
	cases := []struct{ expr, want string }{
		{"{k^2 for k in 1..30 if odd(k)}", "{" + strings.Join(squaresOfOdd, ", ") + "}"},
		{"{a * b for a in 1..6 for b in a..6}", "{" + strings.Join(prodStr, ", ") + "}"},
		{"{k for k in {5, 3, 5, 1}}", "{1, 3, 5}"},
		{"{k for k in 7}", "{7}"},
		{"{k for k in 1..0}", "{}"},
		{"sum(1 for p in 2..1000 if all(p % d != 0 for d in 2..isqrt(p)))", fmt.Sprint(primes)},
		{"sum(k for k in 1..100)", "5050"},
		// a range walked member by member, across the end of a machine word
		{"sum(k for k in 2^64 - 3..2^64 + 2)", "110680464442257309693"},
		{"{k for k in 2^63 - 2..2^63 + 1}", "{9223372036854775806, 9223372036854775807, 9223372036854775808, 9223372036854775809}"},
		{"sum(k for k in -3..2)", "-3"},
		{"sum(k for k in 1..0)", "0"},
		{"xor(k for k in 1..5)", "1"},
		{"xor(k for k in 1..0)", "0"},
		{"xor(2^70 + k for k in 1..3)", "1180591620717411303424"},
		{"min(k^2 - 10*k for k in 0..20)", "-25"},
		{"max(k mod 7 for k in 1..100)", "6"},
		{"max(2^80 - k for k in 0..3)", "1208925819614629174706176"},
		{"min(k - 2^80 for k in 0..3)", "-1208925819614629174706176"},
		{"let S = {5, 7}; sum(x for x in S); S", "12\n{5, 7}"},
		{"print(3 == 3, 3 == 4, 2^100 == 2^100, -0 == 0, 3 == \"3\", 3 != \"3\", \"a\" == \"a\", {1, 2} == {2, 1})", "true false true true false true true true"},
		{"any(x > 5 for x in {1, 2, 3})", "false"},
		{"all(x > 0 for x in 1..0)", "true"},
		{"any(x > 0 for x in 1..0)", "false"},
		{"all(1 < 2, 2 < 3)", "true"},
		{"any(1 > 2, 2 > 3)", "false"},
		{"sum(2^100 for k in 1..4)", "5070602400912917605986812821504"},
		{"let k = 3\nprint({k for k in 1..2}, k)", "{1, 2} 3"}, // the variable is the comprehension's own
	}
	for _, c := range cases {
		if got := scripttest.Out(t, c.expr); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
	bad := []struct{ src, want string }{
		{"min(k for k in 1..0)", "min of nothing"},
		{"all(k for k in 1..3)", "expected a truth value"},
		{"{k for k in 1..}", "an unbounded range"},
		{"{k for k in 1..10^7}", "more than 1048576"},
		{"gcd(k for k in 1..3)", "goes only in all(), any(), sum(), xor(), min() or max()"},
		{"{j for j in 1..3 for j in 1..2}", "j is already a name here"},
		{"{k for k in 1..j for j in 1..3}", "unknown name j"},
	}
	for _, b := range bad {
		scripttest.WantError(t, b.src, b.want)
	}
}

// Inside rules: a set comprehension that does not depend on the position is
// folded and recognised as a code; one that does runs per position; a
// generator in a guard. Each is checked against the same game written
// without them.
func TestComprehensionsInRules(t *testing.T) {
	t.Parallel() // each owns its session
	same := []struct{ a, b string }{
		{"game A { take {k^2 for k in 1..12} }", "game B { take {1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144} }"},
		{"game A { take {p for p in 2..n if isprime(p)} }", "game B { move (n - p) for p in 2..n if isprime(p) }"},
		{"game A { move (n - p) for p in 2..n if all(p % d != 0 for d in 2..p-1) }", "game B { move (n - p) for p in 2..n if isprime(p) }"},
		{"game A { move (n - k) for k in 1..n if any(k == 2^j for j in 0..8) }", "game B { take {1, 2, 4, 8, 16, 32, 64, 128, 256} }"},
		{"game A state (a, b) { move (a - k, b) for k in 1..a if sum(d for d in 1..k if k % d == 0) == k + 1 }", "game B state (a, b) { move (a - k, b) for k in 1..a if isprime(k) }"},
		{"game A { take 1..2\n loses if n >= 2 and max(d for d in 1..n if n % d == 0 and d < n) == 1 }", "game B { take 1..2\n loses if isprime(n) }"},
		// xor(1..k) is k, 1, k + 1, 0 as k is 0, 1, 2, 3 mod 4
		{"game A { move (n - k) for k in 1..n if xor(j for j in 1..k) != 0 }", "game B { move (n - k) for k in 1..n if k % 4 != 3 }"},
	}
	for _, s := range same {
		q := "grundy(A, 0..150) == grundy(B, 0..150)"
		if strings.Contains(s.a, "loses") { // decided heaps have no value
			q = "all(grundy(A(k)) == grundy(B(k)) for k in 0..150 if not isprime(k))"
		}
		if strings.Contains(s.a, "state") {
			q = "all(grundy(A(a, 3)) == grundy(B(a, 3)) for a in 0..60)"
		}
		sameGames(t, s.a, s.b, q)
	}
	if got := scripttest.Out(t, "game A { take {k^2 for k in 1..12} }\nsolver(A)"); !strings.Contains(got, "take-and-break code") {
		t.Errorf("a constant comprehension was not folded into a code: %s", got)
	}
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	err := in.Exec(context.Background(), "<test>", "game A { take {k for k in 1.. if k < n} }\ngrundy(A(5))")
	if err == nil || !strings.Contains(in.Render(err), "a comprehension runs over a bounded range") {
		t.Errorf("an unbounded comprehension in a rule: %v", err)
	}
	// Folded when the game is declared, a comprehension may take 2^24 steps.
	err = in.Exec(context.Background(), "<test>", "game C { take {k for k in 1..10^9 if k < 3} }")
	if err == nil || !strings.Contains(in.Render(err), "<test>:1:15: this comprehension takes more than 16777216 steps") {
		t.Errorf("a folded comprehension of 10^9 steps: %v", err)
	}
}

// A generator over a huge range stops when the context is cancelled.
func TestGeneratorInterrupted(t *testing.T) {
	t.Parallel() // each owns its session
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	err := in.Exec(ctx, "<test>", "all(k >= 0 for k in 1..10^15 for j in 1..0)")
	if err == nil || !strings.Contains(in.Render(err), "interrupted") {
		t.Errorf("a cancelled generator: %v", err)
	}
}
