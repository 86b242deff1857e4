package eval_test

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/solve"
)

// A tuple game with 10^12 states stops at the state cap with the documented
// message, and the memory it took stays within the budget.
func TestRunawayStopsAtCapWithinBudget(t *testing.T) {
	const states = 2_000_000
	const budget = 1 << 30
	in := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: states, MaxMemory: budget})
	src := `game Grid state (a, b) {
    move (a - 1, b) for k in 1..1 if a > 0
    move (a, b - 1) for k in 1..1 if b > 0
}
grundy(Grid(1000000, 1000000))`
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err := in.Exec(context.Background(), "grid.game", src)
	runtime.ReadMemStats(&after)
	var le *solve.LimitError
	if !errors.As(err, &le) || le.Memory {
		t.Fatalf("got %v, want the state limit", err)
	}
	want := "grid.game:5:1: state limit reached: Grid needs more than 2000000 stored states (raise it with --max-states, or :set max-states in the REPL); "
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message:\n%s\nwant it to start with\n%s", err, want)
	}
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > budget {
		t.Errorf("the heap grew by %s, more than the %s budget", solve.MiB(grown), solve.MiB(budget))
	}
}

// One position with 10^12 options (all the same) stops at the move cap
// instead of looping for hours or filling memory; so does a heap.
func TestRunawayOptionsStop(t *testing.T) {
	cases := []struct{ src, want string }{
		{"game L state (a) { move (a - 1) for k in 1..10^12 if a > 0 }\ngrundy(L(5))",
			"r.game:2:1: move limit reached: one position of L has more than 100000 candidate moves (a 'for' over a huge range?); raise it with --max-states, or :set max-states in the REPL"},
		{"game H { move (n - 1) for k in 1..10^12 if n > 0 }\ngrundy(H(5))",
			"r.game:2:1: move limit reached: one position of H has more than 100000 candidate moves (a 'for' over a huge range?); raise it with --max-states, or :set max-states in the REPL"},
	}
	for _, c := range cases {
		in := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: 100_000})
		err := in.Exec(context.Background(), "r.game", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
}

// A cancelled context interrupts a query; the solver stays consistent and the
// same query answers afterwards.
func TestInterruptedQueryLeavesMemoConsistent(t *testing.T) {
	in := scripttest.NewInterp(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := in.Eval(ctx, "grundy(Wythoff(150, 150))")
	if !solve.Interrupted(err) || !strings.Contains(err.Error(), "interrupted while solving Wythoff") {
		t.Fatalf("got %v, want an interruption", err)
	}
	w := scripttest.Ruleset(t, in, "Wythoff")
	for a := int64(0); a <= 150; a += 10 {
		if g := grundyOf(t, in, w, a, a); (g == 0) != (a == 0) {
			t.Fatalf("after the interruption Wythoff(%d, %d) = %d", a, a, g)
		}
	}
}

// Listing a long range of closed-form values stops on Ctrl-C too: the
// values cost nothing each, so the loop itself must look at the context.
func TestInterruptedRangeListing(t *testing.T) {
	in := scripttest.NewInterp(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, q := range []string{"grundy(Nim, 0..10^7)", "checksum(Nim, 0..10^7)"} {
		if _, err := in.Eval(ctx, q); !solve.Interrupted(err) || !strings.Contains(err.Error(), "interrupted while solving Nim") {
			t.Errorf("%s: got %v, want an interruption", q, err)
		}
	}
}

// A statement past the time bound stops as at Ctrl-C, with a limit error
// at the statement that says which limit it was; the statements before
// it ran, and the session goes on.
func TestTimeLimit(t *testing.T) {
	var out strings.Builder
	in := eval.New(eval.Config{Out: &out, MaxTime: time.Millisecond})
	err := in.Exec(context.Background(), "t.game", "print(1)\ngrundy(NumberGame(65){2..65})\nprint(2)")
	var le *solve.LimitError
	if !errors.As(err, &le) || le.Time != time.Millisecond || solve.Interrupted(err) {
		t.Fatalf("got %v, want the time limit, not an interruption", err)
	}
	if want := "t.game:2:1: time limit reached: solving NumberGame(65) stored "; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want it to start with %q", err, want)
	}
	if out.String() != "1\n" {
		t.Errorf("printed %q", out.String())
	}
	in.Limits().MaxTime = 0
	if err := in.Exec(context.Background(), "u.game", "grundy(NumberGame(12){2..12})"); err != nil {
		t.Errorf("after the bound is lifted: %v", err)
	}
}
