package eval_test

import (
	"bytes"
	"context"
	"errors"
	"runtime/debug"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/solve"
)

// A session keeps to its own memory budget, and making one leaves the
// runtime's process-wide limit to the program (the command line and the
// playground's worker set it): two sessions with different budgets share
// a process.
func TestSessionsKeepTheirOwnBudgets(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	const game = "game W state (a, b) { move (a - k, b) for k in 1..a\n move (a, b - k) for k in 1..b\n move (a - k, b - k) for k in 1..min(a, b) }\n"
	var small, large bytes.Buffer
	tight := eval.New(eval.Config{Out: &small, MaxMemory: 1 << 20}) // the test process alone holds more
	roomy := eval.New(eval.Config{Out: &large})
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Fatalf("making sessions changed the process's memory limit from %d to %d", before, after)
	}
	ctx := context.Background()
	err := tight.Exec(ctx, "<tight>", game+"grundy(W(300, 300))")
	var lim *solve.LimitError
	if !errors.As(err, &lim) || !lim.Memory {
		t.Errorf("a session with a budget of 1 MiB: %v, want a memory limit error", err)
	}
	if err := roomy.Exec(ctx, "<roomy>", game+"grundy(W(300, 300)) == grundy(Wythoff(300, 300))"); err != nil {
		t.Fatalf("a session with the default budget: %v", err)
	}
	if got := large.String(); got != "true\n" { // the generic memo agrees with the builtin's table
		t.Errorf("grundy(W(300, 300)) == grundy(Wythoff(300, 300)): %q", got)
	}
}
