package eval_test

// What a hostile user tried (issue 19), answered at once and right.

import (
	"context"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
)

// Powers of -1, 0 and 1 in rules take no time whatever the exponent.
func TestRulePowersOfSmallBases(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	src := `game H state (a) { move (a - 1) if a > 0 and 0^a == 0 and 1^(10^18) == 1 and (-1)^(10^18 + 1) == -1 and (-1)^(10^18) == 1 and 0^0 == 1 }`
	if err := in.Exec(context.Background(), "h.game", src); err != nil {
		t.Fatal(in.Render(err))
	}
	if got := mustEval(t, in, "grundy(H(5))").String(); got != "1" {
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
	if got := mustEval(t, in, "outcome("+strings.Join(parts, " + ")+")").String(); got != "N" {
		t.Fatalf("20001 heaps of one: %s", got)
	}
	if got := mustEval(t, in, "grundy(Nim(1) + Nim(2) + Nim(4)) + 1 + 2").String(); got != "10" {
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
	if got := mustEval(t, in, "solver(G, misere)").String(); !strings.Contains(got, "Bouton") {
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
