package passplay_test

import (
	"context"
	"fmt"
	"strings"
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
// every position with heaps to 12: withpass of Nim heaps and a tuple
// declaration of Nim's moves by the table, the same game written with a
// guard (which the table does not recognise) by the generic search.
func TestNimWithAPass(t *testing.T) {
	t.Parallel()
	memo := map[[4]int]bool{}
	in := scripttest.NewInterp(t)
	if err := in.Exec(context.Background(), "np.game", `game NP state (a, b, c) {
    move (a - k, b, c) for k in 1..a
    move (a, b - k, c) for k in 1..b
    move (a, b, c - k) for k in 1..c
    pass once
}
game NPGuard state (a, b, c) {
    move (a - k, b, c) for k in 1..a if k > 0
    move (a, b - k, c) for k in 1..b
    move (a, b, c - k) for k in 1..c
    pass once
}`); err != nil {
		t.Fatal(err)
	}
	if got := scripttest.MustEval(t, in, "solver(NP)").String(); !strings.HasPrefix(got, "Nim with a pass: outcomes and winning moves from the table") {
		t.Errorf("solver(NP) = %s", got)
	}
	if got := scripttest.MustEval(t, in, "solver(NPGuard)").String(); strings.Contains(got, "table") {
		t.Errorf("solver(NPGuard) = %s", got)
	}
	const n = 12
	for a := 0; a <= n; a++ {
		for b := 0; b <= n; b++ {
			for c := 0; c <= n; c++ {
				want := "P"
				if wins([3]int{a, b, c}, true, memo) {
					want = "N"
				}
				qs := []string{
					fmt.Sprintf("outcome(withpass(Nim(%d) + Nim(%d) + Nim(%d)))", a, b, c),
					fmt.Sprintf("outcome(NP(%d, %d, %d))", a, b, c),
				}
				if a+b+c <= 18 {
					qs = append(qs, fmt.Sprintf("outcome(NPGuard(%d, %d, %d))", a, b, c))
				}
				for _, q := range qs {
					if got := scripttest.MustEval(t, in, q).String(); got != want {
						t.Errorf("%s = %s, want %s", q, got, want)
					}
				}
			}
		}
	}
	// The winning moves by the table: the moves to P-positions, and the pass
	// when plain Nim's position is P.
	for _, h := range [][3]int{{1, 2, 3}, {2, 3, 6}, {4, 4, 7}, {0, 5, 9}, {3, 8, 11}} {
		var want []string
		for i := range h {
			for k := 1; k <= h[i]; k++ {
				next := h
				next[i] -= k
				if !wins(next, true, memo) {
					want = append(want, fmt.Sprintf("NP(%d, %d, %d)", next[0], next[1], next[2]))
				}
			}
		}
		if h[0]^h[1]^h[2] == 0 && h != [3]int{} {
			want = append(want, "pass")
		}
		got := scripttest.MustEval(t, in, fmt.Sprintf("winning(NP(%d, %d, %d))", h[0], h[1], h[2])).String()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("winning(NP%v) = %s, lacks %s", h, got, w)
			}
		}
		if len(want) == 0 && got != "none" {
			t.Errorf("winning(NP%v) = %s, want none", h, got)
		}
	}
}

// withpass needs a position.
func TestWithPassNeedsAPosition(t *testing.T) {
	t.Parallel()
	scripttest.WantError(t, "withpass(Nim)", "is a ruleset, not a position")
}
