package eval_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// checkGuard checks a truth-valued rule expression inside a rule (int64)
// against f, computed in the test: the game 'move (n - 1) if n >= 1 and
// (expr)' has g(n) = 1 exactly when f(n) holds and g(n-1) = 0.
func checkGuard(t *testing.T, expr string, f func(n int64) bool, upto int64) {
	t.Helper()
	var want []string
	prev := int64(0)
	for n := int64(0); n <= upto; n++ {
		g := int64(0)
		if n >= 1 && f(n) && prev == 0 {
			g = 1
		}
		want, prev = append(want, fmt.Sprint(g)), g
	}
	src := fmt.Sprintf("game G { move (n - 1) if n >= 1 and (%s) }\ngrundy(G, 0..%d)", expr, upto)
	if got := scripttest.Out(t, src); got != strings.Join(want, " ") {
		t.Errorf("%s in a rule:\n got %s\nwant %s", expr, got, strings.Join(want, " "))
	}
}

// sameGames checks that the query q, comparing games A and B defined by a
// and b, is true.
func sameGames(t *testing.T, a, b, q string) {
	t.Helper()
	if got := scripttest.Out(t, a+"\n"+b+"\n"+q); got != "true" {
		t.Errorf("%s\n%s\ndiffer: %s", a, b, got)
	}
}

// The number-theory builtins, at top level (big integers) and inside rules
// (int64), agree with each other and with math/big, on both sides of 2^63.
func TestNumberTheoryBuiltins(t *testing.T) {
	t.Parallel() // each owns its session
	cases := []struct{ expr, want string }{
		{"gcd(12, 18, -30)", "6"},
		{"gcd(0, 0)", "0"},
		{"gcd(2^100, 6^50)", new(big.Int).Lsh(big.NewInt(1), 50).String()},
		{"isqrt(0)", "0"},
		{"isqrt(10^40 - 1)", "99999999999999999999"},
		{"isprime(2^61 - 1)", "true"},
		{"isprime(2^89 - 1)", "true"},    // a Mersenne prime beyond 64 bits
		{"isprime(2^67 - 1)", "false"},   // 193707721 * 761838257287
		{"isprime(3215031751)", "false"}, // a strong pseudoprime to 2, 3, 5 and 7
		{"isprime(1)", "false"},
		{"isprime(-7)", "false"},
		{"factorial(0)", "1"},
		{"factorial(25)", "15511210043330985984000000"},
	}
	for _, c := range cases {
		if got := scripttest.Out(t, c.expr); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
	// Inside a rule (int64): the game 'move (n - 1) if f' has g(n) = 1
	// exactly when f(n) holds and g(n-1) = 0; the expected values come from
	// f computed here with math/big.
	nimBy3 := nimTable(300, 3) // n ⊗ 3 by the mex definition
	preds := []struct {
		rule string
		f    func(n int64) bool
	}{
		{"isprime(n)", func(n int64) bool { return big.NewInt(n).ProbablyPrime(0) }},
		{"isqrt(n) * isqrt(n) == n", func(n int64) bool { r := new(big.Int).Sqrt(big.NewInt(n)); return r.Mul(r, r).Int64() == n }},
		{"gcd(n, 12) == 1", func(n int64) bool { return new(big.Int).GCD(nil, nil, big.NewInt(n), big.NewInt(12)).Int64() == 1 }},
		{"nimmul(n, 3) mod 3 == 1", func(n int64) bool { return nimBy3[n]%3 == 1 }},
		{"factorial(n mod 10) mod 7 == 1", func(n int64) bool {
			return new(big.Int).Mod(new(big.Int).MulRange(1, n%10), big.NewInt(7)).Int64() == 1
		}},
	}
	for _, p := range preds {
		checkGuard(t, p.rule, p.f, 300)
	}
	for _, bad := range []struct{ src, want string }{
		{"factorial(-1)", "factorial needs a number from 0 to 100000"},
		{"factorial(100001)", "factorial needs a number from 0 to 100000"},
		{"isqrt(-4)", "isqrt needs a number >= 0"},
		{"game G { move (n - 1) if n > 0 and factorial(n) > 0 }\ngrundy(G(30))", "factorial(21) is too large for a rule"},
		// the nim product of numbers below 2^63 may pass 63 bits: a rule
		// says so rather than seeing a negative number
		{"game G { move (n - 1) if n > 0 and nimmul(9223372036854775807, 503278143614498464) < 0 }\ngrundy(G(1))", "integer overflow in nimmul: 17163279549659288928"},
	} {
		scripttest.WantError(t, bad.src, bad.want)
	}
}

// Subtract-a-prime, written with isprime: its P-positions 1..74 are those
// OEIS A227691 leaves out of its winning positions (2-8, 11-24, 26-33,
// 36-48, 50-54, 56-74).
func TestTakeAPrimeAgainstOEIS(t *testing.T) {
	t.Parallel() // each owns its session
	got := scripttest.Out(t, "game TakePrime { move (n - p) for p in 2..n if isprime(p) }\ngrundy(TakePrime, 1..74)")
	var p []string
	for i, g := range strings.Fields(got) {
		if g == "0" {
			p = append(p, fmt.Sprint(i+1))
		}
	}
	if strings.Join(p, " ") != "1 9 10 25 34 35 49 55" {
		t.Errorf("P-positions of subtract-a-prime in 1..74: %v, want 1 9 10 25 34 35 49 55 (A227691)", p)
	}
}

// nimmul beyond 64 bits obeys the field laws with xor (commutative,
// associative, distributive, 1 the unit, every Fermat 2-power squared is
// 3/2 of itself), and small products agree with the mex definition,
// computed here.
func TestNimMulBig(t *testing.T) {
	t.Parallel() // each owns its session
	prog := `let a = 3^150 + 12345
let b = 7^90 + 99
let c = 2^200 - 1
print(nimmul(a, b) == nimmul(b, a), nimmul(nimmul(a, b), c) == nimmul(a, nimmul(b, c)), nimmul(a, b xor c) == nimmul(a, b) xor nimmul(a, c), nimmul(a, 1) == a)
print(all(nimmul(2^(2^k), 2^(2^k)) == 3 * 2^(2^k) / 2 for k in 0..9))
print(nimmul(2, 4), nimmul(2, 8), nimmul(2, 12), nimmul(8, 8), nimmul(45, 58))`
	got := strings.Split(scripttest.Out(t, prog), "\n")
	want := []string{"true true true true", "true", "8 12 4 13 " + fmt.Sprint(nimMulSmall(45, 58))}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %s, want %s", i+1, got[i], want[i])
		}
	}
}

// nimMulSmall is the nim product by the mex definition, for small numbers.
func nimMulSmall(a, b int) int { return nimTableFull(a, b)[a][b] }

// nimTable is n ⊗ b for n = 0..a, by the mex definition.
func nimTable(a, b int) []int {
	tab := nimTableFull(a, b)
	col := make([]int, a+1)
	for i := range col {
		col[i] = tab[i][b]
	}
	return col
}

func nimTableFull(a, b int) [][]int {
	tab := make([][]int, a+1)
	for i := range tab {
		tab[i] = make([]int, b+1)
		for j := range tab[i] {
			seen := map[int]bool{}
			for i2 := 0; i2 < i; i2++ {
				for j2 := 0; j2 < j; j2++ {
					seen[tab[i2][j]^tab[i][j2]^tab[i2][j2]] = true
				}
			}
			for seen[tab[i][j]] {
				tab[i][j]++
			}
		}
	}
	return tab
}

// Subtract-a-square, with its take set written as a comprehension: its
// P-positions below 100 are those of OEIS A030193, and those of a plain
// win/loss search written here.
func TestTakeASquare(t *testing.T) {
	t.Parallel() // each owns its session
	lose := make([]bool, 101)
	var want []string
	for n := 0; n <= 100; n++ {
		lose[n] = true
		for k := 1; k*k <= n; k++ {
			lose[n] = lose[n] && !lose[n-k*k]
		}
		if lose[n] {
			want = append(want, fmt.Sprint(n))
		}
	}
	const a030193 = "0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95"
	if strings.Join(want, ", ") != a030193 {
		t.Fatalf("the search here gives %v, A030193 says %s", want, a030193)
	}
	got := scripttest.Out(t, "game Sq { take {k^2 for k in 1..40} }\n{n for n in 0..100 if outcome(Sq(n)) == P}")
	if got != "{"+a030193+"}" {
		t.Errorf("P-positions of subtract-a-square: %s, want {%s}", got, a030193)
	}
}

// A sum inside a rule is exact whenever its total fits 63 bits, even when
// a partial sum does not (the exact form at top level agrees).
func TestRuleSumPastPartialOverflow(t *testing.T) {
	t.Parallel() // each owns its session
	src := "game G { move (n - 1) if n > 0 and sum(n, 9223372036854775807, -9223372036854775807) == n }\ngrundy(G(2))\n" +
		"sum(2, 9223372036854775807, -9223372036854775807)"
	if got := scripttest.Out(t, src); got != "0\n2" {
		t.Errorf("got %q", got)
	}
}

// Numbers too large to compute in a moment are refused at once: a product
// past 2^20 bits (a tower of squares), a primality test past 4096 bits.
func TestNumberSizeLimits(t *testing.T) {
	t.Parallel() // each owns its session
	scripttest.WantError(t, "let f(x) = x * x\nf(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(f(3))))))))))))))))))))))", "a product of 830977 and 830977 bits is too large")
	scripttest.WantError(t, "isprime(2^4423 - 1)", "isprime tests numbers of at most 4096 bits, not one of 4423")
	if got := scripttest.Out(t, "isprime(2^3217 - 1)"); got != "true" { // a Mersenne prime of 3217 bits
		t.Errorf("isprime(2^3217 - 1) = %s", got)
	}
}

// Literals with an exponent, as flags accept them: 2e7 is 2 * 10^7, in
// scripts and in rules; past the exponent bound, or past int64 in a rule,
// an error at the literal.
func TestExponentLiterals(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct{ src, want string }{
		{"print(2e7, 1e0, 3e2 + 1, 2e7 == 2 * 10^7)", "20000000 1 301 true"},
		{"print(7e30)", "7000000000000000000000000000000"},
		{"game G { take 1..1e1 }\ngrundy(G, 19..22)", "8 9 10 0"},
		{"let x = 5e1\nx mod 7", "1"},
	} {
		if got := scripttest.Out(t, c.src); got != c.want {
			t.Errorf("%s: %s, want %s", c.src, got, c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"print(1e999999)", "1:7: the exponent of 1e999999 is past 100000"},
		{"game G { take 1..1e30 }\ngrundy(G(3))", "1:18: 1e30 is too large for a rule"},
		{"print(2e)", "1:8: syntax error: unexpected \"e\""},
	} {
		if got := scripttest.Failure(t, c.src); !strings.Contains(got, c.want) {
			t.Errorf("%s: %s, want %s", c.src, got, c.want)
		}
	}
}
