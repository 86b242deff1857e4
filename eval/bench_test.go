package eval_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/lib/normalplay"
)

// freshRuleset compiles scripttest.Defs in a new interpreter, so that no memo is shared
// between benchmark iterations.
func freshRuleset(b *testing.B, name string) (*eval.Interp, game.Ruleset) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "scripttest.Defs.game", scripttest.Defs); err != nil {
		b.Fatal(err)
	}
	return in, scripttest.Ruleset(b, in, name)
}

// BenchmarkWythoffTable200 fills the 200 x 200 table of Wythoff's game written
// as a tuple ruleset: 40,000 states and about 8 million moves through the
// generic memoized-mex solver.
func BenchmarkWythoffTable200(b *testing.B) {
	defer func() { b.ReportMetric(40000*float64(b.N)/b.Elapsed().Seconds(), "states/s") }()
	for b.Loop() {
		in, w := freshRuleset(b, "Wythoff")
		for a := int64(0); a < 200; a++ {
			for c := int64(0); c < 200; c++ {
				grundyOf(b, in, w, a, c)
			}
		}
	}
}

// kiki is Kiki's game (HDU 2147) as a tuple ruleset: three moves a state.
const kiki = `game Kiki state (x, y) {
    move (x - 1, y) if x > 1
    move (x, y - 1) if y > 1
    move (x - 1, y - 1) if x > 1 and y > 1
}`

// BenchmarkTupleKiki solves Kiki(1000, 1000) from a new session through the
// generic solver: 10^6 states of a tuple ruleset, reported as states/s.
func BenchmarkTupleKiki(b *testing.B) {
	for b.Loop() {
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		if err := in.Exec(context.Background(), "kiki.game", kiki); err != nil {
			b.Fatal(err)
		}
		// (1000, 1000): both even, an N-position with value 1 or 2.
		if got := scripttest.MustEval(b, in, "outcome(Kiki(1000, 1000))").String(); got != "N" {
			b.Fatalf("Kiki(1000, 1000) is %s", got)
		}
	}
	b.ReportMetric(1e6*float64(b.N)/b.Elapsed().Seconds(), "states/s")
}

// BenchmarkNumberGameFull solves POJ 1143's Number Game from the full position
// {2..20} with the generic set solver.
func BenchmarkNumberGameFull(b *testing.B) {
	for b.Loop() {
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		if err := in.Exec(context.Background(), "scripttest.Defs.game", scripttest.Defs); err != nil {
			b.Fatal(err)
		}
		if _, err := in.Eval(context.Background(), "winning(NumberGame{2..20})"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDawsonKaylesGeneric grows the Grundy sequence of 'take 2 split' to
// n = 5000 with the generic heap path (O(n^2) splits).
func BenchmarkDawsonKaylesGeneric(b *testing.B) {
	for b.Loop() {
		in, r := freshRuleset(b, "DawsonKayles")
		if _, err := normalplay.SolverOf(in).Grundy(context.Background(), scripttest.At(b, r, 5000)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoundedNim grows bounded Nim (take 1..50) to n = 10^6.
func BenchmarkBoundedNim(b *testing.B) {
	for b.Loop() {
		in, r := freshRuleset(b, "Bounded(50)")
		if _, err := normalplay.SolverOf(in).Grundy(context.Background(), scripttest.At(b, r, 1_000_000)); err != nil {
			b.Fatal(err)
		}
	}
}

// jump is a loopy tuple game of 10^6 positions: a token on a 1000 x 1000
// grid moves one step left or down, or, from some squares, jumps elsewhere.
const jump = `game Jump state (x, y) {
    move (x - 1, y) if x > 0
    move (x, y - 1) if y > 0
    move ((x + 3 * y + 1) % 1000, (7 * x + y + 3) % 1000) if (x * y) % 97 == 5
}`

// BenchmarkLoopyMillion labels every position of Jump (10^6 of them, its
// moves loop) from a new session: normal play meets the cycle, then the
// positions are explored and labelled.
func BenchmarkLoopyMillion(b *testing.B) {
	for b.Loop() {
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		if err := in.Exec(context.Background(), "jump.game", jump); err != nil {
			b.Fatal(err)
		}
		if got := scripttest.MustEval(b, in, "grundy(Jump(999, 999), loopy)").String(); got != "0" {
			b.Fatalf("Jump(999, 999) = %s", got)
		}
		if got := scripttest.MustEval(b, in, `solver(Jump, loopy)`).String(); !strings.Contains(got, "1000000 positions") {
			b.Fatal(got)
		}
	}
}

// BenchmarkSumOfHundredThousand answers queries about a sum of 10^5 Kayles
// rows of 1 to 60 pins; the sum is read once, before the clock starts.
func BenchmarkSumOfHundredThousand(b *testing.B) {
	parts := make([]string, 100_000)
	for i := range parts {
		parts[i] = fmt.Sprintf("Kayles(%d)", 1+(i*7919)%60)
	}
	src := "let p = " + strings.Join(parts, " + ")
	for _, q := range []string{"parse", "grundy(p)", "outcome(p)", "winning(p)", "options(p)"} {
		b.Run(strings.TrimSuffix(q, "(p)"), func(b *testing.B) {
			in := eval.New(eval.Config{Out: new(strings.Builder)})
			if q == "parse" {
				for b.Loop() {
					if _, err := lang.Parse("sum.game", src); err != nil {
						b.Fatal(err)
					}
				}
				return
			}
			if err := in.Exec(context.Background(), "sum.game", src); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				v, err := in.Eval(context.Background(), q)
				if err != nil {
					b.Fatal(err)
				}
				_ = v.String()
			}
		})
	}
}

// BenchmarkGeneratorKiki sums the values of Kiki's 10^6 positions, once
// solved, with a compiled generator: the cost of a step of its loop, a
// query of the memo's box included, reported as steps/s.
func BenchmarkGeneratorKiki(b *testing.B) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "kiki.game", kiki); err != nil {
		b.Fatal(err)
	}
	scripttest.MustEval(b, in, "grundy(Kiki(1000, 1000))")
	for b.Loop() {
		if got := scripttest.MustEval(b, in, "sum(grundy(Kiki(x, y)) for x in 1..1000 for y in 1..1000)").String(); got != "1499000" {
			b.Fatalf("the sum is %s", got)
		}
	}
	b.ReportMetric(1e6*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}
