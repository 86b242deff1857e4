package eval_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/solve"
)

// generatorDefs are the names the generators below read.
const generatorDefs = `let hs = [3, 1, 3, 8]
let S = {5, 1, 3}
let R = 1..9
let t = true
let B = 10^30
let f(n) = sum(k * n for k in 1..n)
let sq(v) = v * v
let g(n) = sum(k * n for k in 1..3)
let h(b) = sum(if b then k else -k for k in 1..4)
let m(s) = sum(k for k in s)
game K state (x, y) { move (x - 1, y) if x > 1; move (x, y - 1) if y > 1; move (x - 1, y - 1) if x > 1 and y > 1 }
game K2 state (x, y) { move (x - 1, y) if x > 1; move (x, y - 1) if y > 1; move (x - 1, y - 1) if x > 1 and y > 1 }
game D { take 2 split }
game L state (a, b) { move (a - 1, b) if a > 0; move (a, b - 1) if b > 0; loses if a == 2 and b == 2 }
game ET state (a, b) { move (a - 1, b) if a > 0 entailing; move (a, b - 1) if b > 1 }
game Big state (a) { move (a - 1) if a > 0; move (a - 2) if a > 1 }
let w(n) = sum(grundy(K(n, y)) for y in 1..n)
game M { move (n - k) for k in 1..n if k % 3 != 1 }
`

// generatorCases are statements whose generators the session compiles,
// or tries to: each must give what the walk gives, value or error.
var generatorCases = []string{
	"grundy(K2(5, 20)) + sum(grundy(K2(x, y)) for x in 2..7 for y in 0..23)", // a box of 16 by 21, passed at its side
	"sum(x + y for x in 1..100 for y in 1..x)",
	"sum(2^62 for x in 1..4)", // past int64: the walk, exactly
	"sum(x * x for x in hs)",
	"min(x - 7 for x in S)",
	"max(x for x in 1..0)",             // of nothing: the walk's error
	"sum(10 / (x - 3) for x in 1..5)",  // division by zero
	"sum(1 << x for x in -1..3)",       // a negative shift
	"sum(x > 3 for x in 1..5)",         // truth values are not numbers
	"sum(x for x in 10^30..10^30 + 2)", // past int64 from the start
	"sum(B + x for x in 1..3)",         // a name past int64
	"all(isprime(p) for p in {2, 3, 5, 7})",
	"any(x > 5 and odd(x) for x in R)",
	"all(t or x > 3 for x in 1..5)",
	"all(x for x in 1..3)", // numbers are not truth values
	"sum(odd(x) for x in 1..5)",
	"all(x and true for x in 1..3)",
	"sum(-t for x in 1..2)",
	"sum(x + t for x in 1..2)",
	"any(x == t for x in 1..2)",
	"all(t == (x > 1) for x in 1..2)",
	"sum(if x then 1 else 2 for x in 1..2)",
	"sum(if x > 1 then 1 else true for x in 1..2)",
	"sum(x for x in 3)", // a number is not a range here
	"sum(x for x in 1..)",
	"sum(max(x * y % 7 for y in 1..x) for x in 1..50)",
	"sum(if odd(x) then x else -x for x in 1..99 if x % 3 != 0)",
	"sum(popcount(x) + gcd(x, 12) + isqrt(x) for x in 0..1000)",
	"xor(nimmul(x, 3) for x in 0..20)",
	"f(3) + f(4) + f(5)", // one generator, three values of n
	"g(2) + g(10^30) + g(5)",
	"h(true) + h(false)",
	"m({1, 2}) + m([3, 3]) + m(1..4)",
	"sum(w(n) for n in 1..20)",
	"sum(sq(x) for x in 1..10)",
	"sum(x for x in 1..3) == 6",
	"xor(grundy(K(x, y)) for x in 1..30 for y in 1..30)",
	"sum(grundy(K(x, y)) * x for x in 1..30 for y in 1..20 if (x + y) % 3 == 0)",
	"sum(grundy(D(n)) for n in 0..300)",
	"sum(grundy(M(n)) * n for n in 0..300) + grundy(M(7))", // the heap sequence
	"sum(grundy(Wythoff(a, b)) for a in 0..20 for b in 0..20)",
	"sum(grundy(Kayles(n)) for n in 0..100)",
	"sum(grundy(L(a, b)) for a in 0..3 for b in 0..3)", // a decided position
	"sum(grundy(K(x, 1)) for x in -1..2)",              // not a position
	"sum(grundy(K(x)) for x in 1..2)",                  // not a position either
	"sum(grundy(ET(a, 1)) for a in 0..3)",              // entailing play
	"sum(grundy(Big(a)) for a in 0..3)",
	"sum(grundy(Nim(n)) for n in 0..10)",
	"max(grundy(K(x, y)) for x in 1..5 for y in 1..5) + min(x for x in S)",
}

// TestCompiledGeneratorsAgreeWithWalk runs every case in a session that
// compiles generators and in one that walks them (Config.Generic): the
// same value, or the same error at the same place.
func TestCompiledGeneratorsAgreeWithWalk(t *testing.T) {
	fast := eval.New(eval.Config{Out: new(strings.Builder)})
	walk := eval.New(eval.Config{Out: new(strings.Builder), Generic: true})
	for _, in := range []*eval.Interp{fast, walk} {
		if err := in.Exec(context.Background(), "defs.game", generatorDefs); err != nil {
			t.Fatal(in.Render(err))
		}
	}
	for _, c := range generatorCases {
		a, b := said(fast, c), said(walk, c)
		if a != b {
			t.Errorf("%s\ncompiled: %s\nwalked:   %s", c, a, b)
		}
		if a2 := said(fast, c); a2 != a { // again, from what the session kept
			t.Errorf("%s\nfirst %s, then %s", c, a, a2)
		}
	}
}

// said is the value of expr as text, or its error as the user sees it.
func said(in *eval.Interp, expr string) string {
	v, err := in.Eval(context.Background(), expr)
	if err != nil {
		return "error: " + in.Render(err)
	}
	return v.String()
}

// TestCompiledGeneratorRuns checks that the compiled path is the one
// taken: a generator of 9·10^4 steps allocates a few thousand times (the
// statement's parse and check, the compiling), where the walk allocates at
// every step.
func TestCompiledGeneratorRuns(t *testing.T) {
	for _, expr := range []string{
		"sum(x * y % 7 for x in 1..300 for y in 1..300 if x != y)",
		"sum(grundy(K(x, y)) for x in 1..300 for y in 1..300)",
	} {
		for _, generic := range []bool{false, true} {
			in := eval.New(eval.Config{Out: new(strings.Builder), Generic: generic})
			if err := in.Exec(context.Background(), "defs.game", generatorDefs); err != nil {
				t.Fatal(in.Render(err))
			}
			scripttest.MustEval(t, in, expr) // the memo filled
			allocs := testing.AllocsPerRun(2, func() { scripttest.MustEval(t, in, expr) })
			if compiled := allocs < 1e4; compiled == generic {
				t.Errorf("%s: %.0f allocations for 9·10^4 steps, with Generic %v", expr, allocs, generic)
			}
		}
	}
}

// TestKikiGridAgainstDP sums the values of Kiki's game (HDU 2147) over a
// grid, compiled, against the grid's DP written here.
func TestKikiGridAgainstDP(t *testing.T) {
	const n, m = 200, 150
	g := make([][]int, n+1)
	sum := 0
	for x := 1; x <= n; x++ {
		g[x] = make([]int, m+1)
		for y := 1; y <= m; y++ {
			seen := 0
			if x > 1 {
				seen |= 1 << g[x-1][y]
			}
			if y > 1 {
				seen |= 1 << g[x][y-1]
			}
			if x > 1 && y > 1 {
				seen |= 1 << g[x-1][y-1]
			}
			v := 0
			for seen>>v&1 == 1 {
				v++
			}
			g[x][y] = v
			sum += v
		}
	}
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "defs.game", generatorDefs); err != nil {
		t.Fatal(in.Render(err))
	}
	got := scripttest.MustEval(t, in, fmt.Sprintf("sum(grundy(K(x, y)) for x in 1..%d for y in 1..%d)", n, m)).String()
	if want := fmt.Sprint(sum); got != want {
		t.Errorf("the sum of Kiki's values over %d × %d is %s, the DP says %s", n, m, got, want)
	}
	got = scripttest.MustEval(t, in, fmt.Sprintf("xor(grundy(K(x, %d)) << x for x in 1..%d)", m, n)).String()
	want := new(big.Int)
	for x := 1; x <= n; x++ {
		want.Xor(want, new(big.Int).Lsh(big.NewInt(int64(g[x][m])), uint(x)))
	}
	if got != want.String() { // past int64 halfway: the walk finishes it
		t.Errorf("the xor of Kiki's shifted values is %s, the DP says %s", got, want)
	}
}

// stopAfter is a context whose Err turns to Canceled after a number of
// looks: an interruption in the middle of a loop, with no timing.
type stopAfter struct {
	context.Context
	looks int
}

func (c *stopAfter) Err() error {
	if c.looks--; c.looks < 0 {
		return context.Canceled
	}
	return nil
}

// TestCompiledGeneratorStops interrupts a compiled generator of 10^15
// steps: it stops with the interruption, not a walk from the start.
func TestCompiledGeneratorStops(t *testing.T) {
	for _, expr := range []string{"sum(x for x in 1..10^15)", "sum(grundy(D(n)) for n in 1..10^15)"} {
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		if err := in.Exec(context.Background(), "defs.game", generatorDefs); err != nil {
			t.Fatal(in.Render(err))
		}
		_, err := in.Eval(&stopAfter{Context: context.Background(), looks: 3}, expr)
		if !errors.As(err, new(*solve.InterruptedError)) {
			t.Errorf("%s: %v, not an interruption", expr, err)
		}
	}
}

// FuzzGenerators: random generators of random number expressions give the
// same compiled as walked.
func FuzzGenerators(f *testing.F) {
	for _, seed := range []string{"", "\x01\x02\x03\x04\x05\x06\x07\x08", "\x05\x04\x03\x02\x01\x00\x09\x0a\x0b", "\xff\xfe\xfd\xfc\xfb\xfa\xf9", "\x10\x0b\x02\x13\x02\x02\x12\x07\x02\x02"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b := &bytesSource{data}
		defs := generatorDefs + "let x = " + b.of("7", "-2", "2^62", "10^20") + "\n"
		elem := b.expr(2)
		elem = b.of(elem, elem+" + grundy(K(abs(n) % 9 + 1, abs("+b.expr(1)+") % 9 + 1))", "grundy(D(abs("+elem+") % 50))")
		gen := fmt.Sprintf("%s(%s for n in %s%s)", b.of("sum", "xor", "min", "max"), elem,
			b.of("0..20", "-3..3", "S", "hs", "R", "x..x + 2"), b.of("", " if n != 2", " if odd(n)"))
		fast := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: 20000})
		walk := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: 20000, Generic: true})
		for _, in := range []*eval.Interp{fast, walk} {
			if err := in.Exec(context.Background(), "defs.game", defs); err != nil {
				t.Fatal(in.Render(err))
			}
		}
		if a, b := said(fast, gen), said(walk, gen); a != b {
			t.Fatalf("%s%s\ncompiled: %s\nwalked:   %s", defs, gen, a, b)
		}
	})
}

// TestManyGeneratorStatements runs more generator statements than the
// session keeps compiled: each answers as the walk does.
func TestManyGeneratorStatements(t *testing.T) {
	var src, want strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&src, "sum(k * %d for k in 1..3 if k != %d)\n", i, i%4)
		fmt.Fprintf(&want, "%d\n", i*(6-i%4))
	}
	var out strings.Builder
	in := eval.New(eval.Config{Out: &out})
	if err := in.Exec(context.Background(), "many.game", src.String()); err != nil {
		t.Fatal(in.Render(err))
	}
	if out.String() != want.String() {
		t.Error("the statements printed other sums than k * i for k in 1..3 but one")
	}
}
