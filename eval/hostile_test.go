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
