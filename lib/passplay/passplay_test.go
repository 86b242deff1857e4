package passplay_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
	_ "github.com/gamelang/gamelang/lib" // the sessions know gamelang's kinds, conventions and queries
)

// wins is a brute force of Nim on heaps hs with the pass left (pass) or
// used: either player may pass once, never from a position without a move.
func wins(hs [3]int, pass bool, memo map[[4]int]bool) bool {
	key := [4]int{hs[0], hs[1], hs[2], 0}
	if pass {
		key[3] = 1
	}
	if w, ok := memo[key]; ok {
		return w
	}
	moved, w := false, false
	for i := range hs {
		for k := 1; k <= hs[i] && !w; k++ {
			next := hs
			next[i] -= k
			moved = true
			w = !wins(next, pass, memo)
		}
	}
	if pass && moved && !w {
		w = !wins(hs, false, memo)
	}
	memo[key] = w
	return w
}

// withpass and a declaration's pass once agree with the brute force on
// every position with heaps to 6.
func TestNimWithAPass(t *testing.T) {
	t.Parallel()
	memo := map[[4]int]bool{}
	in := scripttest.NewInterp(t)
	if err := in.Exec(context.Background(), "np.game", `game NP state (a, b, c) {
    move (a - k, b, c) for k in 1..a
    move (a, b - k, c) for k in 1..b
    move (a, b, c - k) for k in 1..c
    pass once
}`); err != nil {
		t.Fatal(err)
	}
	for a := 0; a <= 6; a++ {
		for b := 0; b <= 6; b++ {
			for c := 0; c <= 6; c++ {
				want := "P"
				if wins([3]int{a, b, c}, true, memo) {
					want = "N"
				}
				for _, q := range []string{
					fmt.Sprintf("outcome(withpass(Nim(%d) + Nim(%d) + Nim(%d)))", a, b, c),
					fmt.Sprintf("outcome(NP(%d, %d, %d))", a, b, c),
				} {
					if got := scripttest.MustEval(t, in, q).String(); got != want {
						t.Errorf("%s = %s, want %s", q, got, want)
					}
				}
			}
		}
	}
}

// withpass needs a position.
func TestWithPassNeedsAPosition(t *testing.T) {
	t.Parallel()
	scripttest.WantError(t, "withpass(Nim)", "is a ruleset, not a position")
}
