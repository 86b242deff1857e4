package rules_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
)

// 'loses if' conditions run by blocks of heaps (outcome() past the state cap
// of a recognized code) give the same outcomes as the generic heap path,
// which runs them heap by heap; and a condition that fails at some heap fails
// only when that heap is reached, with the same message.
func TestLosesIfByBlocksAgreesWithGenericPath(t *testing.T) {
	t.Parallel() // each owns its session
	conds := []string{
		"odd(popcount(n))", "n % 7 == 3", "n > 10 and even(n)", "not (n % 3 == 0 or n % 5 == 0)",
		"popcount(n) == 2", "abs(n - 50) < 3", "-n < -5 and n % 11 == 0", "n * n % 13 == 1",
		"10 / (1000 - n) == 0",
	}
	for _, cond := range conds {
		src := fmt.Sprintf("game G { take 1..6  loses if %s }", cond)
		fast := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: 300})
		slow := eval.New(eval.Config{Out: new(strings.Builder), Generic: true})
		for _, in := range []*eval.Interp{fast, slow} {
			if err := in.Exec(context.Background(), "g.game", src); err != nil {
				t.Fatal(in.Render(err))
			}
		}
		for _, n := range []int{400, 401, 777, 999, 1200, 2000} {
			q := fmt.Sprintf("outcome(G(%d))", n)
			a, errA := fast.Eval(context.Background(), q)
			b, errB := slow.Eval(context.Background(), q)
			if fmt.Sprint(errA) != fmt.Sprint(errB) || errA == nil && a.String() != b.String() {
				t.Fatalf("loses if %s: %s = %v, %v; the generic path says %v, %v", cond, q, a, errA, b, errB)
			}
		}
	}
}

// Regression: a 'loses if' condition failing at some heap left the cached
// block of flags and the stream engine a heap ahead, so that asking again
// answered instead of failing again.
func TestFailingLosesIfFailsEveryTime(t *testing.T) {
	t.Parallel() // each owns its session
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "g.game", "game G { take {1, 5} leaving 0; loses if 10 / (40 - n) == 0 }"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"grundy(G(39))", "grundy(G(40))", "outcome(G(40))", "winning(G(40))", "grundy(G(40))", "grundy(G(41))"} {
		_, err := in.Eval(context.Background(), q)
		if (err != nil) != (q != "grundy(G(39))") {
			t.Fatalf("%s: %v", q, err)
		}
		if err != nil && !strings.Contains(err.Error(), "division by zero") {
			t.Fatalf("%s: %v, want the division by zero", q, err)
		}
	}
}
