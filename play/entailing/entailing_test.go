package entailing_test

import (
	"context"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
)

func run(t *testing.T, script string) string {
	t.Helper()
	var out strings.Builder
	s := gamelang.NewSession(gamelang.Options{Out: &out})
	if err := s.Exec(context.Background(), "t.game", script); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(out.String())
}

// The depth of a game is the solver's stack's, not the goroutine's: with
// the goroutines' stacks capped at 4 MiB, a chain of 200,000 stacks each
// obliging an answer in the next is valued (a recursion would need about
// a hundred times that, and crash the process). In the chain, the player
// obliged in k coins wins when k is odd, so a free stack of n coins is
// loony (∞) when n is odd and 0 otherwise.
func TestDeepChainsNeedNoGoroutineStack(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(4 << 20))
	got := run(t, "game C { take 1 entailing }\ngrundy(C(200000))\ngrundy(C(199999))")
	if got != "0\n∞" {
		t.Errorf("got %q, want 0 and ∞", got)
	}
	// the same through a tuple kind, whose parts are not heaps
	got = run(t, "game D state (a, b) { move (a - 1, b) if a > 0 entailing }\ngrundy(D(100001, 7))")
	if got != "∞" {
		t.Errorf("got %q, want ∞", got)
	}
}
