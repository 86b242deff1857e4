package eval_test

// What a hostile user tried (issue 19), answered at once and right.

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/present"
	"github.com/gamelang/gamelang/solve"
)

// Powers of -1, 0 and 1 in rules take no time whatever the exponent.
func TestRulePowersOfSmallBases(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	src := `game H state (a) { move (a - 1) if a > 0 and 0^a == 0 and 1^(10^18) == 1 and (-1)^(10^18 + 1) == -1 and (-1)^(10^18) == 1 and 0^0 == 1 }`
	if err := in.Exec(context.Background(), "h.game", src); err != nil {
		t.Fatal(in.Render(err))
	}
	if got := scripttest.MustEval(t, in, "grundy(H(5))").String(); got != "1" {
		t.Fatalf("grundy(H(5)) = %s", got)
	}
}

// A sum of many parts is built in one pass, left to right, whatever mixes
// numbers and positions.
func TestLongSums(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	parts := make([]string, 20001)
	for i := range parts {
		parts[i] = "Nim(1)"
	}
	if got := scripttest.MustEval(t, in, "outcome("+strings.Join(parts, " + ")+")").String(); got != "N" {
		t.Fatalf("20001 heaps of one: %s", got)
	}
	if got := scripttest.MustEval(t, in, "grundy(Nim(1) + Nim(2) + Nim(4)) + 1 + 2").String(); got != "10" {
		t.Fatalf("grundy(...) + 1 + 2 = %s", got)
	}
	if _, err := in.Eval(context.Background(), "Nim(1) + 2"); err == nil || !strings.Contains(err.Error(), "cannot apply + to a position and a number") {
		t.Fatalf("Nim(1) + 2: %v", err)
	}
}

// Families defined through each other, which only redefinition can write
// (the check pass refuses a family's own name in its definition), stop
// with an error at the instance that comes back.
func TestMutuallyDefinedFamilies(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder), Redefine: true})
	for _, src := range []string{"game A(m) = Subtraction({m})", "game B(m) = A(m)", "game A(m) = B(m)"} {
		if err := in.Exec(context.Background(), "defs.game", src); err != nil {
			t.Fatal(in.Render(err))
		}
	}
	_, err := in.Eval(context.Background(), "grundy(A(3)(5))")
	if err == nil || !strings.Contains(err.Error(), "A(3) is defined through itself") {
		t.Fatalf("got %v", err)
	}
}

// What the random scripts found: the misère solver described for bounded
// Nim (it read a position from a ruleset), explain() of a refused sum (it
// dropped the error), and a misère sum of a big heap that went on past the
// deadline (a step of the search listed thousands of moves unpolled).
func TestFoundByRandomScripts(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	defs := "game G { take 1..3 }\ngame M { take 1..  loses if n == 0 }\ngame H { take 4 split }\ngame T state (a, b) { move (a + b, b - 1) if b > 0 }"
	if err := in.Exec(context.Background(), "defs.game", defs); err != nil {
		t.Fatal(in.Render(err))
	}
	if got := scripttest.MustEval(t, in, "solver(G, misere)").String(); !strings.Contains(got, "Bouton") {
		t.Errorf("solver(G, misere) = %s", got)
	}
	if _, err := in.Eval(context.Background(), "explain(M(1) + M(2))"); err == nil || !strings.Contains(err.Error(), "not misère play") {
		t.Errorf("explain of a refused sum: %v", err)
	}
	ctx := &countdown{Context: context.Background(), left: 200}
	if _, err := in.Eval(ctx, "grundy(H(10^4) + T(2, 4), misere)"); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("a cancelled misère search: %v", err)
	}
}

// countdown is a context that is cancelled once its Err has been asked a
// number of times: how often a search polls it, counted rather than timed.
type countdown struct {
	context.Context
	left int
}

func (c *countdown) Err() error {
	if c.left--; c.left < 0 {
		return context.Canceled
	}
	return nil
}

// A sum of 10^5 parts answers every query at once, and right: the values
// are Kayles' published ones (A002186), the moves counted by hand. Equal
// parts are listed once; the count says how many moves there are in all.
func TestSumOfHundredThousandParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 5))
	sizes := make([]int, 100_000)
	parts := make([]string, len(sizes))
	total := int64(0)
	for i := range sizes {
		sizes[i] = 1 + rng.IntN(60)
		parts[i] = fmt.Sprintf("Kayles(%d)", sizes[i])
		total ^= a002186[sizes[i]]
	}
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "sum.game", "let p = "+strings.Join(parts, " + ")); err != nil {
		t.Fatal(err)
	}
	if got := scripttest.MustEval(t, in, "grundy(p)").String(); got != fmt.Sprint(total) {
		t.Fatalf("grundy = %s, A002186 says %d", got, total)
	}
	if got, want := scripttest.MustEval(t, in, "outcome(p)").String(), map[bool]string{true: "P", false: "N"}[total == 0]; got != want {
		t.Fatalf("outcome = %s, want %s", got, want)
	}
	// The moves of a row of n: take 1 or 2 adjacent, leaving rows a <= b.
	kaylesMoves := func(n int, f func(a, b int)) {
		for take := 1; take <= 2 && take <= n; take++ {
			for a := 0; 2*a <= n-take; a++ {
				f(a, n-take-a)
			}
		}
	}
	wantWinning, wantOptions, allMoves := 0, 0, 0
	seen := map[int]bool{}
	for _, n := range sizes {
		kaylesMoves(n, func(a, b int) {
			allMoves++
			if !seen[n] {
				wantOptions++
				if a002186[a]^a002186[b] == a002186[n]^total {
					wantWinning++
				}
			}
		})
		seen[n] = true
	}
	win := scripttest.MustEval(t, in, "winning(p)").(eval.Moves)
	if len(win.Opts) != wantWinning {
		t.Fatalf("%d winning moves listed, %d by hand", len(win.Opts), wantWinning)
	}
	for _, o := range win.Opts {
		left := int64(0)
		for _, c := range o.Move.To {
			left ^= a002186[c.State.(*big.Int).Int64()]
		}
		if left != a002186[sizes[o.Index]]^total {
			t.Fatalf("winning move %s leaves value %d", present.MoveText(win.Pos, o), left)
		}
	}
	opts := scripttest.MustEval(t, in, "options(p)").(eval.OptionList)
	if len(opts.Opts) != wantOptions || present.Count(opts.Pos, opts.Opts) != allMoves {
		t.Fatalf("options: %d listed for %d moves, by hand %d for %d", len(opts.Opts), present.Count(opts.Pos, opts.Opts), wantOptions, allMoves)
	}
	if want := fmt.Sprintf("... the first 1000 of %d moves", allMoves); !strings.HasSuffix(opts.String(), want) {
		t.Fatalf("options(p) does not end with %q", want)
	}
}

// A long script is read in the background: a cancelled context stops the
// statement at once, as an interruption.
func TestLongScriptInterrupted(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := "let p = " + strings.Repeat("Nim(1) + ", 20_000) + "Nim(1)"
	err := in.Exec(ctx, "long.game", src)
	if !solve.Interrupted(err) || !strings.Contains(err.Error(), "interrupted while reading long.game") {
		t.Fatalf("got %v", err)
	}
	if err := in.Exec(context.Background(), "long.game", src+"\noutcome(p)"); err != nil {
		t.Fatal(err)
	}
}

// The options of a huge heap list families of splits in long lines; the
// short lines are not padded to their width (they were, to 250 columns).
func TestOptionsOfHugeHeapNotPadded(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	lines := strings.Split(scripttest.MustEval(t, in, "options(DawsonKayles(10^18))").String(), "\n")
	for _, l := range lines {
		if strings.Contains(l, "   ") && len(l) > 110 {
			t.Fatalf("a line padded to %d columns: %q", len(l), l)
		}
	}
	if len(lines) < 3 || !strings.Contains(lines[len(lines)-1], " for a from ") {
		t.Fatalf("no family of splits listed: %q", lines)
	}
}

// A chain of obligations a hundred thousand deep (each position obliges an
// answer in the one below it) is polled on the way down: cancelled, it
// says so, rather than descending to the bottom first.
func TestDeepEntailingChainIsPolled(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "defs.game", "game D state (n) { move (n - 1) if n > 0 entailing; move (n - 2) if n > 1 }"); err != nil {
		t.Fatal(in.Render(err))
	}
	ctx := &countdown{Context: context.Background(), left: 20}
	if _, err := in.Eval(ctx, "grundy(D(100000))"); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("a cancelled chain of obligations: %v", err)
	}
}
